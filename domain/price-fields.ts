import { z } from "zod";
import { isIsoDate } from "./dates";
import { majorAmountSchema } from "./money";
import {
  AMOUNT_MAX,
  AMOUNT_MIN,
  CUSTOM_DISCOUNT_MIN_NIGHTS,
  DISCOUNT_PERCENT_MAX,
  DISCOUNT_PERCENT_MIN,
  EXTRA_GUEST_PRICE_MAX,
  EXTRA_GUEST_PRICE_MIN,
  EXTRA_GUESTS_COUNT_MAX,
  EXTRA_GUESTS_COUNT_MIN,
  NIGHTLY_PRICE_MAX,
  NIGHTLY_PRICE_MIN,
  SEASON_RECURRENCES,
  SECURITY_DEPOSIT_MAX,
  STAY_MAX,
  STAY_MIN,
  TAX_FEE_TYPES,
} from "./pricing";
import { PRICING_KINDS, SERVICES } from "./property-configuration";

/**
 * The price fields' rules (§3 Pricing defaults, §5, §9) as zod schemas, for the host API's contract
 * (JSON numbers, money in minor units) and the web's forms (text in major units) alike: a form
 * never accepts what the API refuses, and the wizard's steps and the unit's price section share
 * their forms' schemas.
 */

/** An integer from `min` to `max`; every failure carries the one message code. */
export const wholeNumber = (min: number, max: number, code: string) => z.number(code).int(code).min(min, code).max(max, code);

export const nightlyPriceSchema = wholeNumber(NIGHTLY_PRICE_MIN, NIGHTLY_PRICE_MAX, "price_range");
export const extraGuestPriceSchema = wholeNumber(EXTRA_GUEST_PRICE_MIN, EXTRA_GUEST_PRICE_MAX, "extra_guest_price_range");
export const staySchema = wholeNumber(STAY_MIN, STAY_MAX, "stay_range");
export const guestsIncludedSchema = wholeNumber(EXTRA_GUESTS_COUNT_MIN, EXTRA_GUESTS_COUNT_MAX, "guests_range");
/** Extra charges and taxes. */
export const chargeAmountSchema = wholeNumber(AMOUNT_MIN, AMOUNT_MAX, "amount_range");
export const securityDepositSchema = wholeNumber(0, SECURITY_DEPOSIT_MAX, "deposit_range");
export const discountPercentSchema = wholeNumber(DISCOUNT_PERCENT_MIN, DISCOUNT_PERCENT_MAX, "percent_range");
export const discountNightsSchema = wholeNumber(CUSTOM_DISCOUNT_MIN_NIGHTS, STAY_MAX, "discount_nights_invalid");
export const timeSchema = z.string("time_invalid").regex(/^([01]\d|2[0-3]):[0-5]\d$/, "time_invalid");
export const weekdaysSchema = z.array(wholeNumber(0, 6, "weekdays_invalid")).min(1, "weekdays_invalid").max(7, "weekdays_invalid");

// ---------------------------------------------------------------------------------------------
// Form fields: what a host types, read into what the API takes
// ---------------------------------------------------------------------------------------------

/** An amount typed in major units ("120.50"), in minor units, held to the API's rule for it. */
export const moneyField = (rule: z.ZodType<number, number>) => majorAmountSchema.pipe(rule);
/** A whole number typed into a field, held to the API's rule for it; `code` when it is no number. */
export const countField = (rule: z.ZodType<number, number>, code: string) => z.coerce.number(code).pipe(rule);
/** A date field (`YYYY-MM-DD`). */
export const dateField = z.string("required").refine(isIsoDate, "date_invalid");
/** Weekday checkboxes (`0`–`6`): one ticked arrives as a value, none as nothing, which is refused like an empty list. */
export const weekdaysField = z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.coerce.number()).pipe(weekdaysSchema));

/** The nightly price, stay limits and extra guests: the wizard's price step and the unit's price section. */
export const stayPriceFormSchema = z.object({
  nightlyPrice: moneyField(nightlyPriceSchema),
  minStay: countField(staySchema, "stay_range"),
  maxStay: countField(staySchema, "stay_range"),
  extraGuestsCount: countField(guestsIncludedSchema, "guests_range").optional(),
  extraGuestPrice: moneyField(extraGuestPriceSchema).optional(),
});

/** A season with its own rules (§3 seasonsPricing): the wizard's seasons step and the unit's price section. */
export const seasonFormSchema = z.object({
  dateFrom: dateField,
  dateTo: dateField,
  recurrence: z.enum(SEASON_RECURRENCES, "required").default("one-time"),
  nightlyPrice: moneyField(nightlyPriceSchema),
  minStay: countField(staySchema, "stay_range").optional(),
  extraGuestPrice: moneyField(extraGuestPriceSchema).optional(),
});

const SERVICE_IDS = SERVICES.map((s) => s.id) as [(typeof SERVICES)[number]["id"], ...(typeof SERVICES)[number]["id"][]];

/** One row per service (§3 Services); a service without an amount is not offered. */
export const extraChargesFormSchema = z.object({
  charges: z
    .array(z.object({ type: z.enum(SERVICE_IDS, "invalid_choice"), pricingKind: z.enum(PRICING_KINDS, "invalid_choice"), amount: moneyField(chargeAmountSchema).optional() }))
    .default([]),
});

/** Weekly and monthly discounts, and discounts from a number of nights of the host's own; an empty row is none. */
export const discountsFormSchema = z.object({
  weekly: countField(discountPercentSchema, "percent_range").optional(),
  monthly: countField(discountPercentSchema, "percent_range").optional(),
  custom: z
    .array(z.object({ minNights: countField(discountNightsSchema, "discount_nights_invalid").optional(), percent: countField(discountPercentSchema, "percent_range").optional() }))
    .default([])
    .superRefine((rows, ctx) =>
      rows.forEach((row, i) => {
        if (row.minNights === undefined && row.percent !== undefined) ctx.addIssue({ code: "custom", path: [i, "minNights"], message: "required" });
        if (row.percent === undefined && row.minNights !== undefined) ctx.addIssue({ code: "custom", path: [i, "percent"], message: "required" });
      }),
    ),
});

/** Local taxes (§3 taxes) with their caps; a row left empty is none. */
export const taxesFormSchema = z.object({
  taxes: z
    .array(
      z.object({
        feeType: z.enum(TAX_FEE_TYPES, "invalid_choice"),
        amount: moneyField(chargeAmountSchema).optional(),
        maxNights: countField(staySchema, "stay_range").optional(),
        maxAmount: moneyField(chargeAmountSchema).optional(),
      }),
    )
    .default([])
    .superRefine((rows, ctx) =>
      rows.forEach((row, i) => {
        if (row.amount === undefined && (row.maxNights !== undefined || row.maxAmount !== undefined)) ctx.addIssue({ code: "custom", path: [i, "amount"], message: "required" });
      }),
    ),
});
