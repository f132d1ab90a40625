import { describe, expect, it } from "vitest";
import {
  dayPrices,
  dayRules,
  DEFAULT_PRICE_CONFIGURATION,
  discountLengthType,
  discountProblems,
  mergePatch,
  MONTHLY_MIN_NIGHTS,
  normalizePriceConfiguration,
  patchWritesDiscounts,
  priceConfigurationProblems,
  priceList,
  promotionTexts,
  PROMOTIONS,
  PROMOTION_TYPES,
  seasonOccurrences,
  seasonsOverlap,
  WEEKLY_MIN_NIGHTS,
  withPriceDefaults,
  type DiscountInput,
  type PriceConfigurationInput,
  type SeasonInput,
} from "./pricing";

const TODAY = "2026-05-10";
const base: PriceConfigurationInput = withPriceDefaults({ nightlyPrice: 10_000 });
const season = (dateFrom: string, dateTo: string, extra: Partial<SeasonInput> = {}): SeasonInput => ({
  dateFrom,
  dateTo,
  recurrence: "one-time",
  nightlyPrice: 20_000,
  minStay: null,
  extraGuestPrice: null,
  ...extra,
});
/** A `validAt` that refuses the paths named (`discounts.0.percent`). */
const validBut =
  (...wrong: string[]) =>
  (...path: (string | number)[]) =>
    !wrong.includes(path.join("."));
const codes = (config: Partial<PriceConfigurationInput>) => priceConfigurationProblems({ ...base, ...config }, TODAY).map((p) => `${p.path.join(".")}:${p.code}`);

describe("constants and defaults", () => {
  it("recognises weekly and monthly discounts by their nights (§5)", () => {
    expect(WEEKLY_MIN_NIGHTS).toBe(7);
    expect(MONTHLY_MIN_NIGHTS).toBe(28);
    expect(discountLengthType(7)).toBe("weekly");
    expect(discountLengthType(28)).toBe("monthly");
    expect(discountLengthType(10)).toBe("custom");
  });

  it("fills what was left out with the defaults of §9", () => {
    expect(withPriceDefaults({})).toEqual(DEFAULT_PRICE_CONFIGURATION);
    expect(DEFAULT_PRICE_CONFIGURATION).toMatchObject({ nightlyPrice: null, minStay: 1, maxStay: 365, checkInFrom: "15:00", checkInTo: "21:00", checkOutTo: "11:00", minDaysOfNotice: 2, securityDeposit: 0 });
    expect(DEFAULT_PRICE_CONFIGURATION.checkInDays).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const filled = withPriceDefaults({ minStay: 3, nightlyPrice: undefined });
    expect(filled.minStay).toBe(3);
    expect(filled.nightlyPrice).toBeNull();
    // The defaults are never shared with a result.
    filled.checkInDays.push(9);
    expect(DEFAULT_PRICE_CONFIGURATION.checkInDays).toHaveLength(7);
  });
});

describe("mergePatch (RFC 7396)", () => {
  it("merges objects, removes members set to null and replaces arrays", () => {
    const target = { a: "b", c: { d: "e", f: "g" }, list: [1, 2, 3] };
    expect(mergePatch(target, { a: "z", c: { f: null, h: 1 }, list: [4] })).toEqual({ a: "z", c: { d: "e", h: 1 }, list: [4] });
    expect(target).toEqual({ a: "b", c: { d: "e", f: "g" }, list: [1, 2, 3] });
  });

  it("follows the examples of the RFC's appendix", () => {
    expect(mergePatch({ a: "b" }, { a: "c" })).toEqual({ a: "c" });
    expect(mergePatch({ a: "b" }, { b: "c" })).toEqual({ a: "b", b: "c" });
    expect(mergePatch({ a: "b" }, { a: null })).toEqual({});
    expect(mergePatch({ a: [{ b: "c" }] }, { a: [1] })).toEqual({ a: [1] });
    expect(mergePatch({ a: "foo" }, null)).toBeNull();
    expect(mergePatch({ a: "foo" }, "bar")).toBe("bar");
    expect(mergePatch({ e: null }, { a: 1 })).toEqual({ e: null, a: 1 });
    expect(mergePatch([1, 2], { a: "b", c: null })).toEqual({ a: "b" });
    expect(mergePatch({}, { a: { bb: { ccc: null } } })).toEqual({ a: { bb: {} } });
  });

  it("keeps a member named __proto__ as a member", () => {
    const merged = mergePatch({ a: 1 }, JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.keys(merged)).toEqual(["a", "__proto__"]);
    expect(merged.polluted).toBeUndefined();
  });
});

