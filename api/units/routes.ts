import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import { units as contract } from "@contract/units";
import { propertyStepsOf } from "@domain/listing-steps";
import { normaliseNationalIdentificationCode, toMetricArea } from "@domain/property-configuration";
import type { ApiEnv } from "@api/context";
import { owned, ownProperty, ownUnit, ownUnitWith } from "@api/lib/ownership";
import { inChunks } from "@api/db/client";
import { properties, propertyUnits } from "@api/db/schema";
import { ApiError, validationFailed } from "@api/lib/errors";
import { newPublicId } from "@api/lib/ids";
import { contractRouter } from "@api/lib/openapi";
import { presentRegionalRequirements, presentUnit, presentUnitCard } from "@api/properties/present";
import { ownedUnitPhotoSummaryQuery, photoSummaries, photoSummariesOf, unitInvalidFields, type UnitRow } from "@api/properties/queries";
import { changeUnits, publishRefusal, publishUnit, saveUnitState, unitPublishProblems, unpublishUnit } from "./publishing";

/** Each id once. */
const dedupe = (ids: { unitIds: string[]; propertyIds: string[] }) => ({ unitIds: [...new Set(ids.unitIds)], propertyIds: [...new Set(ids.propertyIds)] });
import { presentListingState } from "@api/units/listing-state";
import { pauseBookings, refusePastDays, resumeBookings } from "@api/calendar/taken-nights";
import { PRICED_BOOKING_POLICIES, priceVersionBump, unitTimeZone } from "@api/pricing/prices";


