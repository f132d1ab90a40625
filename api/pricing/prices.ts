import type { BatchResponse } from "drizzle-orm/batch";
import { and, asc, count, eq, gte, inArray, isNotNull, lt, lte, ne, or, sql, type Placeholder, type SQLWrapper } from "drizzle-orm";
import { availabilityOf, eventsOf, type TakenNight, type TakenNightKind } from "@domain/calendar";
import { cellStateOfNight, encodeCellStates } from "@domain/multi-calendar";
import { addDays, daysBetween, type IsoDate, type Stay } from "@domain/dates";
import { timeZoneOf } from "@domain/time-zones";
import type { Currency } from "@domain/money";
import { quoteStay } from "@domain/quote";
import { AMOUNT_UNIT, DEFAULT_PRICE_CONFIGURATION, dayPrices, dayRules, type DayOverride, type DayRuleSource, normalizePriceConfiguration, withPriceDefaults, type PriceConfiguration, type PriceConfigurationInput, type Season } from "@domain/pricing";
import type { UserRow } from "@api/context";
import type { Database } from "@api/db/client";
import { d1Statement, MAX_BOUND_PARAMETERS } from "@api/db/client";
import { cachedStatement } from "@api/db/cached-statement";
import { cachedRowsStatement } from "@api/db/rows-column";
import { properties, propertyUnits, takenNights, unitDayOverrides, unitPriceConfigurations, unitSeasons } from "@api/db/schema";
import { pendingEventsByUnit, pendingStaysReads, stayEventsRead, withGuests } from "@api/bookings/calendar-events";
import { constraintFailed, neighbouringStaysQueries, neighboursOf, takenNightsQuery } from "@api/calendar/taken-nights";
import { validationFailed, type FieldError } from "@api/lib/errors";
import { newPublicId } from "@api/lib/ids";
import { translator } from "@api/lib/translate";
import type { UnitRow } from "@api/properties/queries";

/**
 * A unit's prices (decision 025): the configuration row, its seasons (rows, queryable by date) and
 * the per-day overrides. Every change goes through one D1 batch that first moves the unit's price
 * version on; a change made from an older version fails inside that batch and changes nothing.
 */

type PriceRow = typeof unitPriceConfigurations.$inferSelect;
type SeasonRow = typeof unitSeasons.$inferSelect;

const english = translator("en_US");
export function fieldError(field: string | null, code: string): FieldError {
  return { field, message: english(`validation.${code}`), type: code };
}

/** A save made from an older version than the stored one; the route answers 409 with the current values. */
export class StaleVersion extends Error {
  constructor() {
    super("Stale version");
  }
}

/** The version an `If-Match` header names (`"3"`, `W/"3"`); `*` and no header check nothing (null); anything else matches no version. */
export function expectedVersion(ifMatch: string | undefined): number | null {
  if (ifMatch === undefined || ifMatch.trim() === "*") return null;
  const match = /^\s*(?:W\/)?"(\d{1,15})"\s*$/.exec(ifMatch);
  return match ? Number(match[1]) : -1;
}

export const etagOf = (version: number) => `"${version}"`;

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

/** The configuration row and every season of a unit named by its id or an id subquery: statements for one batch. */
export function priceConfigurationReads(db: Database, unitId: number | SQLWrapper) {
  const unit = typeof unitId === "number" ? [unitId] : unitId;
  return [
    db.select().from(unitPriceConfigurations).where(inArray(unitPriceConfigurations.unitId, unit)).limit(1),
    db.select().from(unitSeasons).where(inArray(unitSeasons.unitId, unit)).orderBy(asc(unitSeasons.dateFrom), asc(unitSeasons.publicId)),
  ] as const;
}

function seasonOf(row: SeasonRow): Season {
  return {
    id: row.publicId,
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    recurrence: row.recurrence,
    nightlyPrice: row.nightlyPrice,
    minStay: row.minStay,
    extraGuestPrice: row.extraGuestPrice,
    ...(row.checkInDays ? { checkInDays: row.checkInDays } : {}),
  };
}

/** The stored configuration with every default filled in; the unit holds the booking-policy fields. */
/** The unit's columns the price configuration and the calendar's days read. */
export type PricedUnit = Pick<UnitRow, "calendarStatus" | "checkInFrom" | "checkInTo" | "checkOutTo" | "preparationTime" | "minDaysOfNotice">;

export function configurationOf(unit: PricedUnit, row: PriceRow | undefined, seasons: SeasonRow[]): PriceConfiguration {
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
    seasonsPricing: seasons.map(seasonOf),
    securityDeposit: prices.securityDeposit,
  };
}

