import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { invalidFieldsOf, type InvalidField } from "@domain/listing-status";
import { requiresNationalIdentificationCode, requiresRegistrationNumber } from "@domain/property-configuration";
import { pathOf } from "@contract/http";
import { photos } from "@contract/photos";
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

export async function findUnit(db: Database, hostUserId: number, publicId: string): Promise<{ unit: UnitRow; property: PropertyRow }> {
  const [row] = await db
    .select({ unit: propertyUnits, property: properties })
    .from(propertyUnits)
    .innerJoin(properties, eq(properties.id, propertyUnits.propertyId))
    .where(and(eq(propertyUnits.publicId, publicId), eq(propertyUnits.hostUserId, hostUserId), ne(propertyUnits.state, "DELETED")))
    .limit(1);
  if (!row) throw notFound("Unit");
  return row;
}

/** The units of several properties in one query, in their order. */
export async function unitsOf(db: Database, propertyIds: number[]): Promise<Map<number, UnitRow[]>> {
  const byProperty = new Map<number, UnitRow[]>(propertyIds.map((id) => [id, []]));
  if (!propertyIds.length) return byProperty;
  const rows = await db
    .select()
    .from(propertyUnits)
    .where(and(inArray(propertyUnits.propertyId, propertyIds), ne(propertyUnits.state, "DELETED")))
    .orderBy(asc(propertyUnits.propertyId), asc(propertyUnits.position), asc(propertyUnits.id));
  for (const row of rows) byProperty.get(row.propertyId)?.push(row);
  return byProperty;
}

export interface PhotoSummary {
  count: number;
  coverPublicId: string | null;
}

/** Photo count and cover of several units. */
export async function photoSummaries(db: Database, unitIds: number[]): Promise<Map<number, PhotoSummary>> {
  const summaries = new Map<number, PhotoSummary>(unitIds.map((id) => [id, { count: 0, coverPublicId: null }]));
  if (!unitIds.length) return summaries;
  // A property has up to 500 units: one query per group of ids.
  const groups = await Promise.all(
    inChunks(unitIds, 0).map((ids) =>
      db
        .select({ unitId: unitPhotos.unitId, publicId: unitPhotos.publicId, isCover: unitPhotos.isCover, position: unitPhotos.position })
        .from(unitPhotos)
        .where(inArray(unitPhotos.unitId, ids))
        .orderBy(asc(unitPhotos.unitId), asc(unitPhotos.position)),
    ),
  );
  for (const row of groups.flat()) {
    const summary = summaries.get(row.unitId)!;
    summary.count += 1;
    // Rows come in position order: the first photo stands in until the flagged cover is seen.
    if (row.isCover || summary.coverPublicId === null) summary.coverPublicId = row.publicId;
  }
  return summaries;
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
