import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { noticeSchema, preparationSchema } from "@domain/listing-fields";
import {
  AMOUNT_MAX,
  AMOUNT_MIN,
  AMOUNT_UNIT,
  CUSTOM_DISCOUNT_MIN_NIGHTS,
  DEFAULT_PRICE_CONFIGURATION,
  DISCOUNT_LENGTH_TYPES,
  DISCOUNT_PERCENT_MAX,
  DISCOUNT_PERCENT_MIN,
  EXTRA_GUEST_PRICE_MAX,
  EXTRA_GUEST_PRICE_MIN,
  EXTRA_GUESTS_COUNT_MAX,
  EXTRA_GUESTS_COUNT_MIN,
  MAX_DISCOUNTS,
  MAX_SEASONS,
  MAX_TAXES,
  mergePatch,
  NIGHTLY_PRICE_MAX,
  NIGHTLY_PRICE_MIN,
  normalizePriceConfiguration,
  PRICE_LIST_MAX_DAYS,
  priceConfigurationProblems,
  priceList,
  PROMOTION_STATES,
  PROMOTION_TYPES,
  PROMOTIONS,
  promotionDefinition,
  promotionTexts,
  SEASON_RECURRENCES,
  SECURITY_DEPOSIT_MAX,
  STAY_MAX,
  STAY_MIN,
  TAX_CATEGORIES,
  TAX_FEE_TYPES,
  withPriceDefaults,
  type PriceConfiguration,
} from "@domain/pricing";
import { daysBetween, isIsoDate, todayUtc } from "@domain/dates";
import { PRICING_KINDS, SERVICES } from "@domain/property-configuration";
import type { ApiEnv, UserRow } from "@api/context";
import { ownUnit } from "@api/lib/ownership";
import type { Database } from "@api/db/client";
import { propertyUnits, unitPriceConfigurations, unitPromotions } from "@api/db/schema";
import { validationFailed, zodErrors, type FieldError } from "@api/lib/errors";
import { newPublicId } from "@api/lib/ids";
import { translator } from "@api/lib/translate";
import { readJson, readQuery } from "@api/lib/validation";
import { type UnitRow } from "@api/properties/queries";

const SERVICE_IDS = SERVICES.map((s) => s.id) as [(typeof SERVICES)[number]["id"], ...(typeof SERVICES)[number]["id"][]];

/** An integer from `min` to `max`; every failure carries the one message code. */
const whole = (min: number, max: number, code: string) => z.number(code).int(code).min(min, code).max(max, code);
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "time_invalid");
const isoDate = z.string("required").refine(isIsoDate, "date_invalid");
const weekdays = z.array(whole(0, 6, "weekdays_invalid")).min(1, "weekdays_invalid").max(7, "weekdays_invalid");
const money = whole(AMOUNT_MIN, AMOUNT_MAX, "amount_range");
const nightlyPrice = whole(NIGHTLY_PRICE_MIN, NIGHTLY_PRICE_MAX, "price_range");
const extraGuestPrice = whole(EXTRA_GUEST_PRICE_MIN, EXTRA_GUEST_PRICE_MAX, "extra_guest_price_range");
const stay = whole(STAY_MIN, STAY_MAX, "stay_range");

const extraCharge = z.object({ type: z.enum(SERVICE_IDS), pricingKind: z.enum(PRICING_KINDS), amount: money }).strict();
const discountItem = z
  .object({
    lengthType: z.enum(DISCOUNT_LENGTH_TYPES),
    // Optional for weekly and monthly, whose nights are fixed.
    minNights: whole(CUSTOM_DISCOUNT_MIN_NIGHTS, STAY_MAX, "discount_nights_invalid").optional(),
    percent: whole(DISCOUNT_PERCENT_MIN, DISCOUNT_PERCENT_MAX, "percent_range"),
  })
  .strict();
const tax = z.object({ category: z.enum(TAX_CATEGORIES), feeType: z.enum(TAX_FEE_TYPES), amount: money }).strict();
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
  })
  .strict();

/**
 * The editable price configuration (§3, §5). Every field may be left out and then takes its
 * default, so a PUT replaces the whole configuration. `currency` and `amountUnit` are read-only:
 * accepted only as they are, so that a configuration read by GET can be sent back.
 */
