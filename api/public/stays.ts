import { and, asc, desc, eq, inArray, sql, type Placeholder } from "drizzle-orm";
import { stays } from "@contract/stays";
import { addDays, todayIn, todayUtc, type IsoDate } from "@domain/dates";
import { AMOUNT_UNIT } from "@domain/pricing";
import { howGuestsBook } from "@domain/stay-offer";
import { deriveUserFlags } from "@domain/user-flags";
import type { PublicApiEnv } from "@api/context";
import { cachedStatement } from "@api/db/cached-statement";
import type { Database } from "@api/db/client";
import { listingViews, properties, propertyUnits, unitPhotos, users } from "@api/db/schema";
import { viewedMonthQueries } from "@api/insights/months";
import { notFound, validationFailed } from "@api/lib/errors";
import { contractRouter } from "@api/lib/openapi";
import { translator } from "@api/lib/translate";
import { calendarDaysReads, presentCalendarDays, quoteFor, unitTimeZone, type DayRange } from "@api/pricing/prices";

/**
 * The public listing of a published unit (/stays/{unitId}): the unit, its photos and days as a
 * guest sees them, and the quote of a stay. Nothing here needs a token; a unit that is not
 * published is not found.
 */

const english = translator("en_US");

/** The id of the published unit, as a subquery for the statements of the same batch. */
function publishedUnitId(db: Database, unitId: Placeholder) {
  return db
    .select({ id: propertyUnits.id })
    .from(propertyUnits)
    .where(and(eq(propertyUnits.publicId, unitId), eq(propertyUnits.state, "PUBLISHED")));
}

/**
 * The published unit, its property and its host, by the unit's public id: three statements for one
 * batch (a join's equal column names would collide in D1's batch answer). Every guest's page reads
 * them: their SQL is built once per isolate (decision 024), as are the listing's other statements.
 */
const publishedUnitRows = [
  cachedStatement((db, $: (name: "unitId") => Placeholder) => db.select().from(propertyUnits).where(inArray(propertyUnits.id, publishedUnitId(db, $("unitId")))).limit(1)),
  cachedStatement((db, $: (name: "unitId") => Placeholder) =>
    db
      .select()
      .from(properties)
      .where(inArray(properties.id, db.select({ id: propertyUnits.propertyId }).from(propertyUnits).where(inArray(propertyUnits.id, publishedUnitId(db, $("unitId"))))))
      .limit(1),
  ),
  cachedStatement((db, $: (name: "unitId") => Placeholder) =>
    db
      .select()
      .from(users)
      .where(inArray(users.id, db.select({ id: propertyUnits.hostUserId }).from(propertyUnits).where(inArray(propertyUnits.id, publishedUnitId(db, $("unitId"))))))
      .limit(1),
  ),
] as const;

function publishedUnitReads(db: Database, unitId: string) {
  const [unit, property, host] = publishedUnitRows;
  return [unit(db, { unitId }), property(db, { unitId }), host(db, { unitId })] as const;
}

/** The values of the listing's own statements: the unit's public id, the days shown (and the night after them), the day and month of the view (UTC). */
type ListingValue = "unitId" | "dateFrom" | "dateTo" | "nightsTo" | "day" | "month";

/** The listing's statements after the unit's rows, written with a placeholder for each value that changes between requests. */
function listingStatements(db: Database, $: (name: ListingValue) => Placeholder) {
  const id = publishedUnitId(db, $("unitId"));
  const days = { dateFrom: $("dateFrom") as unknown as IsoDate, dateTo: $("dateTo") as unknown as IsoDate };
  return [
    db
      .select({ id: unitPhotos.publicId, width: unitPhotos.width, height: unitPhotos.height })
      .from(unitPhotos)
      .where(eq(unitPhotos.unitId, id))
      .orderBy(desc(unitPhotos.isCover), asc(unitPhotos.position)),
    ...calendarDaysReads(db, id, days, $("nightsTo") as unknown as IsoDate),
    // A look at the listing page, counted per unit and day for the host's insights (nothing for an unpublished unit).
    db
      .insert(listingViews)
      .select(db.select({ unitId: propertyUnits.id, day: sql<string>`${$("day")}`.as("day"), hostUserId: propertyUnits.hostUserId, views: sql<number>`1`.as("views") }).from(propertyUnits).where(eq(propertyUnits.id, id)))
      .onConflictDoUpdate({ target: [listingViews.unitId, listingViews.day], set: { views: sql`${listingViews.views} + 1` } }),
    // …and in its unit's and its host's month of the insights' sums (decision 042).
    ...viewedMonthQueries(db, id, $("month")),
  ] as const;
}

