import { z } from "zod";
import { isIsoDate, todayUtc } from "./dates";
import { majorAmountSchema } from "./money";
import {
  priceConfigurationProblems,
  withPriceDefaults,
  type Discount,
  type DiscountInput,
  type PriceConfigurationInput,
  type PricingProblem,
  type SeasonInput,
  type ValidAt,
  AMOUNT_MAX,
  AMOUNT_MIN,
  CUSTOM_DISCOUNT_MIN_NIGHTS,
  DISCOUNT_PERCENT_MAX,
  DISCOUNT_PERCENT_MIN,
  EXTRA_GUEST_PRICE_MAX,
  EXTRA_GUEST_PRICE_MIN,
  EXTRA_GUESTS_COUNT_MAX,
  EXTRA_GUESTS_COUNT_MIN,
  MONTHLY_MIN_NIGHTS,
  NIGHTLY_PRICE_MAX,
  NIGHTLY_PRICE_MIN,
  SEASON_RECURRENCES,
  SECURITY_DEPOSIT_MAX,
  STAY_MAX,
  STAY_MIN,
  TAX_FEE_TYPES,
  WEEKLY_MIN_NIGHTS,
} from "./pricing";
import { PRICING_KINDS, SERVICES } from "./property-configuration";
import { messageWithValues } from "./validation-messages";

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
// The rules over several fields (pricing.ts's), for the API's body and the forms alike
// ---------------------------------------------------------------------------------------------

type Path = readonly PropertyKey[];

/** Whether `a` leads to `b` or `b` to `a`: an issue of a row or list concerns each of its fields, and one of a field the row holding it. */
const along = (a: Path, b: Path) => a.slice(0, b.length).every((key, i) => key === b[i]);

/**
 * What the schema found valid so far, for the rules over several fields (`ValidAt`): a value is
 * valid when no issue concerns it. An issue of the whole object (an unknown field) concerns none.
 */
export function validAtIn(issues: readonly { path?: Path | undefined }[]): ValidAt {
  return (...path) => !issues.some((issue) => issue.path?.length && along(issue.path, path));
}

/** A problem's message: its code, with the values it names. */
export const problemMessage = (problem: PricingProblem) => (problem.values ? messageWithValues(problem.code, problem.values) : problem.code);

/**
 * Runs a refinement on an object whatever else is wrong in it: zod skips an object's refinements once
 * one of its values could not be read at all (a price that is no amount), and a rule over two other
 * fields would then wait for the next submit. The rules check which values are valid themselves.
 */
export const onEveryObject = { when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null && !Array.isArray(payload.value) };

type ConfigPath = (string | number)[];

/**
 * The configuration's rules over several fields (`priceConfigurationProblems`, the API's) on a form
 * of a part of it: `part` reads the form's values into the configuration fields the form edits (the
 * others keep their defaults) and tells where a path of the configuration is on the form (null: not
 * on it). The rules run on every submit, whatever else is wrong, over the values valid on their own,
 * so that a form refuses all it can at once; their problems land on the form's fields.
 */
function withPriceRules<S extends z.ZodObject>(schema: S, part: (value: z.output<S>) => { config: Partial<PriceConfigurationInput>; fieldOf: (path: ConfigPath) => ConfigPath | null }): S {
  return schema.superRefine((value, ctx) => {
    const { config, fieldOf } = part(value);
    const validOnForm = validAtIn(ctx.issues);
    const validAt: ValidAt = (...path) => {
      const field = fieldOf(path);
      return field === null || validOnForm(...field);
    };
    for (const problem of priceConfigurationProblems(withPriceDefaults(config), todayUtc(), validAt)) {
      const path = fieldOf(problem.path);
      if (path) ctx.addIssue({ code: "custom", path, message: problemMessage(problem) });
    }
  }, onEveryObject);
}

