import { describe, expect, it } from "vitest";
import {
  activeBoostsInfo,
  addPeriod,
  availablePlans,
  boostCreditsFor,
  boostCreditsState,
  boostDays,
  boostLevel,
  cancelledState,
  endedState,
  needsPayment,
  paymentSourceStatus,
  planChangeTiming,
  boostPeriodProblems,
  COUPONS,
  couponFor,
  discountedPrice,
  effectiveStatus,
  expiryState,
  expiryWarningFrom,
  initialStatus,
  isCalendarDate,
  isEditable,
  isPricedWithoutFee,
  isUpgrade,
  leadsState,
  MONTHS_PER_YEAR,
  periodsOverlap,
  PLAN_SERVICES,
  PLAN_TYPES,
  planAvailability,
  planById,
  planByItemPriceId,
  plansFor,
  publishCreditsState,
  remainingOf,
  SUBSCRIPTION_PLANS,
  TRIAL_DAYS,
  type PlanHost,
} from "./subscription-plans";

const subscriptionHost: PlanHost = { commercialModel: "subscription", biddingTag: null };
const hybrid7: PlanHost = { commercialModel: "hybrid", biddingTag: "hybrid_7" };
const commissionHost: PlanHost = { commercialModel: "commission", biddingTag: null };
const ids = (plans: readonly { id: string }[]) => plans.map((p) => p.id);
const plan = (id: string) => planById(id)!;

describe("plan catalogue", () => {
  it("has plans of every §3 plan type, with unique ids and price ids", () => {
    expect(new Set(SUBSCRIPTION_PLANS.map((p) => p.type))).toEqual(new Set(PLAN_TYPES));
    expect(new Set(ids(SUBSCRIPTION_PLANS)).size).toBe(SUBSCRIPTION_PLANS.length);
    expect(new Set(SUBSCRIPTION_PLANS.map((p) => p.planItemPriceId)).size).toBe(SUBSCRIPTION_PLANS.length);
  });

  it("states periods in months, a year being 12, and prices in whole euro cents", () => {
    for (const p of SUBSCRIPTION_PLANS) {
      expect(p.periodUnit).toBe("month");
      expect(p.period).toBe(MONTHS_PER_YEAR);
      expect(p.currency).toBe("EUR");
      expect(Number.isInteger(p.price) && p.price >= 0).toBe(true);
      for (const s of p.optionalServices) expect(Number.isInteger(s.price) && s.price > 0).toBe(true);
      expect(Number.isInteger(p.unitPublish.cost) && Number.isInteger(p.boostCredits.cost)).toBe(true);
      expect(p.nameKey).toBe(`configuration:subscriptionPlans.${p.id}`);
      expect(p.planItemPriceId).toBe(`${p.id}-EUR-yearly`);
    }
  });

  it("gives every paid plan a trial and no free plan one", () => {
    for (const p of SUBSCRIPTION_PLANS) expect(p.trialDays).toBe(p.price > 0 ? TRIAL_DAYS : 0);
  });

  it("offers optional services the plan does not include, from the §3 list, and publishes at least one unit", () => {
    for (const p of SUBSCRIPTION_PLANS) {
      for (const s of [...p.includedServices, ...p.optionalServices.map((o) => o.id)]) expect(PLAN_SERVICES).toContain(s);
      for (const o of p.optionalServices) expect(p.includedServices).not.toContain(o.id);
      expect(p.unitPublish.quota).toBeGreaterThanOrEqual(1);
    }
  });

  it("charges hybrid_N plans N percent per booking and host_only_14_5 plans 14.5", () => {
    expect(plan("hybrid-13").bookingFee).toEqual({ hostPercent: 13, guestPercent: 0 });
    expect(plan("hybrid-19-plus").bookingFee).toEqual({ hostPercent: 19, guestPercent: 0 });
    expect(plan("host-only-14-5").bookingFee).toEqual({ hostPercent: 14.5, guestPercent: 0 });
    expect(plan("split").bookingFee).toEqual({ hostPercent: 7.5, guestPercent: 7.5 });
    expect(plan("subscription-basic").bookingFee).toBeNull();
  });

  it("finds plans by id and by price id", () => {
    expect(planByItemPriceId("subscription-premium-EUR-yearly")?.type).toBe("subscription_2");
    expect(planByItemPriceId("nope")).toBeNull();
    expect(planById("nope")).toBeNull();
  });
});

