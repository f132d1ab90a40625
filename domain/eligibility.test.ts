import { describe, expect, it } from "vitest";
import { listingRefusal, onboardingEligibility } from "./eligibility";

describe("onboardingEligibility", () => {
  it("lets owners and appointed managers list in the countries served", () => {
    expect(onboardingEligibility({ countryCode: "PT", hostRole: "owner" })).toEqual({ eligible: true });
    expect(onboardingEligibility({ countryCode: "it", hostRole: "manager" })).toEqual({ eligible: true });
  });

  it("names why a host cannot list", () => {
    expect(onboardingEligibility({ countryCode: "other", hostRole: "owner" })).toEqual({ eligible: false, reason: "country_not_served" });
    expect(onboardingEligibility({ countryCode: "DE", hostRole: "tenant" })).toEqual({ eligible: false, reason: "not_allowed_to_let" });
  });
});

describe("listingRefusal", () => {
  it("keeps a host who was told they may not list from listing, until they answer otherwise", () => {
    expect(listingRefusal({ onboardingStatus: "in_progress", listingEligibility: "not_allowed_to_let" })).toBe("not_allowed_to_let");
    expect(listingRefusal({ onboardingStatus: "in_progress", listingEligibility: "country_not_served" })).toBe("country_not_served");
    expect(listingRefusal({ onboardingStatus: "in_progress", listingEligibility: "eligible" })).toBeNull();
    expect(listingRefusal({ onboardingStatus: "in_progress", listingEligibility: null })).toBeNull();
    // A host who has listed before adds properties without the questions.
    expect(listingRefusal({ onboardingStatus: "finished", listingEligibility: "not_allowed_to_let" })).toBeNull();
  });
});