/** The form's fields that are the configuration's fields of the same name. */
const sameFields =
  (...names: string[]) =>
  (path: ConfigPath): ConfigPath | null =>
    path.length === 1 && names.includes(String(path[0])) ? path : null;

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
export const stayPriceFormSchema = withPriceRules(
  z.object({
    nightlyPrice: moneyField(nightlyPriceSchema),
    minStay: countField(staySchema, "stay_range"),
    maxStay: countField(staySchema, "stay_range"),
    extraGuestsCount: countField(guestsIncludedSchema, "guests_range").optional(),
    extraGuestPrice: moneyField(extraGuestPriceSchema).optional(),
  }),
  (value) => ({
    config: { minStay: value.minStay, maxStay: value.maxStay, extraGuestsCount: value.extraGuestsCount ?? null, extraGuestPrice: value.extraGuestPrice ?? null },
    fieldOf: sameFields("minStay", "maxStay", "extraGuestsCount", "extraGuestPrice"),
  }),
);

/** Check-in and check-out times and the weekdays guests may arrive and leave on: the unit's price section. */
export const arrivalFormSchema = withPriceRules(
  z.object({ checkInFrom: timeSchema, checkInTo: timeSchema, checkOutTo: timeSchema, checkInDays: weekdaysField, checkOutDays: weekdaysField }),
  (value) => ({ config: { checkInFrom: value.checkInFrom, checkInTo: value.checkInTo, checkOutTo: value.checkOutTo }, fieldOf: sameFields("checkInFrom", "checkInTo", "checkOutTo") }),
);

const seasonFields = z.object({
  dateFrom: dateField,
  dateTo: dateField,
  recurrence: z.enum(SEASON_RECURRENCES, "required").default("one-time"),
  nightlyPrice: moneyField(nightlyPriceSchema),
  minStay: countField(staySchema, "stay_range").optional(),
  extraGuestPrice: moneyField(extraGuestPriceSchema).optional(),
});
const SEASON_FIELDS: readonly string[] = Object.keys(seasonFields.shape);

/**
 * A season with its own rules (§3 seasonsPricing): the wizard's seasons step and the unit's price
 * section. Given the unit's prices, it is checked among them as the API will: against the other
 * seasons (all but the one it `replaces`) and the unit's maximum stay.
 */
export function seasonFormSchemaAmong(current?: { maxStay: number; seasonsPricing: readonly SeasonInput[] }, replaces?: string) {
  const others = current?.seasonsPricing.filter((season) => season.id === undefined || season.id !== replaces) ?? [];
  return withPriceRules(seasonFields, (value) => ({
    config: {
      ...(current ? { maxStay: current.maxStay } : {}),
      // Last, so that an overlap is said on this season, not on the one it overlaps.
      seasonsPricing: [...others, { dateFrom: value.dateFrom, dateTo: value.dateTo, recurrence: value.recurrence, nightlyPrice: value.nightlyPrice, minStay: value.minStay ?? null, extraGuestPrice: value.extraGuestPrice ?? null }],
    },
    fieldOf: (path) => (path.length === 3 && path[0] === "seasonsPricing" && path[1] === others.length && SEASON_FIELDS.includes(String(path[2])) ? [path[2]!] : null),
  }));
}
export const seasonFormSchema = seasonFormSchemaAmong();

const SERVICE_IDS = SERVICES.map((s) => s.id) as [(typeof SERVICES)[number]["id"], ...(typeof SERVICES)[number]["id"][]];

/** One row per service (§3 Services); a service without an amount is not offered. */
export const extraChargesFormSchema = z.object({
  charges: z
    .array(z.object({ type: z.enum(SERVICE_IDS, "invalid_choice"), pricingKind: z.enum(PRICING_KINDS, "invalid_choice"), amount: moneyField(chargeAmountSchema).optional() }))
    .default([]),
});

/** Rows ticked for removal: one ticked arrives as a value, none as nothing. */
export const tickedRows = z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.coerce.number()));

const discountFields = z.object({
  weekly: countField(discountPercentSchema, "percent_range").optional(),
  monthly: countField(discountPercentSchema, "percent_range").optional(),
  custom: z.array(z.object({ minNights: countField(discountNightsSchema, "discount_nights_invalid").optional(), percent: countField(discountPercentSchema, "percent_range").optional() })).default([]),
  removeCustom: tickedRows,
});
type DiscountFields = z.output<typeof discountFields>;

