import { useTranslation } from "~/lib/i18n";
import { Form, useNavigation } from "react-router";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import type { FormErrorMap, FormValues, OnboardingConfiguration } from "./onboarding.server";

type Countries = OnboardingConfiguration["countries"];

function CountrySelect({ name, label, countries, value, errors, optional = false }: { name: string; label: string; countries: Countries; value: string; errors?: string[]; optional?: boolean }) {
  const { t } = useTranslation();
  const id = `field-${name.replaceAll(".", "-")}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value} aria-invalid={errors?.length ? true : undefined} aria-describedby={errors?.length ? `${id}-errors` : undefined}>
        <option value="">{optional ? t("onboarding:none") : t("listing:location.chooseCountry")}</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.label}
          </option>
        ))}
      </select>
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </div>
  );
}

function AddressFields({ values, errors, countries }: { values: FormValues; errors: FormErrorMap; countries: Countries }) {
  const { t } = useTranslation();
  return (
    <fieldset className="field stack">
      <legend>{t("onboarding:address")}</legend>
      <CountrySelect name="address.countryCode" label={t("listing:location.country")} countries={countries} value={values["address.countryCode"] ?? ""} errors={errors["address.countryCode"]} />
      <div className="form-columns">
        <TextInput name="address.street" label={t("onboarding:street")} defaultValue={values["address.street"] ?? ""} errors={errors["address.street"]} autoComplete="address-line1" />
        <TextInput name="address.houseNumberOrName" label={t("onboarding:houseNumberOrName")} defaultValue={values["address.houseNumberOrName"] ?? ""} errors={errors["address.houseNumberOrName"]} />
        <TextInput name="address.postalCode" label={t("onboarding:postalCode")} defaultValue={values["address.postalCode"] ?? ""} errors={errors["address.postalCode"]} autoComplete="postal-code" />
        <TextInput name="address.city" label={t("onboarding:city")} defaultValue={values["address.city"] ?? ""} errors={errors["address.city"]} autoComplete="address-level2" />
      </div>
    </fieldset>
  );
}

/** A person's identity and contact details (§2 personal-details/info, verification/info). */
export function IndividualDetailsFields({ values, errors, countries }: { values: FormValues; errors: FormErrorMap; countries: Countries }) {
  const { t } = useTranslation();
  return (
    <>
      <FormErrors id="details-errors" errors={errors.form} />
      <div className="form-columns">
        <TextInput name="firstName" label={t("onboarding:firstName")} defaultValue={values.firstName ?? ""} errors={errors.firstName} autoComplete="given-name" />
        <TextInput name="lastName" label={t("onboarding:lastName")} defaultValue={values.lastName ?? ""} errors={errors.lastName} autoComplete="family-name" />
        <TextInput name="dateOfBirth" type="date" label={t("onboarding:dateOfBirth")} defaultValue={values.dateOfBirth ?? ""} errors={errors.dateOfBirth} autoComplete="bday" />
        <TextInput name="phoneNumber" type="tel" label={t("onboarding:phoneNumber")} hint={t("onboarding:phoneHint")} defaultValue={values.phoneNumber ?? ""} errors={errors.phoneNumber} autoComplete="tel" />
      </div>
      <CountrySelect name="nationality" label={t("onboarding:nationality")} countries={countries} value={values.nationality ?? ""} errors={errors.nationality} />
      <AddressFields values={values} errors={errors} countries={countries} />
      <div className="form-columns">
        <TextInput name="taxId" label={t("onboarding:taxId")} hint={t("onboarding:taxIdHint")} defaultValue={values.taxId ?? ""} errors={errors.taxId} />
        <CountrySelect name="countryIssueTaxId" label={t("onboarding:countryIssueTaxId")} countries={countries} value={values.countryIssueTaxId ?? ""} errors={errors.countryIssueTaxId} optional />
      </div>
    </>
  );
}

/** The company and its legal representative (§2 personal-details/owner, verification/owner; §3 company details). */
export function BusinessDetailsFields({ values, errors, countries }: { values: FormValues; errors: FormErrorMap; countries: Countries }) {
  const { t } = useTranslation();
  return (
    <>
      <FormErrors id="business-errors" errors={errors.form} />
      <div className="form-columns">
        <TextInput name="legalBusinessName" label={t("onboarding:legalBusinessName")} defaultValue={values.legalBusinessName ?? ""} errors={errors.legalBusinessName} autoComplete="organization" />
        <TextInput name="registrationNumber" label={t("onboarding:companyRegistrationNumber")} defaultValue={values.registrationNumber ?? ""} errors={errors.registrationNumber} />
        <TextInput name="vatId" label={t("onboarding:vatId")} hint={t("onboarding:vatIdHint")} defaultValue={values.vatId ?? ""} errors={errors.vatId} />
        <TextInput name="businessEmail" type="email" label={t("onboarding:businessEmail")} defaultValue={values.businessEmail ?? ""} errors={errors.businessEmail} autoComplete="email" />
        <TextInput name="phoneNumber" type="tel" label={t("onboarding:phoneNumber")} hint={t("onboarding:phoneHint")} defaultValue={values.phoneNumber ?? ""} errors={errors.phoneNumber} autoComplete="tel" />
      </div>
      <AddressFields values={values} errors={errors} countries={countries} />
      <fieldset className="field stack">
        <legend>{t("onboarding:representative")}</legend>
        <div className="form-columns">
          <TextInput name="signatories.0.firstName" label={t("onboarding:firstName")} defaultValue={values["signatories.0.firstName"] ?? ""} errors={errors["signatories.0.firstName"]} />
          <TextInput name="signatories.0.lastName" label={t("onboarding:lastName")} defaultValue={values["signatories.0.lastName"] ?? ""} errors={errors["signatories.0.lastName"]} />
          <TextInput name="signatories.0.dateOfBirth" type="date" label={t("onboarding:dateOfBirth")} defaultValue={values["signatories.0.dateOfBirth"] ?? ""} errors={errors["signatories.0.dateOfBirth"]} />
          <TextInput name="signatories.0.role" label={t("onboarding:role")} hint={t("onboarding:roleHint")} defaultValue={values["signatories.0.role"] ?? ""} errors={errors["signatories.0.role"]} />
        </div>
      </fieldset>
    </>
  );
}

/** The account payouts go to (§2 payout/info, identity-and-payout-details/payout). */
export function BankAccountFields({ values, errors, currencies, savedIban }: { values: FormValues; errors: FormErrorMap; currencies: string[]; savedIban: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <FormErrors id="bank-errors" errors={errors.form} />
      <TextInput name="holderName" label={t("onboarding:holderName")} defaultValue={values.holderName ?? ""} errors={errors.holderName} autoComplete="name" />
      <TextInput
        name="iban"
        label={t("onboarding:iban")}
        hint={savedIban ? t("onboarding:ibanSaved", { iban: savedIban }) : t("onboarding:ibanHint")}
        defaultValue={values.iban ?? ""}
        errors={errors.iban}
      />
      <div className="form-columns">
        <TextInput name="bic" label={t("onboarding:bic")} defaultValue={values.bic ?? ""} errors={errors.bic} />
        <div className="field">
          <label htmlFor="field-currency">{t("onboarding:currency")}</label>
          <select id="field-currency" name="currency" defaultValue={values.currency || "EUR"}>
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <FieldErrors id="field-currency-errors" errors={errors.currency} />
        </div>
      </div>
    </>
  );
}

interface UploadedDocument {
  id: string;
  documentType: string;
  side: string;
  fileName?: string | null;
}

/**
 * Uploads identity or bank documents (§2 verification/upload, payout/upload …): a multipart form that
 * works without JavaScript; each uploaded file is listed with a delete button.
 */
export function DocumentUploader({
  types,
  sides,
  documents,
  errors,
  accept,
  megabytes,
}: {
  types: { id: string; label: string; requiresBack?: boolean }[];
  sides: { id: string; label: string }[];
  documents: UploadedDocument[];
  errors: FormErrorMap;
  accept: string;
  megabytes: number;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const label = new Map([...types, ...sides].map((o) => [o.id, o.label]));
  const showSides = types.some((type) => type.requiresBack);
  return (
    <>
      <Form method="post" encType="multipart/form-data" className="card stack">
        <FormErrors id="upload-errors" errors={[...(errors.form ?? []), ...(errors.file ?? [])]} />
        <div className="form-columns">
          <div className="field">
            <label htmlFor="field-documentType">{t("onboarding:documentType")}</label>
            <select id="field-documentType" name="documentType" defaultValue={types[0]?.id}>
              {types.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.label}
                </option>
              ))}
            </select>
            <FieldErrors id="field-documentType-errors" errors={errors.documentType} />
          </div>
          {showSides ? (
            <div className="field">
              <label htmlFor="field-side">{t("onboarding:side")}</label>
              <select id="field-side" name="side" defaultValue="front">
                {sides.map((side) => (
                  <option key={side.id} value={side.id}>
                    {side.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="field-file">{t("onboarding:file")}</label>
          <p id="field-file-hint" className="field__hint">
            {t("onboarding:fileHint", { megabytes })}
          </p>
          <input id="field-file" type="file" name="file" accept={accept} aria-describedby="field-file-hint" />
        </div>
        <div className="button-row">
          <button type="submit" name="intent" value="upload" className="button button--primary" disabled={navigation.state === "submitting"}>
            {t("onboarding:upload")}
          </button>
        </div>
      </Form>
      {documents.length ? (
        <ul className="stack stack--tight">
          {documents.map((d) => (
            <li key={d.id} className="card season">
              <span>
                {label.get(d.documentType) ?? d.documentType}
                {showSides ? ` · ${label.get(d.side) ?? d.side}` : null}
                {d.fileName ? ` · ${d.fileName}` : null}
              </span>
              <Form method="post">
                <input type="hidden" name="documentId" value={d.id} />
                <button type="submit" name="intent" value="delete" className="button button--small">
                  {t("onboarding:delete")}
                  <span className="visually-hidden"> {label.get(d.documentType) ?? d.documentType}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("onboarding:noDocuments")}</p>
      )}
    </>
  );
}
