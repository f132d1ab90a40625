import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Notification } from "@contract/home";
import { database } from "@api/db/client";
import { api, createUser, signIn, type TestUser } from "@api/test/helpers";
import { publishedUnit } from "@api/test/stays";
import { unitFactsSelect, type UnitFact } from "./queries";
import { keptUnitFactsRevision, unitFactsAt } from "./kept-unit-facts";

async function notificationsOf(token: string): Promise<Notification[]> {
  const response = await api(token, "GET", "/shell");
  expect(response.status).toBe(200);
  return ((await response.json()) as { notifications: Notification[] }).notifications;
}

const revisionOf = async (host: TestUser) => (await env.DB.prepare("SELECT units_revision AS revision FROM users WHERE id = ?").bind(host.id).first<{ revision: number }>())!.revision;

/** A value other than the test unit's for a column: a later time, a flag set, or text. */
const valueFor = (column: string) => (column.endsWith("_at") ? Date.now() + 1 : column.endsWith("rejected") ? 1 : `changed-${column}`);

/** Runs `write` and answers whether it moved the host's units revision. */
async function moves(host: TestUser, write: () => Promise<unknown>): Promise<boolean> {
  const before = await revisionOf(host);
  await write();
  return (await revisionOf(host)) !== before;
}

describe("the units' facts the shell keeps per isolate (decision 047)", () => {
  it("are the kept ones at their revision, what was read at another, and asked for when a kept revision moved and nothing was read", () => {
    // An id no test user has.
    const host = 9_000_001;
    const facts = [{ title: "Harbour flat" }] as unknown as UnitFact[];
    const newer = [{ title: "Harbour loft" }] as unknown as UnitFact[];
    expect(keptUnitFactsRevision(host)).toBe(-1);
    expect(unitFactsAt(host, 3, facts)).toBe(facts);
    expect(keptUnitFactsRevision(host)).toBe(3);
    // The shell's batch then reads no facts: the kept ones serve while the revision is theirs.
    expect(unitFactsAt(host, 3, undefined)).toBe(facts);
    // The revision moved: the caller reads them (unitFactsNow) and gives them again.
    expect(unitFactsAt(host, 4, undefined)).toBeUndefined();
    expect(unitFactsAt(host, 4, newer)).toBe(newer);
    expect(unitFactsAt(host, 4, undefined)).toBe(newer);
    expect(keptUnitFactsRevision(host)).toBe(4);
  });

  it("are read again after every change a host makes to a unit, and the notifications follow at once", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const { unitId } = await publishedUnit(host);
    const { access_token: token } = await signIn(host.email);
    const promotionOf = (list: Notification[]) => list.find((n) => n.type === "discountPromotion" && n.unitId === unitId);

    expect(promotionOf(await notificationsOf(token))).toMatchObject({ unitTitle: "Harbour flat" });
    // Read again without a change: the same answer (the kept facts).
    expect(promotionOf(await notificationsOf(token))).toMatchObject({ unitTitle: "Harbour flat" });

    expect(await moves(host, async () => expect((await api(token, "PATCH", `/property-unit/${unitId}`, { title: "Harbour loft" })).status).toBe(200))).toBe(true);
    expect(promotionOf(await notificationsOf(token))).toMatchObject({ unitTitle: "Harbour loft" });

    expect(await moves(host, async () => expect((await api(token, "POST", `/property-unit/${unitId}/promotion`, { type: "long-stay", state: "ACTIVE" })).status).toBe(200))).toBe(true);
    expect(promotionOf(await notificationsOf(token))).toBeUndefined();

    expect(await moves(host, async () => expect((await api(token, "POST", `/property-unit/${unitId}/promotion`, { type: "long-stay", state: "INACTIVE" })).status).toBe(200))).toBe(true);
    expect(promotionOf(await notificationsOf(token))).toMatchObject({ unitTitle: "Harbour loft" });
  });

  it("are never another host's: each host's revision and facts are its own", async () => {
    const [first, second] = [await createUser({ commercialModel: "commission" }), await createUser({ commercialModel: "commission" })];
    const { unitId: firstUnit } = await publishedUnit(first);
    const { unitId: secondUnit } = await publishedUnit(second);
    const [firstToken, secondToken] = [(await signIn(first.email)).access_token, (await signIn(second.email)).access_token];
    // Same revision numbers, different hosts.
    expect(await revisionOf(first)).toBe(await revisionOf(second));
    expect((await notificationsOf(firstToken)).map((n) => n.unitId)).toContain(firstUnit);
    const seen = (await notificationsOf(secondToken)).map((n) => n.unitId);
    expect(seen).toContain(secondUnit);
    expect(seen).not.toContain(firstUnit);
    expect(await moves(second, () => env.DB.prepare("UPDATE property_units SET title = 'Other' WHERE public_id = ?").bind(firstUnit).run())).toBe(false);
  });

  it("move the revision with every column the facts read, whichever code writes it, and not with other columns", async () => {
    // The columns of each table the shell's statement reads, from its own SQL.
    const { sql } = unitFactsSelect(database(env.DB)).toSQL();
    const columnsOf = (table: string) => [...new Set([...sql.matchAll(new RegExp(`"${table}"\\."(\\w+)"`, "g"))].map((m) => m[1]!))];
    const unitColumns = columnsOf("property_units").filter((c) => c !== "id");
    const propertyColumns = columnsOf("properties").filter((c) => c !== "id");
    expect(unitColumns).toEqual(expect.arrayContaining(["public_id", "title", "state", "booking_type", "national_identification_code", "published_at", "created_at"]));
    expect(propertyColumns).toEqual(expect.arrayContaining(["public_id", "title", "country_code"]));
    expect(columnsOf("unit_promotions")).toEqual(expect.arrayContaining(["unit_id", "state"]));

    const host = await createUser({ commercialModel: "commission" });
    const { unitId, propertyId } = await publishedUnit(host);
    for (const column of unitColumns.filter((c) => !["host_user_id", "property_id", "public_id"].includes(c))) {
      const update = env.DB.prepare(`UPDATE property_units SET ${column} = ? WHERE public_id = ?`).bind(valueFor(column), unitId);
      expect({ column, moved: await moves(host, () => update.run()) }).toEqual({ column, moved: true });
    }
    for (const column of propertyColumns.filter((c) => !["host_user_id", "public_id"].includes(c))) {
      const update = env.DB.prepare(`UPDATE properties SET ${column} = ? WHERE public_id = ?`).bind(valueFor(column), propertyId);
      expect({ column, moved: await moves(host, () => update.run()) }).toEqual({ column, moved: true });
    }
    const unitRow = "(SELECT id FROM property_units WHERE public_id = ?)";
    expect(await moves(host, () => env.DB.prepare(`INSERT INTO unit_promotions (unit_id, host_user_id, type, state, discount) VALUES (${unitRow}, ?, 'long-stay', 'INACTIVE', 10)`).bind(unitId, host.id).run())).toBe(true);
    expect(await moves(host, () => env.DB.prepare(`UPDATE unit_promotions SET state = 'ACTIVE' WHERE unit_id = ${unitRow}`).bind(unitId).run())).toBe(true);
    expect(await moves(host, () => env.DB.prepare(`DELETE FROM unit_promotions WHERE unit_id = ${unitRow}`).bind(unitId).run())).toBe(true);
    // A new unit and a deleted one.
    const { unitId: another } = await publishedUnit(host);
    expect(await moves(host, () => env.DB.prepare("DELETE FROM property_units WHERE public_id = ?").bind(another).run())).toBe(true);
    expect(await moves(host, () => publishedUnit(host))).toBe(true);

    // What the facts do not read leaves the revision (and the kept facts) alone: a price, a description, the calendar's pause.
    expect(await moves(host, () => env.DB.prepare("UPDATE property_units SET description = 'Quiet', max_guests = 6, calendar_status = 'PAUSED' WHERE public_id = ?").bind(unitId).run())).toBe(false);
    expect(await moves(host, () => env.DB.prepare("UPDATE properties SET description = 'Quiet' WHERE public_id = ?").bind(propertyId).run())).toBe(false);
    expect(await moves(host, () => env.DB.prepare(`UPDATE unit_price_configurations SET nightly_price = 12000 WHERE unit_id = ${unitRow}`).bind(unitId).run())).toBe(false);
  });
});
