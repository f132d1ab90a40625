import { createRoute, z } from "@hono/zod-openapi";
import { daysBetween, isIsoDate, todayUtc } from "@domain/dates";
import { noticeSchema, preparationSchema } from "@domain/listing-fields";
import {
  chargeAmountSchema,
  discountNightsSchema,
  discountPercentSchema,
  extraGuestPriceSchema,
  guestsIncludedSchema,
  nightlyPriceSchema,
  onEveryObject,
  problemMessage,
  securityDepositSchema,
  staySchema,
  timeSchema,
  validAtIn,
  weekdaysSchema,
} from "@domain/price-fields";
import {
  AMOUNT_UNIT,
  DISCOUNT_LENGTH_TYPES,
  MAX_DISCOUNTS,
  MAX_SEASONS,
  MAX_TAXES,
  PRICE_LIST_MAX_DAYS,
  priceConfigurationProblems,
  PROMOTION_STATES,
  PROMOTION_TYPES,
  SEASON_RECURRENCES,
  TAX_CATEGORIES,
  TAX_FEE_TYPES,
  withPriceDefaults,
} from "@domain/pricing";
import { PRICING_KINDS, SERVICES } from "@domain/property-configuration";
import { CALENDAR_RANGE_MAX_DAYS, DAY_AVAILABILITIES, dayRangeProblem, nightRangeProblem } from "@domain/calendar";
import { STAY_REFUSAL_RULES } from "@domain/quote";
import { calendarEventSchema } from "./calendar";
import { commonErrors, errorsListSchema, json, jsonBody, pagination, security } from "./http";

/** §3 Price configuration, calendar day prices and promotions of a unit (§7 property-unit pricing). */

const SERVICE_IDS = SERVICES.map((s) => s.id) as [(typeof SERVICES)[number]["id"], ...(typeof SERVICES)[number]["id"][]];

// The fields' rules are domain/price-fields.ts's, which the web's forms hold too.
const time = timeSchema;
const isoDate = z.string("required").refine(isIsoDate, "date_invalid");
const weekdays = weekdaysSchema;
const money = chargeAmountSchema;
const nightlyPrice = nightlyPriceSchema;
const extraGuestPrice = extraGuestPriceSchema;
const stay = staySchema;

const extraCharge = z.object({ type: z.enum(SERVICE_IDS), pricingKind: z.enum(PRICING_KINDS), amount: money }).strict();
const discountItem = z
  .object({
    lengthType: z.enum(DISCOUNT_LENGTH_TYPES),
    // Optional for weekly and monthly, whose nights are fixed.
    minNights: discountNightsSchema.optional(),
    percent: discountPercentSchema,
  })
  .strict();
const tax = z
  .object({
    category: z.enum(TAX_CATEGORIES),
    feeType: z.enum(TAX_FEE_TYPES),
    amount: money,
    // Caps, where the place sets one: a tax per day counts at most maxNights nights; a stay's tax is at most maxAmount.
    maxNights: stay.optional(),
    maxAmount: money.optional(),
  })
  .strict();
const season = z
  .object({
    // Made by the server when absent; sent back unchanged to keep a season's identity.
    id: z.string().regex(/^[\w-]{1,64}$/).optional(),
    dateFrom: isoDate,
    dateTo: isoDate,
    recurrence: z.enum(SEASON_RECURRENCES),
    nightlyPrice,
    minStay: stay.nullable().default(null),
    extraGuestPrice: extraGuestPrice.nullable().default(null),
    // The season's own arrival days; left out or null: the default's checkInDays.
    checkInDays: weekdays.nullable().optional(),
  })
  .strict();

/**
 * The editable price configuration (§3, §5). Every field may be left out and then takes its
 * default, so a PUT replaces the whole configuration. `currency` and `amountUnit` are read-only:
 * accepted only as they are, so that a configuration read by GET can be sent back.
 */