describe("seasons", () => {
  it("repeats a recurring season every year from its first year on, also over new year", () => {
    const summer = season("2026-07-01", "2026-08-31", { recurrence: "recurring" });
    expect(seasonOccurrences(summer, 2025, 2027)).toEqual([
      { dateFrom: "2026-07-01", dateTo: "2026-08-31" },
      { dateFrom: "2027-07-01", dateTo: "2027-08-31" },
    ]);
    const winter = season("2026-12-20", "2027-01-06", { recurrence: "recurring" });
    expect(seasonOccurrences(winter, 2028, 2028)).toEqual([
      { dateFrom: "2027-12-20", dateTo: "2028-01-06" },
      { dateFrom: "2028-12-20", dateTo: "2029-01-06" },
    ]);
    expect(seasonOccurrences(season("2026-07-01", "2026-07-10"), 2030, 2031)).toEqual([{ dateFrom: "2026-07-01", dateTo: "2026-07-10" }]);
  });

  it("finds overlaps between one-time and recurring seasons in any year", () => {
    expect(seasonsOverlap(season("2026-07-01", "2026-07-10"), season("2026-07-10", "2026-07-20"))).toBe(true);
    expect(seasonsOverlap(season("2026-07-01", "2026-07-10"), season("2026-07-11", "2026-07-20"))).toBe(false);
    const recurring = season("2026-07-01", "2026-07-31", { recurrence: "recurring" });
    expect(seasonsOverlap(recurring, season("2027-07-15", "2027-07-16"))).toBe(true);
    // Before the recurring season's first year it does not apply.
    expect(seasonsOverlap(recurring, season("2025-07-15", "2025-07-16"))).toBe(false);
    expect(seasonsOverlap(recurring, season("2028-07-15", "2028-07-20", { recurrence: "recurring" }))).toBe(true);
    expect(seasonsOverlap(season("2026-12-20", "2027-01-06", { recurrence: "recurring" }), season("2027-01-01", "2027-01-03", { recurrence: "recurring" }))).toBe(true);
    expect(seasonsOverlap(season("2026-12-20", "2027-01-06", { recurrence: "recurring" }), season("2027-02-01", "2027-03-01", { recurrence: "recurring" }))).toBe(false);
  });
});

