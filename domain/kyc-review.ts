import type { KycCheckType, KycStatus } from "./onboarding";

/**
 * Staff's decision on a host's identity verification (§2 Verification, §3 KYC) and what the host
 * sees of it. Pure rules, no I/O.
 *
 * A verification reaches staff once every check has its data (status IN_PROGRESS). Staff review
 * each check: all passed completes the verification (COMPLETED) until the identity document expires
 * (`documentsExpireOn`, then EXPIRED); any failed fails it (FAILED) with a reason the host reads.
 * The host then corrects the data, which starts the review again.
 */

export type CheckOutcome = "passed" | "failed";

export interface KycDecisionInput {
  checks: Partial<Record<KycCheckType, CheckOutcome>>;
  reason: string;
  documentsExpireOn: string | null;
}

export interface KycDecisionProblem {
  field: string | null;
  code: "verification_not_in_review" | "check_review_required" | "reason_required" | "documents_expiry_required" | "date_in_past";
}

export type KycDecision = { status: "COMPLETED"; documentsExpireOn: string } | { status: "FAILED"; reason: string };

/**
 * The decision staff's review amounts to, or what is missing: each applicable check reviewed, a
 * reason for a failure, and for a completion the document's expiry date after today.
 */
export function decideKyc(current: KycStatus, applicable: readonly KycCheckType[], input: KycDecisionInput, today: string): KycDecision | KycDecisionProblem[] {
  if (current !== "IN_PROGRESS") return [{ field: null, code: "verification_not_in_review" }];
  const missing = applicable.filter((type) => !input.checks[type]).map((type) => ({ field: `checks.${type}`, code: "check_review_required" as const }));
  if (missing.length) return missing;
  const failed = applicable.some((type) => input.checks[type] === "failed");
  if (failed) return input.reason.trim() ? { status: "FAILED", reason: input.reason.trim() } : [{ field: "reason", code: "reason_required" }];
  if (!input.documentsExpireOn) return [{ field: "documentsExpireOn", code: "documents_expiry_required" }];
  if (input.documentsExpireOn <= today) return [{ field: "documentsExpireOn", code: "date_in_past" }];
  return { status: "COMPLETED", documentsExpireOn: input.documentsExpireOn };
}

/** Whether a completed verification has expired on `today` (its document's expiry day has come). */
export function isVerificationExpired(status: KycStatus, documentsExpireOn: string | null, today: string): boolean {
  return status === "COMPLETED" && documentsExpireOn !== null && documentsExpireOn <= today;
}

/**
 * §2: the verification banner. None once COMPLETED, nor for a host who never started when they are
 * on the verification pages themselves; EXPIRED offers to contact support by email; IN_PROGRESS
 * only says it is under review; every other status offers a button into the flow (FAILED with the
 * reason staff gave).
 */
export type VerificationBanner = null | { kind: "expired" } | { kind: "inProgress" } | { kind: "failed" } | { kind: "action" };

export function verificationBanner(status: KycStatus, onVerificationRoute: boolean): VerificationBanner {
  if (status === "COMPLETED") return null;
  if (status === "VERIFICATION_NEVER_STARTED" && onVerificationRoute) return null;
  if (status === "EXPIRED") return { kind: "expired" };
  if (status === "IN_PROGRESS") return { kind: "inProgress" };
  if (status === "FAILED") return { kind: "failed" };
  return { kind: "action" };
}
