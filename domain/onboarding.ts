/**
 * Host onboarding: identity, business and payout details, verification documents and the KYC
 * (know your customer) verification that follows from them (§3 "Tax/company details", "KYC").
 * Reference data and pure rules, no I/O; the host API stores the data and calls these.
 */

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

export const DOCUMENT_TYPES = [...IDENTITY_DOCUMENT_TYPES.map((d) => d.id), ...PAYOUT_DOCUMENT_TYPES] as const;
export type DocumentType = IdentityDocumentType | PayoutDocumentType;

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
// Personal data rules
// ---------------------------------------------------------------------------------------------

/** A real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today as `YYYY-MM-DD` (UTC). */
export function isoToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Completed years between two ISO dates. A birthday on 29 February counts from 1 March in years
 * without one.
 */
export function ageOn(dateOfBirth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return today.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

export function isOfMinimumAge(dateOfBirth: string, today: string, minimumAge = MINIMUM_AGE): boolean {
  return isIsoDate(dateOfBirth) && ageOn(dateOfBirth, today) >= minimumAge;
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

// ---------------------------------------------------------------------------------------------
// KYC
// ---------------------------------------------------------------------------------------------

export const KYC_STATUSES = ["VERIFICATION_NEVER_STARTED", "REQUIRED", "COLLECTING_DATA", "IN_PROGRESS", "COMPLETED", "FAILED", "EXPIRED"] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const KYC_CHECK_TYPES = ["identity", "business", "bank_account", "documents"] as const;
export type KycCheckType = (typeof KYC_CHECK_TYPES)[number];

export const KYC_CHECK_STATUSES = ["new", "awaiting_data", "pending", "passed", "failed"] as const;
export type KycCheckStatus = (typeof KYC_CHECK_STATUSES)[number];

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

export function hasPayoutDocument(documents: KycFacts["documents"]): boolean {
  return documents.some((d) => (PAYOUT_DOCUMENT_TYPES as readonly string[]).includes(d.documentType));
}

/** The checks that apply to a host: `business` only to companies. */
export function kycCheckTypes(userType: KycFacts["userType"]): KycCheckType[] {
  return KYC_CHECK_TYPES.filter((t) => t !== "business" || userType === "company");
}

/**
 * Each check's status, derived from what has been saved:
 * - identity: personal details and a complete identity document (front, and back when it has one);
 * - business (companies): business details with at least one signatory;
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
    business: { complete: (facts.businessDetails?.signatories ?? 0) > 0, any: facts.businessDetails !== null },
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
