import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { propertyStateFromUnits, publishProblems, type ListingState } from "../../domain/listing-status";
import { ALL_STEP_IDS, isStepId, propertyStepsOf } from "../../domain/listing-steps";
import {
  AMENITY_GROUPS,
  BED_TYPES,
  BOOKING_TYPES,
  CANCELLATION_POLICIES,
  HOUSE_RULES,
  LISTING_TYPES,
  ROOM_TYPES,
  toMetricArea,
} from "../../domain/property-configuration";
import type { ApiEnv } from "../context";
import type { Database } from "../db/client";
import { properties, propertyUnits, users } from "../db/schema";
import { ApiError, validationFailed } from "../lib/errors";
import { newPublicId } from "../lib/ids";
import { readJson, readQuery } from "../lib/validation";
import { presentRegionalRequirements, presentUnit, presentUnitCard } from "../properties/present";
import { findProperty, findUnit, hasAddress, photoSummaries, unitInvalidFields, type PropertyRow, type UnitRow } from "../properties/queries";

const AMENITIES = AMENITY_GROUPS.flatMap((g) => g.amenities) as string[];
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "time_invalid");

const rooms = z
  .array(
    z.object({
      type: z.enum(ROOM_TYPES),
      beds: z.array(z.object({ type: z.enum(BED_TYPES), count: z.number().int().min(1).max(10) }).strict()).max(10),
    }).strict(),
  )
  .max(50);

export const patchUnitSchema = z
  .object({
    title: z.string().trim().max(120, "too_long"),
    description: z.string().trim().max(5000, "too_long"),
    listingType: z.enum(LISTING_TYPES),
    propertySize: z.number().positive("size_invalid").max(100_000, "size_invalid").nullable(),
    propertySizeMeasurementUnit: z.enum(["metric", "imperial"]),
    maxGuests: z.number().int().min(1, "guests_range").max(99, "guests_range"),
    rooms,
    amenities: z.array(z.string().refine((a) => AMENITIES.includes(a), "amenity_invalid")).max(AMENITIES.length),
    bookingPolicies: z
      .object({
        cancellationPolicy: z.enum(CANCELLATION_POLICIES.map((p) => p.id) as [string, ...string[]]),
        houseRules: z.array(z.enum(HOUSE_RULES)).max(HOUSE_RULES.length),
        checkInFrom: time,
        checkInTo: time,
        checkOutTo: time,
        minDaysOfNotice: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(7)], { message: "notice_invalid" }),
        preparationTime: z.union([z.literal(0), z.literal(1), z.literal(2)], { message: "preparation_invalid" }),
      })
      .partial()
      .strict()
      .refine((p) => !p.checkInFrom || !p.checkInTo || p.checkInFrom <= p.checkInTo, { message: "check_in_window_invalid", path: ["checkInTo"] }),
    registrationNumber: z.string().trim().max(64, "too_long").nullable(),
    nationalIdentificationCode: z.string().trim().max(64, "too_long").nullable(),
  })
  .partial()
  .strict();

const unitListQuery = z.object({
  "criteria[search]": z.string().trim().max(100).optional().default(""),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  limit: z.coerce.number().int().min(1).max(100).optional().default(20),
});

/** Writes the property's state and, on a first publish, the host's onboarding, with the unit change. */
async function saveUnitState(db: Database, property: PropertyRow, unit: UnitRow, patch: Partial<UnitRow>, hostUserId: number) {
  const siblings = await db.select({ id: propertyUnits.id, state: propertyUnits.state }).from(propertyUnits).where(eq(propertyUnits.propertyId, property.id));
  const nextState = propertyStateFromUnits(siblings.map((s) => (s.id === unit.id ? (patch.state ?? s.state) : s.state) as ListingState));
  const now = new Date();
  const [updated] = await db.batch([
    db.update(propertyUnits).set({ ...patch, updatedAt: now }).where(eq(propertyUnits.id, unit.id)).returning(),
    db.update(properties).set({ state: nextState, updatedAt: now }).where(eq(properties.id, property.id)),
    ...(patch.state === "PUBLISHED" ? [db.update(users).set({ onboardingStatus: "finished", updatedAt: now }).where(eq(users.id, hostUserId))] : []),
  ]);
  return updated[0]!;
}