export const unitRoutes = contractRouter<ApiEnv>()
  .openapi(owned(contract.list, ownProperty("propertyId")), async (c) => {
    const { "criteria[search]": search, page, limit } = c.req.valid("query");
    const db = c.var.db;
    const property = c.var.property;
    const where = and(
      eq(propertyUnits.propertyId, property.id),
      ne(propertyUnits.state, "DELETED"),
      search ? sql`instr(lower(${propertyUnits.title}), lower(${search})) > 0` : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db.select().from(propertyUnits).where(where).orderBy(asc(propertyUnits.position), asc(propertyUnits.id)).limit(limit).offset((page - 1) * limit),
      db.select({ n: count() }).from(propertyUnits).where(where),
    ]);
    const photos = await photoSummaries(db, rows.map((r) => r.id));
    const totalCount = total?.n ?? 0;
    return c.json({
      items: rows.map((u) => presentUnitCard(u, photos.get(u.id))),
      pagination: { current: page, next: page * limit < totalCount ? page + 1 : page, total: totalCount, pageSize: limit },
    }, 200);
  })
  .openapi(owned(contract.create, ownProperty("propertyId")), async (c) => {
    const body = c.req.valid("json");
    const db = c.var.db;
    const hostUserId = c.var.principal.user.id;
    const property = c.var.property;
    const [existing] = await db.select({ n: count(), last: sql<number>`coalesce(max(${propertyUnits.position}), -1)` }).from(propertyUnits).where(and(eq(propertyUnits.propertyId, property.id), ne(propertyUnits.state, "DELETED")));
    // A further unit starts with the property's own wizard steps done (they are the property's, not the unit's).
    const [sibling] = await db.select({ steps: propertyUnits.listingSteps }).from(propertyUnits).where(and(eq(propertyUnits.propertyId, property.id), ne(propertyUnits.state, "DELETED"))).orderBy(asc(propertyUnits.position)).limit(1);
    if (property.propertyType === "single" && (existing?.n ?? 0) > 0) throw new ApiError(409, "A single-unit property has exactly one unit", [{ field: null, message: "A single-unit property has exactly one unit", type: "single_unit_property" }]);
    if ((existing?.n ?? 0) >= 500) throw new ApiError(409, "A property has at most 500 units", [{ field: null, message: "A property has at most 500 units", type: "unit_limit_reached" }]);
    const [unit] = await db
      .insert(propertyUnits)
      .values({ publicId: newPublicId("unt"), propertyId: property.id, hostUserId, title: body.title ?? "", position: (existing?.last ?? -1) + 1, listingSteps: propertyStepsOf(sibling?.steps ?? []) })
      .returning();
    return c.json(presentUnit(property, unit!, { count: 0, coverPublicId: null }), 201);
  })
  // §3 Listing progress: the wizard's completed steps, so that a host resumes where they stopped.
  .openapi(owned(contract.listingProgress, ownUnit()), async (c) => {
    const { unit } = c.var;
    return c.json({ steps: unit.listingSteps }, 200);
  })
  .openapi(owned(contract.saveListingProgress, ownUnit()), async (c) => {
    const body = c.req.valid("json");
    const db = c.var.db;
    const { unit } = c.var;
    const steps = [...new Set(body.steps)];
    await db.update(propertyUnits).set({ listingSteps: steps, updatedAt: new Date() }).where(eq(propertyUnits.id, unit.id));
    return c.json({ steps }, 200);
  })
  // Issue 10 §3: the wizard's one call for where a unit's listing stands.
  .openapi(owned(contract.listingState, ownUnit()), async (c) => {
    const { unit, property } = c.var;
    return c.json(await presentListingState(c.var.db, c.var.principal.user, property, unit), 200);
  })
  // The unit and its photo summary in one D1 round trip.
  .openapi(owned(contract.get, ownUnitWith((db, _unitId, _request, owner) => [ownedUnitPhotoSummaryQuery(db, owner)] as const)), async (c) => {
    const { unit, property, reads: [summaries] } = c.var;
    return c.json(presentUnit(property, unit, photoSummariesOf([unit.id], summaries).get(unit.id)!), 200);
  })
  .openapi(owned(contract.update, ownUnit()), async (c) => {
    const patch = c.req.valid("json");
    const db = c.var.db;
    const { unit, property } = c.var;
    const { bookingPolicies, propertySize, propertySizeMeasurementUnit, registrationNumber, nationalIdentificationCode, ...rest } = patch;
    const sizeUnit = propertySizeMeasurementUnit ?? unit.sizeMeasurementUnit;
    const changes: Partial<UnitRow> = { ...rest };
    if (nationalIdentificationCode !== undefined) changes.nationalIdentificationCode = nationalIdentificationCode ? normaliseNationalIdentificationCode(nationalIdentificationCode) || null : null;
    if (bookingPolicies) Object.assign(changes, bookingPolicies);
    if (propertySizeMeasurementUnit) changes.sizeMeasurementUnit = propertySizeMeasurementUnit;
    if (propertySize !== undefined) changes.sizeSquareMetres = propertySize === null ? null : sizeUnit === "imperial" ? toMetricArea(propertySize) : propertySize;
    if (registrationNumber !== undefined) {
      changes.registrationNumber = registrationNumber || null;
      if (registrationNumber !== unit.registrationNumber) changes.registrationNumberRejected = false;
    }
    const merged = { ...unit, ...changes };
    if (merged.checkInFrom > merged.checkInTo) throw validationFailed([{ field: "bookingPolicies.checkInTo", message: "Check-in must end after it starts", type: "check_in_window_invalid" }]);
    const now = new Date();
    // A single-unit property is its unit: the unit's title and description are the property's too.
    const propertyTexts = property.propertyType === "single" ? { ...(changes.title !== undefined ? { title: changes.title } : {}), ...(changes.description !== undefined ? { description: changes.description } : {}) } : {};
    // Check-in times, notice and preparation are part of the price configuration too: a change moves its version.
    const pricedChange = PRICED_BOOKING_POLICIES.some((field) => bookingPolicies?.[field] !== undefined && bookingPolicies[field] !== unit[field]);
    const [[updated]] = await db.batch([
      db.update(propertyUnits).set({ ...changes, updatedAt: now }).where(eq(propertyUnits.id, unit.id)).returning(),
      ...(Object.keys(propertyTexts).length ? [db.update(properties).set({ ...propertyTexts, updatedAt: now }).where(eq(properties.id, property.id))] : []),
      ...(pricedChange ? priceVersionBump(db, unit) : []),
    ]);
    const photos = await photoSummaries(db, [unit.id]);
    return c.json(presentUnit(property, updated!, photos.get(unit.id)!), 200);
  })
  .openapi(owned(contract.remove, ownUnit()), async (c) => {
    const db = c.var.db;
    const { unit, property } = c.var;
    await saveUnitState(db, property, unit, { state: "DELETED" }, c.var.principal.user.id);
    return c.body(null, 204);
  })
  .openapi(owned(contract.publishCheck, ownUnit()), async (c) => {
    const db = c.var.db;
    const host = c.var.principal.user;
    const { unit, property } = c.var;
    const problems = await unitPublishProblems(db, host, property, unit);
    return c.json({ publishable: problems.length === 0, errors: publishRefusal(problems) }, 200);
  })
  .openapi(owned(contract.publish, ownUnit()), async (c) => {
    const db = c.var.db;
    const host = c.var.principal.user;
    const { unit, property } = c.var;
    const result = await publishUnit(db, host, property, unit);
    if (!result.ok) throw new ApiError(409, "The unit cannot be published yet", result.errors);
    const photos = (await photoSummaries(db, [unit.id])).get(unit.id)!;
    return c.json(presentUnit({ ...property, state: "PUBLISHED" }, result.unit, photos), 200);
  })
  .openapi(owned(contract.unpublish, ownUnit()), async (c) => {
    const db = c.var.db;
    const host = c.var.principal.user;
    const { unit, property } = c.var;
    const result = await unpublishUnit(db, host, property, unit);
    if (!result.ok) throw new ApiError(409, "Only a published unit can be unpublished", result.errors);
    const photos = (await photoSummaries(db, [unit.id])).get(unit.id)!;
    return c.json(presentUnit(property, result.unit, photos), 200);
  })
  // Bulk publish and unpublish (the property list's actions): units named by id, or all units of
  // the named properties; a result per unit, refusals named like the single publish's.
  .openapi(contract.bulkPublish, async (c) => c.json(await changeUnits(c.var.db, c.var.principal.user, dedupe(c.req.valid("json")), publishUnit), 200))
  .openapi(contract.bulkUnpublish, async (c) => c.json(await changeUnits(c.var.db, c.var.principal.user, dedupe(c.req.valid("json")), unpublishUnit), 200))
  .openapi(owned(contract.calendarAction, ownUnit()), async (c) => {
    const { status, dateFrom, dateTo } = c.req.valid("json");
    const db = c.var.db;
    const { unit, property } = c.var;
    if (dateFrom !== undefined && dateTo !== undefined) {
      const range = { dateFrom, dateTo };
      if (status === "PAUSED") refusePastDays(dateFrom, unitTimeZone(property));
      await (status === "PAUSED" ? pauseBookings(db, unit, range) : resumeBookings(db, unit, range));
      return c.json({ calendarAvailability: { status: unit.calendarStatus }, ...range }, 200);
    }
    await db.update(propertyUnits).set({ calendarStatus: status, updatedAt: new Date() }).where(eq(propertyUnits.id, unit.id));
    return c.json({ calendarAvailability: { status } }, 200);
  })
  .openapi(contract.changeBookingPreference, async (c) => {
    const { bookingType, unitIds: named } = c.req.valid("json");
    const unitIds = [...new Set(named)];
    const db = c.var.db;
    const hostUserId = c.var.principal.user.id;
    // Up to 500 ids: looked up and changed in groups, each statement within D1's bound parameters.
    const hostUnits = (
      await Promise.all(
        inChunks(unitIds, 2).map((ids) =>
          db
            .select({ id: propertyUnits.id, publicId: propertyUnits.publicId })
            .from(propertyUnits)
            .where(and(eq(propertyUnits.hostUserId, hostUserId), inArray(propertyUnits.publicId, ids), ne(propertyUnits.state, "DELETED"))),
        ),
      )
    ).flat();
    // All or nothing: an id the host does not own makes the whole request "not found".
    if (hostUnits.length !== unitIds.length) throw new ApiError(404, "Unit not found");
    const now = new Date();
    const [first, ...rest] = inChunks(hostUnits.map((u) => u.id), 2).map((ids) => db.update(propertyUnits).set({ bookingType, updatedAt: now }).where(inArray(propertyUnits.id, ids)));
    await db.batch([first!, ...rest]);
    return c.json({ unitIds: hostUnits.map((u) => u.publicId), bookingType }, 200);
  })
  .openapi(owned(contract.regionalConfiguration, ownUnit()), async (c) => {
    const { property } = c.var;
    return c.json({ countryCode: property.countryCode, ...presentRegionalRequirements(property) }, 200);
  })
  .openapi(owned(contract.regional, ownUnit()), async (c) => {
    const { unit, property } = c.var;
    return c.json({
      registrationNumber: unit.registrationNumber,
      nationalIdentificationCode: unit.nationalIdentificationCode,
      invalidFields: unitInvalidFields(property, unit),
    }, 200);
  })
  .openapi(owned(contract.updateRegional, ownUnit()), async (c) => {
    const body = c.req.valid("json");
    const db = c.var.db;
    const { unit, property } = c.var;
    const changes: Partial<UnitRow> = {};
    if (body.registrationNumber !== undefined) {
      changes.registrationNumber = body.registrationNumber || null;
      if (body.registrationNumber !== unit.registrationNumber) changes.registrationNumberRejected = false;
    }
    if (body.nationalIdentificationCode !== undefined) changes.nationalIdentificationCode = body.nationalIdentificationCode ? normaliseNationalIdentificationCode(body.nationalIdentificationCode) || null : null;
    const [updated] = await db.update(propertyUnits).set({ ...changes, updatedAt: new Date() }).where(eq(propertyUnits.id, unit.id)).returning();
    return c.json({
      registrationNumber: updated!.registrationNumber,
      nationalIdentificationCode: updated!.nationalIdentificationCode,
      invalidFields: unitInvalidFields(property, updated!),
    }, 200);
  });
