import { and, asc, desc, eq, inArray, ne, sql, type Placeholder } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { PROPERTY_PAGE_SIZE } from "@contract/properties";
import { cachedStatement } from "@api/db/cached-statement";
import type { Database } from "@api/db/client";
import { properties, propertyUnits } from "@api/db/schema";

/**
 * The units the unit calendar lists beside its days: those of the property list's first page (its
 * order: the properties last changed first, each one's units in their order), with only what the list
 * of units shows. One statement of five columns instead of the property list's four statements of
 * whole rows and their presentation (decision 031's addendum).
 */
const menuRows = cachedStatement((db, $: (name: "hostUserId") => Placeholder) => {
  const hosts = and(eq(properties.hostUserId, $("hostUserId")), ne(properties.state, "DELETED"));
  const firstPage = db.select({ id: properties.id }).from(properties).where(hosts).orderBy(desc(properties.updatedAt), desc(properties.id)).limit(PROPERTY_PAGE_SIZE);
  return db
    // Named apart: both tables have a public id and a title, and a batch's rows are read by their columns' names.
    .select({
      unitId: sql<string>`${propertyUnits.publicId}`.as("unit_public_id"),
      unitTitle: sql<string>`${propertyUnits.title}`.as("unit_title"),
      propertyId: sql<string>`${properties.publicId}`.as("property_public_id"),
      propertyTitle: sql<string>`${properties.title}`.as("property_title"),
      propertyType: sql<string>`${properties.propertyType}`.as("property_type"),
    })
    .from(propertyUnits)
    .innerJoin(properties, eq(properties.id, propertyUnits.propertyId))
    .where(and(inArray(propertyUnits.propertyId, firstPage), ne(propertyUnits.state, "DELETED")))
    .orderBy(desc(properties.updatedAt), desc(properties.id), asc(propertyUnits.position), asc(propertyUnits.id));
});

export function calendarUnitsReads(db: Database, hostUserId: number) {
  return [menuRows(db, { hostUserId })] as const;
}

/** A unit as the calendar lists it: its title (the property's when it has none), and the property's title for a unit of a multi-unit property. */
export interface CalendarUnit {
  id: string;
  propertyId: string;
  title: string;
  propertyTitle: string | null;
}

function calendarUnitOf(unit: { id: string; title: string }, property: { id: string; title: string; propertyType: string }): CalendarUnit {
  return { id: unit.id, propertyId: property.id, title: unit.title || property.title, propertyTitle: property.propertyType === "multi" ? property.title : null };
}

export function presentCalendarUnits([rows]: BatchResponse<ReturnType<typeof calendarUnitsReads>>): CalendarUnit[] {
  return rows.map((row) => calendarUnitOf({ id: row.unitId, title: row.unitTitle }, { id: row.propertyId, title: row.propertyTitle, propertyType: row.propertyType }));
}
