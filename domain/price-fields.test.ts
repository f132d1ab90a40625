import { describe, expect, it } from "vitest";
import { discountsFormSchema, extraChargesFormSchema, nightlyPriceSchema, seasonFormSchema, stayPriceFormSchema, taxesFormSchema, weekdaysField } from "./price-fields";
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
    expect(discountsFormSchema.parse({ weekly: "10", custom: [{}] })).toEqual({ weekly: 10, custom: [{}] });
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
  });
});