const listingStatement = <I extends number>(index: I) =>
  cachedStatement((db, $: (name: ListingValue) => Placeholder) => listingStatements(db, $)[index] as ReturnType<typeof listingStatements>[I]);
const listingCached = [listingStatement(0), listingStatement(1), listingStatement(2), listingStatement(3), listingStatement(4), listingStatement(5), listingStatement(6), listingStatement(7)] as const;

/**
 * The listing's reads for the days of `range`, after the unit's rows, and when the read is a look at the
 * listing (`viewed`) the view's writes: a read for the calendar's next months or a price counts nothing.
 */
function listingReads(db: Database, unitId: string, range: DayRange, today: IsoDate, viewed: boolean) {
  const values: Record<ListingValue, unknown> = { unitId, dateFrom: range.dateFrom, dateTo: range.dateTo, nightsTo: addDays(range.dateTo, 1), day: today, month: today.slice(0, 7) };
  const [photos, config, seasons, overrides, taken, view, unitMonth, hostMonth] = listingCached;
  const reads = [photos(db, values), config(db, values), seasons(db, values), overrides(db, values), taken(db, values)] as const;
  return viewed ? ([...reads, view(db, values), unitMonth(db, values), hostMonth(db, values)] as const) : reads;
}

export function hostName(host: typeof users.$inferSelect): string {
  return host.alias?.trim() || (host.type === "company" ? host.companyName?.trim() : "") || host.firstName;
}

export const stayRoutes = contractRouter<PublicApiEnv>()
  .openapi(stays.listing, async (c) => {
    const { unitId } = c.req.valid("param");
    const { dateFrom, dateTo, view } = c.req.valid("query");
    const db = c.var.db;
    const today = todayUtc();
    const range = dateFrom && dateTo ? { dateFrom, dateTo } : { dateFrom: today, dateTo: today };
    const [[unit], [property], [host], photos, config, seasons, overrides, taken] = await db.batch([...publishedUnitReads(db, unitId), ...listingReads(db, unitId, range, today, view === "true")]);
    if (!unit || !property || !host) throw notFound("Unit");
    const flags = deriveUserFlags(host);
    const list = presentCalendarDays(host, unit, property, range, config, seasons, overrides, taken);
    const days = dateFrom && dateTo
      ? list.days.map((d) => ({
          date: d.date,
          available: d.availability === "AVAILABLE",
          price: d.price,
          minStay: d.minimalLengthOfStay,
          closedToArrival: d.closedToArrival,
          closedToDeparture: d.closedToDeparture,
        }))
      : [];
    const [prices] = config;
    c.header("Cache-Control", "no-store");
    return c.json(
      {
        unitId: unit.publicId,
        propertyId: property.publicId,
        title: unit.title || property.title,
        description: unit.description || property.description,
        propertyTitle: property.title,
        accommodationType: property.accommodationType,
        listingType: unit.listingType,
        city: property.city,
        countryCode: property.countryCode,
        timeZone: unitTimeZone(property),
        maxGuests: unit.maxGuests,
        size: unit.sizeSquareMetres === null ? null : unit.sizeMeasurementUnit === "imperial" ? Math.round(unit.sizeSquareMetres * 10.76391042) : unit.sizeSquareMetres,
        sizeMeasurementUnit: unit.sizeMeasurementUnit,
        rooms: unit.rooms,
        amenities: unit.amenities,
        houseRules: unit.houseRules,
        cancellationPolicy: unit.cancellationPolicy,
        checkInFrom: unit.checkInFrom,
        checkInTo: unit.checkInTo,
        checkOutTo: unit.checkOutTo,
        minDaysOfNotice: unit.minDaysOfNotice,
        extraGuestsCount: prices?.extraGuestsCount ?? null,
        photos,
        currency: host.currency,
        amountUnit: AMOUNT_UNIT,
        offer: howGuestsBook(flags, unit.bookingType),
        host: { name: hostName(host) },
        calendarPaused: unit.calendarStatus === "PAUSED",
        days,
      },
      200,
    );
  })
  .openapi(stays.quote, async (c) => {
    const { unitId } = c.req.valid("param");
    const { checkIn, checkOut, guests } = c.req.valid("query");
    const [[unit], [property], [host]] = await c.var.db.batch(publishedUnitReads(c.var.db, unitId));
    if (!unit || !property || !host) throw notFound("Unit");
    if (guests > unit.maxGuests) throw validationFailed([{ field: "guests", message: english("validation.guests_above_max"), type: "guests_above_max" }]);
    c.header("Cache-Control", "no-store");
    // Today is the unit's local day (the time zone of its address), as the host's quote and the booking's.
    return c.json(await quoteFor(c.var.db, host, unit, { checkIn, checkOut }, guests, todayIn(unitTimeZone(property))), 200);
  });