export interface VersionedConfiguration {
  config: PriceConfiguration;
  version: number;
}

export async function loadConfiguration(db: Database, unit: UnitRow): Promise<VersionedConfiguration> {
  const [[row], seasons] = await db.batch(priceConfigurationReads(db, unit.id));
  return { config: configurationOf(unit, row, seasons), version: row?.version ?? 0 };
}

/** §3 price configuration: every amount is integer minor units of `currency` (12000 = 120.00). */
export function presentConfiguration(user: UserRow, config: PriceConfiguration) {
  return { currency: user.currency, amountUnit: AMOUNT_UNIT, ...config };
}

/** A range of days, both included. */
export interface DayRange {
  dateFrom: IsoDate;
  dateTo: IsoDate;
}

/**
 * §3 Calendar days from `dateFrom` to `dateTo`: price and stay rules, availability and the events
 * that take each night, with the price version. One statement per table, whatever the range.
 */
export async function calendarDays(db: Database, user: UserRow, unit: UnitRow, property: Place, range: DayRange) {
  return presentCalendarDays(user, unit, property, range, ...(await db.batch(calendarDaysReads(db, unit.id, range))));
}

/**
 * The columns a day's price and stay rules come from (`dayRules`): the default price, stay limits,
 * extra guests and weekdays of the configuration, its seasons' and the per-day values, not the
 * charges, taxes, discounts or timestamps a calendar never shows (a calendar page decodes these rows
 * on every view: the unit calendar one unit's, the calendar of all units 50 units', whose JSON columns
 * of charges, discounts and taxes cost 0.3–0.5 ms of server CPU per page when read whole). The unit
 * calendar reads the configuration's with its unit's row (`ownedPriceList` in routes.ts).
 */
export const dayPriceColumns = {
  nightlyPrice: unitPriceConfigurations.nightlyPrice,
  minStay: unitPriceConfigurations.minStay,
  maxStay: unitPriceConfigurations.maxStay,
  extraGuestPrice: unitPriceConfigurations.extraGuestPrice,
  extraGuestsCount: unitPriceConfigurations.extraGuestsCount,
  checkInDays: unitPriceConfigurations.checkInDays,
  checkOutDays: unitPriceConfigurations.checkOutDays,
  version: unitPriceConfigurations.version,
};
const daySeasonColumns = {
  dateFrom: unitSeasons.dateFrom,
  dateTo: unitSeasons.dateTo,
  recurrence: unitSeasons.recurrence,
  nightlyPrice: unitSeasons.nightlyPrice,
  minStay: unitSeasons.minStay,
  extraGuestPrice: unitSeasons.extraGuestPrice,
  checkInDays: unitSeasons.checkInDays,
};
const dayOverrideColumns = {
  date: unitDayOverrides.date,
  price: unitDayOverrides.price,
  minStay: unitDayOverrides.minStay,
  maxStay: unitDayOverrides.maxStay,
  closedToArrival: unitDayOverrides.closedToArrival,
  closedToDeparture: unitDayOverrides.closedToDeparture,
};

/** The statements `calendarDays` reads, for a batch of their own or one with the unit's ownership row. */
export function calendarDaysReads(db: Database, unitId: number | SQLWrapper, range: DayRange, nightsTo: IsoDate = addDays(range.dateTo, 1)) {
  const unit = typeof unitId === "number" ? [unitId] : unitId;
  return [
    db.select(dayPriceColumns).from(unitPriceConfigurations).where(inArray(unitPriceConfigurations.unitId, unit)).limit(1),
    db
      .select(daySeasonColumns)
      .from(unitSeasons)
      .where(and(inArray(unitSeasons.unitId, unit), or(eq(unitSeasons.recurrence, "recurring"), and(lte(unitSeasons.dateFrom, range.dateTo), gte(unitSeasons.dateTo, range.dateFrom)))))
      .orderBy(asc(unitSeasons.dateFrom), asc(unitSeasons.publicId)),
    db
      .select(dayOverrideColumns)
      .from(unitDayOverrides)
      .where(and(inArray(unitDayOverrides.unitId, unit), gte(unitDayOverrides.date, range.dateFrom), lte(unitDayOverrides.date, range.dateTo))),
    takenNightsQuery(db, unitId, { dateFrom: range.dateFrom, dateTo: nightsTo }),
  ] as const;
}

type DayPriceRow = { [K in keyof typeof dayPriceColumns]: PriceRow[K] };
type DaySeasonRow = { [K in keyof typeof daySeasonColumns]: SeasonRow[K] };

