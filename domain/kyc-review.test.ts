import { describe, expect, it } from "vitest";
import { decideKyc, isVerificationExpired, verificationBanner } from "./kyc-review";
import { KYC_STATUSES } from "./onboarding";

const company = ["identity", "business", "bank_account", "documents"] as const;
const allPassed = { identity: "passed", business: "passed", bank_account: "passed", documents: "passed" } as const;

describe("staff's decision on a verification", () => {
  it("completes a verification whose checks all passed, until the document's expiry date", () => {
    expect(decideKyc("IN_PROGRESS", company, { checks: allPassed, reason: "", documentsExpireOn: "2030-01-31" }, "2026-11-25")).toEqual({ status: "COMPLETED", documentsExpireOn: "2030-01-31" });
  });

  it("fails a verification with a failed check, with the reason the host reads", () => {
    expect(decideKyc("IN_PROGRESS", company, { checks: { ...allPassed, identity: "failed" }, reason: "  The photo is blurred. ", documentsExpireOn: null }, "2026-11-25")).toEqual({ status: "FAILED", reason: "The photo is blurred." });
    expect(decideKyc("IN_PROGRESS", company, { checks: { ...allPassed, documents: "failed" }, reason: " ", documentsExpireOn: null }, "2026-11-25")).toEqual([{ field: "reason", code: "reason_required" }]);
  });

  it("needs every check reviewed, an expiry after today, and a verification under review", () => {
    expect(decideKyc("IN_PROGRESS", company, { checks: { identity: "passed" }, reason: "", documentsExpireOn: "2030-01-31" }, "2026-11-25")).toEqual([
      { field: "checks.business", code: "check_review_required" },
      { field: "checks.bank_account", code: "check_review_required" },
      { field: "checks.documents", code: "check_review_required" },
    ]);
    expect(decideKyc("IN_PROGRESS", company, { checks: allPassed, reason: "", documentsExpireOn: null }, "2026-11-25")).toEqual([{ field: "documentsExpireOn", code: "documents_expiry_required" }]);
    expect(decideKyc("IN_PROGRESS", company, { checks: allPassed, reason: "", documentsExpireOn: "2026-11-25" }, "2026-11-25")).toEqual([{ field: "documentsExpireOn", code: "date_in_past" }]);
    expect(decideKyc("COLLECTING_DATA", company, { checks: allPassed, reason: "", documentsExpireOn: "2030-01-31" }, "2026-11-25")).toEqual([{ field: null, code: "verification_not_in_review" }]);
  });

  it("expires a completed verification on its document's expiry day", () => {
    expect(isVerificationExpired("COMPLETED", "2026-11-25", "2026-11-24")).toBe(false);
    expect(isVerificationExpired("COMPLETED", "2026-11-25", "2026-11-25")).toBe(true);
    expect(isVerificationExpired("FAILED", "2026-11-25", "2026-11-26")).toBe(false);
    expect(isVerificationExpired("COMPLETED", null, "2026-11-26")).toBe(false);
  });
});

describe("verification banner", () => {
  it("shows for every status but COMPLETED, with the action of §2", () => {
    const shown = Object.fromEntries(KYC_STATUSES.map((s) => [s, verificationBanner(s, false)?.kind ?? null]));
    expect(shown).toEqual({
      VERIFICATION_NEVER_STARTED: "action",
      REQUIRED: "action",
      COLLECTING_DATA: "action",
      IN_PROGRESS: "inProgress",
      COMPLETED: null,
      FAILED: "failed",
      EXPIRED: "expired",
    });
  });

  it("shows nothing for a host who never started on the verification pages themselves", () => {
    expect(verificationBanner("VERIFICATION_NEVER_STARTED", true)).toBeNull();
    expect(verificationBanner("REQUIRED", true)).toEqual({ kind: "action" });
  });
});