export const unitRoutes = new Hono<ApiEnv>()
  .get("/properties/:propertyId/units", async (c) => {
    const { "criteria[search]": search, page, limit } = readQuery(c, unitListQuery);
    const db = c.var.db;
    const property = await findProperty(db, c.var.principal.user.id, c.req.param("propertyId"));
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
    });
  })
  .post("/properties/:propertyId/units", async (c) => {
    const body = await readJson(c, z.object({ title: z.string().trim().max(120, "too_long").optional() }).strict());
    const db = c.var.db;
    const hostUserId = c.var.principal.user.id;
    const property = await findProperty(db, hostUserId, c.req.param("propertyId"));
    const [existing] = await db.select({ n: count(), last: sql<number>`coalesce(max(${propertyUnits.position}), -1)` }).from(propertyUnits).where(and(eq(propertyUnits.propertyId, property.id), ne(propertyUnits.state, "DELETED")));
    // A further unit starts with the property's own wizard steps done (they are the property's, not the unit's).
    const [sibling] = await db.select({ steps: propertyUnits.listingSteps }).from(propertyUnits).where(and(eq(propertyUnits.propertyId, property.id), ne(propertyUnits.state, "DELETED"))).orderBy(asc(propertyUnits.position)).limit(1);
    if (property.propertyType === "single" && (existing?.n ?? 0) > 0) throw new ApiError(409, "A single-unit property has exactly one unit");
    if ((existing?.n ?? 0) >= 500) throw new ApiError(409, "A property has at most 500 units");
    const [unit] = await db
      .insert(propertyUnits)
      .values({ publicId: newPublicId("unt"), propertyId: property.id, hostUserId, title: body.title ?? "", position: (existing?.last ?? -1) + 1, listingSteps: propertyStepsOf(sibling?.steps ?? []) })
      .returning();
    return c.json(presentUnit(property, unit!, { count: 0, coverPublicId: null }), 201);
  })
  // §3 Listing progress: the wizard's completed steps, so that a host resumes where they stopped.
  .get("/property-unit/:id/listing-progress", async (c) => {
    const { unit } = await findUnit(c.var.db, c.var.principal.user.id, c.req.param("id"));
    return c.json({ steps: unit.listingSteps });
  })
  .put("/property-unit/:id/listing-progress", async (c) => {
    const body = await readJson(c, z.object({ steps: z.array(z.string().refine(isStepId, "step_unknown")).max(ALL_STEP_IDS.length) }).strict());
    const db = c.var.db;
    const { unit } = await findUnit(db, c.var.principal.user.id, c.req.param("id"));
    const steps = [...new Set(body.steps)];
    await db.update(propertyUnits).set({ listingSteps: steps, updatedAt: new Date() }).where(eq(propertyUnits.id, unit.id));
    return c.json({ steps });
  })
  .get("/property-unit/:id", async (c) => {
    const db = c.var.db;
    const { unit, property } = await findUnit(db, c.var.principal.user.id, c.req.param("id"));
    const photos = await photoSummaries(db, [unit.id]);
    return c.json(presentUnit(property, unit, photos.get(unit.id)!));
  })
  .patch("/property-unit/:id", async (c) => {
    const patch = await readJson(c, patchUnitSchema);
    const db = c.var.db;
    const { unit, property } = await findUnit(db, c.var.principal.user.id, c.req.param("id"));
    const { bookingPolicies, propertySize, propertySizeMeasurementUnit, registrationNumber, ...rest } = patch;
    const sizeUnit = propertySizeMeasurementUnit ?? unit.sizeMeasurementUnit;
    const changes: Partial<UnitRow> = { ...rest };
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
    const [[updated]] = await db.batch([
      db.update(propertyUnits).set({ ...changes, updatedAt: now }).where(eq(propertyUnits.id, unit.id)).returning(),
      ...(Object.keys(propertyTexts).length ? [db.update(properties).set({ ...propertyTexts, updatedAt: now }).where(eq(properties.id, property.id))] : []),
    ]);
    const photos = await photoSummaries(db, [unit.id]);
    return c.json(presentUnit(property, updated!, photos.get(unit.id)!));
  })
  .delete("/property-unit/:id", async (c) => {
    const db = c.var.db;
    const { unit, property } = await findUnit(db, c.var.principal.user.id, c.req.param("id"));
    await saveUnitState(db, property, unit, { state: "DELETED" }, c.var.principal.user.id);
    return c.body(null, 204);
  })
  .patch("/property-unit/:id/publish", async (c) => {
    const db = c.var.db;
    const hostUserId = c.var.principal.user.id;
    const { unit, property } = await findUnit(db, hostUserId, c.req.param("id"));
    const photos = (await photoSummaries(db, [unit.id])).get(unit.id)!;
    const problems = publishProblems({
      state: unit.state as ListingState,
      title: unit.title,
      description: unit.description,
      hasAddress: hasAddress(property),
      photoCount: photos.count,
      invalidFields: unitInvalidFields(property, unit),
    });
    if (problems.length) {
      throw new ApiError(
        409,
        "The unit cannot be published yet",
        problems.map((p) => ({ field: p === "state" ? null : p, message: `Missing or invalid: ${p}`, type: `publish_${p}` })),
      );
    }
    const updated = await saveUnitState(db, property, unit, { state: "PUBLISHED", publishedAt: unit.publishedAt ?? new Date(), links: [{ rel: "listing", href: `/stays/${unit.publicId}` }] }, hostUserId);
    return c.json(presentUnit({ ...property, state: "PUBLISHED" }, updated, photos));
  })
  .patch("/property-unit/:id/unpublish", async (c) => {
    const db = c.var.db;
    const hostUserId = c.var.principal.user.id;
    const { unit, property } = await findUnit(db, hostUserId, c.req.param("id"));
    if (unit.state !== "PUBLISHED") throw new ApiError(409, "Only a published unit can be unpublished", [{ field: null, message: "Only a published unit can be unpublished", type: "unpublish_state" }]);
    const updated = await saveUnitState(db, property, unit, { state: "UNPUBLISHED", links: [] }, hostUserId);
    const photos = (await photoSummaries(db, [unit.id])).get(unit.id)!;
    return c.json(presentUnit(property, updated, photos));
  })
  .post("/property-unit/:id/calendar-action", async (c) => {
    const { status } = await readJson(c, z.object({ status: z.enum(["AVAILABLE", "PAUSED"]) }).strict());
    const db = c.var.db;
    const { unit } = await findUnit(db, c.var.principal.user.id, c.req.param("id"));
    await db.update(propertyUnits).set({ calendarStatus: status, updatedAt: new Date() }).where(eq(propertyUnits.id, unit.id));
    return c.json({ calendarAvailability: { status } });
  })
  .post("/property-units/change-booking-preference", async (c) => {
    const body = await readJson(c, z.object({ unitIds: z.array(z.string().min(1)).min(1).max(500), bookingType: z.enum(BOOKING_TYPES) }).strict());
    const db = c.var.db;
    const hostUserId = c.var.principal.user.id;
    const owned = await db
      .select({ id: propertyUnits.id, publicId: propertyUnits.publicId })
      .from(propertyUnits)
      .where(and(eq(propertyUnits.hostUserId, hostUserId), inArray(propertyUnits.publicId, body.unitIds), ne(propertyUnits.state, "DELETED")));
    // All or nothing: an id the host does not own makes the whole request "not found".
    if (owned.length !== new Set(body.unitIds).size) throw new ApiError(404, "Unit not found");
    await db.update(propertyUnits).set({ bookingType: body.bookingType, updatedAt: new Date() }).where(inArray(propertyUnits.id, owned.map((u) => u.id)));
    return c.json({ unitIds: owned.map((u) => u.publicId), bookingType: body.bookingType });
  })
  .get("/property-unit/:id/regional-requirements/configuration", async (c) => {
    const { property } = await findUnit(c.var.db, c.var.principal.user.id, c.req.param("id"));
    return c.json({ countryCode: property.countryCode, ...presentRegionalRequirements(property) });
  })
  .get("/property-unit/:id/regional-requirements", async (c) => {
    const { unit, property } = await findUnit(c.var.db, c.var.principal.user.id, c.req.param("id"));
    return c.json({
      registrationNumber: unit.registrationNumber,
      nationalIdentificationCode: unit.nationalIdentificationCode,
      invalidFields: unitInvalidFields(property, unit),
    });
  })
  .patch("/property-unit/:id/regional-requirements", async (c) => {
    const body = await readJson(c, patchUnitSchema.pick({ registrationNumber: true, nationalIdentificationCode: true }));
    const db = c.var.db;
    const { unit, property } = await findUnit(db, c.var.principal.user.id, c.req.param("id"));
    const changes: Partial<UnitRow> = {};
    if (body.registrationNumber !== undefined) {
      changes.registrationNumber = body.registrationNumber || null;
      if (body.registrationNumber !== unit.registrationNumber) changes.registrationNumberRejected = false;
    }
    if (body.nationalIdentificationCode !== undefined) changes.nationalIdentificationCode = body.nationalIdentificationCode || null;
    const [updated] = await db.update(propertyUnits).set({ ...changes, updatedAt: new Date() }).where(eq(propertyUnits.id, unit.id)).returning();
    return c.json({
      registrationNumber: updated!.registrationNumber,
      nationalIdentificationCode: updated!.nationalIdentificationCode,
      invalidFields: unitInvalidFields(property, updated!),
    });
  });