/** What `calendarDaysReads` answered, as the price list presents it. */
export function presentCalendarDays(user: UserRow, unit: PricedUnit, property: Place, range: DayRange, [row]: DayPriceRow[], seasons: DaySeasonRow[], overrides: DayOverride[], taken: TakenNight[]) {
  return presentDays(user, unit, property, range, dayRuleSourceOf(row, seasons), overrides, taken, row?.version ?? 0);
}

/** What a unit's days are priced by (`dayRules`): its configuration row's day columns (the defaults without one) and its seasons. */
function dayRuleSourceOf(row: DayPriceRow | undefined, seasons: DaySeasonRow[]): DayRuleSource {
  const prices = row ?? DEFAULT_PRICE_CONFIGURATION;
  return {
    nightlyPrice: prices.nightlyPrice,
    minStay: prices.minStay,
    maxStay: prices.maxStay,
    extraGuestPrice: prices.extraGuestPrice,
    checkInDays: prices.checkInDays,
    checkOutDays: prices.checkOutDays,
    seasonsPricing: seasons,
  };
}

/** Where a unit is: its property's address, whose time zone its days and "today" are in (`unitTimeZone`). */
export type Place = { countryCode: string | null; stateOrProvince: string | null };
export const unitTimeZone = (place: Place) => timeZoneOf(place.countryCode, place.stateOrProvince);

function presentDays(user: UserRow, unit: Pick<PricedUnit, "calendarStatus">, place: Place, range: DayRange, config: DayRuleSource, overrides: DayOverride[], taken: TakenNight[], version: number) {
  const events = eventsOf(taken);
  const takenBy = new Map(taken.map((t) => [t.night, t]));
  const paused = unit.calendarStatus === "PAUSED";
  const days = dayRules(config, overrides, range.dateFrom, range.dateTo).map((day) => {
    const night = takenBy.get(day.date);
    return {
      date: day.date,
      price: day.price,
      minimalLengthOfStay: day.minStay,
      maximalLengthOfStay: day.maxStay,
      closedToArrival: day.closedToArrival,
      closedToDeparture: day.closedToDeparture,
      availability: availabilityOf(night?.kind, paused, day.price),
      events: night ? [night.ownerId] : [],
    };
  });
  return {
    currency: user.currency,
    amountUnit: AMOUNT_UNIT,
    dateFrom: range.dateFrom,
    dateTo: range.dateTo,
    timeZone: unitTimeZone(place),
    version,
    calendarAvailability: { status: unit.calendarStatus },
    days,
    events,
  };
}

/** Rows by their unit, in their order: one pass over the page's rows instead of one per unit. */
function byUnit<T extends { unitId: number }>(rows: T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    const ofUnit = grouped.get(row.unitId);
    if (ofUnit) ofUnit.push(row);
    else grouped.set(row.unitId, [row]);
  }
  return grouped;
}

/** Units of the calendar of all units per page. */
export const UNITS_CALENDAR_PAGE_SIZE = 50;

/**
 * The calendar of all of a host's units (a page of them, in the order of their properties): each
 * unit's days as `calendarDays` answers them, read for all the page's units with one statement per
 * table, whatever the number of units.
 */
export async function unitsCalendar(db: Database, user: UserRow, range: DayRange, page: number) {
  return presentUnitsCalendar(user, range, page, await db.batch(unitsCalendarReads(db, user.id, range, page)));
}

/** The values of the calendar of all units' statements, bound to each use of the statements built once (`cachedStatement`). */
type UnitsCalendarValue = "hostUserId" | "dateFrom" | "dateTo" | "nightsTo" | "offset" | "now";

