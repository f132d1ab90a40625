import { describe, expect, it } from "vitest";
import { APP_FEATURES, BIDDING_TAGS, commissionPercent, deriveUserFlags, isBiddingTag, type StoredUserSettings } from "./user-flags";

function user(overrides: Partial<StoredUserSettings> = {}): StoredUserSettings {
  return {
    role: "host",
    type: "individual",
    onboardingStatus: "finished",
    commercialModel: "subscription",
    biddingTag: null,
    kycApplicable: false,
    features: [],
    ...overrides,
  };
}

describe("isBiddingTag", () => {
  it("accepts the four hybrid tags only", () => {
    for (const tag of BIDDING_TAGS) expect(isBiddingTag(tag)).toBe(true);
    expect(isBiddingTag("hybrid_5")).toBe(false);
    expect(isBiddingTag("HYBRID_3")).toBe(false);
    expect(isBiddingTag(null)).toBe(false);
    expect(isBiddingTag(3)).toBe(false);
  });
});

describe("deriveUserFlags", () => {
  it("a subscription host: only subscription applies", () => {
    const flags = deriveUserFlags(user({ commercialModel: "subscription" }));
    expect(flags.commercialModel).toBe("subscription");
    expect(flags.biddingTag).toBeNull();
    expect(flags.subscriptionApplicable).toBe(true);
    expect(flags.commissionApplicable).toBe(false);
  });

  it("a commission host: only commission applies", () => {
    const flags = deriveUserFlags(user({ commercialModel: "commission" }));
    expect(flags.commercialModel).toBe("commission");
    expect(flags.biddingTag).toBeNull();
    expect(flags.commissionApplicable).toBe(true);
    expect(flags.subscriptionApplicable).toBe(false);
  });

  it.each(BIDDING_TAGS)("a commission host with bidding tag %s is hybrid and both models apply", (tag) => {
    const flags = deriveUserFlags(user({ commercialModel: "commission", biddingTag: tag }));
    expect(flags.commercialModel).toBe("hybrid");
    expect(flags.biddingTag).toBe(tag);
    expect(flags.commissionApplicable).toBe(true);
    expect(flags.subscriptionApplicable).toBe(true);
  });

  it("a subscription host with a bidding tag is not hybrid, and the tag is dropped", () => {
    const flags = deriveUserFlags(user({ commercialModel: "subscription", biddingTag: "hybrid_7" }));
    expect(flags.commercialModel).toBe("subscription");
    expect(flags.biddingTag).toBeNull();
    expect(flags.commissionApplicable).toBe(false);
    expect(flags.subscriptionApplicable).toBe(true);
  });

  it("ignores an unknown bidding tag", () => {
    const flags = deriveUserFlags(user({ commercialModel: "commission", biddingTag: "hybrid_99" }));
    expect(flags.commercialModel).toBe("commission");
    expect(flags.biddingTag).toBeNull();
    expect(flags.subscriptionApplicable).toBe(false);
  });

  describe("bookingsAvailable", () => {
    it("is true when onboarding is finished and the bookings feature is on", () => {
      expect(deriveUserFlags(user({ onboardingStatus: "finished", features: ["bookings"] })).bookingsAvailable).toBe(true);
      expect(
        deriveUserFlags(user({ commercialModel: "commission", onboardingStatus: "finished", features: ["bookings"] })).bookingsAvailable,
      ).toBe(true);
    });

    it("is false while onboarding is in progress", () => {
      expect(deriveUserFlags(user({ onboardingStatus: "in_progress", features: ["bookings"] })).bookingsAvailable).toBe(false);
    });

    it("is false without the bookings feature", () => {
      expect(deriveUserFlags(user({ onboardingStatus: "finished", features: ["inquiries"] })).bookingsAvailable).toBe(false);
    });
  });

  describe("inquiriesAvailable", () => {
    it("is true for a subscription host with the inquiries feature", () => {
      expect(deriveUserFlags(user({ features: ["inquiries"] })).inquiriesAvailable).toBe(true);
    });

    it("is true for a hybrid host with the inquiries feature", () => {
      expect(
        deriveUserFlags(user({ commercialModel: "commission", biddingTag: "hybrid_13", features: ["inquiries"] })).inquiriesAvailable,
      ).toBe(true);
    });

    it("is false for a pure commission host even with the feature", () => {
      expect(deriveUserFlags(user({ commercialModel: "commission", features: ["inquiries"] })).inquiriesAvailable).toBe(false);
    });

    it("is false without the feature", () => {
      expect(deriveUserFlags(user({ features: [] })).inquiriesAvailable).toBe(false);
    });
  });

  describe("isKYCApplicable", () => {
    it("is true for a commission host with kycApplicable", () => {
      expect(deriveUserFlags(user({ commercialModel: "commission", kycApplicable: true })).isKYCApplicable).toBe(true);
    });

    it("is true for a hybrid host with kycApplicable", () => {
      expect(
        deriveUserFlags(user({ commercialModel: "commission", biddingTag: "hybrid_19", kycApplicable: true })).isKYCApplicable,
      ).toBe(true);
    });

    it("is false for a subscription host even with kycApplicable", () => {
      expect(deriveUserFlags(user({ commercialModel: "subscription", kycApplicable: true })).isKYCApplicable).toBe(false);
    });

    it("is false for a commission host without kycApplicable", () => {
      expect(deriveUserFlags(user({ commercialModel: "commission", kycApplicable: false })).isKYCApplicable).toBe(false);
    });
  });

  it("gates subscription checkout and coin subscription on the subscription model", () => {
    const features = ["subscriptionCheckout", "coinSubscription"];
    const sub = deriveUserFlags(user({ commercialModel: "subscription", features }));
    expect(sub.isSubscriptionCheckoutAvailable).toBe(true);
    expect(sub.isCoinSubscriptionEnabled).toBe(true);
    const com = deriveUserFlags(user({ commercialModel: "commission", features }));
    expect(com.isSubscriptionCheckoutAvailable).toBe(false);
    expect(com.isCoinSubscriptionEnabled).toBe(false);
    const none = deriveUserFlags(user({ commercialModel: "subscription", features: [] }));
    expect(none.isSubscriptionCheckoutAvailable).toBe(false);
    expect(none.isCoinSubscriptionEnabled).toBe(false);
  });

  it("isB2B follows the b2b feature for any model", () => {
    expect(deriveUserFlags(user({ features: ["b2b"] })).isB2B).toBe(true);
    expect(deriveUserFlags(user({ commercialModel: "commission", features: ["b2b"] })).isB2B).toBe(true);
    expect(deriveUserFlags(user({ features: [] })).isB2B).toBe(false);
  });

  it("drops unknown feature strings and sorts appFeatures", () => {
    const flags = deriveUserFlags(
      user({ features: ["overview", "teleport", "bookings", "Earnings", "earnings", "b2b", ""] }),
    );
    expect(flags.appFeatures).toEqual(["b2b", "bookings", "earnings", "overview"]);
  });

  it("removes duplicate features", () => {
    expect(deriveUserFlags(user({ features: ["inquiries", "inquiries"] })).appFeatures).toEqual(["inquiries"]);
  });

  it("keeps every known feature", () => {
    const flags = deriveUserFlags(user({ features: [...APP_FEATURES].toReversed() }));
    expect(flags.appFeatures).toEqual([...APP_FEATURES].sort());
  });
});

describe("commissionPercent", () => {
  it("is the standard rate for commission hosts, the tag's rate for hybrid hosts, and none on subscription", () => {
    expect(commissionPercent({ commissionApplicable: true, biddingTag: null })).toBe(15);
    expect(commissionPercent({ commissionApplicable: true, biddingTag: "hybrid_7" })).toBe(7);
    expect(commissionPercent({ commissionApplicable: true, biddingTag: "hybrid_19" })).toBe(19);
    expect(commissionPercent({ commissionApplicable: false, biddingTag: null })).toBeNull();
  });
});
