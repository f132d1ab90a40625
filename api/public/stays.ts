import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { stays } from "@contract/stays";
import { todayIn, todayUtc } from "@domain/dates";
import { AMOUNT_UNIT } from "@domain/pricing";
import { howGuestsBook } from "@domain/stay-offer";
import { deriveUserFlags } from "@domain/user-flags";
import type { PublicApiEnv } from "@api/context";
import type { Database } from "@api/db/client";
import { listingViews, properties, propertyUnits, unitPhotos, users } from "@api/db/schema";
import { viewedMonthQueries } from "@api/insights/months";
import { notFound, validationFailed } from "@api/lib/errors";
import { contractRouter } from "@api/lib/openapi";
import { translator } from "@api/lib/translate";
import { calendarDaysReads, presentCalendarDays, quoteFor, unitTimeZone } from "@api/pricing/prices";

/**
 * The public listing of a published unit (/stays/{unitId}): the unit, its photos and days as a
 * guest sees them, and the quote of a stay. Nothing here needs a token; a unit that is not
 * published is not found.
 */

const english = translator("en_US");

/** The id of the published unit, as a subquery for the statements of the same batch. */
function publishedUnitId(db: Database, unitId: string) {
  return db
    .select({ id: propertyUnits.id })
    .from(propertyUnits)
    .where(and(eq(propertyUnits.publicId, unitId), eq(propertyUnits.state, "PUBLISHED")));
}

/**
 * The published unit, its property and its host, by the unit's public id: three statements for one
 * batch (a join's equal column names would collide in D1's batch answer).
 */
function publishedUnitReads(db: Database, unitId: string) {
  const id = publishedUnitId(db, unitId);
  return [
    db.select().from(propertyUnits).where(inArray(propertyUnits.id, id)).limit(1),
    db.select().from(properties).where(inArray(properties.id, db.select({ id: propertyUnits.propertyId }).from(propertyUnits).where(inArray(propertyUnits.id, id)))).limit(1),
    db.select().from(users).where(inArray(users.id, db.select({ id: propertyUnits.hostUserId }).from(propertyUnits).where(inArray(propertyUnits.id, id)))).limit(1),
  ] as const;
}

export function hostName(host: typeof users.$inferSelect): string {
  return host.alias?.trim() || (host.type === "company" ? host.companyName?.trim() : "") || host.firstName;
}

export const stayRoutes = contractRouter<PublicApiEnv>()
  .openapi(stays.listing, async (c) => {
    const { unitId } = c.req.valid("param");
    const { dateFrom, dateTo } = c.req.valid("query");
    const db = c.var.db;
    const id = publishedUnitId(db, unitId);
    const range = dateFrom && dateTo ? { dateFrom, dateTo } : { dateFrom: todayUtc(), dateTo: todayUtc() };
    const [[unit], [property], [host], photos, config, seasons, overrides, taken] = await db.batch([
      ...publishedUnitReads(db, unitId),
      db
        .select({ id: unitPhotos.publicId, width: unitPhotos.width, height: unitPhotos.height })
        .from(unitPhotos)
        .where(eq(unitPhotos.unitId, id))
        .orderBy(desc(unitPhotos.isCover), asc(unitPhotos.position)),
      ...calendarDaysReads(db, id, range),
      // A view of the listing page, counted per unit and day for the host's insights (nothing for an unpublished unit).
      db
        .insert(listingViews)
        .select(db.select({ unitId: propertyUnits.id, day: sql<string>`${todayUtc()}`.as("day"), hostUserId: propertyUnits.hostUserId, views: sql<number>`1`.as("views") }).from(propertyUnits).where(eq(propertyUnits.id, id)))
        .onConflictDoUpdate({ target: [listingViews.unitId, listingViews.day], set: { views: sql`${listingViews.views} + 1` } }),
      // …and in its unit's and its host's month of the insights' sums (decision 042).
      ...viewedMonthQueries(db, id, todayUtc()),
    ]);
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