/** The statements of the calendar of all units, written with a placeholder for each value that changes between requests. */
function unitsCalendarStatements(db: Database, $: (name: UnitsCalendarValue) => Placeholder) {
  const hostUnits = and(eq(propertyUnits.hostUserId, $("hostUserId")), ne(propertyUnits.state, "DELETED"));
  const order = [asc(propertyUnits.propertyId), asc(propertyUnits.position), asc(propertyUnits.id)];
  const range = { dateFrom: $("dateFrom"), dateTo: $("dateTo") };
  const pageIds = db
    .select({ id: propertyUnits.id })
    .from(propertyUnits)
    .where(hostUnits)
    .orderBy(...order)
    .limit(UNITS_CALENDAR_PAGE_SIZE)
    .offset($("offset") as unknown as number);
  const nights = and(inArray(takenNights.unitId, pageIds), gte(takenNights.night, range.dateFrom), lt(takenNights.night, $("nightsTo")));
  const pending = pendingStaysReads(db, pageIds, range, $("now"));
  return [
    // The columns the calendar shows (its days are priced by the configuration's and seasons' rows alone), not every column of each unit: 50 units' rows are decoded on every page.
    db
      .select({
        id: propertyUnits.id,
        publicId: propertyUnits.publicId,
        title: propertyUnits.title,
        propertyId: propertyUnits.propertyId,
        calendarStatus: propertyUnits.calendarStatus,
      })
      .from(propertyUnits)
      .where(inArray(propertyUnits.id, pageIds))
      .orderBy(...order),
    db
      .select({ id: properties.id, publicId: properties.publicId, title: properties.title, countryCode: properties.countryCode, stateOrProvince: properties.stateOrProvince })
      .from(properties)
      .where(inArray(properties.id, db.select({ id: propertyUnits.propertyId }).from(propertyUnits).where(inArray(propertyUnits.id, pageIds)))),
    db.select({ total: count() }).from(propertyUnits).where(hostUnits),
    db.select({ unitId: unitPriceConfigurations.unitId, ...dayPriceColumns }).from(unitPriceConfigurations).where(inArray(unitPriceConfigurations.unitId, pageIds)),
    db
      .select({ unitId: unitSeasons.unitId, ...daySeasonColumns })
      .from(unitSeasons)
      .where(and(inArray(unitSeasons.unitId, pageIds), or(eq(unitSeasons.recurrence, "recurring"), and(lte(unitSeasons.dateFrom, range.dateTo), gte(unitSeasons.dateTo, range.dateFrom)))))
      .orderBy(asc(unitSeasons.dateFrom), asc(unitSeasons.publicId)),
    db
      .select({
        unitId: unitDayOverrides.unitId,
        date: unitDayOverrides.date,
        price: unitDayOverrides.price,
        minStay: unitDayOverrides.minStay,
        maxStay: unitDayOverrides.maxStay,
        closedToArrival: unitDayOverrides.closedToArrival,
        closedToDeparture: unitDayOverrides.closedToDeparture,
      })
      .from(unitDayOverrides)
      .where(and(inArray(unitDayOverrides.unitId, pageIds), gte(unitDayOverrides.date, range.dateFrom), lte(unitDayOverrides.date, range.dateTo))),
    db
      .select({ unitId: takenNights.unitId, night: takenNights.night, kind: takenNights.kind, ownerId: takenNights.ownerId })
      .from(takenNights)
      .where(and(inArray(takenNights.unitId, pageIds), inArray(takenNights.ownerId, db.selectDistinct({ ownerId: takenNights.ownerId }).from(takenNights).where(nights))))
      .orderBy(asc(takenNights.night)),
    stayEventsRead(db, pageIds, range, $("now")),
    // The cells of the page (`unitsCalendarCellsReads`): a price and what took the night, in as few values as
    // they need (the local D1 pays for every value a statement answers, about 0.5 µs each; 50 units'
    // configurations, seasons, overrides and nights were 1,750 values a page): of the configuration and seasons
    // the columns a price comes from; of the per-day values only the prices (a cell shows no stay limits), and
    // each unit's prices and nights of the days shown as one text (`date price,…`, `night kind,…`; `pairsOf`).
    db
      .select({ unitId: unitPriceConfigurations.unitId, nightlyPrice: unitPriceConfigurations.nightlyPrice, version: unitPriceConfigurations.version })
      .from(unitPriceConfigurations)
      .where(inArray(unitPriceConfigurations.unitId, pageIds)),
    db
      .select({ unitId: unitSeasons.unitId, dateFrom: unitSeasons.dateFrom, dateTo: unitSeasons.dateTo, recurrence: unitSeasons.recurrence, nightlyPrice: unitSeasons.nightlyPrice })
      .from(unitSeasons)
      .where(and(inArray(unitSeasons.unitId, pageIds), or(eq(unitSeasons.recurrence, "recurring"), and(lte(unitSeasons.dateFrom, range.dateTo), gte(unitSeasons.dateTo, range.dateFrom)))))
      .orderBy(asc(unitSeasons.dateFrom), asc(unitSeasons.publicId)),
    db
      .select({ unitId: unitDayOverrides.unitId, prices: sql<string>`group_concat(${unitDayOverrides.date} || ' ' || ${unitDayOverrides.price})`.as("prices") })
      .from(unitDayOverrides)
      .where(and(inArray(unitDayOverrides.unitId, pageIds), gte(unitDayOverrides.date, range.dateFrom), lte(unitDayOverrides.date, range.dateTo), isNotNull(unitDayOverrides.price)))
      .groupBy(unitDayOverrides.unitId),
    db
      .select({ unitId: takenNights.unitId, nights: sql<string>`group_concat(${takenNights.night} || ' ' || ${takenNights.kind})`.as("nights") })
      .from(takenNights)
      .where(nights)
      .groupBy(takenNights.unitId),
    // The cells' page draws the pending requests and open inquiries too (they take no nights): their nights and guest's first name.
    pending.requests,
    pending.inquiries,
  ] as const;
}

