import type { FieldMetadata, Fieldset as FieldsetOf } from "~/lib/conform";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/i18n";
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { z } from "zod";
import { Button, buttonClass } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputOf } from "~/components/ui/field";
import { useFocusedOnLoad } from "~/lib/use-hydrated";
import { TextInput } from "~/components/ui/text-input";
import type { FormErrorMap, OnboardingConfiguration } from "./onboarding.server";
import type { bankAccountSchema, businessDetailsSchema, individualDetailsSchema } from "./schemas";

type Countries = OnboardingConfiguration["countries"];
type Fieldset<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>> = FieldsetOf<z.input<Schema>>;

function CountrySelect({ field, label, countries, optional = false }: { field: FieldMetadata<unknown>; label: string; countries: Countries; optional?: boolean }) {
  const { t } = useTranslation();
  const { name, defaultValue, errors } = inputOf(field);
  const id = `field-${name.replaceAll(".", "-")}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={defaultValue} aria-invalid={errors?.length ? true : undefined} aria-describedby={errors?.length ? `${id}-errors` : undefined}>
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

function AddressFields({ field, countries }: { field: FieldMetadata<z.input<typeof individualDetailsSchema>["address"]>; countries: Countries }) {
  const { t } = useTranslation();
  const address = field.getFieldset();
  return (
    <fieldset className="field stack">
      <legend>{t("onboarding:address")}</legend>
      <CountrySelect field={address.countryCode} label={t("listing:location.country")} countries={countries} />
      <div className="form-columns">
        <TextInput {...inputOf(address.street)} label={t("onboarding:street")} autoComplete="address-line1" />
        <TextInput {...inputOf(address.houseNumberOrName)} label={t("onboarding:houseNumberOrName")} />
        <TextInput {...inputOf(address.postalCode)} label={t("onboarding:postalCode")} autoComplete="postal-code" />
        <TextInput {...inputOf(address.city)} label={t("onboarding:city")} autoComplete="address-level2" />
      </div>
    </fieldset>
  );
}

/** A person's identity and contact details (§2 personal-details/info, verification/info). */
export function IndividualDetailsFields({ fields, countries }: { fields: Fieldset<typeof individualDetailsSchema>; countries: Countries }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="form-columns">
        <TextInput {...inputOf(fields.firstName)} label={t("onboarding:firstName")} autoComplete="given-name" />
        <TextInput {...inputOf(fields.lastName)} label={t("onboarding:lastName")} autoComplete="family-name" />
        <TextInput {...inputOf(fields.dateOfBirth)} type="date" label={t("onboarding:dateOfBirth")} autoComplete="bday" />
        <TextInput {...inputOf(fields.phoneNumber)} type="tel" label={t("onboarding:phoneNumber")} hint={t("onboarding:phoneHint")} autoComplete="tel" />
      </div>
      <CountrySelect field={fields.nationality} label={t("onboarding:nationality")} countries={countries} />
      <AddressFields field={fields.address} countries={countries} />
      <div className="form-columns">
        <TextInput {...inputOf(fields.taxId)} label={t("onboarding:taxId")} hint={t("onboarding:taxIdHint")} />
        <CountrySelect field={fields.countryIssueTaxId} label={t("onboarding:countryIssueTaxId")} countries={countries} optional />
      </div>
    </>
  );
}

/** The company and its legal representative (§2 personal-details/owner, verification/owner; §3 company details). */
export function BusinessDetailsFields({ fields, countries }: { fields: Fieldset<typeof businessDetailsSchema>; countries: Countries }) {
  const { t } = useTranslation();
  const representative = fields.signatories.getFieldset()[0].getFieldset();
  return (
    <>
      <div className="form-columns">
        <TextInput {...inputOf(fields.legalBusinessName)} label={t("onboarding:legalBusinessName")} autoComplete="organization" />
        <TextInput {...inputOf(fields.registrationNumber)} label={t("onboarding:companyRegistrationNumber")} />
        <TextInput {...inputOf(fields.vatId)} label={t("onboarding:vatId")} hint={t("onboarding:vatIdHint")} />
        <TextInput {...inputOf(fields.businessEmail)} type="email" label={t("onboarding:businessEmail")} autoComplete="email" />
        <TextInput {...inputOf(fields.phoneNumber)} type="tel" label={t("onboarding:phoneNumber")} hint={t("onboarding:phoneHint")} autoComplete="tel" />
      </div>
      <AddressFields field={fields.address} countries={countries} />
      <fieldset className="field stack">
        <legend>{t("onboarding:representative")}</legend>
        <div className="form-columns">
          <TextInput {...inputOf(representative.firstName)} label={t("onboarding:firstName")} />
          <TextInput {...inputOf(representative.lastName)} label={t("onboarding:lastName")} />
          <TextInput {...inputOf(representative.dateOfBirth)} type="date" label={t("onboarding:dateOfBirth")} />
          <TextInput {...inputOf(representative.role)} label={t("onboarding:role")} hint={t("onboarding:roleHint")} />
        </div>
      </fieldset>
    </>
  );
}

/** The account payouts go to (§2 payout/info, identity-and-payout-details/payout). */
export function BankAccountFields({ fields, currencies, savedIban }: { fields: Fieldset<typeof bankAccountSchema>; currencies: string[]; savedIban: string | null }) {
  const { t } = useTranslation();
  const currency = inputOf(fields.currency);
  return (
    <>
      <TextInput {...inputOf(fields.holderName)} label={t("onboarding:holderName")} autoComplete="name" />
      <TextInput {...inputOf(fields.iban)} label={t("onboarding:iban")} hint={savedIban ? t("onboarding:ibanSaved", { iban: savedIban }) : t("onboarding:ibanHint")} />
      <div className="form-columns">
        <TextInput {...inputOf(fields.bic)} label={t("onboarding:bic")} />
        <div className="field">
          <label htmlFor="field-currency">{t("onboarding:currency")}</label>
          <select id="field-currency" name={currency.name} defaultValue={currency.defaultValue || "EUR"}>
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <FieldErrors id="field-currency-errors" errors={currency.errors} />
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
 * The question before an uploaded document is deleted, in place of its Delete button: the document as
 * the list names it, a button that deletes it and a way back. It takes the focus as it appears (with
 * JavaScript after the click, without it as the page loads), so that the keyboard is at its buttons
 * and a screen reader reads the question.
 */
function DocumentDeleteConfirmation({ documentId, name, pending }: { documentId: string; name: string; pending: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const question = useRef<HTMLParagraphElement>(null);
  const focusedOnLoad = useFocusedOnLoad();
  useEffect(() => question.current?.focus(), []);
  return (
    <Form method="post" className="banner banner--warning" aria-labelledby={`document-${documentId}-confirm`}>
      <p id={`document-${documentId}-confirm`} ref={question} tabIndex={-1} {...focusedOnLoad}>
        {t("onboarding:confirmDelete", { document: name })}
      </p>
      <input type="hidden" name="intent" value="confirmDelete" />
      <input type="hidden" name="documentId" value={documentId} />
      <div className="button-row">
        <Button variant="danger" size="small" pending={pending}>
          {t("onboarding:confirmDeleteButton")}
        </Button>
        {/* The page as it was: without JavaScript loaded again, with it where it is, the focus back on the document's Delete button (DocumentUploader). */}
        <Link to={location.pathname} className={buttonClass({ size: "small" })} preventScrollReset>
          {t("onboarding:cancelDelete")}
        </Link>
      </div>
    </Form>
  );
}

/**
 * Uploads identity or bank documents (§2 verification/upload, payout/upload …): a multipart form that
 * works without JavaScript; each uploaded file is listed with a delete button, which asks first.
 */
export function DocumentUploader({
  types,
  sides,
  documents,
  errors,
  sent,
  accept,
  megabytes,
  confirming = null,
}: {
  types: { id: string; label: string; requiresBack?: boolean }[];
  sides: { id: string; label: string }[];
  documents: UploadedDocument[];
  errors: FormErrorMap;
  /** What a refused upload sent, so that the host's choices stay. */
  sent?: { documentType?: string; side?: string };
  accept: string;
  megabytes: number;
  /** The document whose Delete was pressed: its question is shown in place of the button. */
  confirming?: string | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const label = new Map([...types, ...sides].map((o) => [o.id, o.label]));
  const showSides = types.some((type) => type.requiresBack);
  // Kept back from a delete's question (Cancel), the keyboard returns to the Delete button it left, unless the focus went elsewhere.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (asked.current && asked.current !== confirming && (document.activeElement === null || document.activeElement === document.body)) document.getElementById(`document-${asked.current}-delete`)?.focus();
    asked.current = confirming;
  }, [confirming]);
  return (
    <>
      <Form method="post" encType="multipart/form-data" className="card stack">
        <FormErrors id="upload-errors" errors={[...(errors.form ?? []), ...(errors.file ?? []), ...(errors.side ?? [])]} />
        <div className="form-columns">
          <div className="field">
            <label htmlFor="field-documentType">{t("onboarding:documentType")}</label>
            <select id="field-documentType" name="documentType" defaultValue={sent?.documentType ?? types[0]?.id}>
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
              <select id="field-side" name="side" defaultValue={sent?.side ?? "front"}>
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
          {documents.map((d) => {
            const name = [label.get(d.documentType) ?? d.documentType, showSides ? (label.get(d.side) ?? d.side) : null, d.fileName || null].filter(Boolean).join(" · ");
            return (
              <li key={d.id} className="card season">
                <span>{name}</span>
                {confirming === d.id ? (
                  <DocumentDeleteConfirmation documentId={d.id} name={name} pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "confirmDelete"} />
                ) : (
                  <Form method="post">
                    <input type="hidden" name="documentId" value={d.id} />
                    <button id={`document-${d.id}-delete`} type="submit" name="intent" value="delete" className="button button--small">
                      {t("onboarding:delete")}
                      <span className="visually-hidden"> {label.get(d.documentType) ?? d.documentType}</span>
                    </button>
                  </Form>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p>{t("onboarding:noDocuments")}</p>
      )}
    </>
  );
}
