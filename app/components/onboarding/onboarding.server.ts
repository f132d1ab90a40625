import type { RouterContextProvider } from "react-router";
import { hostApi } from "@contract/index";
import type { Currency } from "@domain/money";
import { authContext } from "~/lib/auth.server";
import { attemptApi } from "~/lib/host-api.server";
import { getLocale } from "~/lib/i18n.server";

type Context = Readonly<RouterContextProvider>;
export type { OnboardingConfiguration } from "@contract/onboarding";
export type FormValues = Record<string, string>;
export type FormErrorMap = Record<string, string[]>;

export function loadOnboardingConfiguration(context: Context) {
  return context.get(authContext).call(hostApi.onboarding.configuration, { query: { hl: getLocale(context) } });
}

/** Field values as forms name them: nested objects flattened to dotted names (`address.city`). */
function flatten(value: unknown, prefix = ""): FormValues {
  if (value === null || value === undefined) return {};
  if (typeof value !== "object") return { [prefix]: String(value) };
  return Object.entries(value).reduce<FormValues>((all, [key, inner]) => ({ ...all, ...flatten(inner, prefix ? `${prefix}.${key}` : key) }), {});
}

/** A field the form sent; the API refuses what is missing or wrong. */
const text = (values: FormValues, name: string) => values[name] ?? "";

export function readForm(form: FormData, names: readonly string[]): FormValues {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "").trim()]));
}

export const INDIVIDUAL_FIELDS = ["firstName", "lastName", "dateOfBirth", "nationality", "phoneNumber", "address.countryCode", "address.street", "address.houseNumberOrName", "address.postalCode", "address.city", "taxId", "countryIssueTaxId"] as const;

export async function loadIndividualDetails(context: Context): Promise<FormValues> {
  const { updatedAt: _, ...details } = await context.get(authContext).call(hostApi.onboarding.individualDetails);
  return flatten(details);
}

export function saveIndividualDetails(context: Context, values: FormValues) {
  const body = {
    firstName: text(values, "firstName"),
    lastName: text(values, "lastName"),
    dateOfBirth: text(values, "dateOfBirth"),
    nationality: text(values, "nationality"),
    phoneNumber: text(values, "phoneNumber"),
    address: { countryCode: text(values, "address.countryCode"), street: text(values, "address.street"), houseNumberOrName: text(values, "address.houseNumberOrName"), postalCode: text(values, "address.postalCode") || null, city: text(values, "address.city") },
    taxId: text(values, "taxId") || null,
    countryIssueTaxId: text(values, "countryIssueTaxId") || null,
  };
  return attemptApi(() => context.get(authContext).call(hostApi.onboarding.saveIndividualDetails, { body }));
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
  const { legalBusinessName, registrationNumber, vatId, businessEmail, phoneNumber, address, signatories } = await context.get(authContext).call(hostApi.onboarding.businessDetails);
  return flatten({ legalBusinessName, registrationNumber, vatId, businessEmail, phoneNumber, address, signatories });
}

/** The company's registered details and its legal representative; the registered address is where it does business. */
export function saveBusinessDetails(context: Context, values: FormValues) {
  const body = {
    legalBusinessName: text(values, "legalBusinessName"),
    registrationNumber: text(values, "registrationNumber"),
    userHasVatId: Boolean(text(values, "vatId")),
    vatId: text(values, "vatId") || null,
    businessEmail: text(values, "businessEmail"),
    phoneNumber: text(values, "phoneNumber"),
    address: { countryCode: text(values, "address.countryCode"), street: text(values, "address.street"), houseNumberOrName: text(values, "address.houseNumberOrName"), postalCode: text(values, "address.postalCode") || null, city: text(values, "address.city") },
    sameAddress: true,
    signatories: [{ firstName: text(values, "signatories.0.firstName"), lastName: text(values, "signatories.0.lastName"), dateOfBirth: text(values, "signatories.0.dateOfBirth"), role: text(values, "signatories.0.role") }],
  };
  return attemptApi(() => context.get(authContext).call(hostApi.onboarding.saveBusinessDetails, { body }));
}

export const BANK_FIELDS = ["holderName", "iban", "bic", "currency"] as const;

export async function loadBankAccount(context: Context) {
  const { accounts } = await context.get(authContext).call(hostApi.onboarding.bankAccounts);
  return accounts[0] ?? null;
}

/** The payout account; an IBAN left empty keeps the one saved before (it is only ever shown masked). */
export function saveBankAccount(context: Context, values: FormValues, existingId: string | null) {
  const account = {
    ...(existingId && !text(values, "iban") ? { id: existingId } : { iban: text(values, "iban") }),
    holderName: text(values, "holderName"),
    bic: text(values, "bic") || null,
    currency: text(values, "currency") as Currency,
    isDefault: true,
  };
  return attemptApi(
    () => context.get(authContext).call(hostApi.onboarding.saveBankAccounts, { body: { accounts: [account] } }),
    (field) => field.replace(/^accounts\.0\./, ""),
  );
}

export function loadDocuments(context: Context) {
  return context.get(authContext).call(hostApi.onboarding.documents);
}

export function uploadDocument(context: Context, form: FormData) {
  const file = form.get("file");
  const upload = new FormData();
  upload.append("documentType", String(form.get("documentType") ?? ""));
  upload.append("side", String(form.get("side") ?? "front"));
  if (file instanceof File && file.size > 0) upload.append("file", file, file.name);
  return attemptApi(() => context.get(authContext).call(hostApi.onboarding.uploadDocument, { body: upload }));
}

export function deleteDocument(context: Context, documentId: string) {
  return attemptApi(() => context.get(authContext).call(hostApi.onboarding.deleteDocument, { params: { documentId } }));
}
