import { countryByCode } from "./property-configuration";

/**
 * Who may start listing (§2 /listing/check-eligibility): the property must be in a country the
 * marketplace serves, and the host must be allowed to let it (its owner, or a manager the owner
 * appointed). Subletting a rented home is not allowed.
 */
export const HOST_ROLES = ["owner", "manager", "tenant"] as const;
export type HostRole = (typeof HOST_ROLES)[number];

export type IneligibleReason = "country_not_served" | "not_allowed_to_let";
export type Eligibility = { eligible: true } | { eligible: false; reason: IneligibleReason };

export const INELIGIBLE_REASONS = ["country_not_served", "not_allowed_to_let"] as const satisfies readonly IneligibleReason[];

export function onboardingEligibility(answers: { countryCode: string; hostRole: HostRole }): Eligibility {
  if (!countryByCode(answers.countryCode.toUpperCase())) return { eligible: false, reason: "country_not_served" };
  if (answers.hostRole === "tenant") return { eligible: false, reason: "not_allowed_to_let" };
  return { eligible: true };
}

/** What is stored of a host's answer: "eligible", the reason they may not list, or null before answering. */
export type StoredEligibility = "eligible" | IneligibleReason | null;

/**
 * Why a host may not create a property, or null when they may: a host still onboarding who was told
 * they may not list stays told so until they answer otherwise; a host who has listed before may.
 */
export function listingRefusal(host: { onboardingStatus: "in_progress" | "finished"; listingEligibility: StoredEligibility }): IneligibleReason | null {
  if (host.onboardingStatus === "finished" || host.listingEligibility === null || host.listingEligibility === "eligible") return null;
  return host.listingEligibility;
}
