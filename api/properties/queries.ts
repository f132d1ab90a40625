import { and, asc, count, eq, inArray, ne, sql, type Placeholder, type SQLWrapper } from "drizzle-orm";
import { invalidFieldsOf, type InvalidField } from "@domain/listing-status";
import { requiresNationalIdentificationCode, requiresRegistrationNumber } from "@domain/property-configuration";
import { pathOf } from "@contract/http";
import { photos } from "@contract/photos";
import { cachedStatement } from "@api/db/cached-statement";
import { inChunks, type Database } from "@api/db/client";
import { properties, propertyUnits, unitPhotos } from "@api/db/schema";
import { notFound } from "@api/lib/errors";

export type PropertyRow = typeof properties.$inferSelect;
export type UnitRow = typeof propertyUnits.$inferSelect;

/** A host's property by public id; another host's or a deleted one is "not found". */
export async function findProperty(db: Database, hostUserId: number, publicId: string): Promise<PropertyRow> {
  const row = await db.query.properties.findFirst({
    where: and(eq(properties.publicId, publicId), eq(properties.hostUserId, hostUserId), ne(properties.state, "DELETED")),
  });
  if (!row) throw notFound("Property");
  return row;
}

/** The condition naming a host's unit (not deleted) by public id (values, or placeholders of a cached statement). */
function ownedUnitWhere(hostUserId: number | SQLWrapper, publicId: string | SQLWrapper) {
  return and(eq(propertyUnits.publicId, publicId), eq(propertyUnits.hostUserId, hostUserId), ne(propertyUnits.state, "DELETED"));
}

/**
 * A host's unit and its property by the unit's public id, as statements for one D1 batch: no row for
 * another host's or a deleted unit. Two single-table statements, not a join: in a batch drizzle maps
 * a join's rows by column name, and the tables share names (id, state, title).
 */
export function ownedUnitQueries(db: Database, hostUserId: number, publicId: string) {
  const values = { hostUserId, unitId: publicId };
  return [ownedUnitRow(db, values), ownedUnitPropertyRow(db, values)] as const;
}

// Every unit page reads these: their SQL is built once per isolate (decision 024).
const ownedUnitRow = cachedStatement((db, $: (name: "hostUserId" | "unitId") => Placeholder) =>
  db.select().from(propertyUnits).where(ownedUnitWhere($("hostUserId"), $("unitId"))).limit(1),
);
const ownedUnitPropertyRow = cachedStatement((db, $: (name: "hostUserId" | "unitId") => Placeholder) =>
  db
    .select()
    .from(properties)
    .where(inArray(properties.id, db.select({ id: propertyUnits.propertyId }).from(propertyUnits).where(ownedUnitWhere($("hostUserId"), $("unitId")))))
    .limit(1),
);
const ownedUnitPhotoSummary = cachedStatement((db, $: (name: "hostUserId" | "unitId") => Placeholder) => photoSummaryQuery(db, ownedUnitId(db, $("hostUserId"), $("unitId"))));

/** A host's unit's photo summary, for a batch with `ownedUnitQueries`. */
export function ownedUnitPhotoSummaryQuery(db: Database, owner: { hostUserId: number; unitId: string }) {
  return ownedUnitPhotoSummary(db, owner);
}

/** A host's unit, its property and its photo summary (what GET property-unit/{id} answers), as statements for one D1 batch. */
export function ownedUnitWithPhotoSummaryQueries(db: Database, hostUserId: number, publicId: string) {
  return [...ownedUnitQueries(db, hostUserId, publicId), ownedUnitPhotoSummaryQuery(db, { hostUserId, unitId: publicId })] as const;
}

/**
 * The internal id of the same unit as a subquery, for statements sent in one batch with
 * ownedUnitQueries: they read nothing of a unit that is not the host's.
 */
export function ownedUnitId(db: Database, hostUserId: number | SQLWrapper, publicId: string | SQLWrapper) {
  return db.select({ id: propertyUnits.id }).from(propertyUnits).where(ownedUnitWhere(hostUserId, publicId));
}