const priceConfigurationFields = z
  .object({
    currency: z.string().optional(),
    amountUnit: z.literal(AMOUNT_UNIT).optional(),
    nightlyPrice: nightlyPrice.nullable(),
    minStay: stay,
    maxStay: stay,
    extraGuestPrice: extraGuestPrice.nullable(),
    extraGuestsCount: guestsIncludedSchema.nullable(),
    checkInFrom: time,
    checkInTo: time,
    checkOutTo: time,
    checkInDays: weekdays,
    checkOutDays: weekdays,
    preparationTime: preparationSchema,
    minDaysOfNotice: noticeSchema,
    extraCharges: z.array(extraCharge).max(SERVICES.length),
    discounts: z.array(discountItem).max(MAX_DISCOUNTS),
    taxes: z.array(tax).max(MAX_TAXES),
    seasonsPricing: z.array(season).max(MAX_SEASONS),
    securityDeposit: securityDepositSchema,
  })
  .partial()
  .strict();

/** The fields with the rules over several of them, also when another field is wrong: every problem of a body is answered at once. */
const withConfigurationRules = (rules: { discountsWritten: boolean }) =>
  priceConfigurationFields.superRefine((value, ctx) => {
    for (const problem of priceConfigurationProblems(withPriceDefaults(value), todayUtc(), validAtIn(ctx.issues), rules)) {
      ctx.addIssue({ code: "custom", path: problem.path, message: problemMessage(problem) });
    }
  }, onEveryObject);

/** A whole configuration (PUT, and a merge patch that writes the discounts, once merged): every rule. */
export const priceConfigurationBodySchema = withConfigurationRules({ discountsWritten: true }).openapi("PriceConfigurationInput");

/**
 * The configuration a merge patch without `discounts` makes: every rule but the discounts' over each
 * other, which the stored discounts keep as they are (`patchWritesDiscounts`, decision 025's last addendum).
 */
export const storedDiscountsConfigurationSchema = withConfigurationRules({ discountsWritten: false });

/** What GET answers: every field, amounts in integer minor units of `currency` (12000 = 120.00). */
export const priceConfigurationSchema = z
  .object({
    currency: z.string(),
    amountUnit: z.literal(AMOUNT_UNIT),
    nightlyPrice: z.number().int().nullable(),
    minStay: z.number().int(),
    maxStay: z.number().int(),
    extraGuestPrice: z.number().int().nullable(),
    extraGuestsCount: z.number().int().nullable(),
    checkInFrom: z.string(),
    checkInTo: z.string(),
    checkOutTo: z.string(),
    checkInDays: z.array(z.number().int()),
    checkOutDays: z.array(z.number().int()),
    preparationTime: z.number().int(),
    minDaysOfNotice: z.number().int(),
    extraCharges: z.array(z.object({ type: z.enum(SERVICE_IDS), pricingKind: z.enum(PRICING_KINDS), amount: z.number().int() })),
    discounts: z.array(z.object({ lengthType: z.enum(DISCOUNT_LENGTH_TYPES), minNights: z.number().int(), percent: z.number().int() })),
    taxes: z.array(
      z.object({
        category: z.enum(TAX_CATEGORIES),
        feeType: z.enum(TAX_FEE_TYPES),
        amount: z.number().int(),
        maxNights: z.number().int().optional(),
        maxAmount: z.number().int().optional(),
      }),
    ),
    seasonsPricing: z.array(
      z.object({
        id: z.string(),
        dateFrom: z.string(),
        dateTo: z.string(),
        recurrence: z.enum(SEASON_RECURRENCES),
        nightlyPrice: z.number().int(),
        minStay: z.number().int().nullable(),
        extraGuestPrice: z.number().int().nullable(),
        checkInDays: z.array(z.number().int()).optional().openapi({ description: "The season's own arrival days; absent: the default's" }),
      }),
    ),
    securityDeposit: z.number().int(),
  })
  .openapi("PriceConfiguration");

