import { describe, expect, it } from "vitest";
import { onboardingEligibility } from "./eligibility";

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