export async function findUnit(db: Database, hostUserId: number, publicId: string): Promise<{ unit: UnitRow; property: PropertyRow }> {
  const [row] = await db
    .select({ unit: propertyUnits, property: properties })
    .from(propertyUnits)
    .innerJoin(properties, eq(properties.id, propertyUnits.propertyId))
    .where(ownedUnitWhere(hostUserId, publicId))
    .limit(1);
  if (!row) throw notFound("Unit");
  return row;
}

/** The units (not deleted) of the properties an id list or a subquery names, in their order: one statement. */
export function unitsQuery(db: Database, propertyIds: number[] | SQLWrapper) {
  return db
    .select()
    .from(propertyUnits)
    .where(and(inArray(propertyUnits.propertyId, propertyIds), ne(propertyUnits.state, "DELETED")))
    .orderBy(asc(propertyUnits.propertyId), asc(propertyUnits.position), asc(propertyUnits.id));
}

/** The rows of unitsQuery per property, every property of `propertyIds` present. */
export function unitsByProperty(propertyIds: number[], rows: UnitRow[]): Map<number, UnitRow[]> {
  const byProperty = new Map<number, UnitRow[]>(propertyIds.map((id) => [id, []]));
  for (const row of rows) byProperty.get(row.propertyId)?.push(row);
  return byProperty;
}

/** The units of several properties in one query, in their order. */
export async function unitsOf(db: Database, propertyIds: number[]): Promise<Map<number, UnitRow[]>> {
  return unitsByProperty(propertyIds, propertyIds.length ? await unitsQuery(db, propertyIds) : []);
}

export interface PhotoSummary {
  count: number;
  coverPublicId: string | null;
}

/**
 * Photo count and cover (the flagged one, else the first in order) per unit, for the units an id
 * list or a subquery names: one statement, one row per unit with photos.
 */
export function photoSummaryQuery(db: Database, unitIds: number[] | SQLWrapper) {
  return db
    .select({
      unitId: unitPhotos.unitId,
      count: count(),
      // Written out: drizzle leaves columns unqualified in a one-table select, which would not correlate.
      coverPublicId: sql<string>`(select cover.public_id from unit_photos cover where cover.unit_id = unit_photos.unit_id order by cover.is_cover desc, cover.position asc limit 1)`,
    })
    .from(unitPhotos)
    .where(inArray(unitPhotos.unitId, unitIds))
    .groupBy(unitPhotos.unitId);
}

/** The rows of photoSummaryQuery per unit, every unit of `unitIds` present. */
export function photoSummariesOf(unitIds: number[], rows: { unitId: number; count: number; coverPublicId: string | null }[]): Map<number, PhotoSummary> {
  const summaries = new Map<number, PhotoSummary>(unitIds.map((id) => [id, { count: 0, coverPublicId: null }]));
  for (const row of rows) summaries.set(row.unitId, { count: row.count, coverPublicId: row.coverPublicId });
  return summaries;
}

/** Photo count and cover of several units. */
export async function photoSummaries(db: Database, unitIds: number[]): Promise<Map<number, PhotoSummary>> {
  if (!unitIds.length) return photoSummariesOf(unitIds, []);
  // A property has up to 500 units: one query per group of ids.
  const groups = await Promise.all(inChunks(unitIds, 0).map((ids) => photoSummaryQuery(db, ids)));
  return photoSummariesOf(unitIds, groups.flat());
}

export function unitInvalidFields(property: PropertyRow, unit: UnitRow): InvalidField[] {
  return invalidFieldsOf({
    propertyId: property.publicId,
    propertyUnitId: unit.publicId,
    registrationNumber: unit.registrationNumber,
    registrationNumberRejected: unit.registrationNumberRejected,
    nationalIdentificationCode: unit.nationalIdentificationCode,
    requiresRegistrationNumber: property.countryCode ? requiresRegistrationNumber(property.countryCode, property.stateOrProvince) : false,
    requiresNationalIdentificationCode: property.countryCode ? requiresNationalIdentificationCode(property.countryCode) : false,
  });
}

export function hasAddress(property: PropertyRow): boolean {
  return Boolean(property.countryCode && property.city && property.street && property.houseNumberOrName);
}

export function photoUrl(photoPublicId: string) {
  return pathOf(photos.file, { photoId: photoPublicId });
}
