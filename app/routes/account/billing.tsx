import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/billing";
import { hostApi } from "@contract/index";
import { countryChoices } from "@domain/onboarding";
import { EU_MEMBER_STATES } from "@domain/vat";
import { chosenOf, FieldErrors, FormErrors, inputOf, type FieldState } from "~/components/ui/form-errors";
import { useFormFields } from "~/components/ui/form-fields";
import { TextInput } from "~/components/ui/text-input";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { useTranslation } from "~/lib/i18n";
import { getLocale, serverT } from "~/lib/i18n.server";
import { anyText, filledRows, replyWithAccountError, textOrNull } from "./account.server";
import { Checkbox, Select, SaveButton } from "./fields";
import { accountTabHref } from "./tabs";

/**
 * Billing (§3 Tax and company details): the address, tax identification numbers per issuing
 * country, VAT number; for companies the registration number, permanent establishments in the EU,
 * shareholders and signatories. The data DAC7 reports (decision 033). Saved through the onboarding
 * endpoints of §7, which hold the rules; blank rows of a list are left out.
 */

const text = z.string().optional();
const address = z.object({ countryCode: text, street: text, houseNumberOrName: text, postalCode: text, city: text, state: text, province: text }).optional();
const taxRow = z.object({ id: text, countryIsoCode: text });
const person = { firstName: text, lastName: text, dateOfBirth: text };

const individualSchema = z.object({
  firstName: text,
  lastName: text,
  dateOfBirth: text,
  nationality: text,
  phoneNumber: text,
  address,
  taxId: text,
  countryIssueTaxId: text,
  taxIdentifications: z.array(taxRow).optional(),
  vatId: text,
});

const companySchema = z.object({
  legalBusinessName: text,
  registrationNumber: text,
  vatId: text,
  taxId: text,
  countryIssueTaxId: text,
  taxIdentifications: z.array(taxRow).optional(),
  euPermanentEstablishment: text,
  euMemberStates: z.array(z.string()).optional(),
  address,
  sameAddress: text,
  principalAddress: address,
  businessEmail: text,
  accountingEmail: text,
  phoneNumber: text,
  shareholders: z.array(z.object({ ...person, ownershipPercent: text })).optional(),
  signatories: z.array(z.object({ ...person, role: text })).optional(),
});

/** Blank rows offered below the saved ones, so that a row can be added without JavaScript. */
const BLANK_ROWS = 2;
const EMPTY_ADDRESS = { countryCode: "", street: "", houseNumberOrName: "", postalCode: "", city: "", state: "", province: "" };

type Address = { countryCode: string; street: string; houseNumberOrName: string; postalCode: string | null; city: string; state: string | null; province: string | null } | null;

function addressForm(a: Address) {
  return a ? { countryCode: a.countryCode, street: a.street, houseNumberOrName: a.houseNumberOrName, postalCode: a.postalCode ?? "", city: a.city, state: a.state ?? "", province: a.province ?? "" } : EMPTY_ADDRESS;
}

function withBlanks<T>(rows: T[], blank: T): T[] {
  return [...rows, ...Array.from({ length: BLANK_ROWS }, () => blank)];
}

