import { describe, expect, it } from "vitest";
import { todayIn } from "./dates";
import { DEFAULT_PRICE_CONFIGURATION, type DayOverride, type Season } from "./pricing";
import { percentOf, quoteStay, type QuoteRules } from "./quote";

const summer: Season = { id: "summer", dateFrom: "2026-07-01", dateTo: "2026-08-31", recurrence: "one-time", nightlyPrice: 15_000, minStay: 5, extraGuestPrice: 3_000 };
const winter: Season = { id: "winter", dateFrom: "2026-12-20", dateTo: "2027-01-06", recurrence: "recurring", nightlyPrice: 20_000, minStay: null, extraGuestPrice: null, checkInDays: [6] };

const rules: QuoteRules = {
  ...DEFAULT_PRICE_CONFIGURATION,
  nightlyPrice: 10_000,
  minStay: 2,
  maxStay: 28,
  extraGuestPrice: 2_000,
  extraGuestsCount: 2,
  minDaysOfNotice: 2,
  seasonsPricing: [summer, winter],
};

const override = (date: string, values: Partial<DayOverride>): DayOverride => ({ date, price: null, minStay: null, maxStay: null, closedToArrival: false, closedToDeparture: false, ...values });
const TODAY = "2026-01-10";
const quote = (checkIn: string, checkOut: string, guests = 2, options: { rules?: Partial<QuoteRules>; overrides?: DayOverride[]; today?: string } = {}) =>
  quoteStay({ ...rules, ...options.rules }, options.overrides ?? [], { stay: { checkIn, checkOut }, guests, today: options.today ?? TODAY }, "EUR");

describe("quoteStay: the price of each night", () => {
  // [case, check-in, check-out, nightly prices]
  const table: [string, string, string, number[]][] = [
    ["two plain nights", "2026-03-02", "2026-03-04", [10_000, 10_000]],
    ["across the spring DST change in Europe (29 March)", "2026-03-28", "2026-03-31", [10_000, 10_000, 10_000]],
    ["across the autumn DST change in Europe (25 October)", "2026-10-24", "2026-10-26", [10_000, 10_000]],
    ["across the US DST change (8 March)", "2026-03-07", "2026-03-09", [10_000, 10_000]],
    ["over 29 February of a leap year", "2028-02-28", "2028-03-02", [10_000, 10_000, 10_000]],
    ["into a season: the nights inside it take its price", "2026-06-29", "2026-07-03", [10_000, 10_000, 15_000, 15_000]],
    ["out of a season: its last day is its last night", "2026-08-30", "2026-09-02", [15_000, 15_000, 10_000]],
    ["across the year end in a recurring season", "2026-12-26", "2027-01-02", Array<number>(7).fill(20_000)],
    ["across the year end a year later (the recurring season comes back)", "2027-12-25", "2028-01-08", [...Array<number>(13).fill(20_000), 10_000]],
    ["over a recurring season's end in a later year", "2028-01-05", "2028-01-08", [20_000, 20_000, 10_000]],
  ];

  it.each(table)("%s", (_, checkIn, checkOut, prices) => {
    const { quote: result } = quote(checkIn, checkOut, 2, { rules: { checkInDays: [0, 1, 2, 3, 4, 5, 6] }, today: "2026-01-01" });
    expect(result!.nights.map((n) => n.price)).toEqual(prices);
    expect(result!.nights).toHaveLength(prices.length);
  });

  it("counts 29 February as a night of its own, and a common year's February has none", () => {
    expect(quote("2028-02-27", "2028-03-01").quote!.nights.map((n) => n.date)).toEqual(["2028-02-27", "2028-02-28", "2028-02-29"]);
    expect(quote("2027-02-27", "2027-03-01").quote!.nights.map((n) => n.date)).toEqual(["2027-02-27", "2027-02-28"]);
  });

  it("takes a day's override over the season and the default", () => {
    const { quote: result } = quote("2026-07-01", "2026-07-08", 2, { overrides: [override("2026-07-03", { price: 30_000 }), override("2026-07-07", { minStay: 1 })] });
    expect(result!.nights.map((n) => `${n.price}:${n.priceSource}`)).toEqual([
      "15000:season",
      "15000:season",
      "30000:override",
      "15000:season",
      "15000:season",
      "15000:season",
      "15000:season",
    ]);
  });
});