export const priceListQuery = z
  .object({ dateFrom: isoDate.openapi({ example: "2026-07-01" }), dateTo: isoDate.openapi({ example: "2026-07-31" }) })
  .superRefine((q, ctx) => {
    if (!isIsoDate(q.dateFrom) || !isIsoDate(q.dateTo)) return;
    if (q.dateTo < q.dateFrom) ctx.addIssue({ code: "custom", path: ["dateTo"], message: "date_range_invalid" });
    else if (daysBetween(q.dateFrom, q.dateTo) + 1 > PRICE_LIST_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["dateTo"], message: "date_range_too_long" });
  });

/** §3 Calendar: the days of a range with their prices, stay rules, availability and events; `version` is the unit's price version (its ETag). */
export const priceListSchema = z
  .object({
    currency: z.string(),
    amountUnit: z.literal(AMOUNT_UNIT),
    dateFrom: z.string(),
    dateTo: z.string(),
    timeZone: z.string().openapi({ description: "The unit's time zone (IANA, from its address; UTC without one): its days are dates there, and its today is the day it is there now (beyond §3)", example: "Europe/Lisbon" }),
    version: z.number().int().openapi({ description: "The unit's price version, also sent as the ETag; send it back as If-Match with a change" }),
    calendarAvailability: z.object({ status: z.enum(["AVAILABLE", "PAUSED"]) }).openapi({ description: "PAUSED: the whole calendar is paused" }),
    days: z.array(
      z.object({
        date: z.string(),
        price: z.number().int().nullable(),
        minimalLengthOfStay: z.number().int(),
        maximalLengthOfStay: z.number().int(),
        closedToArrival: z.boolean(),
        closedToDeparture: z.boolean(),
        availability: z.enum(DAY_AVAILABILITIES),
        events: z.array(z.string()).openapi({ description: "The ids of the events that take this day's night" }),
      }),
    ),
    events: z.array(calendarEventSchema).openapi({ description: "Every event that takes a night of the range, whole" }),
  })
  .openapi("PriceList");
export type PriceList = z.infer<typeof priceListSchema>;
export type PriceListDay = PriceList["days"][number];

/** The longest range of the calendar of all units: two months. */
export const UNITS_CALENDAR_MAX_DAYS = 62;

export const unitsCalendarQuery = z
  .object({
    dateFrom: isoDate.openapi({ example: "2026-07-01" }),
    dateTo: isoDate.openapi({ example: "2026-07-31" }),
    page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  })
  .superRefine((q, ctx) => {
    if (!isIsoDate(q.dateFrom) || !isIsoDate(q.dateTo)) return;
    if (q.dateTo < q.dateFrom) ctx.addIssue({ code: "custom", path: ["dateTo"], message: "date_range_invalid" });
    else if (daysBetween(q.dateFrom, q.dateTo) + 1 > UNITS_CALENDAR_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["dateTo"], message: "units_calendar_too_long" });
  });

export const unitsCalendarSchema = z
  .object({
    currency: z.string(),
    amountUnit: z.literal(AMOUNT_UNIT),
    dateFrom: z.string(),
    dateTo: z.string(),
    units: z.array(
      priceListSchema
        .omit({ currency: true, amountUnit: true, dateFrom: true, dateTo: true })
        .extend({ unitId: z.string(), title: z.string(), propertyId: z.string(), propertyTitle: z.string() }),
    ),
    pagination,
  })
  .openapi("UnitsCalendar");
export type UnitsCalendar = z.infer<typeof unitsCalendarSchema>;

/**
 * The calendar of all units as its page shows it (the shell's `unitsCalendarCells`, decision 030):
 * per unit the days' prices and one digit per day for what its cell shows, instead of every day's
 * rules and events as objects (50 units × 31 days a page).
 */