export const priceConfigurationSchema = z
  .object({
    currency: z.string().optional(),
    amountUnit: z.literal(AMOUNT_UNIT).optional(),
    nightlyPrice: nightlyPrice.nullable(),
    minStay: stay,
    maxStay: stay,
    extraGuestPrice: extraGuestPrice.nullable(),
    extraGuestsCount: whole(EXTRA_GUESTS_COUNT_MIN, EXTRA_GUESTS_COUNT_MAX, "guests_range").nullable(),
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
    securityDeposit: whole(0, SECURITY_DEPOSIT_MAX, "deposit_range"),
  })
  .partial()
  .strict()
  .superRefine((value, ctx) => {
    for (const problem of priceConfigurationProblems(withPriceDefaults(value), todayUtc())) {
      ctx.addIssue({ code: "custom", path: problem.path, message: problem.code });
    }
  });
type PriceConfigurationBody = z.infer<typeof priceConfigurationSchema>;

const priceListQuery = z
  .object({ dateFrom: isoDate, dateTo: isoDate })
  .superRefine((q, ctx) => {
    if (!isIsoDate(q.dateFrom) || !isIsoDate(q.dateTo)) return;
    if (q.dateTo < q.dateFrom) ctx.addIssue({ code: "custom", path: ["dateTo"], message: "date_range_invalid" });
    else if (daysBetween(q.dateFrom, q.dateTo) + 1 > PRICE_LIST_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["dateTo"], message: "date_range_too_long" });
  });

const promotionBody = z.object({ type: z.enum(PROMOTION_TYPES), state: z.enum(PROMOTION_STATES) }).strict();

const english = translator("en_US");
function fieldError(field: string, code: string): FieldError {
  return { field, message: english(`validation.${code}`), type: code };
}

type PriceRow = typeof unitPriceConfigurations.$inferSelect;

/** The stored configuration with every default filled in; the unit holds the booking-policy fields. */
function configurationOf(unit: UnitRow, row: PriceRow | undefined): PriceConfiguration {
  const prices = row ?? DEFAULT_PRICE_CONFIGURATION;
  return {
    nightlyPrice: prices.nightlyPrice,
    minStay: prices.minStay,
    maxStay: prices.maxStay,
    extraGuestPrice: prices.extraGuestPrice,
    extraGuestsCount: prices.extraGuestsCount,
    checkInFrom: unit.checkInFrom,
    checkInTo: unit.checkInTo,
    checkOutTo: unit.checkOutTo,
    checkInDays: [...prices.checkInDays],
    checkOutDays: [...prices.checkOutDays],
    preparationTime: unit.preparationTime,
    minDaysOfNotice: unit.minDaysOfNotice,
    extraCharges: prices.extraCharges.map((c) => ({ ...c })),
    discounts: prices.discounts.map((d) => ({ ...d })),
    taxes: prices.taxes.map((t) => ({ ...t })),
    seasonsPricing: prices.seasonsPricing.map((s) => ({ ...s })),
    securityDeposit: prices.securityDeposit,
  };
}

async function loadConfiguration(db: Database, hostUserId: number, unit: UnitRow): Promise<PriceConfiguration> {
  const row = await db.query.unitPriceConfigurations.findFirst({
    where: and(eq(unitPriceConfigurations.unitId, unit.id), eq(unitPriceConfigurations.hostUserId, hostUserId)),
  });
  return configurationOf(unit, row);
}

/** §3 price configuration: every amount is integer minor units of `currency` (12000 = 120.00). */
function presentConfiguration(user: UserRow, config: PriceConfiguration) {
  return { currency: user.currency, amountUnit: AMOUNT_UNIT, ...config };
}

/** Validated body → stored configuration: the unit's booking-policy columns and the prices, in one batch. */
async function saveConfiguration(db: Database, user: UserRow, unit: UnitRow, body: PriceConfigurationBody): Promise<PriceConfiguration> {
  if (body.currency !== undefined && body.currency !== user.currency) throw validationFailed([fieldError("currency", "read_only")]);
  const config = normalizePriceConfiguration(withPriceDefaults(body), () => newPublicId("ssn"));
  const { checkInFrom, checkInTo, checkOutTo, preparationTime, minDaysOfNotice, ...prices } = config;
  const now = new Date();
  const values = { ...prices, updatedAt: now };
  await db.batch([
    db
      .update(propertyUnits)
      .set({ checkInFrom, checkInTo, checkOutTo, preparationTime, minDaysOfNotice, updatedAt: now })
      .where(and(eq(propertyUnits.id, unit.id), eq(propertyUnits.hostUserId, user.id))),
    db
      .insert(unitPriceConfigurations)
      .values({ unitId: unit.id, hostUserId: user.id, ...values })
      .onConflictDoUpdate({ target: unitPriceConfigurations.unitId, set: values, setWhere: eq(unitPriceConfigurations.hostUserId, user.id) }),
  ]);
  return config;
}

