import { env } from "cloudflare:test";
import { desc, eq, inArray, sql, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { createUser } from "@api/test/helpers";
import { database } from "./client";
import { cachedRowsStatement, rowsColumn } from "./rows-column";
import { properties, propertyUnits, userInteractions, users } from "./schema";

const db = database(env.DB);
/** The outer statement's user, named apart from the `users` its subqueries read. */
const owner = alias(users, "owner");
const ofUser = (userId: number | SQLWrapper) => (typeof userId === "number" ? [userId] : userId);

/** Flags, timestamps, text and SQL with and without a decoder; the last two of three by type, as ordered. */
const interactionsOf = (userId: number | SQLWrapper) =>
  db
    .select({
      type: userInteractions.interactionType,
      interacted: userInteractions.interacted,
      createdAt: userInteractions.createdAt,
      shout: sql<string>`upper(${userInteractions.interactionType})`.as("shout"),
      typeLength: sql<number>`length(${userInteractions.interactionType})`.mapWith(Number).as("type_length"),
    })
    .from(userInteractions)
    .where(inArray(userInteractions.userId, ofUser(userId)))
    .orderBy(desc(userInteractions.interactionType))
    .limit(2);
/** JSON columns (one null), from the same table as the outer statement's. */
const accountOf = (userId: number | SQLWrapper) => db.select({ id: users.id, features: users.features, kycReviews: users.kycReviews, createdAt: users.createdAt }).from(users).where(inArray(users.id, ofUser(userId)));

describe("rowsColumn", () => {
  it("answers a select's rows in one column of another statement, in its order and mapped as the select maps them", async () => {
    const host = await createUser();
    await env.DB.prepare("INSERT INTO user_interactions (user_id, interaction_type, interacted) VALUES (?, 'alpha', 1), (?, 'bravo', 0), (?, 'charlie', 1)").bind(host.id, host.id, host.id).run();
    await env.DB.prepare(`UPDATE users SET features = '["early-access","beta"]' WHERE id = ?`).bind(host.id).run();
    const nobody = await createUser();
    // In parentheses: the selects read it as `user_id in (…)`.
    const outer = sql`(${owner.id})`;
    const interactions = rowsColumn(interactionsOf(outer), "interactions");
    const account = rowsColumn(accountOf(outer), "account");
    const combined = (userId: number) => db.select({ id: owner.id, interactions: interactions.column, account: account.column }).from(owner).where(eq(owner.id, userId));

    const [[row], ownInteractions, ownAccount, [empty]] = await db.batch([combined(host.id), interactionsOf(host.id), accountOf(host.id), combined(nobody.id)]);
    expect(interactions.rowsOf(row!.interactions)).toEqual(ownInteractions);
    expect(account.rowsOf(row!.account)).toEqual(ownAccount);
    // What the select answers: decoded, ordered and limited by it.
    expect(ownInteractions).toEqual([
      { type: "charlie", interacted: true, createdAt: expect.any(Date), shout: "CHARLIE", typeLength: 7 },
      { type: "bravo", interacted: false, createdAt: expect.any(Date), shout: "BRAVO", typeLength: 5 },
    ]);
    expect(ownAccount).toEqual([{ id: host.id, features: ["early-access", "beta"], kycReviews: null, createdAt: expect.any(Date) }]);
    // A row without rows of the select: none.
    expect(interactions.rowsOf(empty!.interactions)).toEqual([]);
    expect(interactions.rowsOf(null)).toEqual([]);
  });

  it("builds a statement of such columns once, with placeholders, and reads each column by its name", async () => {
    const host = await createUser();
    await env.DB.prepare("INSERT INTO user_interactions (user_id, interaction_type, interacted) VALUES (?, 'alpha', 1), (?, 'bravo', 0)").bind(host.id, host.id).run();
    const read = cachedRowsStatement(
      (_db, $: (name: "userId") => ReturnType<typeof sql.placeholder>) => ({ seenInteractions: interactionsOf(sql`(${$("userId")})`), account: accountOf(sql`(${$("userId")})`) }),
      (_db, $, columns) => db.select({ id: users.id, ...columns }).from(users).where(eq(users.id, $("userId"))),
    );
    expect(() => read.rowsOf("account", "[]")).toThrow(/before its statement was built/);
    for (const userId of [host.id, host.id]) {
      const [[row], ownInteractions, ownAccount] = await db.batch([read.statement(db, { userId }), interactionsOf(userId), accountOf(userId)]);
      expect(read.rowsOf("seenInteractions", row!.seenInteractions)).toEqual(ownInteractions);
      expect(read.rowsOf("account", row!.account)).toEqual(ownAccount);
    }
  });

  it("refuses a field it could not read by name, and a joined table's object", () => {
    expect(() => rowsColumn(db.select({ id: users.id, bare: sql<number>`1` }).from(users), "bare")).toThrow(/alias it/);
    expect(() => rowsColumn(db.select({ unit: { id: propertyUnits.id }, property: { id: properties.id } }).from(propertyUnits).innerJoin(properties, eq(properties.id, propertyUnits.propertyId)), "joined")).toThrow(/joined table/);
  });
});