export const unitsCalendarCellsSchema = z
  .object({
    currency: z.string(),
    amountUnit: z.literal(AMOUNT_UNIT),
    dateFrom: z.string(),
    dateTo: z.string(),
    units: z.array(
      priceListSchema.pick({ timeZone: true, version: true, calendarAvailability: true }).extend({
        unitId: z.string(),
        title: z.string(),
        propertyId: z.string(),
        propertyTitle: z.string(),
        prices: z.array(z.number().int().nullable()).openapi({ description: "Each day's nightly price, from dateFrom to dateTo" }),
        states: z.string().openapi({ description: "A digit per day, from dateFrom to dateTo: what took its night or what it is (the index in CELL_STATES: booked, imported, blocked, paused, available, no price)", example: "4444000244" }),
        pendingEvents: z
          .array(
            z.object({
              id: z.string().openapi({ description: "The request's or inquiry's public id, as its event's on the unit's price list" }),
              dateFrom: z.string().openapi({ description: "The first night" }),
              dateTo: z.string().openapi({ description: "The check-out morning (not included)" }),
              source: z.enum(["booking_request", "inquiry"]),
              guest: z.string().openapi({ description: "The guest's first name" }),
            }),
          )
          .openapi({
            description:
              "The pending booking requests and open inquiries with a night in the days, by their first night: the price list's events of sources booking_request and inquiry. They take no nights, so no digit of `states` says them",
          }),
      }),
    ),
    pagination,
  })
  .openapi("UnitsCalendarCells");
export type UnitsCalendarCells = z.infer<typeof unitsCalendarCellsSchema>;

/** PATCH calendar-price-configuration: the days from dateFrom to dateTo (both included) and what to set on each. */
const dayChangeSchema = z
  .object({
    dateFrom: isoDate.openapi({ example: "2027-07-01" }),
    dateTo: isoDate.openapi({ example: "2027-07-14", description: "The last day changed (included)" }),
    price: nightlyPrice.nullable().optional().openapi({ description: "The nightly price of each day; null: the season's or default's again" }),
    minStay: stay.nullable().optional().openapi({ description: "The minimum stay of a stay arriving that day; null: the season's or default's" }),
    maxStay: stay.nullable().optional().openapi({ description: "The maximum stay of a stay arriving that day; null: the default's" }),
    closedToArrival: z.boolean("invalid").optional(),
    closedToDeparture: z.boolean("invalid").optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const problem = isIsoDate(body.dateFrom) && isIsoDate(body.dateTo) ? dayRangeProblem(body.dateFrom, body.dateTo) : null;
    if (problem) ctx.addIssue({ code: "custom", path: ["dateTo"], message: problem });
    if (typeof body.minStay === "number" && typeof body.maxStay === "number" && body.maxStay < body.minStay) ctx.addIssue({ code: "custom", path: ["maxStay"], message: "max_stay_below_min" });
    const changes = [body.price, body.minStay, body.maxStay, body.closedToArrival, body.closedToDeparture];
    if (changes.every((value) => value === undefined)) ctx.addIssue({ code: "custom", path: [], message: "change_required" });
  })
  .openapi("DayChange");

/** A save from an older version: 409 with the reason and the current values, to show the host before they try again. */
const stale = <T extends z.ZodType>(current: T) => ({
  409: json(errorsListSchema.extend({ current }), "Changed since the version sent as If-Match: the current values, and their version as the ETag"),
});

const etag = { ETag: z.string().openapi({ description: "The unit's price version, as a quoted string: send it back as If-Match" }) };
const ifMatch = z.object({
  "if-match": z.string().optional().openapi({ description: "The ETag the change was made from; an older one answers 409 with the current values" }),
});
const withEtag = <T extends z.ZodType>(schema: T, description: string) => ({ ...json(schema, description), headers: z.object(etag) });

/** A stay to quote: `[checkIn, checkOut)` and everyone who stays. */
export const quoteQuery = z
  .object({
    checkIn: isoDate.openapi({ example: "2027-07-03" }),
    checkOut: isoDate.openapi({ example: "2027-07-10" }),
    guests: z.coerce.number("guests_range").int("guests_range").min(1, "guests_range").max(99, "guests_range").default(1),
  })
  .superRefine((q, ctx) => {
    if (!isIsoDate(q.checkIn) || !isIsoDate(q.checkOut)) return;
    const problem = nightRangeProblem({ checkIn: q.checkIn, checkOut: q.checkOut });
    if (problem) ctx.addIssue({ code: "custom", path: ["checkOut"], message: problem });
  });