describe("which plans a host can choose", () => {
  it("offers a host who chose to pay by subscription only the plans without a fee per booking", () => {
    expect(ids(plansFor(subscriptionHost).filter(isPricedWithoutFee))).toEqual(["subscription-basic", "subscription-premium"]);
  });

  it("offers subscription hosts the standard plans, and the better ones once the calendar is verified or validated", () => {
    expect(ids(availablePlans(subscriptionHost, null))).toEqual(["split", "host-only", "subscription-basic"]);
    for (const status of ["not_started", "pending", "failed"] as const) {
      expect(ids(availablePlans(subscriptionHost, status))).toEqual(["split", "host-only", "subscription-basic"]);
    }
    for (const status of ["verified", "validated"] as const) {
      expect(ids(availablePlans(subscriptionHost, status))).toEqual(["split", "host-only", "subscription-basic", "host-only-14-5", "subscription-premium"]);
    }
  });

  it("offers hybrid hosts only the plans of their bidding tag", () => {
    expect(ids(plansFor(hybrid7))).toEqual(["hybrid-7", "hybrid-7-plus"]);
    expect(ids(availablePlans(hybrid7, "pending"))).toEqual(["hybrid-7"]);
    expect(ids(availablePlans(hybrid7, "validated"))).toEqual(["hybrid-7", "hybrid-7-plus"]);
    expect(ids(availablePlans({ commercialModel: "hybrid", biddingTag: "hybrid_19" }, "verified"))).toEqual(["hybrid-19", "hybrid-19-plus"]);
  });

  it("offers commission hosts no plans", () => {
    expect(plansFor(commissionHost)).toEqual([]);
    expect(availablePlans(commissionHost, "validated")).toEqual([]);
  });

  it("tells why a plan cannot be chosen", () => {
    expect(planAvailability(plan("subscription-premium"), subscriptionHost, "pending")).toBe("calendar_verification_required");
    expect(planAvailability(plan("hybrid-7"), subscriptionHost, "validated")).toBe("not_offered");
    expect(planAvailability(plan("subscription-basic"), hybrid7, "validated")).toBe("not_offered");
    expect(planAvailability(plan("hybrid-7-plus"), hybrid7, "verified")).toBe("available");
  });

  it("calls a higher monthly price, or the better tier at the same price, an upgrade", () => {
    expect(isUpgrade(plan("subscription-basic"), plan("subscription-premium"))).toBe(true);
    expect(isUpgrade(plan("subscription-premium"), plan("subscription-basic"))).toBe(false);
    expect(isUpgrade(plan("split"), plan("subscription-basic"))).toBe(true);
    expect(isUpgrade(plan("split"), plan("host-only"))).toBe(false);
    expect(isUpgrade(plan("host-only"), plan("host-only-14-5"))).toBe(true);
    expect(isUpgrade(plan("hybrid-7"), plan("hybrid-7-plus"))).toBe(true);
    expect(isUpgrade(plan("hybrid-7-plus"), plan("hybrid-7"))).toBe(false);
  });
});

describe("coupons", () => {
  const today = "2026-11-22";

  it("redeems a known code on the plans it is for, whatever its case and surrounding spaces", () => {
    expect(couponFor("WELCOME10", plan("subscription-basic"), today)?.percentOff).toBe(10);
    expect(couponFor("  welcome10 ", plan("hybrid-3"), today)?.code).toBe("WELCOME10");
    expect(couponFor("PREMIUM20", plan("subscription-premium"), today)?.percentOff).toBe(20);
    expect(couponFor("HYBRID15", plan("hybrid-13-plus"), today)?.percentOff).toBe(15);
  });

  it("refuses unknown codes, other plans, plans without a price and expired coupons", () => {
    expect(couponFor("FREE100", plan("subscription-basic"), today)).toBeNull();
    expect(couponFor("PREMIUM20", plan("subscription-basic"), today)).toBeNull();
    expect(couponFor("HYBRID15", plan("subscription-premium"), today)).toBeNull();
    expect(couponFor("WELCOME10", plan("split"), today)).toBeNull();
    expect(couponFor("SUMMER2025", plan("subscription-basic"), "2025-09-30")?.percentOff).toBe(25);
    expect(couponFor("SUMMER2025", plan("subscription-basic"), "2025-10-01")).toBeNull();
  });

  it("keeps codes upper case and unique", () => {
    expect(new Set(COUPONS.map((c) => c.code)).size).toBe(COUPONS.length);
    for (const c of COUPONS) expect(c.code).toBe(c.code.toUpperCase());
  });

  it("takes the percentage off in whole cents", () => {
    expect(discountedPrice(29_900, 10)).toBe(26_910);
    expect(discountedPrice(6_900, 15)).toBe(5_865);
    expect(discountedPrice(999, 25)).toBe(749);
    expect(discountedPrice(29_900, 0)).toBe(29_900);
  });
});