describe("priceConfigurationProblems", () => {
  it("accepts the defaults and a full valid configuration", () => {
    expect(codes({})).toEqual([]);
    expect(
      codes({
        extraGuestPrice: 1500,
        extraGuestsCount: 2,
        extraCharges: [{ type: "cleaning", pricingKind: "one_time", amount: 5000 }],
        discounts: [{ lengthType: "weekly", percent: 10 }, { lengthType: "monthly", minNights: 28, percent: 20 }, { lengthType: "custom", minNights: 14, percent: 15 }],
        seasonsPricing: [season("2026-07-01", "2026-08-31"), season("2026-12-20", "2027-01-06", { recurrence: "recurring" })],
      }),
    ).toEqual([]);
  });

  it("refuses a maximum stay below the minimum, for the default and a season", () => {
    expect(codes({ minStay: 10, maxStay: 5 })).toEqual(["maxStay:max_stay_below_min"]);
    expect(codes({ maxStay: 5, seasonsPricing: [season("2026-07-01", "2026-07-31", { minStay: 7 })] })).toEqual(["seasonsPricing.0.minStay:max_stay_below_min"]);
  });

  it("refuses a check-in window that ends before it starts", () => {
    expect(codes({ checkInFrom: "18:00", checkInTo: "16:00" })).toEqual(["checkInTo:check_in_window_invalid"]);
  });

  it("needs the extra guest price and the included guests together", () => {
    expect(codes({ extraGuestPrice: 1000 })).toEqual(["extraGuestsCount:required"]);
    expect(codes({ extraGuestsCount: 2 })).toEqual(["extraGuestPrice:required"]);
  });

  it("refuses a pricing kind the service does not offer, and a service listed twice", () => {
    expect(codes({ extraCharges: [{ type: "cleaning", pricingKind: "recurring", amount: 100 }] })).toEqual(["extraCharges.0.pricingKind:pricing_kind_invalid"]);
    expect(
      codes({
        extraCharges: [
          { type: "towels", pricingKind: "one_time", amount: 100 },
          { type: "towels", pricingKind: "recurring", amount: 100 },
        ],
      }),
    ).toEqual(["extraCharges.1.type:duplicate"]);
  });

  it("allows at most one weekly and one monthly discount, with their own nights", () => {
    expect(codes({ discounts: [{ lengthType: "weekly", percent: 5 }, { lengthType: "weekly", percent: 10 }] })).toEqual(["discounts.1.lengthType:discount_same_nights_weekly"]);
    // A custom discount of 7 nights is a weekly one (§5).
    expect(codes({ discounts: [{ lengthType: "weekly", percent: 5 }, { lengthType: "custom", minNights: 7, percent: 10 }] })).toEqual(["discounts.1.minNights:discount_same_nights_weekly"]);
    expect(codes({ discounts: [{ lengthType: "monthly", minNights: 30, percent: 5 }] })).toEqual(["discounts.0.minNights:discount_nights_invalid"]);
    expect(codes({ discounts: [{ lengthType: "custom", percent: 5 }] })).toEqual(["discounts.0.minNights:required"]);
  });

  it("reads only the values valid on their own, so that a wrong one is not said to clash as well", () => {
    const config = withPriceDefaults({ minStay: 400, maxStay: 5, checkInFrom: "18:00", checkInTo: "16:00", discounts: [{ lengthType: "weekly", percent: 100 }, { lengthType: "monthly", percent: 20 }] });
    expect(priceConfigurationProblems(config, TODAY).map((p) => p.code)).toEqual(["max_stay_below_min", "check_in_window_invalid", "discount_below_weekly"]);
    expect(priceConfigurationProblems(config, TODAY, validBut("minStay", "checkInTo", "discounts.0.percent"))).toEqual([]);
    // Lists that are no lists (the schema says so) have no rules to break.
    expect(priceConfigurationProblems({ ...config, discounts: "none" as never, seasonsPricing: null as never, minStay: 1 }, TODAY, validBut("checkInTo"))).toEqual([]);
  });

  it("checks season dates, how far ahead they reach, ids and overlaps", () => {
    expect(codes({ seasonsPricing: [season("2026-08-01", "2026-07-01")] })).toEqual(["seasonsPricing.0.dateTo:season_dates_invalid"]);
    expect(codes({ seasonsPricing: [season("2026-07-01", "2027-07-01", { recurrence: "recurring" })] })).toEqual(["seasonsPricing.0.dateTo:season_dates_invalid"]);
    expect(codes({ seasonsPricing: [season("2028-05-01", "2028-05-10")] })).toEqual([]);
    expect(codes({ seasonsPricing: [season("2028-05-01", "2028-05-11")] })).toEqual(["seasonsPricing.0.dateTo:season_too_far"]);
    expect(codes({ seasonsPricing: [season("2026-07-01", "2026-07-31"), season("2026-07-31", "2026-08-10")] })).toEqual(["seasonsPricing.1.dateFrom:season_overlap"]);
    expect(codes({ seasonsPricing: [season("2026-06-01", "2026-06-30", { recurrence: "recurring" }), season("2027-06-10", "2027-06-12")] })).toEqual(["seasonsPricing.1.dateFrom:season_overlap"]);
    expect(codes({ seasonsPricing: [season("2026-06-01", "2026-06-02", { id: "a" }), season("2026-07-01", "2026-07-02", { id: "a" })] })).toEqual(["seasonsPricing.1.id:duplicate"]);
    // Malformed dates are the schema's to report; the rules skip them.
    expect(codes({ seasonsPricing: [season("soon", "later")] })).toEqual([]);
  });
});

