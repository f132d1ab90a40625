import { describe, expect, it } from "vitest";
import {
  currentStep,
  isReachable,
  nextStep,
  previousStep,
  progressPercent,
  propertyStepsOf,
  stepAfter,
  visibleSteps,
  wizardState,
  withCompleted,
  wizardSteps,
  type StepId,
  type WizardContext,
} from "./listing-steps";

const individualSubscription: WizardContext = {
  userType: "individual",
  onboardingFinished: false,
  commissionApplicable: false,
  subscriptionApplicable: true,
  hybrid: false,
  isKYCApplicable: false,
  isSubscriptionCheckoutAvailable: true,
  isCoinSubscriptionEnabled: false,
  listingVerificationEnabled: false,
  calendarVerificationStatus: null,
  regionalRequirementsApply: false,
};
const companyCommissionKyc: WizardContext = { ...individualSubscription, userType: "company", commissionApplicable: true, subscriptionApplicable: false, isKYCApplicable: true };

const ids = (steps: { id: StepId }[]) => steps.map((s) => s.id);
const weight = (id: StepId) => wizardSteps("multi-unit").find((s) => s.id === id)!.weight;

describe("the wizards of §2", () => {
  it("lists the single-unit steps in order, with their groups", () => {
    const steps = wizardSteps("single-unit");
    expect(steps).toHaveLength(34);
    expect(ids(steps).slice(0, 9)).toEqual(["property", "location", "location/address", "location/map", "guests-and-rooms/info", "guests-and-rooms/beds", "photos", "amenities", "title"]);
    expect(steps.at(-1)).toMatchObject({ id: "publish", group: "final-info", formless: true, weight: 0 });
    expect(steps.find((s) => s.id === "photos")?.group).toBe("property-detail");
  });

  it("lists the multi-unit steps in order, with its own groups", () => {
    const steps = wizardSteps("multi-unit");
    expect(ids(steps)).toEqual([
      "property", "location", "location/address", "location/map", "property-title", "start-unit",
      "unit-type", "guests-and-rooms/info", "guests-and-rooms/beds", "photos", "amenities", "title",
      "price-and-availability", "price-and-availability/promotions", "price-and-availability/seasons", "calendar-availability",
      "commission-model", "verification/info", "verification/owner", "verification/upload", "personal-details/info", "personal-details/owner",
      "booking-preference", "regional-requirements", "payout/info", "payout/upload", "publish",
    ]);
    expect(steps.find((s) => s.id === "start-unit")).toMatchObject({ group: "property-basic-info", formless: true, weight: 0 });
    expect(steps.find((s) => s.id === "unit-type")?.group).toBe("unit-basic-info");
    expect(steps.find((s) => s.id === "title")?.group).toBe("unit-details");
  });

  it("weighs the steps as §2 says", () => {
    expect([weight("start-unit"), weight("publish")]).toEqual([0, 0]);
    for (const id of ["property", "location", "location/address", "location/map", "unit-type", "guests-and-rooms/info", "amenities", "price-and-availability/promotions", "commission-model", "booking-preference"] as const) expect(weight(id)).toBe(1);
    for (const id of ["guests-and-rooms/beds", "photos", "price-and-availability/seasons", "calendar-availability", "verification/upload", "regional-requirements", "payout/info", "payout/upload"] as const) expect(weight(id)).toBe(2);
    for (const id of ["property-title", "title", "price-and-availability", "verification/info", "verification/owner", "personal-details/info", "personal-details/owner"] as const) expect(weight(id)).toBe(3);
  });
});