// The statements of GET property-units/calendar (the first eight): their SQL is built once per isolate (decision 024: drizzle building ten selects with their subqueries cost more than the batch).
const unitsCalendarStatement = <I extends number>(index: I) =>
  cachedStatement((db, $: (name: UnitsCalendarValue) => Placeholder) => unitsCalendarStatements(db, $)[index] as ReturnType<typeof unitsCalendarStatements>[I]);
const unitsCalendarCached = [
  unitsCalendarStatement(0),
  unitsCalendarStatement(1),
  unitsCalendarStatement(2),
  unitsCalendarStatement(3),
  unitsCalendarStatement(4),
  unitsCalendarStatement(5),
  unitsCalendarStatement(6),
  unitsCalendarStatement(7),
] as const;

const unitsCalendarValues = (hostUserId: number, range: DayRange, page: number): Record<UnitsCalendarValue, unknown> => ({
  hostUserId,
  dateFrom: range.dateFrom,
  dateTo: range.dateTo,
  nightsTo: addDays(range.dateTo, 1),
  offset: (page - 1) * UNITS_CALENDAR_PAGE_SIZE,
  // A timestamp_ms column's value as the database holds it.
  now: Date.now(),
});

/** The statements of `unitsCalendar`, for a batch of their own or the shell's (the host named by its id). */
export function unitsCalendarReads(db: Database, hostUserId: number, range: DayRange, page: number) {
  const values = unitsCalendarValues(hostUserId, range, page);
  const [units, unitProperties, counted, configs, seasons, overrides, taken, stays] = unitsCalendarCached;
  return [
    units(db, values),
    unitProperties(db, values),
    counted(db, values),
    configs(db, values),
    seasons(db, values),
    overrides(db, values),
    taken(db, values),
    stays(db, values),
  ] as const;
}

/** The calendar of all units as GET property-units/calendar answers it, from what `unitsCalendarReads` read. */
export function presentUnitsCalendar(user: UserRow, range: DayRange, page: number, [units, unitProperties, [counted], configs, seasons, overrides, taken, stays]: BatchResponse<ReturnType<typeof unitsCalendarReads>>) {
  const total = counted?.total ?? 0;
  const configOf = new Map(configs.map((c) => [c.unitId, c]));
  const propertyOf = new Map(unitProperties.map((p) => [p.id, p]));
  const [seasonsOf, overridesOf, takenOf] = [byUnit(seasons), byUnit(overrides), byUnit(taken)];
  return {
    currency: user.currency,
    amountUnit: AMOUNT_UNIT,
    dateFrom: range.dateFrom,
    dateTo: range.dateTo,
    units: units.map((unit) => {
      const row = configOf.get(unit.id);
      const property = propertyOf.get(unit.propertyId);
      const rules = dayRuleSourceOf(row, seasonsOf.get(unit.id) ?? []);
      const { currency: _currency, amountUnit: _unit, dateFrom: _from, dateTo: _to, ...days } = presentDays(user, unit, property ?? { countryCode: null, stateOrProvince: null }, range, rules, overridesOf.get(unit.id) ?? [], takenOf.get(unit.id) ?? [], row?.version ?? 0);
      // The guests of the unit's events (decision 027), as the price list shows them.
      return { unitId: unit.publicId, title: unit.title, propertyId: property?.publicId ?? "", propertyTitle: property?.title ?? "", ...days, events: withGuests(days.events, stays, unit.id) };
    }),
    pagination: { current: page, next: page * UNITS_CALENDAR_PAGE_SIZE < total ? page + 1 : page, total, pageSize: UNITS_CALENDAR_PAGE_SIZE },
  };
}

/**
 * The page of the calendar of all units as it shows it, in one statement (decision 049): the count of
 * the host's units, with the page's units, their properties, configurations, seasons, per-day prices,
 * taken nights, pending requests and open inquiries (the cells' statements of `unitsCalendarStatements`)
 * as JSON columns of its row.
 * The page reads it with every view; seven statements' work in one costs the local D1 less (decision
 * 024, "what a statement costs").
 */
