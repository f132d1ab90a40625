import { readdirSync, readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";

/**
 * Migrations 0007 and 0008 move seasons out of the JSON column `seasons_pricing` into rows of
 * `unit_seasons`. Run on SQLite (as D1) over data written the way 0003 stored it.
 */
const files = readdirSync("migrations").filter((f) => f.endsWith(".sql")).sort();
const apply = (db: DatabaseSync, when: (name: string) => boolean) => {
  for (const file of files.filter(when)) db.exec(readFileSync(`migrations/${file}`, "utf8"));
};

describe("seasons out of the JSON column", () => {
  it("copies every season with its id, dates and prices, and drops the column", () => {
    const db = new DatabaseSync(":memory:");
    apply(db, (name) => name < "0007");
    const seasons = [
      { id: "ssn_a", dateFrom: "2027-07-01", dateTo: "2027-08-31", recurrence: "one-time", nightlyPrice: 15_000, minStay: 5, extraGuestPrice: null },
      { id: "winter", dateFrom: "2027-12-20", dateTo: "2028-01-06", recurrence: "recurring", nightlyPrice: 20_000, minStay: null, extraGuestPrice: 2_500 },
    ];
    db.exec(`INSERT INTO users (public_id, email, password_hash) VALUES ('usr_1', 'host@test.example', 'x');
      INSERT INTO properties (public_id, host_user_id, property_type) VALUES ('prp_1', 1, 'multi');
      INSERT INTO property_units (public_id, property_id, host_user_id) VALUES ('unt_1', 1, 1), ('unt_2', 1, 1);`);
    db.prepare("INSERT INTO unit_price_configurations (unit_id, host_user_id, nightly_price, seasons_pricing) VALUES (1, 1, 10000, ?), (2, 1, 9000, '[]')").run(JSON.stringify(seasons));

    apply(db, (name) => name >= "0007" && name < "0009");

    const rows = db.prepare("SELECT public_id, unit_id, host_user_id, date_from, date_to, recurrence, nightly_price, min_stay, extra_guest_price, check_in_days FROM unit_seasons ORDER BY id").all();
    expect(rows.map((row) => ({ ...row }))).toEqual([
      { public_id: "ssn_a", unit_id: 1, host_user_id: 1, date_from: "2027-07-01", date_to: "2027-08-31", recurrence: "one-time", nightly_price: 15_000, min_stay: 5, extra_guest_price: null, check_in_days: null },
      { public_id: "winter", unit_id: 1, host_user_id: 1, date_from: "2027-12-20", date_to: "2028-01-06", recurrence: "recurring", nightly_price: 20_000, min_stay: null, extra_guest_price: 2_500, check_in_days: null },
    ]);
    const columns = db.prepare("PRAGMA table_info(unit_price_configurations)").all().map((c) => (c as { name: string }).name);
    expect(columns).not.toContain("seasons_pricing");
    expect(columns).toContain("version");
    expect(db.prepare("SELECT unit_id, nightly_price, version FROM unit_price_configurations ORDER BY unit_id").all().map((row) => ({ ...row }))).toEqual([
      { unit_id: 1, nightly_price: 10_000, version: 0 },
      { unit_id: 2, nightly_price: 9_000, version: 0 },
    ]);
  });
});
