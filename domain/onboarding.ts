/**
 * Host onboarding: identity, business and payout details, verification documents and the KYC
 * (know your customer) verification that follows from them (§3 "Tax/company details", "KYC").
 * Reference data and pure rules, no I/O; the host API stores the data and calls these.
 */

import { z } from "zod";
import { email } from "./account";
import { completedYears, isIsoDate, todayUtc } from "./dates";
import { isValidBic, isValidIban, normalizeBic, normalizeIban } from "./iban";
import { SUPPORTED_CURRENCIES } from "./money";
import { KYC_CHECK_TYPES, KYC_STATUSES, type KycCheckStatus, type KycCheckType, type KycStatus } from "./kyc-states";
import { singleLineText } from "./text";
import { isEuMemberState, normalizeVat, vatProblem } from "./vat";
import { COUNTRIES, countryByCode, isValidPostalCode, stateCode, type Country } from "./property-configuration";

// ---------------------------------------------------------------------------------------------
// Reference data
// ---------------------------------------------------------------------------------------------

export const MINIMUM_AGE = 18;
export const MAX_BANK_ACCOUNTS = 3;
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_MIME_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];

/** Documents that prove who a person is; some have information on the back as well. */
export const IDENTITY_DOCUMENT_TYPES = [
  { id: "passport", requiresBack: false },
  { id: "id_card", requiresBack: true },
  { id: "driving_licence", requiresBack: true },
  { id: "residence_permit", requiresBack: true },
] as const satisfies readonly { id: string; requiresBack: boolean }[];
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number]["id"];

/** Documents that prove the host holds the payout account. One side only. */
export const PAYOUT_DOCUMENT_TYPES = ["bank_statement", "bank_letter"] as const;
export type PayoutDocumentType = (typeof PAYOUT_DOCUMENT_TYPES)[number];

/** Documents that prove the company exists and who represents it (a company's own document, §2 company/document-upload). One side only. */
export const COMPANY_DOCUMENT_TYPES = ["commercial_register_extract", "articles_of_association"] as const;
export type CompanyDocumentType = (typeof COMPANY_DOCUMENT_TYPES)[number];

export const DOCUMENT_TYPES = [
  "passport",
  "id_card",
  "driving_licence",
  "residence_permit",
  "bank_statement",
  "bank_letter",
  "commercial_register_extract",
  "articles_of_association",
] as const satisfies readonly (IdentityDocumentType | PayoutDocumentType | CompanyDocumentType)[];
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * What a document proves, each stored, shown and decided on its own: an individual host's identity,
 * the company itself, the identity of a company's owner, the payout account. The kind follows from
 * the type and the host: identity documents of a company are its owner's (decision 039).
 */
