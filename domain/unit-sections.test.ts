import { describe, expect, it } from "vitest";
import { showsBookingPreference, visibleUnitSections, type UnitSectionContext } from "./unit-sections";

const plain: UnitSectionContext = {
  commissionApplicable: false,
  regionalRequirements: { registrationNumber: false, nationalIdentificationCode: false },
  registrationNumber: null,
  nationalIdentificationCode: null,
  invalidFields: [],
};

describe("visibleUnitSections", () => {
  it("shows the place's own sections and its prices everywhere, without taxes and laws where nothing is required", () => {
    expect(visibleUnitSections(plain)).toEqual(["about", "photos", "amenities", "rooms", "booking-policies", "price-and-availability"]);
  });

  it("shows promotions to hosts who take bookings only, as the wizard does", () => {
    expect(visibleUnitSections({ ...plain, commissionApplicable: true })).toEqual(["about", "photos", "amenities", "rooms", "booking-policies", "price-and-availability", "promotions"]);
    expect(visibleUnitSections(plain)).not.toContain("promotions");
  });

  it("shows taxes and laws where the region requires a registration number or an identification code", () => {
    expect(visibleUnitSections({ ...plain, regionalRequirements: { registrationNumber: true, nationalIdentificationCode: false } })).toContain("taxes-and-laws");
    expect(visibleUnitSections({ ...plain, regionalRequirements: { registrationNumber: false, nationalIdentificationCode: true } })).toContain("taxes-and-laws");
  });

  it("keeps taxes and laws while the unit carries a value or an invalid field", () => {
    expect(visibleUnitSections({ ...plain, registrationNumber: "AL-1" })).toContain("taxes-and-laws");
    expect(visibleUnitSections({ ...plain, nationalIdentificationCode: "IT123" })).toContain("taxes-and-laws");
    expect(visibleUnitSections({ ...plain, invalidFields: [{ field: "registrationNumber" }] })).toContain("taxes-and-laws");
  });
});

describe("subscription sections", () => {
  it("show the subscription and managing it to hosts who pay by subscription, and boosters where boost credits are enabled", () => {
    expect(visibleUnitSections(plain)).not.toContain("subscription-and-boosters");
    expect(visibleUnitSections({ ...plain, subscriptionApplicable: true })).toEqual([
      "about",
      "photos",
      "amenities",
      "rooms",
      "booking-policies",
      "price-and-availability",
      "subscription-and-boosters",
      "manage-subscription",
    ]);
    expect(visibleUnitSections({ ...plain, subscriptionApplicable: true, coinSubscription: true })).toContain("boosters");
    expect(visibleUnitSections({ ...plain, coinSubscription: true })).not.toContain("boosters");
  });
});

describe("showsBookingPreference", () => {
  it("applies to hosts who take bookings only", () => {
    expect(showsBookingPreference({ commissionApplicable: true })).toBe(true);
    expect(showsBookingPreference({ commissionApplicable: false })).toBe(false);
  });
});