const weekly = (percent: number): DiscountInput => ({ lengthType: "weekly", percent });
const monthly = (percent: number): DiscountInput => ({ lengthType: "monthly", percent });
const custom = (minNights: number, percent: number): DiscountInput => ({ lengthType: "custom", minNights, percent });
/** A list's problems with the values they name. */
const discountCodes = (discounts: DiscountInput[]) => discountProblems(discounts).map((p) => `${p.path.join(".")}:${p.code}${p.values ? ` ${JSON.stringify(p.values)}` : ""}`);

describe("discountProblems: a longer stay never gets a smaller discount (a stay gets the one with the most nights it reaches)", () => {
  it("accepts discounts that grow or stay the same with the nights", () => {
    expect(discountCodes([])).toEqual([]);
    expect(discountCodes([weekly(10), custom(14, 15), monthly(20)])).toEqual([]);
    // 7 to 27 nights: 10 % off; 28 nights and more: 10 % too, never less.
    expect(discountCodes([weekly(10), monthly(10)])).toEqual([]);
    expect(discountCodes([custom(3, 5), weekly(5), custom(60, 30)])).toEqual([]);
  });

  it("refuses a monthly discount below the weekly one, on the monthly one, naming the weekly one", () => {
    // A stay of 28 nights would get 10 % off, one of 7 nights 15 %.
    expect(discountCodes([weekly(15), monthly(10)])).toEqual(['1.percent:discount_below_weekly {"percent":15,"nights":7}']);
    // The order they come in changes nothing.
    expect(discountCodes([monthly(10), weekly(15)])).toEqual(['0.percent:discount_below_weekly {"percent":15,"nights":7}']);
  });

  it("names the largest discount from fewer nights, the one to reach or to lower", () => {
    // 7 nights 20 %, 14 nights 5 %, 21 nights 10 %, 28 nights 15 %: each longer one gets less than the weekly 20 %.
    expect(discountCodes([weekly(20), custom(14, 5), custom(21, 10), monthly(15)])).toEqual([
      '1.percent:discount_below_weekly {"percent":20,"nights":7}',
      '2.percent:discount_below_weekly {"percent":20,"nights":7}',
      '3.percent:discount_below_weekly {"percent":20,"nights":7}',
    ]);
    // A custom discount from 3 nights at 12 % is more than the weekly 10 %; its nights are its text's count.
    expect(discountCodes([weekly(10), custom(3, 12)])).toEqual(['0.percent:discount_below_custom {"percent":12,"count":3}']);
    // Of two as large, the one from more nights: the nearer to this one.
    expect(discountCodes([custom(3, 12), custom(5, 12), weekly(10)])).toEqual(['2.percent:discount_below_custom {"percent":12,"count":5}']);
    // The monthly discount named by a longer custom one.
    expect(discountCodes([weekly(5), monthly(25), custom(90, 20)])).toEqual(['2.percent:discount_below_monthly {"percent":25,"nights":28}']);
  });

  it("refuses a second discount from the same nights, naming the first, whatever their percentages", () => {
    expect(discountCodes([custom(14, 10), custom(14, 10)])).toEqual(['1.minNights:discount_same_nights_custom {"percent":10,"count":14}']);
    expect(discountCodes([custom(14, 10), custom(14, 5)])).toEqual(['1.minNights:discount_same_nights_custom {"percent":10,"count":14}']);
    // A custom discount of 28 nights is the monthly one (§5), whichever comes first.
    expect(discountCodes([monthly(20), custom(28, 25)])).toEqual(['1.minNights:discount_same_nights_monthly {"percent":20,"nights":28}']);
    expect(discountCodes([custom(7, 10), weekly(12)])).toEqual(['1.lengthType:discount_same_nights_weekly {"percent":10,"nights":7}']);
    // The refused ones take no part in the order of the others: 5 % from 28 nights is not said to be below the weekly 10 % as well.
    expect(discountCodes([weekly(10), custom(28, 40), monthly(20), custom(28, 5)])).toEqual([
      '2.lengthType:discount_same_nights_monthly {"percent":40,"nights":28}',
      '3.minNights:discount_same_nights_monthly {"percent":40,"nights":28}',
    ]);
  });

  it("leaves out a discount whose values are wrong on their own", () => {
    // A weekly discount of 100 % is out of range: the monthly one is not said to be below it.
    expect(discountProblems([weekly(100), monthly(20)], (index, field) => !(index === 0 && field === "percent"))).toEqual([]);
  });
});