const unitsCalendarCells = cachedRowsStatement(
  (db, $: (name: UnitsCalendarValue) => Placeholder) => {
    const [units, unitProperties, , , , , , , configs, seasons, overrides, nights, requests, inquiries] = unitsCalendarStatements(db, $);
    return { units, unitProperties, configs, seasons, overrides, nights, requests, inquiries };
  },
  (db, $: (name: UnitsCalendarValue) => Placeholder, columns) =>
    db
      .select({ total: count(), ...columns })
      .from(propertyUnits)
      .where(and(eq(propertyUnits.hostUserId, $("hostUserId")), ne(propertyUnits.state, "DELETED"))),
);

/**
 * The statement of the page of the calendar of all units as it shows it (`presentUnitsCalendarCells`,
 * the shell's `unitsCalendarCells`): the page's units and their prices as `unitsCalendarReads` reads
 * them, and of the taken nights only the days shown (no whole events, no guests).
 */
export function unitsCalendarCellsReads(db: Database, hostUserId: number, range: DayRange, page: number) {
  return [unitsCalendarCells.statement(db, unitsCalendarValues(hostUserId, range, page))] as const;
}

/** The pairs of a `group_concat` of `first second` texts (dates, prices and kinds: no commas or spaces in them); none for null. */
function pairsOf<T>(text: string | null | undefined, pair: (first: string, second: string) => T): T[] {
  if (!text) return [];
  return text.split(",").map((entry) => {
    const space = entry.indexOf(" ");
    return pair(entry.slice(0, space), entry.slice(space + 1));
  });
}

/**
 * Each unit's days as its row of the calendar of all units shows them: the price and a digit for
 * the cell (`cellStateOfNight`, `encodeCellStates`), resolved as the price list resolves them
 * (`dayPrices`, `availabilityOf`), without the days' objects and events a page does not show; and the
 * pending requests and open inquiries it draws as bars (`pendingEvents`), as the unit calendar does.
 */
export function presentUnitsCalendarCells(user: UserRow, range: DayRange, page: number, [[read]]: BatchResponse<ReturnType<typeof unitsCalendarCellsReads>>) {
  const { rowsOf } = unitsCalendarCells;
  const [units, unitProperties, configs, seasons, overrides, nights, requests, inquiries] = [
    rowsOf("units", read?.units),
    rowsOf("unitProperties", read?.unitProperties),
    rowsOf("configs", read?.configs),
    rowsOf("seasons", read?.seasons),
    rowsOf("overrides", read?.overrides),
    rowsOf("nights", read?.nights),
    rowsOf("requests", read?.requests),
    rowsOf("inquiries", read?.inquiries),
  ] as const;
  const total = read?.total ?? 0;
  const configOf = new Map(configs.map((c) => [c.unitId, c]));
  const propertyOf = new Map(unitProperties.map((p) => [p.id, p]));
  const seasonsOf = byUnit(seasons);
  const overridesOf = new Map(overrides.map((row) => [row.unitId, row.prices]));
  const nightsOf = new Map(nights.map((row) => [row.unitId, row.nights]));
  const pendingOf = pendingEventsByUnit(requests, inquiries);
  return {
    currency: user.currency,
    amountUnit: AMOUNT_UNIT,
    dateFrom: range.dateFrom,
    dateTo: range.dateTo,
    units: units.map((unit) => {
      const row = configOf.get(unit.id);
      const property = propertyOf.get(unit.propertyId);
      const paused = unit.calendarStatus === "PAUSED";
      // Prices alone (`dayPrices`, as `dayRules` prices the days), and what took each night by its day's index.
      const config = { nightlyPrice: row ? row.nightlyPrice : DEFAULT_PRICE_CONFIGURATION.nightlyPrice, seasonsPricing: seasonsOf.get(unit.id) ?? [] };
      const prices = dayPrices(config, pairsOf(overridesOf.get(unit.id), (date, price) => ({ date, price: Number(price) })), range.dateFrom, range.dateTo);
      const takenAt: (TakenNightKind | undefined)[] = [];
      for (const [day, taken] of pairsOf(nightsOf.get(unit.id), (night, kind) => [night, kind as TakenNightKind] as const)) takenAt[daysBetween(range.dateFrom, day)] = taken;
      const states = prices.map((price, i) => cellStateOfNight(takenAt[i], paused, price));
      return {
        unitId: unit.publicId,
        title: unit.title,
        propertyId: property?.publicId ?? "",
        propertyTitle: property?.title ?? "",
        timeZone: unitTimeZone(property ?? { countryCode: null, stateOrProvince: null }),
        version: row?.version ?? 0,
        calendarAvailability: { status: unit.calendarStatus },
        prices,
        states: encodeCellStates(states),
        pendingEvents: pendingOf.get(unit.id) ?? [],
      };
    }),
    pagination: { current: page, next: page * UNITS_CALENDAR_PAGE_SIZE < total ? page + 1 : page, total, pageSize: UNITS_CALENDAR_PAGE_SIZE },
  };
}