const amount = z.number().int();
/** Why a stay cannot be booked (domain/quote.ts `StayRefusal`), with the limit it breaks. */
export const stayRefusalSchema = z.object({
  rule: z.enum(STAY_REFUSAL_RULES),
  minNights: z.number().int().optional(),
  maxNights: z.number().int().optional(),
  minDays: z.number().int().optional(),
  nights: z.number().int().optional(),
  date: z.string().optional(),
  dates: z.array(z.string()).optional(),
});

/** A stay's price (domain/quote.ts `Quote`): what the quote answers and what a booking stores as its breakdown. */
export const stayPriceSchema = z
  .object({
    currency: z.string(),
    nights: z.array(z.object({ date: z.string(), price: amount, priceSource: z.enum(["override", "season", "default"]), extraGuests: amount })),
    accommodation: amount,
    discount: z.object({ lengthType: z.enum(DISCOUNT_LENGTH_TYPES), minNights: amount, percent: amount, amount }).nullable(),
    extraCharges: z.array(z.object({ type: z.enum(SERVICE_IDS), pricingKind: z.enum(PRICING_KINDS), amount })),
    taxes: z.array(z.object({ category: z.enum(TAX_CATEGORIES), feeType: z.enum(TAX_FEE_TYPES), amount })),
    total: amount,
    securityDeposit: amount,
  })
  .openapi("StayPrice");

export const quoteSchema = z
  .object({
    currency: z.string(),
    amountUnit: z.literal(AMOUNT_UNIT),
    checkIn: z.string(),
    checkOut: z.string(),
    guests: z.number().int(),
    bookable: z.boolean().openapi({ description: "No rule refuses the stay and none of its nights is taken" }),
    takenNights: z.array(z.string()).openapi({ description: "The stay's nights that are taken already" }),
    refusals: z.array(stayRefusalSchema),
    quote: stayPriceSchema.nullable().openapi({ description: "Null when a night has no price" }),
  })
  .openapi("Quote");

export const promotionSchema = z
  .object({ type: z.enum(PROMOTION_TYPES), state: z.enum(PROMOTION_STATES), data: z.object({ discount: z.number() }) })
  .openapi("Promotion");

export const promotionOfferSchema = z
  .object({
    type: z.enum(PROMOTION_TYPES),
    discount: z.number(),
    conditions: z.object({ minDaysBeforeArrival: z.number().optional(), maxDaysBeforeArrival: z.number().optional(), minNights: z.number().optional() }),
    // Keys of the translation namespace "promotions".
    texts: z.object({
      title: z.string(),
      description: z.string(),
      progressDescription: z.string(),
      footer: z.string(),
      switchName: z.string(),
      bullets: z.array(z.string()),
    }),
  })
  .openapi("PromotionOffer");

const unitId = z.object({ id: z.string().openapi({ description: "The unit's public id (unt_…)" }) });
const tags = ["Pricing"];

