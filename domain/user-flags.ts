/**
 * How a host's permissions follow from what is stored about them (§1, §4, §6). The API derives the
 * flags of the current user with this; nothing here is a constant per demo account.
 */
export const BIDDING_TAGS = ["hybrid_3", "hybrid_7", "hybrid_13", "hybrid_19"] as const;
export type BiddingTag = (typeof BIDDING_TAGS)[number];

/** Switches that staff turn on per host (§1 "Feature flags gate ..."). */
export const APP_FEATURES = [
  "bookings",
  "inquiries",
  "subscriptionCheckout",
  "b2b",
  "overview",
  "earnings",
  "coinSubscription",
  "listingVerification",
] as const;
export type AppFeature = (typeof APP_FEATURES)[number];

export type StoredCommercialModel = "subscription" | "commission";
export type CommercialModel = StoredCommercialModel | "hybrid";

export interface StoredUserSettings {
  role: "host" | "staff";
  type: "individual" | "company";
  onboardingStatus: "in_progress" | "finished";
  commercialModel: StoredCommercialModel;
  biddingTag: string | null;
  kycApplicable: boolean;
  features: readonly string[];
}

export interface UserFlags {
  commercialModel: CommercialModel;
  biddingTag: BiddingTag | null;
  commissionApplicable: boolean;
  subscriptionApplicable: boolean;
  bookingsAvailable: boolean;
  inquiriesAvailable: boolean;
  isSubscriptionCheckoutAvailable: boolean;
  isKYCApplicable: boolean;
  isCoinSubscriptionEnabled: boolean;
  isB2B: boolean;
  appFeatures: AppFeature[];
}

export function isBiddingTag(value: unknown): value is BiddingTag {
  return typeof value === "string" && (BIDDING_TAGS as readonly string[]).includes(value);
}

export function deriveUserFlags(user: StoredUserSettings): UserFlags {
  const features = new Set(user.features.filter((f): f is AppFeature => (APP_FEATURES as readonly string[]).includes(f)));
  const biddingTag = user.commercialModel === "commission" && isBiddingTag(user.biddingTag) ? user.biddingTag : null;
  // A hybrid host is a commission host with a hybrid bidding tag: both models apply.
  const commercialModel: CommercialModel = biddingTag ? "hybrid" : user.commercialModel;
  const commissionApplicable = commercialModel !== "subscription";
  const subscriptionApplicable = commercialModel !== "commission";
  const onboardingFinished = user.onboardingStatus === "finished";
  return {
    commercialModel,
    biddingTag,
    commissionApplicable,
    subscriptionApplicable,
    bookingsAvailable: onboardingFinished && features.has("bookings"),
    inquiriesAvailable: subscriptionApplicable && features.has("inquiries"),
    isSubscriptionCheckoutAvailable: subscriptionApplicable && features.has("subscriptionCheckout"),
    isKYCApplicable: commissionApplicable && user.kycApplicable,
    isCoinSubscriptionEnabled: subscriptionApplicable && features.has("coinSubscription"),
    isB2B: features.has("b2b"),
    appFeatures: [...features].sort(),
  };
}

/** The standard commission on a booking, in percent, for commission hosts without a bidding tag. */
export const STANDARD_COMMISSION_PERCENT = 15;

/** The commission a host pays per booking (§3 bidding tags: hybrid_N pays N percent), or null on subscription. */
export function commissionPercent(flags: { commissionApplicable: boolean; biddingTag: string | null }): number | null {
  if (!flags.commissionApplicable) return null;
  return isBiddingTag(flags.biddingTag) ? Number(flags.biddingTag.slice("hybrid_".length)) : STANDARD_COMMISSION_PERCENT;
}

/**
 * Whether the marketplace pays the host out (§1, §3): a host on commission (a hybrid one too) receives
 * each stay's payout, the guest's payment less the commission; a host on a subscription is paid by the
 * guest directly, so no page speaks to them of a payout.
 */
export function receivesPayouts(flags: { commissionApplicable: boolean }): boolean {
  return flags.commissionApplicable;
}

/** Whether a host sees the earnings and occupancy tabs (§2 "when a setting allows"): the earnings feature of a host who takes bookings on commission. */
export function earningsAvailable(user: { commissionApplicable: boolean; appFeatures: readonly string[] }): boolean {
  return user.commissionApplicable && user.appFeatures.includes("earnings");
}
