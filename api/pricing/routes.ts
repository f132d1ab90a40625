import { eq, and, inArray, sql, type Placeholder, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { BatchResponse } from "drizzle-orm/batch";
import type { HonoRequest } from "hono";
import { pricing as contract, priceConfigurationBodySchema, storedDiscountsConfigurationSchema } from "@contract/pricing";
import { dayRangeProblem } from "@domain/calendar";
import { addDays, daysBetween, todayIn, type IsoDate } from "@domain/dates";
import { withImportOverlaps } from "@domain/ical-overlaps";
import { mergePatch, patchWritesDiscounts, PRICE_LIST_MAX_DAYS, PROMOTIONS, promotionDefinition, promotionTexts } from "@domain/pricing";
import type { ApiEnv, UserRow } from "@api/context";
import { ownedUnitId } from "@api/properties/queries";
import { cachedStatement } from "@api/db/cached-statement";
import { cachedRowsStatement } from "@api/db/rows-column";
import { stayEventsRead, withGuests } from "@api/bookings/calendar-events";
import { conflictsQuery } from "@api/ical/feeds";
import { refusePastDays, takenNightsQuery } from "@api/calendar/taken-nights";
import type { Database } from "@api/db/client";
import { properties, propertyUnits, unitPriceConfigurations, unitPromotions } from "@api/db/schema";
import { validationFailed, zodErrors } from "@api/lib/errors";
import { owned, ownUnit, ownUnitWith } from "@api/lib/ownership";
import { contractRouter } from "@api/lib/openapi";
import {
  calendarDays,
  calendarDaysReads,
  configurationOf,
  dayPriceColumns,
  etagOf,
  expectedVersion,
  fieldError,
  loadConfiguration,
  presentCalendarDays,
  presentConfiguration,
  priceConfigurationReads,
  quoteFor,
  savePriceConfiguration,
  setDayPrices,
  StaleVersion,
  unitsCalendar,
  unitTimeZone,
  type Place,
  type PricedUnit,
  type DayRange,
} from "./prices";

/**
 * The days a price list asks for, read before the query is validated (with the ownership row): a
 * range the validation will refuse reads one day instead, and the route answers 400 anyway.
 */
function requestedDays(request: HonoRequest): DayRange {
  const dateFrom = request.query("dateFrom") ?? "";
  const dateTo = request.query("dateTo") ?? "";
  const valid = dayRangeProblem(dateFrom, dateTo) === null && daysBetween(dateFrom, dateTo) < PRICE_LIST_MAX_DAYS;
  return valid ? { dateFrom, dateTo } : { dateFrom: "1970-01-01", dateTo: "1970-01-01" };
}

/** The statements of a unit's price list for `range` (the unit as an id subquery): one batch with its ownership row, here or in the shell's call. */
export function priceListReads(db: Database, unitId: SQLWrapper, range: DayRange) {
  return [...calendarDaysReads(db, unitId, range), conflictsQuery(db, unitId, undefined, range), stayEventsRead(db, unitId, range, new Date())] as const;
}

/** The values of the unit calendar's price list statement (`ownedPriceList`): the host and the unit's public id, the days, the time (for pending requests). */
type PriceListValue = "hostUserId" | "unitId" | "dateFrom" | "dateTo" | "nightsTo" | "now";

/** The unit of the unit calendar's price list statement, named apart from the tables its subqueries read. */
const pricedUnit = alias(propertyUnits, "priced_unit");

/**
 * The unit calendar's price list of a host's unit named by its public id, in one statement (no row
 * for another host's or a deleted unit): what `ownedPricedUnit` reads, and the seasons, per-day
 * values, taken nights, import conflicts and stays of the days (the statements of `priceListReads`
 * but the configuration's) as JSON columns of its row (decision 049). The unit calendar reads it with
 * every page: six statements' work in one costs the local D1 less (decision 024, "what a statement
 * costs"), and the subqueries read the unit by the row's id instead of each checking its ownership again.
 */
const ownedPriceList = cachedRowsStatement(
  (db, $: (name: PriceListValue) => Placeholder) => {
    const days = { dateFrom: $("dateFrom") as unknown as IsoDate, dateTo: $("dateTo") as unknown as IsoDate };
    // In parentheses: the statements read it as `unit_id in (…)`.
    const unitId = sql`(${pricedUnit.id})`;
    const nightsTo = $("nightsTo") as unknown as IsoDate;
    const [, seasons, overrides] = calendarDaysReads(db, unitId, days, nightsTo);
    return {
      seasons,
      overrides,
      // The taken nights read the unit by its ownership instead: their list of owners in the days is a
      // subquery SQLite would evaluate again for every night of the unit if it referred to the row
      // (a millisecond on the demo's calendar, against a few hundredths once).
      taken: takenNightsQuery(db, ownedUnitId(db, $("hostUserId"), $("unitId")), { dateFrom: days.dateFrom, dateTo: nightsTo }),
      conflicts: conflictsQuery(db, unitId, undefined, days),
      stays: stayEventsRead(db, unitId, days, $("now")),
    };
  },
  (db, $: (name: PriceListValue) => Placeholder, columns) =>
    db
      .select({ ...pricedUnitColumns(pricedUnit), ...columns })
      .from(pricedUnit)
      .innerJoin(properties, eq(properties.id, pricedUnit.propertyId))
      .leftJoin(unitPriceConfigurations, eq(unitPriceConfigurations.unitId, pricedUnit.id))
      .where(inArray(pricedUnit.id, ownedUnitId(db, $("hostUserId"), $("unitId"))))
      .limit(1),
);

/** What a price list presents of its unit: its calendar's state and booking times, its property's address (time zone), its configuration's day columns. */
const pricedUnitColumns = (unit: typeof propertyUnits | typeof pricedUnit) => ({
  calendarStatus: unit.calendarStatus,
  checkInFrom: unit.checkInFrom,
  checkInTo: unit.checkInTo,
  checkOutTo: unit.checkOutTo,
  preparationTime: unit.preparationTime,
  minDaysOfNotice: unit.minDaysOfNotice,
  countryCode: properties.countryCode,
  stateOrProvince: properties.stateOrProvince,
  config: dayPriceColumns,
});

/**
 * What the price list needs of a host's unit named by its public id (no row for another host's or a
 * deleted unit): its calendar's state and booking times, its property's address for its time zone,
 * and its price configuration's day columns (`config`, null without one). One statement of a few
 * columns, not the unit's, property's and configuration's whole rows: the unit sections read it as
 * their ownership row with every page.
 */
const ownedPricedUnit = cachedStatement((db, $: (name: "hostUserId" | "unitId") => Placeholder) =>
  db
    .select(pricedUnitColumns(propertyUnits))
    .from(propertyUnits)
    .innerJoin(properties, eq(properties.id, propertyUnits.propertyId))
    .leftJoin(unitPriceConfigurations, eq(unitPriceConfigurations.unitId, propertyUnits.id))
    .where(inArray(propertyUnits.id, ownedUnitId(db, $("hostUserId"), $("unitId"))))
    .limit(1),
);

/** The price list of the host's unit `unitId` (its public id), ownership included: the statement for the shell's batch. */
export function ownedPriceListReads(db: Database, hostUserId: number, unitId: string, range: DayRange) {
  // A timestamp_ms column's value as the database holds it.
  const values: Record<PriceListValue, unknown> = { hostUserId, unitId, dateFrom: range.dateFrom, dateTo: range.dateTo, nightsTo: addDays(range.dateTo, 1), now: Date.now() };
  return [ownedPriceList.statement(db, values)] as const;
}

/** The price list from what `ownedPriceListReads` read; null for a unit that is not the host's. */
export function presentOwnedPriceList(user: UserRow, range: DayRange, [[unit]]: BatchResponse<ReturnType<typeof ownedPriceListReads>>) {
  if (!unit) return null;
  const rowsOf = ownedPriceList.rowsOf;
  return presentPriceList(user, unit, unit, range, [unit.config ? [unit.config] : [], rowsOf("seasons", unit.seasons), rowsOf("overrides", unit.overrides), rowsOf("taken", unit.taken), rowsOf("conflicts", unit.conflicts), rowsOf("stays", unit.stays)]);
}

/** The price list as GET price-list answers it, from what `priceListReads` read. */
export function presentPriceList(user: UserRow, unit: PricedUnit, property: Place, range: DayRange, [config, seasons, overrides, taken, conflicts, stays]: BatchResponse<ReturnType<typeof priceListReads>>) {
  const days = presentCalendarDays(user, unit, property, range, config, seasons, overrides, taken);
  // Imported stays that overlap ours are one multi event with them (decision 028); then the
  // guests of the events (decision 027): bookings' names, pending requests and open inquiries.
  return { ...days, events: withGuests(withImportOverlaps(days.events, conflicts), stays) };
}

/** The body of a 409 for a change made from an older version: the reason and the current values. */
function stale<T>(current: T) {
  return { message: "Changed in the meantime", errors: [fieldError(null, "stale_version")], current };
}

async function promotionStates(db: Database, hostUserId: number, unitId: number) {
  const rows = await db
    .select()
    .from(unitPromotions)
    .where(and(eq(unitPromotions.unitId, unitId), eq(unitPromotions.hostUserId, hostUserId)));
  return promotionStatesOf(rows);
}

/** Every promotion the product offers with its state on the unit (its stored row's, inactive without one), as GET promotions lists them. */
function promotionStatesOf(rows: readonly Pick<typeof unitPromotions.$inferSelect, "type" | "state" | "discount">[]) {
  return PROMOTIONS.map((p) => {
    const row = rows.find((r) => r.type === p.type);
    return { type: p.type, state: row?.state ?? "INACTIVE", data: { discount: row?.discount ?? p.discount } };
  });
}

/** The promotions the product offers, as GET promotions/configuration lists them. */
const promotionOffers = () => PROMOTIONS.map((p) => ({ type: p.type, discount: p.discount, conditions: { ...p.conditions }, texts: promotionTexts(p.type) }));

// A unit section's page reads these with the shell's call (decision 024): their SQL is built once per isolate.
const ownedConfigurationStatement = <I extends 0 | 1>(index: I) =>
  cachedStatement((db, $: (name: "hostUserId" | "unitId") => Placeholder) => priceConfigurationReads(db, ownedUnitId(db, $("hostUserId"), $("unitId")))[index] as ReturnType<typeof priceConfigurationReads>[I]);
const ownedConfigurationCached = [ownedConfigurationStatement(0), ownedConfigurationStatement(1)] as const;
const ownedPromotionRows = cachedStatement((db, $: (name: "hostUserId" | "unitId") => Placeholder) =>
  db
    .select({ type: unitPromotions.type, state: unitPromotions.state, discount: unitPromotions.discount })
    .from(unitPromotions)
    .where(and(inArray(unitPromotions.unitId, ownedUnitId(db, $("hostUserId"), $("unitId"))), eq(unitPromotions.hostUserId, $("hostUserId")))),
);

/** The price configuration of the host's unit `unitId` (its public id) with its ownership row: the statements for the shell's batch. */
export function ownedConfigurationReads(db: Database, hostUserId: number, unitId: string) {
  const values = { hostUserId, unitId };
  const [config, seasons] = ownedConfigurationCached;
  return [ownedPricedUnit(db, values), config(db, values), seasons(db, values)] as const;
}

/** What `ownedConfigurationReads` answered, as GET price-configuration answers it with the version of its ETag; null for another host's or a deleted unit. */
export function presentOwnedConfiguration(user: UserRow, [[unit], [row], seasons]: BatchResponse<ReturnType<typeof ownedConfigurationReads>>) {
  return unit ? { configuration: presentConfiguration(user, configurationOf(unit, row, seasons)), version: row?.version ?? 0 } : null;
}

/** The promotions of the host's unit `unitId` (its public id) with its ownership row: the statements for the shell's batch. */
export function ownedPromotionsReads(db: Database, hostUserId: number, unitId: string) {
  const values = { hostUserId, unitId };
  return [ownedPricedUnit(db, values), ownedPromotionRows(db, values)] as const;
}

/** What `ownedPromotionsReads` answered: the offers and their states, as GET promotions/configuration and GET promotions answer them; null for another host's or a deleted unit. */
export function presentOwnedPromotions([[unit], rows]: BatchResponse<ReturnType<typeof ownedPromotionsReads>>) {
  return unit ? { offers: promotionOffers(), items: promotionStatesOf(rows) } : null;
}

export const pricingRoutes = contractRouter<ApiEnv>()
  .openapi(owned(contract.configuration, ownUnitWith(priceConfigurationReads)), async (c) => {
    const { user } = c.var.principal;
    const { unit } = c.var;
    const [[row], seasons] = c.var.reads;
    return c.json(presentConfiguration(user, configurationOf(unit, row, seasons)), 200, { ETag: etagOf(row?.version ?? 0) });
  })
  .openapi(owned(contract.replaceConfiguration, ownUnit()), async (c) => {
    const body = c.req.valid("json");
    const { user } = c.var.principal;
    const { db, unit } = c.var;
    try {
      const { config, version } = await savePriceConfiguration(db, user, unit, body, expectedVersion(c.req.header("if-match")));
      return c.json(presentConfiguration(user, config), 200, { ETag: etagOf(version) });
    } catch (error) {
      if (!(error instanceof StaleVersion)) throw error;
      const { config, version } = await loadConfiguration(db, unit);
      return c.json(stale(presentConfiguration(user, config)), 409, { ETag: etagOf(version) });
    }
  })
  // JSON merge patch (RFC 7396) onto the configuration as GET shows it; the result must be valid as a
  // whole, but for the discounts' rule over each other when the patch keeps the stored discounts: a
  // configuration stored before that rule takes changes of its other fields (decision 025's last addendum).
  .openapi(owned(contract.patchConfiguration, ownUnit()), async (c) => {
    const patch = c.req.valid("json");
    const { user } = c.var.principal;
    const { db, unit } = c.var;
    const current = await loadConfiguration(db, unit);
    const expected = expectedVersion(c.req.header("if-match"));
    // A patch made from an older version would merge into values its sender never saw.
    if (expected !== null && expected !== current.version) return c.json(stale(presentConfiguration(user, current.config)), 409, { ETag: etagOf(current.version) });
    const schema = patchWritesDiscounts(patch) ? priceConfigurationBodySchema : storedDiscountsConfigurationSchema;
    const result = schema.safeParse(mergePatch(presentConfiguration(user, current.config), patch));
    if (!result.success) throw validationFailed(zodErrors(result.error));
    try {
      // The version read above: a save in between makes this one stale, never silently merged.
      const { config, version } = await savePriceConfiguration(db, user, unit, result.data, current.version);
      return c.json(presentConfiguration(user, config), 200, { ETag: etagOf(version) });
    } catch (error) {
      if (!(error instanceof StaleVersion)) throw error;
      const now = await loadConfiguration(db, unit);
      return c.json(stale(presentConfiguration(user, now.config)), 409, { ETag: etagOf(now.version) });
    }
  })
  // The ownership row and the days' reads go to D1 in one batch, for the range as sent (checked after).
  .openapi(owned(contract.priceList, ownUnitWith((db, unitId, request) => priceListReads(db, unitId, requestedDays(request)))), async (c) => {
    const list = presentPriceList(c.var.principal.user, c.var.unit, c.var.property, c.req.valid("query"), c.var.reads);
    return c.json(list, 200, { ETag: etagOf(list.version) });
  })
  .openapi(owned(contract.setDayPrices, ownUnit()), async (c) => {
    const { dateFrom, dateTo, ...change } = c.req.valid("json");
    const { db, unit, property } = c.var;
    const { user } = c.var.principal;
    const range = { dateFrom, dateTo };
    refusePastDays(dateFrom, unitTimeZone(property));
    try {
      await setDayPrices(db, unit, range, change, expectedVersion(c.req.header("if-match")));
    } catch (error) {
      if (!(error instanceof StaleVersion)) throw error;
      const current = await calendarDays(db, user, unit, property, range);
      return c.json(stale(current), 409, { ETag: etagOf(current.version) });
    }
    const days = await calendarDays(db, user, unit, property, range);
    return c.json(days, 200, { ETag: etagOf(days.version) });
  })
  // The host's own units only: the page of units is chosen by the principal's host, never by input.
  .openapi(contract.unitsCalendar, async (c) => {
    const { dateFrom, dateTo, page } = c.req.valid("query");
    return c.json(await unitsCalendar(c.var.db, c.var.principal.user, { dateFrom, dateTo }, page), 200);
  })
  .openapi(owned(contract.quote, ownUnit()), async (c) => {
    const { checkIn, checkOut, guests } = c.req.valid("query");
    // Today is the unit's local day (the time zone of its address).
    return c.json(await quoteFor(c.var.db, c.var.principal.user, c.var.unit, { checkIn, checkOut }, guests, todayIn(unitTimeZone(c.var.property))), 200);
  })
  .openapi(owned(contract.promotionOffers, ownUnit()), async (c) => {
    return c.json({ items: promotionOffers() }, 200);
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