export const pricing = {
  configuration: createRoute({
    method: "get",
    path: "/api/app/property-unit/{id}/price-configuration",
    tags,
    summary: "The unit's price configuration, every default filled in",
    security,
    request: { params: unitId },
    responses: { 200: withEtag(priceConfigurationSchema, "The price configuration"), ...commonErrors },
  }),
  replaceConfiguration: createRoute({
    method: "put",
    path: "/api/app/property-unit/{id}/price-configuration",
    tags,
    summary: "Replace the price configuration; a field left out takes its default",
    security,
    request: { params: unitId, headers: ifMatch, body: jsonBody(priceConfigurationBodySchema) },
    responses: { 200: withEtag(priceConfigurationSchema, "The saved price configuration"), ...commonErrors, ...stale(priceConfigurationSchema) },
  }),
  patchConfiguration: createRoute({
    method: "patch",
    path: "/api/app/property-unit/{id}/price-configuration",
    tags,
    summary: "Change the price configuration with a JSON merge patch (RFC 7396); the result must be valid as a whole",
    security,
    request: {
      params: unitId,
      headers: ifMatch,
      body: {
        required: true,
        description:
          "Members replace, null resets a member to its default, arrays replace; validated as a PUT body once merged, but for the discounts' rule over each other (a longer stay never gets a smaller discount, no two start at the same nights) when the patch has no `discounts` member: the stored ones stay as they are",
        content: {
          "application/merge-patch+json": { schema: z.record(z.string(), z.unknown()) },
          "application/json": { schema: z.record(z.string(), z.unknown()) },
        },
      },
    },
    responses: { 200: withEtag(priceConfigurationSchema, "The saved price configuration"), ...commonErrors, ...stale(priceConfigurationSchema) },
  }),
  priceList: createRoute({
    method: "get",
    path: "/api/app/property-unit/{id}/price-list",
    tags,
    summary: `The price and stay limits of each day from dateFrom to dateTo (both included, at most ${PRICE_LIST_MAX_DAYS} days)`,
    security,
    request: { params: unitId, query: priceListQuery },
    responses: { 200: withEtag(priceListSchema, "One entry per day, and the events of the range"), ...commonErrors },
  }),
  setDayPrices: createRoute({
    method: "patch",
    path: "/api/app/property-unit/{id}/calendar-price-configuration",
    tags,
    summary: `Set the price and stay rules of each day from dateFrom to dateTo (both included, at most ${CALENDAR_RANGE_MAX_DAYS} days); they win over seasons and defaults`,
    security,
    request: { params: unitId, headers: ifMatch, body: jsonBody(dayChangeSchema) },
    responses: { 200: withEtag(priceListSchema, "The days of the range as they are now"), ...commonErrors, ...stale(priceListSchema) },
  }),
  unitsCalendar: createRoute({
    method: "get",
    path: "/api/app/property-units/calendar",
    tags,
    summary: `Every unit of the host with its days from dateFrom to dateTo (both included, at most ${UNITS_CALENDAR_MAX_DAYS}), as the price list answers them; 50 units a page, in the order of their properties`,
    security,
    request: { query: unitsCalendarQuery },
    responses: { 200: json(unitsCalendarSchema, "A row per unit"), ...commonErrors },
  }),
  quote: createRoute({
    method: "get",
    path: "/api/app/property-unit/{id}/quote",
    tags,
    summary: "What a stay from checkIn to checkOut (not included) costs and which rules refuse it, as a guest would book it",
    security,
    request: { params: unitId, query: quoteQuery },
    responses: { 200: json(quoteSchema, "The quote"), ...commonErrors },
  }),
  promotionOffers: createRoute({
    method: "get",
    path: "/api/app/property-unit/{id}/promotions/configuration",
    tags,
    summary: "The promotions the product offers, with their discounts, conditions and text keys",
    security,
    request: { params: unitId },
    responses: { 200: json(z.object({ items: z.array(promotionOfferSchema) }), "The offered promotions"), ...commonErrors },
  }),
  promotions: createRoute({
    method: "get",
    path: "/api/app/property-unit/{id}/promotions",
    tags,
    summary: "Whether each promotion is active on the unit",
    security,
    request: { params: unitId },
    responses: { 200: json(z.object({ items: z.array(promotionSchema) }), "Every promotion with its state"), ...commonErrors },
  }),
  setPromotion: createRoute({
    method: "post",
    path: "/api/app/property-unit/{id}/promotion",
    tags,
    summary: "Switch a promotion on or off; it takes the discount offered at that moment",
    security,
    request: { params: unitId, body: jsonBody(z.object({ type: z.enum(PROMOTION_TYPES), state: z.enum(PROMOTION_STATES) }).strict()) },
    responses: { 200: json(promotionSchema, "The promotion's new state"), ...commonErrors },
  }),
};

export type PriceConfiguration = z.infer<typeof priceConfigurationSchema>;
