import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { authContext } from "~/lib/auth.server";
import { attemptApi } from "~/lib/host-api.server";
import { getLocale } from "~/lib/i18n.server";

type Context = Readonly<RouterContextProvider>;
const ONBOARDING = "/api/app/user/onboarding";

const labelled = z.object({ id: z.string(), label: z.string() });
export const onboardingConfigurationSchema = z.object({
  identityDocumentTypes: z.array(labelled.extend({ requiresBack: z.boolean() })),
  payoutDocumentTypes: z.array(labelled),
  documentSides: z.array(labelled),
  documentConstraints: z.object({ mimeTypes: z.array(z.string()), maxBytes: z.number() }),
  currencies: z.array(z.string()),
  countries: z.array(z.object({ code: z.string(), label: z.string() })),
});
export type OnboardingConfiguration = z.infer<typeof onboardingConfigurationSchema>;

const address = z.object({ countryCode: z.string().nullable(), city: z.string().nullable(), street: z.string().nullable(), houseNumberOrName: z.string().nullable(), postalCode: z.string().nullable() }).nullable();
const individualSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  nationality: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address,
  taxId: z.string().nullable(),
  countryIssueTaxId: z.string().nullable(),
});
const businessSchema = z.object({
  legalBusinessName: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  vatId: z.string().nullable(),
  businessEmail: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address,
  signatories: z.array(z.object({ firstName: z.string(), lastName: z.string(), dateOfBirth: z.string(), role: z.string() })).nullable().optional(),
});
const bankAccountsSchema = z.object({ accounts: z.array(z.object({ id: z.string(), holderName: z.string(), iban: z.string(), bic: z.string().nullable(), currency: z.string() })) });
export const documentsSchema = z.object({ items: z.array(z.object({ id: z.string(), documentType: z.string(), side: z.string(), fileName: z.string().nullable().optional(), uploadedAt: z.string() })) });

export type FormValues = Record<string, string>;
export type FormErrorMap = Record<string, string[]>;

export function loadOnboardingConfiguration(context: Context) {
  return context.get(authContext).api("GET", `${ONBOARDING}/getConfiguration`, { query: { hl: getLocale(context) }, schema: onboardingConfigurationSchema });
}

/** Field values as forms name them: nested objects flattened to dotted names (`address.city`). */
function flatten(value: unknown, prefix = ""): FormValues {
  if (value === null || value === undefined) return {};
  if (typeof value !== "object") return { [prefix]: String(value) };
  return Object.entries(value).reduce<FormValues>((all, [key, inner]) => ({ ...all, ...flatten(inner, prefix ? `${prefix}.${key}` : key) }), {});
}

export function readForm(form: FormData, names: readonly string[]): FormValues {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "").trim()]));
}

export const INDIVIDUAL_FIELDS = ["firstName", "lastName", "dateOfBirth", "nationality", "phoneNumber", "address.countryCode", "address.street", "address.houseNumberOrName", "address.postalCode", "address.city", "taxId", "countryIssueTaxId"] as const;

export async function loadIndividualDetails(context: Context): Promise<FormValues> {
  return flatten(await context.get(authContext).api("GET", `${ONBOARDING}/getIndividualDetails`, { schema: individualSchema }));
}

export function saveIndividualDetails(context: Context, values: FormValues) {
  const body = {
    firstName: values.firstName,
    lastName: values.lastName,
    dateOfBirth: values.dateOfBirth,
    nationality: values.nationality,
    phoneNumber: values.phoneNumber,
    address: { countryCode: values["address.countryCode"], street: values["address.street"], houseNumberOrName: values["address.houseNumberOrName"], postalCode: values["address.postalCode"] || null, city: values["address.city"] },
    taxId: values.taxId || null,
    countryIssueTaxId: values.countryIssueTaxId || null,
  };
  return attemptApi(() => context.get(authContext).api("POST", `${ONBOARDING}/saveIndividualDetails`, { body }));
}

export const BUSINESS_FIELDS = [
  "legalBusinessName",
  "registrationNumber",
  "vatId",
  "businessEmail",
  "phoneNumber",
  "address.countryCode",
  "address.street",
  "address.houseNumberOrName",
  "address.postalCode",
  "address.city",
  "signatories.0.firstName",
  "signatories.0.lastName",
  "signatories.0.dateOfBirth",
  "signatories.0.role",
] as const;

export async function loadBusinessDetails(context: Context): Promise<FormValues> {
  return flatten(await context.get(authContext).api("GET", `${ONBOARDING}/getBusinessDetails`, { schema: businessSchema }));
}

/** The company's registered details and its legal representative; the registered address is where it does business. */
export function saveBusinessDetails(context: Context, values: FormValues) {
  const body = {
    legalBusinessName: values.legalBusinessName,
    registrationNumber: values.registrationNumber,
    userHasVatId: Boolean(values.vatId),
    vatId: values.vatId || null,
    businessEmail: values.businessEmail,
    phoneNumber: values.phoneNumber,
    address: { countryCode: values["address.countryCode"], street: values["address.street"], houseNumberOrName: values["address.houseNumberOrName"], postalCode: values["address.postalCode"] || null, city: values["address.city"] },
    sameAddress: true,
    signatories: [{ firstName: values["signatories.0.firstName"], lastName: values["signatories.0.lastName"], dateOfBirth: values["signatories.0.dateOfBirth"], role: values["signatories.0.role"] }],
  };
  return attemptApi(() => context.get(authContext).api("POST", `${ONBOARDING}/saveBusinessDetails`, { body }));
}

export const BANK_FIELDS = ["holderName", "iban", "bic", "currency"] as const;

export async function loadBankAccount(context: Context) {
  const { accounts } = await context.get(authContext).api("GET", `${ONBOARDING}/getBankAccounts`, { schema: bankAccountsSchema });
  return accounts[0] ?? null;
}

/** The payout account; an IBAN left empty keeps the one saved before (it is only ever shown masked). */
export function saveBankAccount(context: Context, values: FormValues, existingId: string | null) {
  const account = {
    ...(existingId && !values.iban ? { id: existingId } : { iban: values.iban }),
    holderName: values.holderName,
    bic: values.bic || null,
    currency: values.currency,
    isDefault: true,
  };
  return attemptApi(
    () => context.get(authContext).api("POST", `${ONBOARDING}/saveBankAccounts`, { body: { accounts: [account] } }),
    (field) => field.replace(/^accounts\.0\./, ""),
  );
}

export function loadDocuments(context: Context) {
  return context.get(authContext).api("GET", `${ONBOARDING}/documents`, { schema: documentsSchema });
}

export function uploadDocument(context: Context, form: FormData) {
  const file = form.get("file");
  const upload = new FormData();
  upload.append("documentType", String(form.get("documentType") ?? ""));
  upload.append("side", String(form.get("side") ?? "front"));
  if (file instanceof File && file.size > 0) upload.append("file", file, file.name);
  return attemptApi(() => context.get(authContext).api("POST", `${ONBOARDING}/documentUpload`, { body: upload }));
}

export function deleteDocument(context: Context, documentId: string) {
  return attemptApi(() => context.get(authContext).api("DELETE", `${ONBOARDING}/documents/${encodeURIComponent(documentId)}`));
}