describe("quoteStay: the stay's price", () => {
  it("adds extra guests above the included count per night, at the season's price inside it", () => {
    const { quote: result } = quote("2026-06-29", "2026-07-02", 4, { rules: { minStay: 1 } });
    // Two guests above the two included: 2 × 20.00 on the plain night, 2 × 30.00 in the season.
    expect(result!.nights.map((n) => n.extraGuests)).toEqual([4_000, 4_000, 6_000]);
    expect(result!.accommodation).toBe(10_000 + 10_000 + 15_000 + 4_000 + 4_000 + 6_000);
  });

  it("charges no extra guest while the included count is not set", () => {
    expect(quote("2026-03-02", "2026-03-04", 6, { rules: { extraGuestsCount: null, extraGuestPrice: null } }).quote!.accommodation).toBe(20_000);
  });

  // [nights, discount percent applied]
  const discounts = { discounts: [
    { lengthType: "weekly" as const, minNights: 7, percent: 10 },
    { lengthType: "custom" as const, minNights: 14, percent: 15 },
    { lengthType: "monthly" as const, minNights: 28, percent: 25 },
  ] };
  it.each([
    [6, null],
    [7, 10],
    [13, 10],
    [14, 15],
    [28, 25],
  ])("a stay of %i nights takes the discount of %s percent", (nights, percent) => {
    const checkOut = new Date(Date.UTC(2026, 2, 2 + nights)).toISOString().slice(0, 10);
    const { quote: result } = quote("2026-03-02", checkOut, 2, { rules: discounts });
    expect(result!.discount?.percent ?? null).toBe(percent);
    expect(result!.discount?.amount ?? 0).toBe(percent ? percentOf(nights * 10_000, percent) : 0);
  });

  it("rounds a discount to the nearest minor unit", () => {
    expect(percentOf(10_005, 10)).toBe(1_001);
    expect(percentOf(10_004, 10)).toBe(1_000);
  });

  it("charges recurring extras per night and one-time ones once", () => {
    const extraCharges = [
      { type: "cleaning" as const, pricingKind: "one_time" as const, amount: 6_000 },
      { type: "breakfast" as const, pricingKind: "recurring" as const, amount: 1_250 },
    ];
    const { quote: result } = quote("2026-03-02", "2026-03-05", 2, { rules: { extraCharges } });
    expect(result!.extraCharges).toEqual([
      { type: "cleaning", pricingKind: "one_time", amount: 6_000 },
      { type: "breakfast", pricingKind: "recurring", amount: 3_750 },
    ]);
    expect(result!.total).toBe(30_000 + 6_000 + 3_750);
  });

  // [fee type, cap, amount for 3 guests and 12 nights at 1.50]
  it.each([
    ["per_day", {}, 12 * 150],
    ["per_stay", {}, 150],
    ["per_person", {}, 3 * 150],
    ["per_person_per_day", {}, 3 * 12 * 150],
    ["per_person_per_day", { maxNights: 10 }, 3 * 10 * 150],
    ["per_day", { maxNights: 7 }, 7 * 150],
    ["per_person_per_day", { maxAmount: 2_500 }, 2_500],
    ["per_stay", { maxNights: 1 }, 150],
  ] as const)("taxes %s %o", (feeType, cap, amount) => {
    const taxes = [{ category: "local_tax" as const, feeType, amount: 150, ...cap }];
    const { quote: result } = quote("2026-03-02", "2026-03-14", 3, { rules: { taxes, extraGuestsCount: null } });
    expect(result!.taxes).toEqual([{ category: "local_tax", feeType, amount }]);
    expect(result!.total).toBe(12 * 10_000 + amount);
  });

  it("adds it all up, the deposit beside the total, in minor units of the currency", () => {
    const { refusals, quote: result } = quoteStay(
      {
        ...rules,
        securityDeposit: 30_000,
        discounts: [{ lengthType: "weekly", minNights: 7, percent: 10 }],
        extraCharges: [{ type: "cleaning", pricingKind: "one_time", amount: 6_000 }],
        taxes: [{ category: "local_tax", feeType: "per_person_per_day", amount: 150 }],
      },
      [],
      // Across the summer season's start.
      { stay: { checkIn: "2026-06-27", checkOut: "2026-07-05" }, guests: 3, today: TODAY },
      "CHF",
    );
    expect(refusals).toEqual([]);
    // 4 nights at 100.00 + 4 at 150.00, one extra guest at 20.00 then 30.00.
    const accommodation = 4 * 10_000 + 4 * 15_000 + 4 * 2_000 + 4 * 3_000;
    expect(result).toMatchObject({ currency: "CHF", accommodation, securityDeposit: 30_000 });
    expect(result!.discount).toEqual({ lengthType: "weekly", minNights: 7, percent: 10, amount: 12_000 });
    expect(result!.total).toBe(accommodation - 12_000 + 6_000 + 3 * 8 * 150);
  });
});

