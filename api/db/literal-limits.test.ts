import { asc, eq, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { database } from "./client";
import { limitText } from "./literal-limits";
import { bookings, propertyUnits } from "./schema";

// The statements are only written, never sent: the binding need only prepare.
const db = database({ prepare: () => ({ bind: () => ({}) }) } as unknown as D1Database);

describe("a statement's LIMIT", () => {
  it("is written into a select's text, with the offset still bound", () => {
    const query = db.select({ id: bookings.publicId }).from(bookings).where(eq(bookings.unitId, 7)).orderBy(asc(bookings.checkIn)).limit(500).offset(20).toSQL();
    expect(query.sql).toMatch(/ limit 500 offset \?$/);
    expect(query.params).toEqual([7, 20]);
  });

  it("is written into a subquery's text and a relational query's", () => {
    const units = db.select({ id: propertyUnits.id }).from(propertyUnits).where(eq(propertyUnits.hostUserId, 3)).limit(2);
    const query = db.select({ id: bookings.id }).from(bookings).where(sql`${bookings.unitId} in ${units}`).limit(0).toSQL();
    expect(query.sql).toMatch(/ limit 2\) limit 0$/);
    expect(query.params).toEqual([3]);
    const first = db.query.bookings.findFirst({ where: eq(bookings.code, "AB12") }).toSQL();
    expect(first.sql).toMatch(/ limit 1$/);
    expect(first.params).toEqual(["AB12"]);
  });

  it("stays bound for a placeholder, whose value is only known when the statement runs", () => {
    const query = db.select({ id: bookings.id }).from(bookings).limit(sql.placeholder("rows") as unknown as number).toSQL();
    expect(query.sql).toMatch(/ limit \?$/);
  });

  it("is written by every SQLite dialect, also one made apart from the client", () => {
    const query = new SQLiteAsyncDialect().sqlToQuery(db.select({ id: bookings.id }).from(bookings).limit(3).getSQL());
    expect(query.sql).toMatch(/ limit 3$/);
  });

  it("of raw SQL is a whole number of rows, and nothing else", () => {
    expect(limitText(25)).toBe("LIMIT 25");
    expect(limitText(0)).toBe("LIMIT 0");
    for (const rows of [1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) expect(() => limitText(rows)).toThrow(RangeError);
  });
});