describe("visibleSteps", () => {
  it("gives a subscription host the plan steps and no commission, payout or booking-preference steps", () => {
    const steps = ids(visibleSteps("single-unit", individualSubscription));
    expect(steps).toContain("commercial-model/plan");
    expect(steps).toContain("personal-details/info");
    for (const hidden of ["commission-model", "booking-preference", "payout/info", "identity-and-payout-details/upload", "price-and-availability/promotions", "verification/info", "personal-details/owner", "regional-requirements", "listing-verification"] as const) {
      expect(steps).not.toContain(hidden);
    }
  });

  it("gives a company commission host with KYC the verification, owner and payout steps", () => {
    const steps = ids(visibleSteps("multi-unit", companyCommissionKyc));
    for (const shown of ["commission-model", "verification/info", "verification/owner", "verification/upload", "booking-preference", "payout/info", "payout/upload"] as const) expect(steps).toContain(shown);
    expect(steps).not.toContain("personal-details/info");
  });

  it("gives a commission host without KYC the identity-and-payout steps instead", () => {
    const steps = ids(visibleSteps("single-unit", { ...companyCommissionKyc, userType: "individual", isKYCApplicable: false }));
    expect(steps).toContain("identity-and-payout-details/payout");
    expect(steps).not.toContain("payout/info");
    expect(steps).not.toContain("verification/owner");
  });

  it("drops onboarding-only steps once onboarding is finished, and offers the subscription steps then", () => {
    const finished = ids(visibleSteps("single-unit", { ...individualSubscription, onboardingFinished: true, isCoinSubscriptionEnabled: true }));
    expect(finished).not.toContain("commercial-model/plan");
    expect(finished).not.toContain("personal-details/info");
    expect(finished).toContain("subscription/plan");
    expect(finished).toContain("subscription/boost");
  });

  it("shows hybrid hosts no pricing-model choice and no subscription plan", () => {
    const steps = ids(visibleSteps("single-unit", { ...companyCommissionKyc, subscriptionApplicable: true, hybrid: true, onboardingFinished: true }));
    expect(steps).not.toContain("commercial-model");
    expect(steps).not.toContain("subscription/plan");
  });

  it("shows listing verification when its setting is on, and its status until verified or validated", () => {
    const on = { ...individualSubscription, listingVerificationEnabled: true };
    expect(ids(visibleSteps("single-unit", on))).toEqual(expect.arrayContaining(["listing-verification", "listing-verification/status"]));
    expect(ids(visibleSteps("single-unit", { ...on, calendarVerificationStatus: "verified" }))).not.toContain("listing-verification/status");
    expect(ids(visibleSteps("single-unit", { ...on, calendarVerificationStatus: "validated" }))).not.toContain("listing-verification/status");
    expect(ids(visibleSteps("single-unit", { ...on, calendarVerificationStatus: "pending" }))).toContain("listing-verification/status");
  });

  it("asks for regional requirements only where the region has them", () => {
    expect(ids(visibleSteps("single-unit", { ...individualSubscription, regionalRequirementsApply: true }))).toContain("regional-requirements");
  });
});

describe("progress", () => {
  const steps = visibleSteps("multi-unit", companyCommissionKyc);

  it("resumes after the last completed step, at the first with nothing done, at publish with all done", () => {
    expect(currentStep(steps, []).id).toBe("property");
    expect(currentStep(steps, ["property", "location"]).id).toBe("location/address");
    // The last completed step counts, even with a gap before it (§4).
    expect(currentStep(steps, ["property", "photos"]).id).toBe("amenities");
    expect(currentStep(steps, ids(steps)).id).toBe("publish");
    // Names from the other wizard or unknown names do not move the host.
    expect(currentStep(steps, ["listing-verification", "nonsense"]).id).toBe("property");
  });

  it("weighs the percent by effort", () => {
    const total = steps.reduce((sum, s) => sum + s.weight, 0);
    expect(progressPercent(steps, [])).toBe(0);
    expect(progressPercent(steps, ["property-title"])).toBe(Math.round((3 / total) * 100));
    expect(progressPercent(steps, ["start-unit"])).toBe(0);
    expect(progressPercent(steps, ids(steps))).toBe(100);
  });

  it("opens done steps and the current one, not later ones", () => {
    expect(isReachable(steps, ["property"], "property")).toBe(true);
    expect(isReachable(steps, ["property"], "location")).toBe(true);
    expect(isReachable(steps, ["property"], "location/address")).toBe(false);
    expect(isReachable(steps, [], "subscription/plan")).toBe(false);
  });

  it("moves forward and back along the visible steps", () => {
    expect(nextStep(steps, "property-title")?.id).toBe("start-unit");
    expect(previousStep(steps, "property")).toBeNull();
    expect(previousStep(steps, "unit-type")?.id).toBe("start-unit");
    expect(nextStep(steps, "publish")).toBeNull();
  });

  it("records each step once and keeps only known names", () => {
    expect(withCompleted(["property", "bogus"], "location")).toEqual(["property", "location"]);
    expect(withCompleted(["property"], "property")).toEqual(["property"]);
  });

  it("carries the property's steps over to a further unit", () => {
    expect(propertyStepsOf(["property", "location", "location/address", "location/map", "property-title", "start-unit", "unit-type", "photos"])).toEqual([
      "property", "location", "location/address", "location/map", "property-title",
    ]);
  });
});

