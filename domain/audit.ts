/**
 * What staff do to a host's account is written to the audit log, one row per act, and staff read
 * it on the audit-log page. These are the acts that are recorded.
 */
export const AUDIT_ACTIONS = ["impersonation.start", "impersonation.stop", "feature.set", "identity-verification.set", "identity-verification.decide", "unit.reject"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The audit log is read a page at a time, newest first. */
export const AUDIT_LOG_PAGE_SIZE = 25;
