import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cachedStatement } from "./cached-statement";
import { d1Statement, database } from "./client";
import { properties, propertyUnits } from "./schema";

/**
 * D1 answers a batch's rows as objects keyed by column name; drizzle turns them back into arrays by
 * the objects' keys. A batch statement with two result columns of one name would get its values
 * moved one column, so tests and development refuse it before it is sent.
 */
function fakeD1(rows: Record<string, unknown>[]) {
  const sent: string[] = [];
  const d1 = {
    prepare: (text: string) => ({ bind: () => ({ text }), text }),
    batch: async (statements: { text: string }[]) => {
      sent.push(...statements.map((statement) => statement.text));
      return statements.map(() => ({ results: rows, success: true, meta: {} }));
    },
  };
  return { d1: d1 as unknown as D1Database, sent };
}

describe("a batch statement's result columns", () => {
  it("refuses two columns of one name, naming the column and the statement, and sends nothing", async () => {
    const { d1, sent } = fakeD1([]);
    const db = database(d1);
    const both = db.select({ unit: propertyUnits, property: properties }).from(propertyUnits).innerJoin(properties, eq(properties.id, propertyUnits.propertyId));
    await expect(db.batch([both])).rejects.toThrow(/two columns named "id" \(at property\.id\).*Statement: select "property_units"\."id"/);
    expect(sent).toEqual([]);
  });

  it("takes a repeated name aliased and maps each value to its own field", async () => {
    const { d1, sent } = fakeD1([{ id: 7, public_id: "unt_a", property_id: 3, property_public_id: "prp_b" }]);
    const db = database(d1);
    const aliased = db
      .select({
        id: propertyUnits.id,
        publicId: propertyUnits.publicId,
        propertyId: sql<number>`${properties.id}`.as("property_id"),
        propertyPublicId: sql<string>`${properties.publicId}`.as("property_public_id"),
      })
      .from(propertyUnits)
      .innerJoin(properties, eq(properties.id, propertyUnits.propertyId));
    expect(await db.batch([aliased])).toEqual([[{ id: 7, publicId: "unt_a", propertyId: 3, propertyPublicId: "prp_b" }]]);
    expect(sent).toHaveLength(1);
  });

  it("refuses a cached statement with a repeated name when it is first built", () => {
    const { d1 } = fakeD1([]);
    const db = database(d1);
    const unitAndProperty = cachedStatement((client, $: (name: "unitId") => ReturnType<typeof sql.placeholder>) =>
      client
        .select({ unitId: propertyUnits.publicId, propertyId: properties.publicId })
        .from(propertyUnits)
        .innerJoin(properties, eq(properties.id, propertyUnits.propertyId))
        .where(eq(propertyUnits.publicId, $("unitId"))),
    );
    expect(() => unitAndProperty(db, { unitId: "unt_a" })).toThrow(/two columns named "public_id"/);
  });

  it("refuses a repeated name in a drizzle query sent in D1's own batch", () => {
    const { d1 } = fakeD1([]);
    const db = database(d1);
    const join = eq(properties.id, propertyUnits.propertyId);
    expect(() => d1Statement(db, db.select({ unit: propertyUnits.title, property: properties.title }).from(propertyUnits).innerJoin(properties, join))).toThrow(/two columns named "title"/);
    expect(() => d1Statement(db, db.select({ unit: propertyUnits.title, property: sql<string>`${properties.title}`.as("property_title") }).from(propertyUnits).innerJoin(properties, join))).not.toThrow();
  });
});