describe("a write that keeps the stored discounts does not answer for them", () => {
  it("takes a merge patch with a discounts member, null included, as one that writes them", () => {
    expect(patchWritesDiscounts({ discounts: [] })).toBe(true);
    expect(patchWritesDiscounts({ discounts: null })).toBe(true);
    expect(patchWritesDiscounts({ nightlyPrice: 12_000, taxes: [] })).toBe(false);
    expect(patchWritesDiscounts({})).toBe(false);
    // Only a member of the patch itself: an inherited name is none.
    expect(patchWritesDiscounts(Object.create({ discounts: [] }) as Record<string, unknown>)).toBe(false);
  });

  it("leaves out the discounts' rule over each other, and only it, for a write that keeps them", () => {
    // Stored before the rule: a 28-night stay would get 10 % off, a 7-night one 15 %.
    const config = { ...base, minStay: 10, maxStay: 5, discounts: [weekly(15), monthly(10)] };
    const problems = (discountsWritten: boolean) => priceConfigurationProblems(config, TODAY, undefined, { discountsWritten }).map((p) => `${p.path.join(".")}:${p.code}`);
    expect(problems(true)).toEqual(["maxStay:max_stay_below_min", "discounts.1.percent:discount_below_weekly"]);
    expect(problems(false)).toEqual(["maxStay:max_stay_below_min"]);
    expect(priceConfigurationProblems(config, TODAY).map((p) => p.code)).toContain("discount_below_weekly");
  });
});

describe("normalizePriceConfiguration", () => {
  it("sorts weekdays, types discounts by nights, gives seasons ids and sorts them", () => {
    let n = 0;
    const config = normalizePriceConfiguration(
      {
        ...base,
        checkInDays: [5, 1, 5],
        discounts: [{ lengthType: "custom", minNights: 28, percent: 20 }, { lengthType: "weekly", percent: 10 }],
        seasonsPricing: [season("2026-09-01", "2026-09-30"), season("2026-07-01", "2026-07-31", { id: "kept" })],
      },
      () => `new_${++n}`,
    );
    expect(config.checkInDays).toEqual([1, 5]);
    expect(config.discounts).toEqual([
      { lengthType: "weekly", minNights: 7, percent: 10 },
      { lengthType: "monthly", minNights: 28, percent: 20 },
    ]);
    expect(config.seasonsPricing.map((s) => s.id)).toEqual(["kept", "new_1"]);
  });
});

describe("priceList (per-day prices)", () => {
  const config = {
    nightlyPrice: 10_000,
    minStay: 2,
    maxStay: 30,
    seasonsPricing: [season("2026-07-01", "2026-07-31", { nightlyPrice: 15_000, minStay: 5 }), season("2026-12-24", "2027-01-02", { recurrence: "recurring", nightlyPrice: 25_000 })],
  };

  it("takes the season's price and minimum stay inside it and the defaults outside", () => {
    expect(priceList(config, "2026-06-30", "2026-07-01")).toEqual([
      { date: "2026-06-30", price: 10_000, minimalLengthOfStay: 2, maximalLengthOfStay: 30 },
      { date: "2026-07-01", price: 15_000, minimalLengthOfStay: 5, maximalLengthOfStay: 30 },
    ]);
    expect(priceList(config, "2026-07-31", "2026-08-01").map((d) => d.price)).toEqual([15_000, 10_000]);
  });

  it("repeats a recurring season over new year in later years, with the default minimum stay", () => {
    const days = priceList(config, "2027-12-23", "2028-01-03");
    expect(days.map((d) => d.price)).toEqual([10_000, ...Array<number>(10).fill(25_000), 10_000]);
    expect(days[1]).toEqual({ date: "2027-12-24", price: 25_000, minimalLengthOfStay: 2, maximalLengthOfStay: 30 });
    // Before its first year a recurring season does not apply.
    expect(priceList(config, "2025-12-25", "2025-12-25")[0]!.price).toBe(10_000);
  });

  it("answers null prices while nothing is set, and one entry per day", () => {
    const days = priceList({ nightlyPrice: null, minStay: 1, maxStay: 365, seasonsPricing: [] }, "2028-01-01", "2028-12-31");
    expect(days).toHaveLength(366);
    expect(days.every((d) => d.price === null)).toBe(true);
  });
});