describe("subscription statuses", () => {
  it("starts active when checkout is available or nothing is to be paid, else in the trial", () => {
    expect(initialStatus(plan("subscription-basic"), true)).toBe("active");
    expect(initialStatus(plan("subscription-basic"), false)).toBe("in_trial");
    expect(initialStatus(plan("split"), false)).toBe("active");
  });

  it("lets active and cancelled subscriptions be edited", () => {
    expect(isEditable("active")).toBe(true);
    expect(isEditable("cancelled")).toBe(true);
    expect(isEditable("in_progress")).toBe(false);
    expect(isEditable("expired")).toBe(false);
  });

  it("shows a subscription past its expiration as expired", () => {
    const expiresAt = new Date("2026-06-01T00:00:00Z");
    expect(effectiveStatus("active", expiresAt, new Date("2026-05-31T23:59:59Z"))).toBe("active");
    expect(effectiveStatus("in_trial", expiresAt, expiresAt)).toBe("expired");
  });
});

describe("periods", () => {
  it("adds a plan's period in months in UTC, keeping the day or the month's last day", () => {
    expect(addPeriod(new Date("2026-01-31T10:00:00Z"), 1, "month").toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addPeriod(new Date("2026-11-22T08:00:00Z"), 12, "month").toISOString()).toBe("2027-11-22T08:00:00.000Z");
  });

  it("warns of expiry from 3 months before, and calls a past expiration expired", () => {
    const expiresAt = new Date("2027-06-15T12:00:00Z");
    expect(expiryWarningFrom(expiresAt, "month").toISOString()).toBe("2027-03-15T12:00:00.000Z");
    expect(expiryState(expiresAt, "month", new Date("2027-03-15T11:59:59Z"))).toBe("ok");
    expect(expiryState(expiresAt, "month", new Date("2027-03-15T12:00:00Z"))).toBe("expiring");
    expect(expiryState(expiresAt, "month", new Date("2027-06-15T11:59:59Z"))).toBe("expiring");
    expect(expiryState(expiresAt, "month", new Date("2027-06-15T12:00:00Z"))).toBe("expired");
  });
});

describe("leads and credits", () => {
  it("calls leads low at 25 % of the quota or less, and empty at 0", () => {
    expect(leadsState(26, 100)).toBe("ok");
    expect(leadsState(25, 100)).toBe("low");
    expect(leadsState(1, 100)).toBe("low");
    expect(leadsState(0, 100)).toBe("empty");
    expect(leadsState(7, 25)).toBe("ok");
    expect(leadsState(6, 25)).toBe("low");
    expect(leadsState(0, null)).toBe("ok");
  });

  it("calls publish credits low from 1 to 5 and empty at 0", () => {
    expect(publishCreditsState(0)).toBe("empty");
    expect(publishCreditsState(1)).toBe("low");
    expect(publishCreditsState(5)).toBe("low");
    expect(publishCreditsState(6)).toBe("ok");
  });

  it("calls boost credits empty at 0", () => {
    expect(boostCreditsState(0)).toBe("empty");
    expect(boostCreditsState(1)).toBe("ok");
  });

  it("never counts less than nothing remaining", () => {
    expect(remainingOf(2, 5)).toBe(0);
    expect(remainingOf(6, 2)).toBe(4);
  });
});

