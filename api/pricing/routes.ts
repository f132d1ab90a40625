import { and, eq } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { pricing as contract, priceConfigurationBodySchema } from "@contract/pricing";
import {
  AMOUNT_UNIT,
  DEFAULT_PRICE_CONFIGURATION,
  mergePatch,
  normalizePriceConfiguration,
  priceList,
  PROMOTIONS,
  promotionDefinition,
  promotionTexts,
  withPriceDefaults,
  type PriceConfiguration,
} from "@domain/pricing";
import type { ApiEnv, UserRow } from "@api/context";
import { owned, ownUnit } from "@api/lib/ownership";
import type { Database } from "@api/db/client";
import { propertyUnits, unitPriceConfigurations, unitPromotions } from "@api/db/schema";
import { validationFailed, zodErrors, type FieldError } from "@api/lib/errors";
import { newPublicId } from "@api/lib/ids";
import { contractRouter } from "@api/lib/openapi";
import { translator } from "@api/lib/translate";
import { type UnitRow } from "@api/properties/queries";

type PriceConfigurationBody = z.infer<typeof priceConfigurationBodySchema>;

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

export const pricingRoutes = contractRouter<ApiEnv>()
  .openapi(owned(contract.configuration, ownUnit()), async (c) => {
    const { user } = c.var.principal;
    const { unit } = c.var;
    return c.json(presentConfiguration(user, await loadConfiguration(c.var.db, user.id, unit)), 200);
  })
  .openapi(owned(contract.replaceConfiguration, ownUnit()), async (c) => {
    const body = c.req.valid("json");
    const { user } = c.var.principal;
    const { unit } = c.var;
    return c.json(presentConfiguration(user, await saveConfiguration(c.var.db, user, unit, body)), 200);
  })
  // JSON merge patch (RFC 7396) onto the configuration as GET shows it; the result must be valid as a whole.
  .openapi(owned(contract.patchConfiguration, ownUnit()), async (c) => {
    const patch = c.req.valid("json");
    const { user } = c.var.principal;
    const db = c.var.db;
    const { unit } = c.var;
    const current = presentConfiguration(user, await loadConfiguration(db, user.id, unit));
    const result = priceConfigurationBodySchema.safeParse(mergePatch(current, patch));
    if (!result.success) throw validationFailed(zodErrors(result.error));
    return c.json(presentConfiguration(user, await saveConfiguration(db, user, unit, result.data)), 200);
  })
  .openapi(owned(contract.priceList, ownUnit()), async (c) => {
    const { user } = c.var.principal;
    const { unit } = c.var;
    const { dateFrom, dateTo } = c.req.valid("query");
    const config = await loadConfiguration(c.var.db, user.id, unit);
    return c.json({ currency: user.currency, amountUnit: AMOUNT_UNIT, dateFrom, dateTo, days: priceList(config, dateFrom, dateTo) }, 200);
  })
  .openapi(owned(contract.promotionOffers, ownUnit()), async (c) => {
    return c.json({
      items: PROMOTIONS.map((p) => ({ type: p.type, discount: p.discount, conditions: { ...p.conditions }, texts: promotionTexts(p.type) })),
    }, 200);
  })
  .openapi(owned(contract.promotions, ownUnit()), async (c) => {
    const hostUserId = c.var.principal.user.id;
    const { unit } = c.var;
    return c.json({ items: await promotionStates(c.var.db, hostUserId, unit.id) }, 200);
  })
  .openapi(owned(contract.setPromotion, ownUnit()), async (c) => {
    const { type, state } = c.req.valid("json");
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
    return c.json({ type, state, data: { discount } }, 200);
  });