describe("promotions", () => {
  it("offers each type once, with a discount and translation keys for its texts", () => {
    expect(PROMOTIONS.map((p) => p.type)).toEqual([...PROMOTION_TYPES]);
    for (const p of PROMOTIONS) expect(p.discount).toBeGreaterThan(0);
    expect(promotionTexts("early-booker")).toMatchObject({ title: "promotions:earlyBooker.title", switchName: "promotions:earlyBooker.switchName" });
    expect(promotionTexts("last-minute").bullets).toHaveLength(3);
  });
});

describe("dayRules with overrides of a price alone", () => {
  it("prices the days as overrides whose stay limits and closures are none", () => {
    const config = { nightlyPrice: 10_000, minStay: 2, maxStay: 30, seasonsPricing: [{ dateFrom: "2027-07-02", dateTo: "2027-07-03", recurrence: "one-time" as const, nightlyPrice: 15_000, minStay: 3 }] };
    const full = [
      { date: "2027-07-01", price: 20_000, minStay: null, maxStay: null, closedToArrival: false, closedToDeparture: false },
      { date: "2027-07-03", price: 12_000, minStay: null, maxStay: null, closedToArrival: false, closedToDeparture: false },
    ];
    const pricesAlone = full.map(({ date, price }) => ({ date, price }));
    const rules = dayRules(config, pricesAlone, "2027-06-30", "2027-07-04");
    expect(rules).toEqual(dayRules(config, full, "2027-06-30", "2027-07-04"));
    expect(rules.map((d) => d.price)).toEqual([10_000, 20_000, 15_000, 12_000, 10_000]);
  });
});

describe("dayPrices", () => {
  it("prices every day as dayRules does: overrides, seasons (one-time, recurring over the new year, overlapping), defaults, days without a price", () => {
    const seasons = [
      season("2026-12-20", "2027-01-06", { recurrence: "recurring", nightlyPrice: 18_000 }),
      season("2026-07-01", "2026-08-31", { nightlyPrice: 15_000 }),
      season("2026-08-30", "2026-09-02", { nightlyPrice: 16_000 }),
      season("2027-02-01", "2027-02-03", { nightlyPrice: 11_000 }),
    ];
    const overrides = [
      { date: "2026-06-29", price: 9_000 },
      { date: "2026-07-04", price: 20_000 },
      { date: "2026-07-05", price: null, minStay: 3 },
      { date: "2026-12-31", price: 25_000 },
      { date: "2027-02-02", price: 12_000 },
      { date: "2028-01-01", price: 30_000 },
    ];
    for (const nightlyPrice of [10_000, null]) {
      const config = { nightlyPrice, minStay: 1, maxStay: 30, seasonsPricing: seasons } as unknown as Parameters<typeof dayRules>[0];
      for (const [from, to] of [["2026-06-01", "2027-12-31"], ["2026-07-04", "2026-07-04"], ["2027-12-20", "2028-01-10"], ["2026-06-30", "2026-07-30"]] as const) {
        expect(dayPrices(config, overrides, from, to)).toEqual(dayRules(config, overrides, from, to).map((day) => day.price));
      }
    }
  });
});
