import { describe, expect, it } from "vitest";
import { addYears, todayUtc } from "./dates";
import { arrivalFormSchema, discountFieldsOf, discountsFormSchema, discountsOf, extraChargesFormSchema, nightlyPriceSchema, seasonFormSchema, seasonFormSchemaAmong, stayPriceFormSchema, storedDiscountProblems, taxesFormSchema, weekdaysField } from "./price-fields";
import { z } from "zod";

/** The codes a schema answers, by field path. */
function problems(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("the price form's rules are the API's (§5, §9)", () => {
  it("takes a nightly price from 10 to 10 000 in major units, as minor units", () => {
    const base = { minStay: "1", maxStay: "365" };
    expect(stayPriceFormSchema.parse({ ...base, nightlyPrice: "10" }).nightlyPrice).toBe(1_000);
    expect(stayPriceFormSchema.parse({ ...base, nightlyPrice: "10 000" }).nightlyPrice).toBe(1_000_000);
    expect(stayPriceFormSchema.parse({ ...base, nightlyPrice: "120,50" }).nightlyPrice).toBe(12_050);
    expect(problems(stayPriceFormSchema, { ...base, nightlyPrice: "9.99" })).toEqual(["nightlyPrice: price_range"]);
    expect(problems(stayPriceFormSchema, { ...base, nightlyPrice: "10000.01" })).toEqual(["nightlyPrice: price_range"]);
    expect(problems(stayPriceFormSchema, { ...base, nightlyPrice: "ninety" })).toEqual(["nightlyPrice: amount_invalid"]);
    expect(problems(stayPriceFormSchema, base)).toEqual(["nightlyPrice: required"]);
    // The API holds the same rule in minor units.
    expect(nightlyPriceSchema.safeParse(999).success).toBe(false);
    expect(nightlyPriceSchema.safeParse(1_000).success).toBe(true);
  });

  it("keeps stays from 1 to 365 nights and the extra guest price from 1 to 10 000", () => {
    const price = { nightlyPrice: "100" };
    expect(problems(stayPriceFormSchema, { ...price, minStay: "0", maxStay: "366" })).toEqual(["minStay: stay_range", "maxStay: stay_range"]);
    expect(problems(stayPriceFormSchema, { ...price, minStay: "1.5", maxStay: "7" })).toEqual(["minStay: stay_range"]);
    expect(problems(stayPriceFormSchema, { ...price, minStay: "2", maxStay: "7", extraGuestPrice: "0.50" })).toEqual(["extraGuestPrice: extra_guest_price_range"]);
    expect(problems(stayPriceFormSchema, { ...price, minStay: "2", maxStay: "7", extraGuestsCount: "100" })).toEqual(["extraGuestsCount: guests_range"]);
    expect(stayPriceFormSchema.parse({ ...price, minStay: "2", maxStay: "7", extraGuestsCount: "2", extraGuestPrice: "15" })).toEqual({
      nightlyPrice: 10_000,
      minStay: 2,
      maxStay: 7,
      extraGuestsCount: 2,
      extraGuestPrice: 1_500,
    });
  });

  it("reads weekday checkboxes: one ticked is a list, none is refused", () => {
    const days = z.object({ days: weekdaysField });
    expect(days.parse({ days: "3" })).toEqual({ days: [3] });
    expect(days.parse({ days: ["0", "6"] })).toEqual({ days: [0, 6] });
    expect(problems(days, {})).toEqual(["days: weekdays_invalid"]);
    expect(problems(days, { days: ["7"] })).toEqual(["days.0: weekdays_invalid"]);
  });

  it("reads a season: dates, its own price and, optionally, its own minimum stay and extra guest price", () => {
    expect(seasonFormSchema.parse({ dateFrom: "2027-07-01", dateTo: "2027-08-31", nightlyPrice: "180" })).toEqual({
      dateFrom: "2027-07-01",
      dateTo: "2027-08-31",
      recurrence: "one-time",
      nightlyPrice: 18_000,
    });
    expect(problems(seasonFormSchema, { dateFrom: "2027-02-30", nightlyPrice: "5", minStay: "0" })).toEqual([
      "dateFrom: date_invalid",
      "dateTo: required",
      "nightlyPrice: price_range",
      "minStay: stay_range",
    ]);
  });

  it("asks for both halves of a discount row, and leaves an empty one out", () => {
    expect(discountsFormSchema.parse({ weekly: "10", custom: [{}] })).toEqual({ weekly: 10, custom: [{}], removeCustom: [] });
    expect(problems(discountsFormSchema, { monthly: "100", custom: [{ minNights: "10" }, { percent: "5" }, { minNights: "1", percent: "5" }] })).toEqual([
      "monthly: percent_range",
      "custom.2.minNights: discount_nights_invalid",
      "custom.0.percent: required",
      "custom.1.minNights: required",
    ]);
  });

  it("offers a service only with an amount, from 0.01", () => {
    expect(extraChargesFormSchema.parse({ charges: [{ type: "cleaning", pricingKind: "one_time", amount: "40" }, { type: "towels", pricingKind: "recurring" }] })).toEqual({
      charges: [{ type: "cleaning", pricingKind: "one_time", amount: 4_000 }, { type: "towels", pricingKind: "recurring" }],
    });
    expect(problems(extraChargesFormSchema, { charges: [{ type: "cleaning", pricingKind: "one_time", amount: "0" }] })).toEqual(["charges.0.amount: amount_range"]);
    expect(problems(extraChargesFormSchema, { charges: [{ type: "sauna", pricingKind: "one_time", amount: "10" }] })).toEqual(["charges.0.type: invalid_choice"]);
  });

  it("asks for a tax's amount once a cap is set", () => {
    expect(taxesFormSchema.parse({ taxes: [{ feeType: "per_person_per_day", amount: "2.50", maxNights: "7" }] })).toEqual({
      taxes: [{ feeType: "per_person_per_day", amount: 250, maxNights: 7 }],
    });
    expect(problems(taxesFormSchema, { taxes: [{ feeType: "per_day", maxAmount: "20" }] })).toEqual(["taxes.0.amount: required"]);
    expect(problems(taxesFormSchema, { taxes: [{ feeType: "per_week", amount: "1" }] })).toEqual(["taxes.0.feeType: invalid_choice"]);
    // Also when another row's amount is no amount.
    expect(problems(taxesFormSchema, { taxes: [{ feeType: "per_day", amount: "two" }, { feeType: "per_day", maxNights: "7" }] })).toEqual(["taxes.0.amount: amount_invalid", "taxes.1.amount: required"]);
  });
});

/**
 * A form refuses on the first submit everything the API would refuse of it: the rules over several
 * fields (pricing.ts's) run whatever else is wrong, over the values valid on their own, and their
 * messages land on the form's fields.
 */
describe("the rules over several fields, on the first submit", () => {
  const year = Number(todayUtc().slice(0, 4)) + 1;

  it("refuses a maximum stay below the minimum along with any other error, under the maximum", () => {
    expect(problems(stayPriceFormSchema, { nightlyPrice: "100", minStay: "10", maxStay: "5" })).toEqual(["maxStay: max_stay_below_min"]);
    expect(problems(stayPriceFormSchema, { nightlyPrice: "5", minStay: "10", maxStay: "5" })).toEqual(["nightlyPrice: price_range", "maxStay: max_stay_below_min"]);
    // An amount that is no amount stops zod's own refinements: ours still run.
    expect(problems(stayPriceFormSchema, { nightlyPrice: "ninety", minStay: "10", maxStay: "5", extraGuestsCount: "x" })).toEqual([
      "nightlyPrice: amount_invalid",
      "extraGuestsCount: guests_range",
      "maxStay: max_stay_below_min",
    ]);
    // A limit out of range (§5, §9: 1 to 365) is said once, not compared as well.
    expect(problems(stayPriceFormSchema, { nightlyPrice: "100", minStay: "400", maxStay: "5" })).toEqual(["minStay: stay_range"]);
    expect(problems(stayPriceFormSchema, { nightlyPrice: "100", minStay: "0", maxStay: "0" })).toEqual(["minStay: stay_range", "maxStay: stay_range"]);
    expect(problems(stayPriceFormSchema, { nightlyPrice: "100", minStay: "7", maxStay: "7" })).toEqual([]);
  });

  it("asks for the guests included with an extra guest price, and the reverse", () => {
    expect(problems(stayPriceFormSchema, { nightlyPrice: "5", minStay: "1", maxStay: "365", extraGuestPrice: "15" })).toEqual(["nightlyPrice: price_range", "extraGuestsCount: required"]);
    expect(problems(stayPriceFormSchema, { nightlyPrice: "100", minStay: "1", maxStay: "365", extraGuestsCount: "2" })).toEqual(["extraGuestPrice: required"]);
    // A price that is wrong is said as such, not as missing.
    expect(problems(stayPriceFormSchema, { nightlyPrice: "100", minStay: "1", maxStay: "365", extraGuestsCount: "2", extraGuestPrice: "0" })).toEqual(["extraGuestPrice: extra_guest_price_range"]);
  });

  it("refuses a check-in window that ends before it starts, also without weekdays", () => {
    expect(problems(arrivalFormSchema, { checkInFrom: "18:00", checkInTo: "16:00", checkOutTo: "11:00" })).toEqual([
      "checkInDays: weekdays_invalid",
      "checkOutDays: weekdays_invalid",
      "checkInTo: check_in_window_invalid",
    ]);
    expect(problems(arrivalFormSchema, { checkInFrom: "15:00", checkInTo: "25:00", checkOutTo: "11", checkInDays: "1", checkOutDays: "2" })).toEqual(["checkInTo: time_invalid", "checkOutTo: time_invalid"]);
    expect(arrivalFormSchema.parse({ checkInFrom: "15:00", checkInTo: "15:00", checkOutTo: "11:00", checkInDays: "6", checkOutDays: ["0", "6"] })).toMatchObject({ checkInDays: [6], checkOutDays: [0, 6] });
  });

  it("refuses a season's dates with its other errors, and among the unit's seasons its overlap and a minimum stay above the maximum", () => {
    expect(problems(seasonFormSchema, { dateFrom: `${year}-08-31`, dateTo: `${year}-07-01`, nightlyPrice: "5" })).toEqual(["nightlyPrice: price_range", "dateTo: season_dates_invalid"]);
    expect(problems(seasonFormSchema, { dateFrom: `${year}-07-01`, dateTo: `${year + 1}-07-01`, recurrence: "recurring", nightlyPrice: "180" })).toEqual(["dateTo: season_dates_invalid"]);
    expect(problems(seasonFormSchema, { dateFrom: `${year}-07-01`, dateTo: addYears(todayUtc(), 3), nightlyPrice: "180" })).toEqual(["dateTo: season_too_far"]);
    const summer = { id: "summer", dateFrom: `${year}-07-01`, dateTo: `${year}-08-31`, recurrence: "one-time" as const, nightlyPrice: 18_000, minStay: null, extraGuestPrice: null };
    const unit = { maxStay: 14, seasonsPricing: [summer] };
    expect(problems(seasonFormSchemaAmong(unit), { dateFrom: `${year}-08-15`, dateTo: `${year}-09-15`, nightlyPrice: "ninety", minStay: "21" })).toEqual([
      "nightlyPrice: amount_invalid",
      "minStay: max_stay_below_min",
      "dateFrom: season_overlap",
    ]);
    // The season edited is not compared with itself.
    expect(problems(seasonFormSchemaAmong(unit, "summer"), { dateFrom: `${year}-08-15`, dateTo: `${year}-09-15`, nightlyPrice: "180", minStay: "7" })).toEqual([]);
  });

  it("refuses discounts that contradict each other, naming the other discount, along with any other error", () => {
    expect(problems(discountsFormSchema, { weekly: "15", monthly: "10" })).toEqual(["monthly: discount_below_weekly?percent=15&nights=7"]);
    expect(problems(discountsFormSchema, { weekly: "15", monthly: "10", custom: [{ minNights: "14", percent: "x" }] })).toEqual([
      "custom.0.percent: percent_range",
      "monthly: discount_below_weekly?percent=15&nights=7",
    ]);
    expect(problems(discountsFormSchema, { weekly: "10", custom: [{ minNights: "3", percent: "12" }, { minNights: "3", percent: "8" }, { minNights: "60" }] })).toEqual([
      "custom.2.percent: required",
      "custom.1.minNights: discount_same_nights_custom?percent=12&count=3",
      "weekly: discount_below_custom?percent=12&count=3",
    ]);
    expect(problems(discountsFormSchema, { weekly: "10", custom: [{ minNights: "7", percent: "12" }] })).toEqual(["custom.0.minNights: discount_same_nights_weekly?percent=10&nights=7"]);
    // A weekly discount out of range is said so, not compared.
    expect(problems(discountsFormSchema, { weekly: "100", monthly: "20" })).toEqual(["weekly: percent_range"]);
  });

  it("leaves out the rows ticked for removal, and sends the others in order with where they are on the form", () => {
    const value = discountsFormSchema.parse({ weekly: "15", custom: [{ minNights: "14", percent: "5" }, { minNights: "21", percent: "20" }, { minNights: "30" }], removeCustom: ["0", "2"] });
    expect(discountsOf(value).map(({ discount, path }) => [discount, path("percent"), path("lengthType")])).toEqual([
      [{ lengthType: "weekly", percent: 15 }, ["weekly"], ["weekly"]],
      [{ lengthType: "custom", minNights: 21, percent: 20 }, ["custom", 1, "percent"], ["custom", 1, "minNights"]],
    ]);
    expect(problems(discountsFormSchema, { weekly: "15", custom: [{ minNights: "14", percent: "5" }], removeCustom: "0" })).toEqual([]);
  });
});

/** Discounts as they are stored. */
const weekly = (percent: number) => ({ lengthType: "weekly" as const, minNights: 7, percent });
const monthly = (percent: number) => ({ lengthType: "monthly" as const, minNights: 28, percent });
const custom = (minNights: number, percent: number) => ({ lengthType: "custom" as const, minNights, percent });

describe("stored discounts as the discounts form shows them", () => {
  it("puts the weekly and monthly percentages in their fields and the others in rows, in their order", () => {
    expect(discountFieldsOf([custom(3, 5), weekly(10), custom(14, 12), monthly(20)])).toEqual({ weekly: 10, monthly: 20, custom: [{ minNights: 3, percent: 5 }, { minNights: 14, percent: 12 }] });
    expect(discountFieldsOf([])).toEqual({ weekly: undefined, monthly: undefined, custom: [] });
  });

  it("says what contradicts under the form's field, in the words a refused save uses, and nothing when they agree", () => {
    // Stored before discounts had to agree: a month gets 10 % off, a week 15 %.
    expect(storedDiscountProblems([weekly(15), monthly(10)])).toEqual([{ path: ["monthly"], message: "discount_below_weekly?percent=15&nights=7" }]);
    expect(storedDiscountProblems([custom(3, 12), weekly(10), custom(14, 8), monthly(20)])).toEqual([
      { path: ["weekly"], message: "discount_below_custom?percent=12&count=3" },
      { path: ["custom", 1, "percent"], message: "discount_below_custom?percent=12&count=3" },
    ]);
    expect(storedDiscountProblems([weekly(10), custom(14, 12), monthly(20)])).toEqual([]);
    expect(storedDiscountProblems([])).toEqual([]);
  });
});
