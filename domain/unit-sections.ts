/**
 * Which section pages a unit shows (§2 Properties, §6). The always-present sections describe the
 * place itself; the others follow the host's flags and where the property is.
 */
export const UNIT_SECTIONS = [
  "about",
  "photos",
  "amenities",
  "rooms",
  "booking-policies",
  "price-and-availability",
  "promotions",
  "taxes-and-laws",
  "subscription-and-boosters",
  "manage-subscription",
  "boosters",
] as const;
export type UnitSection = (typeof UNIT_SECTIONS)[number];

export function isUnitSection(value: string): value is UnitSection {
  return (UNIT_SECTIONS as readonly string[]).includes(value);
}

export interface UnitSectionContext {
  /** The host earns through bookings (commission or hybrid): instant booking applies. */
  commissionApplicable: boolean;
  /** What the unit's country and region require (§5 registration rules). */
  regionalRequirements: { registrationNumber: boolean; nationalIdentificationCode: boolean };
  /** Values the unit already carries; a host can always see and clear what was entered. */
  registrationNumber: string | null;
  nationalIdentificationCode: string | null;
  invalidFields: readonly { field: string }[];
  /** The host pays by subscription (subscription hosts and hybrid ones): the subscription sections apply. */
  subscriptionApplicable?: boolean;
  /** Boost credits are enabled for the host (isCoinSubscriptionEnabled): the boosters section applies. */
  coinSubscription?: boolean;
}

/** The subscription's pages (§2): the overview is a tab; managing it and buying boosts open from there. */
export const SUBSCRIPTION_SUBPAGES: readonly UnitSection[] = ["manage-subscription", "boosters"];

export function regionalRequirementsApply(unit: UnitSectionContext): boolean {
  return (
    unit.regionalRequirements.registrationNumber ||
    unit.regionalRequirements.nationalIdentificationCode ||
    Boolean(unit.registrationNumber) ||
    Boolean(unit.nationalIdentificationCode) ||
    unit.invalidFields.length > 0
  );
}

export function visibleUnitSections(unit: UnitSectionContext): UnitSection[] {
  return UNIT_SECTIONS.filter((section) => {
    if (section === "taxes-and-laws") return regionalRequirementsApply(unit);
    if (section === "promotions") return showsPromotions(unit);
    if (section === "subscription-and-boosters" || section === "manage-subscription") return unit.subscriptionApplicable === true;
    if (section === "boosters") return unit.subscriptionApplicable === true && unit.coinSubscription === true;
    return true;
  });
}

/** Promotions (§3) are discounts on bookings: they apply where guests book, as the wizard's promotions step. */
export function showsPromotions(unit: Pick<UnitSectionContext, "commissionApplicable">): boolean {
  return unit.commissionApplicable;
}

/** Instant booking or on request (§3 Booking type) is a choice only where guests book. */
export function showsBookingPreference(unit: Pick<UnitSectionContext, "commissionApplicable">): boolean {
  return unit.commissionApplicable;
}