async function promotionStates(db: Database, hostUserId: number, unitId: number) {
  const rows = await db
    .select()
    .from(unitPromotions)
    .where(and(eq(unitPromotions.unitId, unitId), eq(unitPromotions.hostUserId, hostUserId)));
  return PROMOTIONS.map((p) => {
    const row = rows.find((r) => r.type === p.type);
    return { type: p.type, state: row?.state ?? "INACTIVE", data: { discount: row?.discount ?? p.discount } };
  });
}

export const pricingRoutes = new Hono<ApiEnv>()
  .get("/property-unit/:id/price-configuration", ownUnit(), async (c) => {
    const { user } = c.var.principal;
    const { unit } = c.var;
    return c.json(presentConfiguration(user, await loadConfiguration(c.var.db, user.id, unit)));
  })
  .put("/property-unit/:id/price-configuration", ownUnit(), async (c) => {
    const body = await readJson(c, priceConfigurationSchema);
    const { user } = c.var.principal;
    const { unit } = c.var;
    return c.json(presentConfiguration(user, await saveConfiguration(c.var.db, user, unit, body)));
  })
  // JSON merge patch (RFC 7396) onto the configuration as GET shows it; the result must be valid as a whole.
  .patch("/property-unit/:id/price-configuration", ownUnit(), async (c) => {
    const patch = await readJson(c, z.record(z.string(), z.unknown()));
    const { user } = c.var.principal;
    const db = c.var.db;
    const { unit } = c.var;
    const current = presentConfiguration(user, await loadConfiguration(db, user.id, unit));
    const result = priceConfigurationSchema.safeParse(mergePatch(current, patch));
    if (!result.success) throw validationFailed(zodErrors(result.error));
    return c.json(presentConfiguration(user, await saveConfiguration(db, user, unit, result.data)));
  })
  .get("/property-unit/:id/price-list", ownUnit(), async (c) => {
    const { user } = c.var.principal;
    // The unit first: another host's unit is "not found" whatever the range.
    const { unit } = c.var;
    const { dateFrom, dateTo } = readQuery(c, priceListQuery);
    const config = await loadConfiguration(c.var.db, user.id, unit);
    return c.json({ currency: user.currency, amountUnit: AMOUNT_UNIT, dateFrom, dateTo, days: priceList(config, dateFrom, dateTo) });
  })
  .get("/property-unit/:id/promotions/configuration", ownUnit(), async (c) => {
    return c.json({
      items: PROMOTIONS.map((p) => ({ type: p.type, discount: p.discount, conditions: { ...p.conditions }, texts: promotionTexts(p.type) })),
    });
  })
  .get("/property-unit/:id/promotions", ownUnit(), async (c) => {
    const hostUserId = c.var.principal.user.id;
    const { unit } = c.var;
    return c.json({ items: await promotionStates(c.var.db, hostUserId, unit.id) });
  })
  .post("/property-unit/:id/promotion", ownUnit(), async (c) => {
    const { type, state } = await readJson(c, promotionBody);
    const hostUserId = c.var.principal.user.id;
    const db = c.var.db;
    const { unit } = c.var;
    // The discount is the one the product offers at the moment the host switches.
    const { discount } = promotionDefinition(type);
    const now = new Date();
    await db
      .insert(unitPromotions)
      .values({ unitId: unit.id, hostUserId, type, state, discount, updatedAt: now })
      .onConflictDoUpdate({
        target: [unitPromotions.unitId, unitPromotions.type],
        set: { state, discount, updatedAt: now },
        setWhere: eq(unitPromotions.hostUserId, hostUserId),
      });
    return c.json({ type, state, data: { discount } });
  });
