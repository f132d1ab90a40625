import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { database } from "./db/client";
import { properties, propertyUnits } from "./db/schema";

/**
 * In workerd against local D1 (as every API test runs), a batch item with two result columns of one
 * name is refused: D1 would key both by one name and the values after it would move one column.
 */
describe("a batch statement's result columns on D1", () => {
  it("refuses a repeated name and takes it aliased", async () => {
    const db = database(env.DB);
    const join = eq(properties.id, propertyUnits.propertyId);
    await expect(db.batch([db.select({ unit: propertyUnits, property: properties }).from(propertyUnits).innerJoin(properties, join).limit(1)])).rejects.toThrow(
      /two columns named "id"/,
    );
    const [rows] = await db.batch([db.select({ id: propertyUnits.id, propertyId: sql<number>`${properties.id}`.as("property_id") }).from(propertyUnits).innerJoin(properties, join).limit(1)]);
    expect(Array.isArray(rows)).toBe(true);
  });
});