describe("boosts", () => {
  it("costs one credit per started week, first and last day included", () => {
    expect(boostDays("2027-01-01", "2027-01-01")).toBe(1);
    expect(boostCreditsFor("2027-01-01", "2027-01-01")).toBe(1);
    expect(boostCreditsFor("2027-01-01", "2027-01-07")).toBe(1);
    expect(boostCreditsFor("2027-01-01", "2027-01-08")).toBe(2);
    expect(boostCreditsFor("2027-02-25", "2027-03-03")).toBe(1);
    expect(boostCreditsFor("2027-01-01", "2027-03-31")).toBe(13);
  });

  it("checks the dates of a boost period", () => {
    const today = "2027-01-10";
    expect(boostPeriodProblems("2027-01-10", "2027-01-16", today, null)).toEqual([]);
    expect(boostPeriodProblems("2027-02-30", "10-01-2027", today, null)).toEqual([
      { field: "startDate", code: "date_invalid" },
      { field: "endDate", code: "date_invalid" },
    ]);
    expect(boostPeriodProblems("2027-01-09", "2027-01-16", today, null)).toEqual([{ field: "startDate", code: "date_in_past" }]);
    expect(boostPeriodProblems("2027-01-16", "2027-01-15", today, null)).toEqual([{ field: "endDate", code: "date_range_invalid" }]);
    expect(boostPeriodProblems("2027-01-10", "2027-04-09", today, null)).toEqual([]);
    expect(boostPeriodProblems("2027-01-10", "2027-04-10", today, null)).toEqual([{ field: "endDate", code: "boost_too_long" }]);
    expect(boostPeriodProblems("2027-01-10", "2027-01-20", today, "2027-01-20")).toEqual([]);
    expect(boostPeriodProblems("2027-01-10", "2027-01-21", today, "2027-01-20")).toEqual([{ field: "endDate", code: "boost_beyond_subscription" }]);
  });

  it("knows real calendar days", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2027-02-29")).toBe(false);
    expect(isCalendarDate("2027-1-01")).toBe(false);
  });

  it("finds periods sharing a day", () => {
    const a = { startDate: "2027-01-10", endDate: "2027-01-16" };
    expect(periodsOverlap(a, { startDate: "2027-01-16", endDate: "2027-01-20" })).toBe(true);
    expect(periodsOverlap(a, { startDate: "2027-01-01", endDate: "2027-01-10" })).toBe(true);
    expect(periodsOverlap(a, { startDate: "2027-01-17", endDate: "2027-01-20" })).toBe(false);
  });

  it("rates the boost level by the strongest booster", () => {
    expect(boostLevel(["show_phone_number"])).toBe(0);
    expect(boostLevel(["show_phone_number", "visibility_boost"])).toBe(1);
    expect(boostLevel(["visibility_boost", "diamond"])).toBe(2);
  });

  it("lists boosters in effect, soonest to expire first, and drops expired ones and plain features", () => {
    const now = new Date("2027-01-10T00:00:00Z");
    const info = activeBoostsInfo(
      [
        { type: "show_phone_number", expiresAt: new Date("2027-12-01T00:00:00Z") },
        { type: "diamond", expiresAt: new Date("2027-12-01T00:00:00Z") },
        { type: "ad_banner", expiresAt: new Date("2027-01-09T23:59:59Z") },
        { type: "visibility_boost", expiresAt: new Date("2027-12-01T00:00:00Z") },
        { type: "social_package", expiresAt: new Date("2027-02-01T00:00:00Z") },
      ],
      now,
    );
    expect(info).toEqual([
      { type: "social_package", expirationDate: "2027-02-01T00:00:00.000Z" },
      { type: "visibility_boost", expirationDate: "2027-12-01T00:00:00.000Z" },
      { type: "diamond", expirationDate: "2027-12-01T00:00:00.000Z" },
    ]);
  });
});

describe("changing, paying and cancelling", () => {
  it("changes at once in the trial and for an upgrade, at the end of the term otherwise, and keeps the term on the same plan", () => {
    expect(planChangeTiming(plan("subscription-basic"), plan("subscription-basic"), false)).toBe("same_plan");
    expect(planChangeTiming(plan("subscription-basic"), plan("subscription-premium"), false)).toBe("now");
    expect(planChangeTiming(plan("subscription-basic"), plan("split"), false)).toBe("end_of_term");
    expect(planChangeTiming(plan("subscription-basic"), plan("split"), true)).toBe("now");
    expect(planChangeTiming(null, plan("split"), false)).toBe("now");
  });

  it("takes a payment first only for a plan with a price, after its coupon, where the host pays through checkout", () => {
    expect(needsPayment(plan("subscription-basic"), 0, true)).toBe(true);
    expect(needsPayment(plan("subscription-basic"), 10, true)).toBe(true);
    expect(needsPayment(plan("subscription-basic"), 100, true)).toBe(false);
    expect(needsPayment(plan("split"), 0, true)).toBe(false);
    expect(needsPayment(plan("subscription-basic"), 0, false)).toBe(false);
  });

  it("cancels by scheduling the end: a trial becomes active, the internal status cancelled", () => {
    expect(cancelledState("in_trial")).toEqual({ status: "active", internalStatus: "cancelled", isCancellationScheduled: true });
    expect(cancelledState("active")).toEqual({ status: "active", internalStatus: "cancelled", isCancellationScheduled: true });
    expect(isEditable(cancelledState("active").internalStatus)).toBe(true);
  });

  it("ends a cancelled subscription as cancelled and any other as expired", () => {
    expect(endedState(true)).toEqual({ status: "cancelled", internalStatus: "expired" });
    expect(endedState(false)).toEqual({ status: "expired", internalStatus: "expired" });
  });

  it("knows a payment source once a checkout was paid, and needs none without checkout", () => {
    expect(paymentSourceStatus(false, 0)).toBe("not_required");
    expect(paymentSourceStatus(true, 0)).toBe("missing");
    expect(paymentSourceStatus(true, 2)).toBe("valid");
  });
});