/**
 * The discounts a discounts form sends, in this order: weekly, monthly, then the custom rows with both
 * halves that are not ticked for removal; each with the path on the form of its field `key`.
 */
export function discountsOf(value: DiscountFields): { discount: DiscountInput; path: (key: keyof DiscountInput) => (string | number)[] }[] {
  const out: ReturnType<typeof discountsOf> = [];
  if (value.weekly !== undefined) out.push({ discount: { lengthType: "weekly", percent: value.weekly }, path: () => ["weekly"] });
  if (value.monthly !== undefined) out.push({ discount: { lengthType: "monthly", percent: value.monthly }, path: () => ["monthly"] });
  value.custom.forEach((row, i) => {
    if (row.minNights === undefined || row.percent === undefined || value.removeCustom.includes(i)) return;
    // A custom row's type is its nights.
    out.push({ discount: { lengthType: "custom", minNights: row.minNights, percent: row.percent }, path: (key) => ["custom", i, key === "lengthType" ? "minNights" : key] });
  });
  return out;
}

/**
 * Weekly and monthly discounts, and discounts from a number of nights of the host's own; an empty
 * row is none, and so is a row ticked for removal. Discounts that contradict each other are refused
 * as the API refuses them (`discountProblems`), naming the other discount.
 */
export const discountsFormSchema = withPriceRules(
  discountFields.superRefine((value, ctx) => {
    if (!Array.isArray(value.custom)) return;
    value.custom.forEach((row, i) => {
      if (Array.isArray(value.removeCustom) && value.removeCustom.includes(i)) return;
      if (row.minNights === undefined && row.percent !== undefined) ctx.addIssue({ code: "custom", path: ["custom", i, "minNights"], message: "required" });
      if (row.percent === undefined && row.minNights !== undefined) ctx.addIssue({ code: "custom", path: ["custom", i, "percent"], message: "required" });
    });
  }, onEveryObject),
  (value) => {
    const sent = Array.isArray(value.custom) && Array.isArray(value.removeCustom) ? discountsOf(value) : [];
    return {
      config: { discounts: sent.map((s) => s.discount) },
      fieldOf: (path) => {
        const entry = path.length === 3 && path[0] === "discounts" && typeof path[1] === "number" ? sent[path[1]] : undefined;
        return entry ? entry.path(path[2] as keyof DiscountInput) : null;
      },
    };
  },
);

/** Stored discounts as the discounts form shows them: the weekly and monthly percentages by their nights, the others as rows in their order. */
export function discountFieldsOf(discounts: readonly Discount[]): { weekly: number | undefined; monthly: number | undefined; custom: { minNights: number; percent: number }[] } {
  const percentFrom = (nights: number) => discounts.find((d) => d.minNights === nights)?.percent;
  return {
    weekly: percentFrom(WEEKLY_MIN_NIGHTS),
    monthly: percentFrom(MONTHLY_MIN_NIGHTS),
    custom: discounts.filter((d) => d.lengthType === "custom").map((d) => ({ minNights: d.minNights, percent: d.percent })),
  };
}

/**
 * What the discounts form says of stored discounts, by the path of the field on the form: discounts
 * stored before they had to agree with each other may contradict each other (decision 025's last
 * addendum), and the page says so on the form before the host saves, in the words a refused save uses.
 */
export function storedDiscountProblems(discounts: readonly Discount[]): { path: (string | number)[]; message: string }[] {
  const result = discountsFormSchema.safeParse(discountFieldsOf(discounts));
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.map((key) => (typeof key === "number" ? key : String(key))), message: issue.message }));
}

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
    .superRefine(
      (rows, ctx) =>
        rows.forEach((row, i) => {
          if (row.amount === undefined && (row.maxNights !== undefined || row.maxAmount !== undefined)) ctx.addIssue({ code: "custom", path: [i, "amount"], message: "required" });
        }),
      // Also when another row has a value that is no number.
      { when: (payload) => Array.isArray(payload.value) },
    ),
});