export const DOCUMENT_KINDS = ["identity", "company", "owner", "payout"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export function documentKind(type: DocumentType, userType: "individual" | "company"): DocumentKind {
  if ((PAYOUT_DOCUMENT_TYPES as readonly string[]).includes(type)) return "payout";
  if ((COMPANY_DOCUMENT_TYPES as readonly string[]).includes(type)) return "company";
  return userType === "company" ? "owner" : "identity";
}

/** Whether the documents of one kind are enough: an identity document with its front (and back where it has one), else one page. */
export function isDocumentKindComplete(kind: DocumentKind, documents: readonly { documentType: DocumentType; side: DocumentSide }[]): boolean {
  if (kind === "company") return hasCompanyDocument(documents);
  if (kind === "payout") return hasPayoutDocument(documents);
  return hasCompleteIdentityDocument(documents);
}

/** The refusal when a step's documents are not enough: its kind's, or both of a company's on the listing's one upload step. */
export function missingDocumentsCode(kinds: readonly DocumentKind[]): string {
  return kinds.length > 1 ? "company_and_owner_documents_required" : `${kinds[0] ?? "identity"}_document_required`;
}

/** The types a host may upload: company documents only for companies. */
export function mayUploadDocumentType(type: DocumentType, userType: "individual" | "company"): boolean {
  return userType === "company" || !(COMPANY_DOCUMENT_TYPES as readonly string[]).includes(type);
}

export const DOCUMENT_SIDES = ["front", "back"] as const;
export type DocumentSide = (typeof DOCUMENT_SIDES)[number];

export function isIdentityDocumentType(type: string): type is IdentityDocumentType {
  return IDENTITY_DOCUMENT_TYPES.some((d) => d.id === type);
}

/** The sides a document type can be uploaded with: a back side only where the document has one. */
export function documentSides(type: DocumentType): DocumentSide[] {
  const identity = IDENTITY_DOCUMENT_TYPES.find((d) => d.id === type);
  return identity?.requiresBack ? ["front", "back"] : ["front"];
}

// ---------------------------------------------------------------------------------------------
// Stored shapes (§3 "Tax/company details")
// ---------------------------------------------------------------------------------------------

/** Country, city, street and house number or name are required (§5); `state` is at most 3 characters. */
export interface OnboardingAddress {
  countryCode: string;
  city: string;
  street: string;
  houseNumberOrName: string;
  postalCode: string | null;
  state: string | null;
  province: string | null;
}

export interface TaxIdentification {
  id: string;
  countryIsoCode: string;
}

export interface Shareholder {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  ownershipPercent: number;
}

export interface Signatory {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  role: string;
}

// ---------------------------------------------------------------------------------------------
// Personal data rules
// ---------------------------------------------------------------------------------------------

export function isOfMinimumAge(dateOfBirth: string, today: string, minimumAge = MINIMUM_AGE): boolean {
  return isIsoDate(dateOfBirth) && completedYears(dateOfBirth, today) >= minimumAge;
}

/**
 * A phone number in international form: `+`, a country code not starting with 0, 7 to 15 digits in
 * all. Spaces, dots, dashes and brackets are ignored and a leading `00` counts as `+`. Answers the
 * compact form (`+4930123456`), or null when the number is not valid.
 */
export function normalizePhoneNumber(value: string): string | null {
  const compact = value.trim().replace(/[\s.\-()/]/g, "").replace(/^00/, "+");
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : null;
}

/** Sum of the shareholders' ownership; more than 100 % is impossible. */
export function totalOwnership(shareholders: readonly { ownershipPercent: number }[]): number {
  // Whole hundredths, so that 33.33 + 33.33 + 33.34 is exactly 100.
  return shareholders.reduce((sum, s) => sum + Math.round(s.ownershipPercent * 100), 0) / 100;
}

/**
 * The account that receives payouts: the one marked default, else the first. Answers the index,
 * or -1 when more than one is marked (which the API refuses).
 */
export function defaultAccountIndex(accounts: readonly { isDefault?: boolean | null }[]): number {
  const marked = accounts.flatMap((a, i) => (a.isDefault ? [i] : []));
  if (marked.length > 1) return -1;
  return marked[0] ?? 0;
}

/** What makes a payout account: changing one of these makes a new version of the account. */
export interface BankAccountVersionFields {
  publicId: string;
  holderName: string;
  iban: string;
  bic: string | null;
  currency: string;
  position: number;
  isDefault: boolean;
}

/**
 * How a save of the payout accounts becomes versions (decision 033): the current versions (`current`,
 * with their row ids) and the accounts as saved (`wanted`, with their public ids). An account whose
 * holder, IBAN, BIC or currency changed retires its version and gets a new one under the same public
 * id; an account no longer listed is retired; only its order or default flag changed: updated in place.
 */
export function planBankAccountVersions<W extends BankAccountVersionFields>(current: readonly (BankAccountVersionFields & { id: number })[], wanted: readonly W[]) {
  const byPublicId = new Map(current.map((row) => [row.publicId, row]));
  const retire: number[] = [];
  const reorder: { id: number; position: number; isDefault: boolean }[] = [];
  const insert: W[] = [];
  const kept = new Set<string>();
  for (const account of wanted) {
    const row = byPublicId.get(account.publicId);
    if (!row) {
      insert.push(account);
      continue;
    }
    kept.add(row.publicId);
    const same = row.holderName === account.holderName && row.iban === account.iban && row.bic === account.bic && row.currency === account.currency;
    if (!same) {
      retire.push(row.id);
      insert.push(account);
    } else if (row.position !== account.position || row.isDefault !== account.isDefault) {
      reorder.push({ id: row.id, position: account.position, isDefault: account.isDefault });
    }
  }
  for (const row of current) if (!kept.has(row.publicId)) retire.push(row.id);
  return { retire, reorder, insert };
}

// ---------------------------------------------------------------------------------------------
// Request schemas, shared by the host API and the wizard's forms. Messages are codes
// (`validation.<code>` in the locales).
// ---------------------------------------------------------------------------------------------

const requiredText = (max: number) => singleLineText(max).min(1, "required");
/** Optional text; empty means "not given" and is stored as null. */
const optionalText = (max: number) =>
  singleLineText(max)
    .nullish()
    .transform((v) => v || null);

export const countryCodeSchema = z
  .string({ message: "required" })
  .trim()
  .toUpperCase()
  .min(1, "required")
  // An empty code is reported as "required" alone.
  .refine((code) => code === "" || countryByCode(code) !== undefined, "country_invalid");
const optionalCountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .nullish()
  .transform((v) => v || null)
  .refine((code) => code === null || countryByCode(code) !== undefined, "country_invalid");

export const isoDateSchema = z.string({ message: "required" }).trim().min(1, "required").refine((d) => d === "" || isIsoDate(d), "date_invalid");
/** A date of birth in the past, at most 120 years ago. */
const pastDate = isoDateSchema.refine((d) => !isIsoDate(d) || (d <= todayUtc() && completedYears(d, todayUtc()) <= 120), "date_invalid");
/** A date of birth of someone at least MINIMUM_AGE years old. */
export const adultDateOfBirthSchema = pastDate.refine((d) => !isIsoDate(d) || d > todayUtc() || isOfMinimumAge(d, todayUtc()), "age_minimum");

export const phoneNumberSchema = z
  .string({ message: "required" })
  .trim()
  .min(1, "required")
  .transform((value, ctx) => {
    const normalized = normalizePhoneNumber(value);
    if (normalized) return normalized;
    ctx.addIssue({ code: "custom", message: "phone_invalid" });
    return z.NEVER;
  });

/** §5: country, city, street and house number or name required; the state is cut to 3 characters. */
export const addressSchema = z
  .object(
    {
      countryCode: countryCodeSchema,
      city: requiredText(120),
      street: requiredText(200),
      houseNumberOrName: requiredText(80),
      postalCode: optionalText(20),
      state: z
        .string()
        .trim()
        .max(80, "too_long")
        .nullish()
        .transform((v) => (v ? stateCode(v) : null)),
      province: optionalText(120),
    },
    { message: "required" },
  )
  .strict()
  .superRefine((address, ctx) => {
    if (address.postalCode && !isValidPostalCode(address.countryCode, address.postalCode)) {
      ctx.addIssue({ code: "custom", path: ["postalCode"], message: "postal_code_invalid" });
    }
  });

/** A tax id needs the country that issued it. */
function requireIssuingCountry(details: { taxId: string | null; countryIssueTaxId: string | null }, ctx: z.RefinementCtx) {
  if (details.taxId && !details.countryIssueTaxId) ctx.addIssue({ code: "custom", path: ["countryIssueTaxId"], message: "required" });
}

export const MAX_TAX_IDENTIFICATIONS = 10;

/** Tax identification numbers, one per issuing country (DAC7 reports each). */
const taxIdentificationsSchema = z
  .array(z.object({ id: requiredText(64), countryIsoCode: countryCodeSchema }).strict())
  .max(MAX_TAX_IDENTIFICATIONS, "too_long")
  .default([]);

/** One number per issuing country, the main tax id's country included. */
function requireOneTaxIdPerCountry(details: { countryIssueTaxId: string | null; taxId: string | null; taxIdentifications: TaxIdentification[] }, ctx: z.RefinementCtx) {
  const seen = new Set<string>(details.taxId && details.countryIssueTaxId ? [details.countryIssueTaxId] : []);
  details.taxIdentifications.forEach((t, i) => {
    if (seen.has(t.countryIsoCode)) ctx.addIssue({ code: "custom", path: ["taxIdentifications", i, "countryIsoCode"], message: "duplicate" });
    seen.add(t.countryIsoCode);
  });
}

/** A VAT number with its country prefix, in the shape of that country (domain/vat.ts); empty is none. */
export const optionalVatSchema = z
  .string()
  .max(40, "too_long")
  .nullish()
  .transform((v) => (v?.trim() ? normalizeVat(v) : null))
  .superRefine((v, ctx) => {
    const problem = v === null ? null : vatProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const individualDetailsSchema = z
  .object({
    firstName: requiredText(80),
    lastName: requiredText(80),
    dateOfBirth: adultDateOfBirthSchema,
    nationality: countryCodeSchema,
    phoneNumber: phoneNumberSchema,
    address: addressSchema,
    taxId: optionalText(64),
    countryIssueTaxId: optionalCountryCode,
    taxIdentifications: taxIdentificationsSchema,
    vatId: optionalVatSchema,
  })
  .strict()
  .superRefine((details, ctx) => {
    requireIssuingCountry(details, ctx);
    requireOneTaxIdPerCountry(details, ctx);
  });
export type IndividualDetailsInput = z.input<typeof individualDetailsSchema>;
export type IndividualDetails = z.output<typeof individualDetailsSchema>;

export const MAX_SHAREHOLDERS = 10;
export const MAX_SIGNATORIES = 10;

const shareholderSchema = z
  .object({
    firstName: requiredText(80),
    lastName: requiredText(80),
    dateOfBirth: pastDate,
    ownershipPercent: z.number({ message: "ownership_range" }).min(0, "ownership_range").max(100, "ownership_range"),
  })
  .strict();

const signatorySchema = z
  .object({
    firstName: requiredText(80),
    lastName: requiredText(80),
    dateOfBirth: adultDateOfBirthSchema,
    role: requiredText(80),
  })
  .strict();

export const businessDetailsSchema = z
  .object({
    legalBusinessName: requiredText(200),
    registrationNumber: requiredText(64),
    vatId: optionalVatSchema,
    userHasVatId: z.boolean({ message: "required" }),
    taxId: optionalText(64),
    countryIssueTaxId: optionalCountryCode,
    taxIdentifications: taxIdentificationsSchema,
    euPermanentEstablishment: z.boolean().nullable().default(null),
    /** The EU member states of the permanent establishments; kept only when `euPermanentEstablishment` is true. */
    euMemberStates: z
      .array(z.string().trim().toUpperCase().refine(isEuMemberState, "eu_member_state_invalid"))
      .max(27, "too_long")
      .default([]),
    address: addressSchema,
    /** Ignored (copied from `address`) when `sameAddress` is true. */
    principalAddress: addressSchema.nullish(),
    sameAddress: z.boolean().default(false),
    businessEmail: email,
    accountingEmail: z.preprocess((v) => (v === "" ? null : v), email.nullish()).transform((v) => v ?? null),
    phoneNumber: phoneNumberSchema,
    shareholders: z.array(shareholderSchema).max(MAX_SHAREHOLDERS, "too_long").default([]),
    signatories: z.array(signatorySchema).max(MAX_SIGNATORIES, "too_long").default([]),
  })
  .strict()
  .superRefine((details, ctx) => {
    requireIssuingCountry(details, ctx);
    if (details.userHasVatId && !details.vatId) ctx.addIssue({ code: "custom", path: ["vatId"], message: "required" });
    if (!details.sameAddress && !details.principalAddress) ctx.addIssue({ code: "custom", path: ["principalAddress"], message: "required" });
    // A share out of range is reported on its own; the total only when every share is possible.
    const sharesInRange = details.shareholders.every((s) => s.ownershipPercent >= 0 && s.ownershipPercent <= 100);
    if (sharesInRange && totalOwnership(details.shareholders) > 100) ctx.addIssue({ code: "custom", path: ["shareholders"], message: "ownership_total_exceeded" });
    requireOneTaxIdPerCountry(details, ctx);
    if (details.euPermanentEstablishment === true && details.euMemberStates.length === 0) {
      ctx.addIssue({ code: "custom", path: ["euMemberStates"], message: "required" });
    }
    details.euMemberStates.forEach((state, i) => {
      if (details.euMemberStates.indexOf(state) !== i) ctx.addIssue({ code: "custom", path: ["euMemberStates", i], message: "duplicate" });
    });
  })
  .transform(({ principalAddress, ...details }) => ({
    ...details,
    vatId: details.userHasVatId ? details.vatId : null,
    euMemberStates: details.euPermanentEstablishment === true ? details.euMemberStates : [],
    principalAddress: details.sameAddress || !principalAddress ? details.address : principalAddress,
  }));
export type BusinessDetailsInput = z.input<typeof businessDetailsSchema>;
export type BusinessDetails = z.output<typeof businessDetailsSchema>;

const bankAccountSchema = z
  .object({
    /** An account saved before: without `iban`, its stored IBAN is kept. */
    id: z.string().trim().min(1).max(64).optional(),
    holderName: requiredText(120),
    iban: z
      .string()
      .transform(normalizeIban)
      .refine(isValidIban, "iban_invalid")
      .optional(),
    bic: z
      .string()
      .nullish()
      .transform((v) => (v?.trim() ? normalizeBic(v) : null))
      .refine((v) => v === null || isValidBic(v), "bic_invalid"),
    currency: z.enum(SUPPORTED_CURRENCIES, { message: "currency_invalid" }),
    isDefault: z.boolean().optional(),
  })
  .strict()
  .superRefine((account, ctx) => {
    if (!account.id && account.iban === undefined) ctx.addIssue({ code: "custom", path: ["iban"], message: "required" });
  });

export const bankAccountsSchema = z
  .object({
    accounts: z
      .array(bankAccountSchema, { message: "required" })
      .min(1, "bank_accounts_count")
      .max(MAX_BANK_ACCOUNTS, "bank_accounts_count"),
  })
  .strict()
  .superRefine(({ accounts }, ctx) => {
    if (defaultAccountIndex(accounts) < 0) {
      accounts.forEach((a, i) => {
        if (a.isDefault) ctx.addIssue({ code: "custom", path: ["accounts", i, "isDefault"], message: "default_account_multiple" });
      });
    }
    const ibans = new Set<string>();
    const ids = new Set<string>();
    accounts.forEach((a, i) => {
      if (a.iban && ibans.has(a.iban)) ctx.addIssue({ code: "custom", path: ["accounts", i, "iban"], message: "duplicate" });
      if (a.id && ids.has(a.id)) ctx.addIssue({ code: "custom", path: ["accounts", i, "id"], message: "duplicate" });
      if (a.iban) ibans.add(a.iban);
      if (a.id) ids.add(a.id);
    });
  });
export type BankAccountsInput = z.input<typeof bankAccountsSchema>;

// ---------------------------------------------------------------------------------------------
// Configuration as the host API sends it (GET getConfiguration)
// ---------------------------------------------------------------------------------------------

export interface OnboardingConfiguration {
  userType: "individual" | "company";
  /** Which parts of the onboarding apply to the current host. */
  sections: {
    individualDetails: boolean;
    businessDetails: boolean;
    /** Shareholders and signatories of a company, verified when KYC applies (§2 Verification). */
    ownerVerification: boolean;
    bankAccounts: boolean;
    documents: boolean;
    kyc: boolean;
  };
  kycCheckTypes: KycCheckType[];
  identityDocumentTypes: { id: IdentityDocumentType; label: string; requiresBack: boolean; sides: DocumentSide[] }[];
  payoutDocumentTypes: { id: PayoutDocumentType; label: string; sides: DocumentSide[] }[];
  /** A company's own documents; none for individuals. */
  companyDocumentTypes: { id: CompanyDocumentType; label: string; sides: DocumentSide[] }[];
  documentSides: { id: DocumentSide; label: string }[];
  documentConstraints: { mimeTypes: DocumentMimeType[]; maxBytes: number };
  minimumAge: number;
  maxBankAccounts: number;
  maxShareholders: number;
  maxSignatories: number;
  currencies: string[];
  countries: { code: string; label: string }[];
}

/** What the uploader of bank documents offers (the configuration's part of it, without the rest): labels from the "configuration" namespace. */
export function payoutDocumentChoices(t: (key: string) => string) {
  return {
    types: PAYOUT_DOCUMENT_TYPES.map((id) => ({ id, label: t(`configuration:payoutDocumentTypes.${id}`), requiresBack: false })),
    sides: DOCUMENT_SIDES.map((id) => ({ id, label: t(`configuration:documentSides.${id}`) })),
    accept: DOCUMENT_MIME_TYPES.join(","),
    megabytes: Math.round(MAX_DOCUMENT_BYTES / 1024 / 1024),
    currencies: [...SUPPORTED_CURRENCIES] as string[],
  };
}

/** Labels come from the "configuration" namespace; countries are sorted by label. */
export function onboardingConfiguration(
  t: (key: string) => string,
  user: { type: "individual" | "company"; isKYCApplicable: boolean },
  locale?: string,
): OnboardingConfiguration {
  const company = user.type === "company";
  const collator = new Intl.Collator(locale?.replace("_", "-"));
  return {
    userType: user.type,
    sections: {
      individualDetails: true,
      businessDetails: company,
      ownerVerification: company && user.isKYCApplicable,
      bankAccounts: true,
      documents: true,
      kyc: user.isKYCApplicable,
    },
    kycCheckTypes: kycCheckTypes(user.type),
    identityDocumentTypes: IDENTITY_DOCUMENT_TYPES.map((d) => ({
      id: d.id,
      label: t(`configuration:identityDocumentTypes.${d.id}`),
      requiresBack: d.requiresBack,
      sides: documentSides(d.id),
    })),
    payoutDocumentTypes: PAYOUT_DOCUMENT_TYPES.map((id) => ({ id, label: t(`configuration:payoutDocumentTypes.${id}`), sides: documentSides(id) })),
    companyDocumentTypes: company ? COMPANY_DOCUMENT_TYPES.map((id) => ({ id, label: t(`configuration:companyDocumentTypes.${id}`), sides: documentSides(id) })) : [],
    documentSides: DOCUMENT_SIDES.map((id) => ({ id, label: t(`configuration:documentSides.${id}`) })),
    documentConstraints: { mimeTypes: [...DOCUMENT_MIME_TYPES], maxBytes: MAX_DOCUMENT_BYTES },
    minimumAge: MINIMUM_AGE,
    maxBankAccounts: MAX_BANK_ACCOUNTS,
    maxShareholders: MAX_SHAREHOLDERS,
    maxSignatories: MAX_SIGNATORIES,
    currencies: [...SUPPORTED_CURRENCIES],
    countries: countryChoices(t, collator),
  };
}

/** Every country with its label in the language of `t` ("configuration" namespace), sorted by label as `collator` sorts. */
export function countryChoices(t: (key: string) => string, collator: Intl.Collator): { code: string; label: string }[] {
  return (COUNTRIES as readonly Country[]).map((c) => ({ code: c.code, label: t(`configuration:countries.${c.code}`) })).sort((a, b) => collator.compare(a.label, b.label));
}

// ---------------------------------------------------------------------------------------------
// KYC
// ---------------------------------------------------------------------------------------------

export { KYC_CHECK_STATUSES, KYC_CHECK_TYPES, KYC_STATUSES, type KycCheckStatus, type KycCheckType, type KycStatus } from "./kyc-states";

export interface KycCheck {
  type: KycCheckType;
  status: KycCheckStatus;
}

export function isKycStatus(value: string): value is KycStatus {
  return (KYC_STATUSES as readonly string[]).includes(value);
}

/** What is stored about a host that the checks depend on. */
export interface KycFacts {
  userType: "individual" | "company";
  status: KycStatus;
  /** Whether the host has personal details saved. */
  individualDetails: boolean;
  /** The saved business details (companies), or null. */
  businessDetails: { signatories: number } | null;
  bankAccounts: number;
  documents: readonly { documentType: DocumentType; side: DocumentSide }[];
  /** Outcomes of a review, by check; a reviewed check shows its outcome instead of `pending`. */
  reviews?: Partial<Record<KycCheckType, "passed" | "failed">>;
}

/** Front and, where the document has one, back of one identity document type. */
export function hasCompleteIdentityDocument(documents: KycFacts["documents"]): boolean {
  return IDENTITY_DOCUMENT_TYPES.some(
    (type) =>
      documents.some((d) => d.documentType === type.id && d.side === "front") &&
      (!type.requiresBack || documents.some((d) => d.documentType === type.id && d.side === "back")),
  );
}

export function hasCompanyDocument(documents: KycFacts["documents"]): boolean {
  return documents.some((d) => (COMPANY_DOCUMENT_TYPES as readonly string[]).includes(d.documentType));
}

export function hasPayoutDocument(documents: KycFacts["documents"]): boolean {
  return documents.some((d) => (PAYOUT_DOCUMENT_TYPES as readonly string[]).includes(d.documentType));
}

/** The checks that apply to a host: `business` only to companies. */
export function kycCheckTypes(userType: KycFacts["userType"]): KycCheckType[] {
  return KYC_CHECK_TYPES.filter((t) => t !== "business" || userType === "company");
}

/**
 * Each check's status, derived from what has been saved:
 * - identity: personal details and a complete identity document (front, and back when it has one):
 *   the host's own, or for a company its owner's;
 * - business (companies): business details with at least one signatory, and the company's document;
 * - bank_account: at least one payout account;
 * - documents: a payout document (bank statement or letter).
 * Complete data is `pending` (or the review's outcome); incomplete data is `awaiting_data`, except
 * before verification started when nothing at all is saved for the check: that is `new`.
 */
export function kycChecks(facts: KycFacts): KycCheck[] {
  const neverStarted = facts.status === "VERIFICATION_NEVER_STARTED";
  const progress: Record<KycCheckType, { complete: boolean; any: boolean }> = {
    identity: {
      complete: facts.individualDetails && hasCompleteIdentityDocument(facts.documents),
      any: facts.individualDetails || facts.documents.some((d) => isIdentityDocumentType(d.documentType)),
    },
    business: {
      complete: (facts.businessDetails?.signatories ?? 0) > 0 && hasCompanyDocument(facts.documents),
      any: facts.businessDetails !== null || hasCompanyDocument(facts.documents),
    },
    bank_account: { complete: facts.bankAccounts > 0, any: facts.bankAccounts > 0 },
    documents: { complete: hasPayoutDocument(facts.documents), any: hasPayoutDocument(facts.documents) },
  };
  return kycCheckTypes(facts.userType).map((type) => {
    const { complete, any } = progress[type];
    if (complete) return { type, status: facts.reviews?.[type] ?? "pending" };
    return { type, status: neverStarted && !any ? "new" : "awaiting_data" };
  });
}

/** Statuses that saving data never changes: the verification is over (or must be renewed with staff). */
const SETTLED: readonly KycStatus[] = ["COMPLETED", "EXPIRED"];

/**
 * The host's verification status after they saved or removed data, for a host KYC applies to
 * (for anyone else it stays as it is): everything collected is `IN_PROGRESS` (under review); any
 * data but not all of it, `COLLECTING_DATA`. COMPLETED and EXPIRED stay.
 */
export function nextKycStatus(current: KycStatus, checks: readonly KycCheck[], applicable: boolean): KycStatus {
  if (!applicable || SETTLED.includes(current)) return current;
  if (checks.length && checks.every((c) => c.status === "pending" || c.status === "passed")) return "IN_PROGRESS";
  if (checks.some((c) => c.status !== "new") || current === "IN_PROGRESS" || current === "FAILED") return "COLLECTING_DATA";
  return current;
}

/** `set-start-at`: the verification starts; a host who never started (or is required to) now collects data. */
export function startedKycStatus(current: KycStatus): KycStatus {
  return current === "VERIFICATION_NEVER_STARTED" || current === "REQUIRED" ? "COLLECTING_DATA" : current;
}