/**
 * What a stay costs and whether it can be booked: the unit's prices, the stay's per-day values and
 * taken nights, and the other guests' stays around it, read in one batch and quoted by `quoteStay`.
 */
export async function quoteFor(db: Database, user: UserRow, unit: UnitRow, stay: Stay, guests: number, today: IsoDate) {
  const [[row], seasons, overrides, taken, before, after] = await db.batch([
    ...priceConfigurationReads(db, unit.id),
    db
      .select()
      .from(unitDayOverrides)
      .where(and(eq(unitDayOverrides.unitId, unit.id), gte(unitDayOverrides.date, stay.checkIn), lte(unitDayOverrides.date, stay.checkOut))),
    db
      .select({ night: takenNights.night })
      .from(takenNights)
      .where(and(eq(takenNights.unitId, unit.id), gte(takenNights.night, stay.checkIn), lt(takenNights.night, stay.checkOut)))
      .orderBy(asc(takenNights.night)),
    ...neighbouringStaysQueries(db, unit.id, stay),
  ]);
  const request = { stay, guests, today, neighbours: neighboursOf(before, after) };
  const { refusals, quote } = quoteStay(configurationOf(unit, row, seasons), overrides, request, user.currency as Currency);
  const takenDates = taken.map((t) => t.night);
  return {
    currency: user.currency,
    amountUnit: AMOUNT_UNIT,
    ...stay,
    guests,
    // A paused calendar takes no bookings, though no night of it is taken.
    bookable: refusals.length === 0 && takenDates.length === 0 && unit.calendarStatus !== "PAUSED",
    takenNights: takenDates,
    refusals,
    quote,
  };
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

/**
 * The first statements of every price change: the unit's row exists, and its version moves on by
 * one, or, when the change was made from another version than the stored one, the version becomes
 * NULL, which the column refuses, so the whole batch fails and nothing of it is written.
 */
function versionStep(db: Database, unit: UnitRow, expected: number | null) {
  const now = new Date();
  return [
    db.insert(unitPriceConfigurations).values({ unitId: unit.id, hostUserId: unit.hostUserId }).onConflictDoNothing(),
    db
      .update(unitPriceConfigurations)
      .set({ version: expected === null ? sql`version + 1` : sql`CASE WHEN version = ${expected} THEN version + 1 END`, updatedAt: now })
      .where(and(eq(unitPriceConfigurations.unitId, unit.id), eq(unitPriceConfigurations.hostUserId, unit.hostUserId)))
      .returning({ version: unitPriceConfigurations.version }),
  ] as const;
}

/** The fields of the price configuration the unit keeps with its booking policies. */
export const PRICED_BOOKING_POLICIES = ["checkInFrom", "checkInTo", "checkOutTo", "preparationTime", "minDaysOfNotice"] as const;

/**
 * Statements that move the unit's price version on, for a change made elsewhere of what the price
 * configuration shows (the booking policies of the unit's page), so that a configuration saved from
 * before it is refused too.
 */
export function priceVersionBump(db: Database, unit: UnitRow) {
  return versionStep(db, unit, null);
}

/** Runs a price change's batch; a stale version becomes StaleVersion. */
async function versioned<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (constraintFailed(error, "NOT NULL", "unit_price_configurations")) throw new StaleVersion();
    throw error;
  }
}

function inRowChunks<T>(rows: T[], columns: number): T[][] {
  const size = Math.floor(MAX_BOUND_PARAMETERS / columns);
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}

/** Columns bound per season row (public id, unit, host, two dates, recurrence, three amounts, weekdays). */
const SEASON_COLUMNS = 10;