function addressBody(a: z.output<typeof address>) {
  return {
    countryCode: a?.countryCode ?? "",
    street: a?.street ?? "",
    houseNumberOrName: a?.houseNumberOrName ?? "",
    city: a?.city ?? "",
    postalCode: textOrNull(a?.postalCode),
    state: textOrNull(a?.state),
    province: textOrNull(a?.province),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The countries' and the EU member states' choices of a language: reference data (domain/onboarding), sorted once per isolate. */
const choicesByLocale = new Map<string, { countries: Options; euStates: Options }>();

function countryOptions(locale: string, t: (key: string) => string) {
  let choices = choicesByLocale.get(locale);
  if (!choices) {
    const collator = new Intl.Collator(locale.replace("_", "-"));
    const countries = countryChoices(t, collator).map((c) => ({ value: c.code, label: c.label }));
    const labels = new Map(countries.map((c) => [c.value, c.label]));
    const euStates = EU_MEMBER_STATES.map((code) => ({ value: code, label: labels.get(code) ?? code })).sort((a, b) => collator.compare(a.label, b.label));
    choices = { countries, euStates };
    choicesByLocale.set(locale, choices);
  }
  return choices;
}

export async function loader({ context }: Route.LoaderArgs) {
  const { call, user, billing } = context.get(authContext);
  const t = serverT(context);
  // One call: the details come with the shell's call (decision 024); the countries are reference data.
  const read = billing();
  const common = { title: t("account:tab.billing"), ...countryOptions(getLocale(context), t) };
  if (user.type === "company") {
    const d = read?.business ?? (await call(hostApi.onboarding.businessDetails));
    return {
      ...common,
      type: "company" as const,
      saved: d.updatedAt !== null,
      form: {
        legalBusinessName: d.legalBusinessName ?? "",
        registrationNumber: d.registrationNumber ?? "",
        vatId: d.vatId ?? "",
        taxId: d.taxId ?? "",
        countryIssueTaxId: d.countryIssueTaxId ?? "",
        taxIdentifications: withBlanks(d.taxIdentifications.map((r) => ({ id: r.id, countryIsoCode: r.countryIsoCode })), { id: "", countryIsoCode: "" }),
        euPermanentEstablishment: d.euPermanentEstablishment === null ? "" : d.euPermanentEstablishment ? "yes" : "no",
        euMemberStates: d.euMemberStates,
        address: addressForm(d.address),
        sameAddress: d.sameAddress ? "on" : "",
        principalAddress: addressForm(d.sameAddress ? null : d.principalAddress),
        businessEmail: d.businessEmail ?? "",
        accountingEmail: d.accountingEmail ?? "",
        phoneNumber: d.phoneNumber ?? "",
        shareholders: withBlanks(
          d.shareholders.map((s) => ({ firstName: s.firstName, lastName: s.lastName, dateOfBirth: s.dateOfBirth, ownershipPercent: String(s.ownershipPercent) })),
          { firstName: "", lastName: "", dateOfBirth: "", ownershipPercent: "" },
        ),
        signatories: withBlanks(d.signatories.map((s) => ({ firstName: s.firstName, lastName: s.lastName, dateOfBirth: s.dateOfBirth, role: s.role })), { firstName: "", lastName: "", dateOfBirth: "", role: "" }),
      } as Record<string, unknown>,
    };
  }
  const d = read?.individual ?? (await call(hostApi.onboarding.individualDetails));
  return {
    ...common,
    type: "individual" as const,
    saved: d.updatedAt !== null,
    form: {
      firstName: d.firstName ?? "",
      lastName: d.lastName ?? "",
      dateOfBirth: d.dateOfBirth ?? "",
      nationality: d.nationality ?? "",
      phoneNumber: d.phoneNumber ?? "",
      address: addressForm(d.address),
      taxId: d.taxId ?? "",
      countryIssueTaxId: d.countryIssueTaxId ?? "",
      taxIdentifications: withBlanks(d.taxIdentifications.map((r) => ({ id: r.id, countryIsoCode: r.countryIsoCode })), { id: "", countryIsoCode: "" }),
      vatId: d.vatId ?? "",
    } as Record<string, unknown>,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { call, user } = context.get(authContext);
  const form = await request.formData();
  if (user.type === "company") {
    const submission = parseWithZod(form, { schema: companySchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const v = submission.value;
    const taxIds = filledRows("taxIdentifications", v.taxIdentifications, anyText);
    const shareholders = filledRows("shareholders", v.shareholders, anyText);
    const signatories = filledRows("signatories", v.signatories, anyText);
    const sameAddress = v.sameAddress === "on";
    const establishment = v.euPermanentEstablishment === "yes" ? true : v.euPermanentEstablishment === "no" ? false : null;
    try {
      await call(hostApi.onboarding.saveBusinessDetails, {
        body: {
          legalBusinessName: v.legalBusinessName ?? "",
          registrationNumber: v.registrationNumber ?? "",
          userHasVatId: Boolean(textOrNull(v.vatId)),
          vatId: textOrNull(v.vatId),
          taxId: textOrNull(v.taxId),
          countryIssueTaxId: textOrNull(v.countryIssueTaxId),
          taxIdentifications: taxIds.rows.map((r) => ({ id: r.id ?? "", countryIsoCode: r.countryIsoCode ?? "" })),
          euPermanentEstablishment: establishment,
          euMemberStates: establishment ? (v.euMemberStates ?? []) : [],
          address: addressBody(v.address),
          sameAddress,
          principalAddress: sameAddress ? null : addressBody(v.principalAddress),
          businessEmail: v.businessEmail ?? "",
          accountingEmail: textOrNull(v.accountingEmail),
          phoneNumber: v.phoneNumber ?? "",
          // A share that is not a number is sent as one the API refuses, so that the host sees why.
          shareholders: shareholders.rows.map((s) => ({ firstName: s.firstName ?? "", lastName: s.lastName ?? "", dateOfBirth: s.dateOfBirth ?? "", ownershipPercent: Number((s.ownershipPercent ?? "").replace(",", ".")) || -1 })),
          signatories: signatories.rows.map((s) => ({ firstName: s.firstName ?? "", lastName: s.lastName ?? "", dateOfBirth: s.dateOfBirth ?? "", role: s.role ?? "" })),
        },
      });
    } catch (error) {
      const { result, status } = replyWithAccountError(submission, error, (field) => signatories.mapField(shareholders.mapField(taxIds.mapField(field))));
      return data(result, { status });
    }
    return redirectWithFlash(context, accountTabHref("billing"), { kind: "success", key: "commons.saved" });
  }
  const submission = parseWithZod(form, { schema: individualSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const v = submission.value;
  const taxIds = filledRows("taxIdentifications", v.taxIdentifications, anyText);
  try {
    await call(hostApi.onboarding.saveIndividualDetails, {
      body: {
        firstName: v.firstName ?? "",
        lastName: v.lastName ?? "",
        dateOfBirth: v.dateOfBirth ?? "",
        nationality: v.nationality ?? "",
        phoneNumber: v.phoneNumber ?? "",
        address: addressBody(v.address),
        taxId: textOrNull(v.taxId),
        countryIssueTaxId: textOrNull(v.countryIssueTaxId),
        taxIdentifications: taxIds.rows.map((r) => ({ id: r.id ?? "", countryIsoCode: r.countryIsoCode ?? "" })),
        vatId: textOrNull(v.vatId),
      },
    });
  } catch (error) {
    const { result, status } = replyWithAccountError(submission, error, taxIds.mapField);
    return data(result, { status });
  }
  return redirectWithFlash(context, accountTabHref("billing"), { kind: "success", key: "commons.saved" });
}

type Fields = ReturnType<typeof useFormFields>;

/** The errors of a list of checkboxes: the list's own and each checked value's (`euMemberStates[2]`). */
function errorsUnder(form: Fields, name: string, length: number): string[] | undefined {
  const errors = [form.field(name).errors, ...Array.from({ length }, (_, i) => form.field(`${name}[${i}]`).errors)].flatMap((e) => e ?? []);
  return errors.length ? [...new Set(errors)] : undefined;
}
type Options = { value: string; label: string }[];

function AddressFieldset({ form, name, legend, countries }: { form: Fields; name: string; legend: string; countries: Options }) {
  const { t } = useTranslation();
  const field = (key: string) => form.field(`${name}.${key}`);
  const values = form.field(name).initialValue as Record<string, string> | undefined;
  const sub = (key: string): FieldState => ({ ...field(key), initialValue: values?.[key] ?? "" });
  return (
    <fieldset className="field stack">
      <legend>{legend}</legend>
      <FieldErrors id={`${name}-errors`} errors={form.field(name).errors} />
      <Select field={sub("countryCode")} label={t("account:billing.country")} options={countries} empty={t("account:billing.chooseCountry")} />
      <div className="form-columns">
        <TextInput {...inputOf(sub("street"))} label={t("onboarding:street")} autoComplete="address-line1" />
        <TextInput {...inputOf(sub("houseNumberOrName"))} label={t("onboarding:houseNumberOrName")} />
        <TextInput {...inputOf(sub("postalCode"))} label={t("onboarding:postalCode")} autoComplete="postal-code" />
        <TextInput {...inputOf(sub("city"))} label={t("onboarding:city")} autoComplete="address-level2" />
        <TextInput {...inputOf(sub("state"))} label={t("account:billing.state")} />
        <TextInput {...inputOf(sub("province"))} label={t("account:billing.province")} />
      </div>
    </fieldset>
  );
}

function TaxIdentifications({ form, countries }: { form: Fields; countries: Options }) {
  const { t } = useTranslation();
  return (
    <fieldset className="field stack">
      <legend>{t("account:billing.taxIdentifications")}</legend>
      <p className="field__hint">{t("account:billing.taxIdentificationsHint")}</p>
      {form.rows("taxIdentifications").map((row, index) => (
        <div key={row.key} className="form-columns" role="group" aria-label={t("account:billing.taxIdentificationRow", { number: index + 1 })}>
          <TextInput {...inputOf(row.field("id"))} label={t("account:billing.taxIdNumber", { number: index + 1 })} />
          <Select field={row.field("countryIsoCode")} label={t("account:billing.issuingCountry", { number: index + 1 })} options={countries} empty={t("onboarding:none")} />
        </div>
      ))}
    </fieldset>
  );
}

function IndividualForm({ form, countries }: { form: Fields; countries: Options }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="form-columns">
        <TextInput {...inputOf(form.field("firstName"))} label={t("onboarding:firstName")} autoComplete="given-name" />
        <TextInput {...inputOf(form.field("lastName"))} label={t("onboarding:lastName")} autoComplete="family-name" />
        <TextInput {...inputOf(form.field("dateOfBirth"))} type="date" label={t("onboarding:dateOfBirth")} autoComplete="bday" />
        <TextInput {...inputOf(form.field("phoneNumber"))} type="tel" label={t("onboarding:phoneNumber")} hint={t("onboarding:phoneHint")} autoComplete="tel" />
      </div>
      <Select field={form.field("nationality")} label={t("onboarding:nationality")} options={countries} empty={t("account:billing.chooseCountry")} />
      <AddressFieldset form={form} name="address" legend={t("account:billing.residence")} countries={countries} />
      <div className="form-columns">
        <TextInput {...inputOf(form.field("taxId"))} label={t("onboarding:taxId")} hint={t("onboarding:taxIdHint")} />
        <Select field={form.field("countryIssueTaxId")} label={t("onboarding:countryIssueTaxId")} options={countries} empty={t("onboarding:none")} />
      </div>
      <TaxIdentifications form={form} countries={countries} />
      <TextInput {...inputOf(form.field("vatId"))} label={t("onboarding:vatId")} hint={t("account:billing.vatHint")} />
    </>
  );
}

function CompanyForm({ form, countries, euStates }: { form: Fields; countries: Options; euStates: Options }) {
  const { t } = useTranslation();
  const memberStates = chosenOf(form.field("euMemberStates"));
  const establishment = form.field("euPermanentEstablishment");
  return (
    <>
      <div className="form-columns">
        <TextInput {...inputOf(form.field("legalBusinessName"))} label={t("onboarding:legalBusinessName")} autoComplete="organization" />
        <TextInput {...inputOf(form.field("registrationNumber"))} label={t("onboarding:companyRegistrationNumber")} />
        <TextInput {...inputOf(form.field("vatId"))} label={t("onboarding:vatId")} hint={t("account:billing.vatHint")} />
        <TextInput {...inputOf(form.field("businessEmail"))} type="email" label={t("onboarding:businessEmail")} autoComplete="email" />
        <TextInput {...inputOf(form.field("accountingEmail"))} type="email" label={t("account:billing.accountingEmail")} />
        <TextInput {...inputOf(form.field("phoneNumber"))} type="tel" label={t("onboarding:phoneNumber")} hint={t("onboarding:phoneHint")} autoComplete="tel" />
      </div>
      <AddressFieldset form={form} name="address" legend={t("account:billing.registeredOffice")} countries={countries} />
      <Checkbox field={form.field("sameAddress")} label={t("account:billing.sameAddress")} />
      <AddressFieldset form={form} name="principalAddress" legend={t("account:billing.principalAddress")} countries={countries} />
      <div className="form-columns">
        <TextInput {...inputOf(form.field("taxId"))} label={t("onboarding:taxId")} hint={t("onboarding:taxIdHint")} />
        <Select field={form.field("countryIssueTaxId")} label={t("onboarding:countryIssueTaxId")} options={countries} empty={t("onboarding:none")} />
      </div>
      <TaxIdentifications form={form} countries={countries} />
      <fieldset className="field stack">
        <legend>{t("account:billing.establishment")}</legend>
        <div className="choice-list">
          {(["yes", "no"] as const).map((answer) => (
            <label key={answer} className="choice">
              <input type="radio" name="euPermanentEstablishment" value={answer} defaultChecked={establishment.initialValue === answer} />
              {t(`account:billing.establishment_${answer}`)}
            </label>
          ))}
        </div>
        <p className="field__hint">{t("account:billing.memberStatesHint")}</p>
        <div className="account__checkbox-grid">
          {euStates.map((state) => (
            <label key={state.value} className="choice">
              <input type="checkbox" name="euMemberStates" value={state.value} defaultChecked={memberStates.has(state.value)} />
              {state.label}
            </label>
          ))}
        </div>
        <FieldErrors id="euMemberStates-errors" errors={errorsUnder(form, "euMemberStates", euStates.length)} />
      </fieldset>
      <fieldset className="field stack">
        <legend>{t("account:billing.shareholders")}</legend>
        <FieldErrors id="shareholders-errors" errors={form.field("shareholders").errors} />
        {form.rows("shareholders").map((row, index) => (
          <div key={row.key} className="form-columns" role="group" aria-label={t("account:billing.shareholderRow", { number: index + 1 })}>
            <TextInput {...inputOf(row.field("firstName"))} label={t("account:billing.rowFirstName", { number: index + 1 })} />
            <TextInput {...inputOf(row.field("lastName"))} label={t("account:billing.rowLastName", { number: index + 1 })} />
            <TextInput {...inputOf(row.field("dateOfBirth"))} type="date" label={t("account:billing.rowDateOfBirth", { number: index + 1 })} />
            <TextInput {...inputOf(row.field("ownershipPercent"))} label={t("account:billing.ownershipPercent", { number: index + 1 })} />
          </div>
        ))}
      </fieldset>
      <fieldset className="field stack">
        <legend>{t("account:billing.signatories")}</legend>
        {form.rows("signatories").map((row, index) => (
          <div key={row.key} className="form-columns" role="group" aria-label={t("account:billing.signatoryRow", { number: index + 1 })}>
            <TextInput {...inputOf(row.field("firstName"))} label={t("account:billing.rowFirstName", { number: index + 1 })} />
            <TextInput {...inputOf(row.field("lastName"))} label={t("account:billing.rowLastName", { number: index + 1 })} />
            <TextInput {...inputOf(row.field("dateOfBirth"))} type="date" label={t("account:billing.rowDateOfBirth", { number: index + 1 })} />
            <TextInput {...inputOf(row.field("role"))} label={t("account:billing.rowRole", { number: index + 1 })} />
          </div>
        ))}
      </fieldset>
    </>
  );
}

export default function Billing({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const form = useFormFields("billing", actionData, loaderData.form);
  return (
    <Form method="post" {...form.form} className="card stack" aria-labelledby="billing-title">
      <h2 id="billing-title">{t(loaderData.type === "company" ? "account:billing.companyTitle" : "account:billing.individualTitle")}</h2>
      <p className="muted">{t("account:billing.intro")}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      {loaderData.type === "company" ? <CompanyForm form={form} countries={loaderData.countries} euStates={loaderData.euStates} /> : <IndividualForm form={form} countries={loaderData.countries} />}
      <div className="button-row">
        <SaveButton />
      </div>
    </Form>
  );
}