describe("quoteStay: which rule refuses a stay", () => {
  const cases: [string, string, string, Parameters<typeof quote>[3], unknown[]][] = [
    ["none", "2026-03-02", "2026-03-04", {}, []],
    ["shorter than the default minimum", "2026-03-02", "2026-03-03", {}, [{ rule: "stay_too_short", minNights: 2 }]],
    ["shorter than the season's minimum (the arrival day's)", "2026-07-10", "2026-07-13", {}, [{ rule: "stay_too_short", minNights: 5 }]],
    ["arriving the day before a season: the default minimum holds", "2026-06-30", "2026-07-02", {}, []],
    ["shorter than a day's own minimum", "2026-03-02", "2026-03-05", { overrides: [override("2026-03-02", { minStay: 4 })] }, [{ rule: "stay_too_short", minNights: 4 }]],
    ["longer than the maximum", "2026-03-01", "2026-03-30", {}, [{ rule: "stay_too_long", maxNights: 28 }]],
    ["longer than a day's own maximum", "2026-03-02", "2026-03-06", { overrides: [override("2026-03-02", { maxStay: 3 })] }, [{ rule: "stay_too_long", maxNights: 3 }]],
    ["arriving on a weekday guests may not (Monday; Saturdays only)", "2026-03-02", "2026-03-04", { rules: { checkInDays: [6] } }, [{ rule: "arrival_closed", date: "2026-03-02" }]],
    ["arriving in a season with its own arrival days (Saturdays)", "2026-12-21", "2026-12-26", {}, [{ rule: "arrival_closed", date: "2026-12-21" }]],
    ["arriving on a Saturday in that season", "2026-12-26", "2027-01-02", {}, []],
    ["leaving on a weekday guests may not (Wednesday; Sundays only)", "2026-03-02", "2026-03-04", { rules: { checkOutDays: [0] } }, [{ rule: "departure_closed", date: "2026-03-04" }]],
    ["arriving on a day closed to arrival", "2026-03-02", "2026-03-04", { overrides: [override("2026-03-02", { closedToArrival: true })] }, [{ rule: "arrival_closed", date: "2026-03-02" }]],
    ["leaving on a day closed to departure", "2026-03-02", "2026-03-04", { overrides: [override("2026-03-04", { closedToDeparture: true })] }, [{ rule: "departure_closed", date: "2026-03-04" }]],
    ["a day closed to arrival inside the stay does not matter", "2026-03-02", "2026-03-05", { overrides: [override("2026-03-03", { closedToArrival: true, closedToDeparture: true })] }, []],
    ["with less notice than the unit asks", "2026-01-11", "2026-01-13", {}, [{ rule: "notice_too_short", minDays: 2 }]],
    ["with exactly the notice", "2026-01-12", "2026-01-14", {}, []],
    ["in the past", "2026-01-05", "2026-01-07", {}, [{ rule: "notice_too_short", minDays: 2 }]],
    ["several rules at once", "2026-01-11", "2026-01-12", { rules: { checkOutDays: [0] } }, [{ rule: "stay_too_short", minNights: 2 }, { rule: "departure_closed", date: "2026-01-12" }, { rule: "notice_too_short", minDays: 2 }]],
  ];

  it.each(cases)("%s", (_, checkIn, checkOut, options, refusals) => {
    expect(quote(checkIn, checkOut, 2, options).refusals).toEqual(refusals);
  });

  // [preparation nights, last night of the stay before, first night of the stay after, refused]
  it.each([
    [0, "2026-03-01", "2026-03-04", false],
    [1, "2026-03-01", null, true],
    [1, "2026-02-28", null, false],
    [1, null, "2026-03-04", true],
    [1, null, "2026-03-05", false],
    [2, "2026-02-27", "2026-03-06", false],
    [2, "2026-02-28", "2026-03-06", true],
    [2, "2026-02-27", "2026-03-05", true],
  ])("with %i nights of preparation, other stays until the night of %s and from %s: refused %s", (preparationTime, lastNightBefore, firstNightAfter, refused) => {
    const { refusals } = quoteStay({ ...rules, preparationTime }, [], { stay: { checkIn: "2026-03-02", checkOut: "2026-03-04" }, guests: 2, today: TODAY, neighbours: { lastNightBefore, firstNightAfter } }, "EUR");
    expect(refusals).toEqual(refused ? [{ rule: "preparation_time", nights: preparationTime }] : []);
  });

  it("refuses a stay without nights, and one with a night without a price (no quote then)", () => {
    expect(quote("2026-03-02", "2026-03-02")).toEqual({ refusals: [{ rule: "stay_empty" }], quote: null });
    const unpriced = quote("2026-03-02", "2026-03-05", 2, { rules: { nightlyPrice: null }, overrides: [override("2026-03-03", { price: 12_000 })] });
    expect(unpriced).toEqual({ refusals: [{ rule: "price_missing", dates: ["2026-03-02", "2026-03-04"] }], quote: null });
  });

  it("counts the notice from the unit's own today: 23:30 UTC is already the next day in Berlin, also on a DST night", () => {
    const now = new Date("2026-03-28T23:30:00Z");
    expect(todayIn("Europe/Berlin", now)).toBe("2026-03-29");
    expect(quote("2026-03-30", "2026-04-01", 2, { today: todayIn("Europe/Berlin", now) }).refusals).toEqual([{ rule: "notice_too_short", minDays: 2 }]);
    expect(quote("2026-03-30", "2026-04-01", 2, { today: todayIn("America/New_York", now) }).refusals).toEqual([]);
  });
});