describe("choosing how to pay (issue 11)", () => {
  const beforeChoice = ["property", "location", "location/address", "location/map", "guests-and-rooms/info", "guests-and-rooms/beds", "photos", "amenities", "title", "price-and-availability", "price-and-availability/seasons", "calendar-availability"];
  const chosen = [...beforeChoice, "commercial-model"];
  const onCommission: WizardContext = { ...individualSubscription, commissionApplicable: true, subscriptionApplicable: false };

  it("never lowers the progress: until the host chooses, it counts the longer way", () => {
    const undecided = wizardState("single-unit", individualSubscription, beforeChoice).percent;
    const subscription = wizardState("single-unit", individualSubscription, chosen).percent;
    const commission = wizardState("single-unit", onCommission, chosen).percent;
    expect(subscription).toBeGreaterThanOrEqual(undecided);
    expect(commission).toBeGreaterThanOrEqual(undecided);
    expect(commission).toBeGreaterThan(59);
  });

  it("keeps the answered step among the host's steps on either model", () => {
    expect(ids(wizardState("single-unit", onCommission, chosen).steps)).toContain("commercial-model");
    expect(ids(wizardState("single-unit", onCommission, beforeChoice).steps)).not.toContain("commercial-model");
    expect(ids(wizardState("single-unit", { ...onCommission, hybrid: true, subscriptionApplicable: true }, chosen).steps)).not.toContain("commercial-model");
  });

  it("offers promotions to a host who chose commission, then leads on to where they stand", () => {
    const before = wizardState("single-unit", individualSubscription, beforeChoice).steps;
    const after = wizardState("single-unit", onCommission, chosen);
    expect(stepAfter(before, after, "commercial-model", beforeChoice).id).toBe("price-and-availability/promotions");
    const promoted = wizardState("single-unit", onCommission, [...chosen, "price-and-availability/promotions"]);
    expect(stepAfter(after.steps, promoted, "price-and-availability/promotions", chosen).id).toBe("commission-model");
  });

  it("leads a subscription answer to the plan, and an edit of a done step to the next step", () => {
    const before = wizardState("single-unit", individualSubscription, beforeChoice).steps;
    const after = wizardState("single-unit", individualSubscription, chosen);
    expect(stepAfter(before, after, "commercial-model", beforeChoice).id).toBe("commercial-model/plan");
    expect(stepAfter(after.steps, after, "title", chosen).id).toBe("price-and-availability");
  });

  it("is complete once published, whatever steps appear afterwards", () => {
    const published = [...chosen, "commercial-model/plan", "commercial-model/plan-services", "personal-details/info", "publish"];
    expect(wizardState("single-unit", { ...individualSubscription, onboardingFinished: true, isCoinSubscriptionEnabled: true }, published).percent).toBe(100);
  });
});