/** Validated body → stored configuration: the unit's booking-policy columns, the prices and the seasons, in one batch. */
export async function savePriceConfiguration(db: Database, user: UserRow, unit: UnitRow, body: Partial<PriceConfigurationInput> & { currency?: string | undefined }, expected: number | null): Promise<VersionedConfiguration> {
  if (body.currency !== undefined && body.currency !== user.currency) throw validationFailed([fieldError("currency", "read_only")]);
  const config = normalizePriceConfiguration(withPriceDefaults(body), () => newPublicId("ssn"));
  const { checkInFrom, checkInTo, checkOutTo, preparationTime, minDaysOfNotice, seasonsPricing, ...prices } = config;
  const now = new Date();
  const seasonRows = seasonsPricing.map((s) => ({
    publicId: s.id,
    unitId: unit.id,
    hostUserId: user.id,
    dateFrom: s.dateFrom,
    dateTo: s.dateTo,
    recurrence: s.recurrence,
    nightlyPrice: s.nightlyPrice,
    minStay: s.minStay,
    extraGuestPrice: s.extraGuestPrice,
    checkInDays: s.checkInDays ?? null,
  }));
  const ownRow = and(eq(unitPriceConfigurations.unitId, unit.id), eq(unitPriceConfigurations.hostUserId, user.id));
  const [, [saved]] = await versioned(() =>
    db.batch([
      ...versionStep(db, unit, expected),
      db.update(unitPriceConfigurations).set({ ...prices, updatedAt: now }).where(ownRow),
      db.delete(unitSeasons).where(and(eq(unitSeasons.unitId, unit.id), eq(unitSeasons.hostUserId, user.id))),
      ...inRowChunks(seasonRows, SEASON_COLUMNS).map((rows) => db.insert(unitSeasons).values(rows)),
      db
        .update(propertyUnits)
        .set({ checkInFrom, checkInTo, checkOutTo, preparationTime, minDaysOfNotice, updatedAt: now })
        .where(and(eq(propertyUnits.id, unit.id), eq(propertyUnits.hostUserId, user.id))),
    ]),
  );
  return { config, version: saved!.version };
}

/** What the calendar sets for a range of days; a field left out stays as it is, null returns it to the season's or default's. */
export interface DayChange {
  price?: number | null | undefined;
  minStay?: number | null | undefined;
  maxStay?: number | null | undefined;
  closedToArrival?: boolean | undefined;
  closedToDeparture?: boolean | undefined;
}

const DAY_COLUMNS = { price: "price", minStay: "min_stay", maxStay: "max_stay", closedToArrival: "closed_to_arrival", closedToDeparture: "closed_to_departure" } as const;

/**
 * Sets the per-day values of every day of `range` (both included) in one batch: one statement
 * writes all the days (SQLite generates them), and days left with nothing of their own are removed.
 */
export async function setDayPrices(db: Database, unit: UnitRow, range: DayRange, change: DayChange, expected: number | null): Promise<void> {
  const fields = (Object.keys(DAY_COLUMNS) as (keyof DayChange)[]).filter((key) => change[key] !== undefined);
  const value = (key: keyof DayChange) => {
    const v = change[key];
    return typeof v === "boolean" ? (v ? 1 : 0) : (v ?? null);
  };
  const updates = sql.join(
    [...fields.map((key) => sql.raw(`${DAY_COLUMNS[key]} = excluded.${DAY_COLUMNS[key]}`)), sql`updated_at = ${Date.now()}`],
    sql`, `,
  );
  const own = and(eq(unitDayOverrides.unitId, unit.id), eq(unitDayOverrides.hostUserId, unit.hostUserId));
  const statements = [
    ...versionStep(db, unit, expected),
    sql`INSERT INTO unit_day_overrides (unit_id, date, host_user_id, price, min_stay, max_stay, closed_to_arrival, closed_to_departure)
      WITH RECURSIVE range_days(day) AS (SELECT ${range.dateFrom} UNION ALL SELECT date(day, '+1 day') FROM range_days WHERE day < ${range.dateTo})
      SELECT ${unit.id}, day, ${unit.hostUserId}, ${value("price")}, ${value("minStay")}, ${value("maxStay")}, ${value("closedToArrival") ?? 0}, ${value("closedToDeparture") ?? 0}
      FROM range_days WHERE true
      ON CONFLICT (unit_id, date) DO UPDATE SET ${updates}`,
    db
      .delete(unitDayOverrides)
      .where(
        and(
          own,
          gte(unitDayOverrides.date, range.dateFrom),
          lte(unitDayOverrides.date, range.dateTo),
          sql`price IS NULL AND min_stay IS NULL AND max_stay IS NULL AND closed_to_arrival = 0 AND closed_to_departure = 0`,
        ),
      ),
  ];
  await versioned(() => db.$client.batch(statements.map((statement) => d1Statement(db, statement))));
}
