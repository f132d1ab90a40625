/**
 * The identity verification's statuses and checks (§3 KYC) as plain lists: no zod and nothing else,
 * so that pages may use them in the browser (staff's queue and review) without loading the
 * onboarding's schemas. `domain/onboarding.ts` re-exports them with the rules that use them.
 */
export const KYC_STATUSES = ["VERIFICATION_NEVER_STARTED", "REQUIRED", "COLLECTING_DATA", "IN_PROGRESS", "COMPLETED", "FAILED", "EXPIRED"] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const KYC_CHECK_TYPES = ["identity", "business", "bank_account", "documents"] as const;
export type KycCheckType = (typeof KYC_CHECK_TYPES)[number];

export const KYC_CHECK_STATUSES = ["new", "awaiting_data", "pending", "passed", "failed"] as const;
export type KycCheckStatus = (typeof KYC_CHECK_STATUSES)[number];
