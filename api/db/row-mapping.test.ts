import * as drizzleOrm from "drizzle-orm";
import { eq, sql } from "drizzle-orm";
import { D1PreparedQuery } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { database } from "./client";
import { mapRow, type SelectedField } from "./row-mapping";
import { bookings, properties, propertyUnits, unitPromotions, users } from "./schema";

// The statements are only prepared, never sent: the binding need only prepare.
const db = database({ prepare: () => ({ bind: () => ({}) }) } as unknown as D1Database);

interface Prepared {
  fields: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  mapAllResult(rows: unknown, isFromBatch?: boolean): unknown;
  mapGetResult(result: unknown, isFromBatch?: boolean): unknown;
}
// oxlint-disable-next-line no-underscore-dangle -- drizzle's batch prepares each query with this method
const prepared = (query: object) => (query as { _prepare(): unknown })._prepare() as Prepared;

/** Drizzle's own row mapping (exported by drizzle-orm, not declared in its types). */
const { mapResultRow } = drizzleOrm as unknown as { mapResultRow(fields: SelectedField[], row: unknown[], joinsNotNullableMap: Record<string, boolean> | undefined): unknown };

/** A value as the database holds it for a field: JSON text, milliseconds, a flag, a number or text by the column's type. */
function driverValue({ field }: SelectedField, salt: number): unknown {
  const type = (field as { columnType?: string }).columnType ?? "";
  if (type.includes("Json")) return JSON.stringify([`v${salt}`]);
  if (type === "SQLiteTimestamp") return 1_700_000_000_000 + salt;
  if (type === "SQLiteBoolean") return salt % 2;
  if (type === "SQLiteInteger" || type === "SQLiteReal") return salt + 0.5 * (type === "SQLiteReal" ? 1 : 0);
  if (type === "") return salt;
  return `text ${salt}`;
}

/** Rows for the fields: every value filled, then every other one null, then a joined table's all null. */
function rowsOf(fields: SelectedField[], nullTable?: string) {
  const full = fields.map((f, i) => driverValue(f, i + 1));
  const holes = full.map((value, i) => (i % 2 ? null : value));
  const rows = [full, holes];
  if (nullTable) rows.push(fields.map((f, i) => (f.path[0] === nullTable ? null : full[i])));
  return rows;
}

const queries = {
  "a whole row (JSON, timestamps, flags)": () => db.select().from(users),
  "columns and SQL with and without a decoder": () =>
    db
      .select({ id: users.publicId, createdAt: users.createdAt, features: users.features, count: sql<number>`count(*)`.mapWith(Number).as("n"), raw: sql`1`.as("raw") })
      .from(users),
  "a table's row as an object beside aliased columns (a list's page)": () =>
    db
      .select({ row: bookings, unit: { publicId: sql<string>`${propertyUnits.publicId}`.as("unit_public_id") }, property: { title: sql<string>`${properties.title}`.as("property_title") } })
      .from(bookings)
      .innerJoin(propertyUnits, eq(propertyUnits.id, bookings.unitId))
      .innerJoin(properties, eq(properties.id, propertyUnits.propertyId)),
  "a left join's table, null when all its columns are": () => db.select().from(propertyUnits).leftJoin(unitPromotions, eq(unitPromotions.unitId, propertyUnits.id)),
  "two tables' objects of an inner join": () => db.select({ unit: propertyUnits, property: properties }).from(propertyUnits).innerJoin(properties, eq(properties.id, propertyUnits.propertyId)),
};

describe("mapRow", () => {
  it.each(Object.entries(queries))("maps rows as drizzle's mapResultRow does: %s", (_name, query) => {
    const { fields, joinsNotNullableMap } = prepared(query());
    const nullTable = joinsNotNullableMap ? Object.keys(joinsNotNullableMap).find((table) => !joinsNotNullableMap[table]) : undefined;
    for (const row of rowsOf(fields, nullTable)) {
      expect(mapRow(fields, row, joinsNotNullableMap)).toEqual(mapResultRow(fields, row, joinsNotNullableMap));
    }
  });

  it("nulls a left join's missing table, as drizzle does", () => {
    const { fields, joinsNotNullableMap } = prepared(queries["a left join's table, null when all its columns are"]());
    const row = fields.map((f, i) => (f.path[0] === "unit_promotions" ? null : driverValue(f, i + 1)));
    expect(mapRow(fields, row, joinsNotNullableMap)).toMatchObject({ unit_promotions: null });
  });
});

describe("the installed mapping of D1's queries", () => {
  it("answers a batch's rows (objects by column) and a get as drizzle's own mapping does", () => {
    const query = prepared(queries["a table's row as an object beside aliased columns (a list's page)"]());
    const names = query.fields.map((f, i) => `c${i}`);
    const rows = rowsOf(query.fields);
    const batchAnswer = { results: rows.map((row) => Object.fromEntries(row.map((value, i) => [names[i], value]))) };
    expect((D1PreparedQuery.prototype as unknown as { mapAllResult: { rowMapping?: true } }).mapAllResult.rowMapping).toBe(true);
    const expected = rows.map((row) => mapResultRow(query.fields, row, query.joinsNotNullableMap));
    expect(query.mapAllResult(batchAnswer, true)).toEqual(expected);
    expect(query.mapAllResult(rows)).toEqual(expected);
    expect(query.mapGetResult(batchAnswer, true)).toEqual(expected[0]);
  });
});
