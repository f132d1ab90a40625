import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays } from "@domain/dates";
import { newPublicId } from "@api/lib/ids";
import { api, createUser, signIn, type TestUser } from "@api/test/helpers";
import { publishedUnit, publicApi, recountMonths } from "@api/test/stays";

const ms = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

async function booking(host: TestUser, unitId: string, values: { checkIn: string; checkOut: string; bookedOn: string; total: number; commission: number; status?: string; instalments?: object[]; cancelledOn?: string }) {
  const publicId = newPublicId("bkg");
  await env.DB.prepare(
    `INSERT INTO bookings (public_id, code, host_user_id, unit_id, check_in, check_out, guest_first_name, guest_last_name, guest_email, guests, currency, total, price_breakdown, status, payment_plan, instalments, commission, payout, booked_at, cancelled_at)
     SELECT ?, ?, ?, id, ?, ?, 'Maria', 'Santos', 'm@guest.example', 2, 'EUR', ?, '{}', ?, 'online_100', ?, ?, ?, ?, ? FROM property_units WHERE public_id = ?`,
  )
    .bind(
      publicId,
      publicId.slice(4, 12).toUpperCase(),
      host.id,
      values.checkIn,
      values.checkOut,
      values.total,
      values.status ?? "COMPLETED",
      JSON.stringify(values.instalments ?? []),
      values.commission,
      values.total - values.commission,
      ms(values.bookedOn),
      values.cancelledOn ? ms(values.cancelledOn) : null,
      unitId,
    )
    .run();
  if (values.status !== "CANCELLED") {
    const nights = [];
    for (let day = values.checkIn; day < values.checkOut; day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) nights.push(day);
    await env.DB.batch(nights.map((night) => env.DB.prepare("INSERT INTO taken_nights (unit_id, night, host_user_id, kind, owner_id) SELECT id, ?, host_user_id, 'booking', ? FROM property_units WHERE public_id = ?").bind(night, publicId, unitId)));
  }
}

/** A night of the unit blocked by its host. */
const block = (unitId: string, night: string) =>
  env.DB.prepare("INSERT INTO taken_nights (unit_id, night, host_user_id, kind, owner_id) SELECT id, ?, host_user_id, 'manual', ? FROM property_units WHERE public_id = ?").bind(night, `blk_${night}`, unitId);

/** The unit's columns written as they were at some time (`columns`: `published_at = ?, …`). */
const set = (unitId: string, columns: string, ...values: (string | number)[]) => env.DB.prepare(`UPDATE property_units SET ${columns} WHERE public_id = ?`).bind(...values, unitId);

async function insightsHost() {
  const host = await createUser({ commercialModel: "commission", features: ["bookings", "earnings"] });
  const { unitId } = await publishedUnit(host);
  const other = await publishedUnit(host);
  // Booked in March 2025: 3 nights from 30 April over the month's end (300.00, 45.00 commission); one cancelled.
  await booking(host, unitId, { checkIn: "2025-04-30", checkOut: "2025-05-03", bookedOn: "2025-03-10", total: 30_000, commission: 4_500 });
  await booking(host, unitId, { checkIn: "2025-06-01", checkOut: "2025-06-03", bookedOn: "2025-03-20", total: 20_000, commission: 3_000, status: "CANCELLED" });
  // The other unit, booked in March 2024 (a year before).
  await booking(host, other.unitId, { checkIn: "2024-04-10", checkOut: "2024-04-12", bookedOn: "2024-03-05", total: 10_000, commission: 1_500 });
  await env.DB.batch([
    env.DB.prepare("INSERT INTO listing_views (unit_id, day, host_user_id, views) SELECT id, '2025-03-01', host_user_id, 40 FROM property_units WHERE public_id = ?").bind(unitId),
    env.DB.prepare("INSERT INTO listing_views (unit_id, day, host_user_id, views) SELECT id, '2025-03-15', host_user_id, 10 FROM property_units WHERE public_id = ?").bind(unitId),
    env.DB.prepare("INSERT INTO taken_nights (unit_id, night, host_user_id, kind, owner_id) SELECT id, '2025-05-20', host_user_id, 'manual', 'blk_1' FROM property_units WHERE public_id = ?").bind(unitId),
  ]);
  await recountMonths(host.id);
  const { access_token } = await signIn(host.email);
  return { host, unitId, otherUnitId: other.unitId, token: access_token };
}

describe("insights", () => {
  it("performance: views, bookings and cancellations per month in SQL, with the year before, for all units or one", async () => {
    const { token, unitId, otherUnitId } = await insightsHost();
    const all = (await (await api(token, "GET", "/insights/performance?from=2025-01&to=2025-12")).json()) as { months: { month: string }[]; unit: unknown; units: { items: { id: string }[]; pagination: object }; newReviews: number };
    expect(all.unit).toBeNull();
    // The selector's page: the host's two units, each with its title and its property's.
    expect(all.units.items.map((item) => item.id).sort()).toEqual([unitId, otherUnitId].sort());
    for (const item of all.units.items) expect(item).toEqual({ id: item.id, title: expect.any(String), propertyTitle: expect.any(String) });
    expect(all.units.pagination).toEqual({ current: 1, next: 1, total: 2, pageSize: 20 });
    expect(all.newReviews).toBe(0);
    expect(all.months).toEqual([
      { month: "2024-03", views: 0, requests: 0, inquiries: 0, bookings: 1, directBookings: 1, cancelled: 0, nights: 2, revenue: 10_000, leadDays: 36 },
      // 50 views; two bookings made, one cancelled: 3 nights, 300.00, 51 days ahead.
      { month: "2025-03", views: 50, requests: 0, inquiries: 0, bookings: 2, directBookings: 2, cancelled: 1, nights: 3, revenue: 30_000, leadDays: 51 },
    ]);
    const one = (await (await api(token, "GET", `/insights/performance?from=2025-01&to=2025-12&unitId=${unitId}`)).json()) as { months: { month: string }[]; unit: { id: string } };
    expect(one.unit).toEqual({ id: unitId, title: expect.any(String) });
    expect(one.months.map((m) => m.month)).toEqual(["2025-03"]);
  });

  it("earnings by the month of the nights and by the month paid out, with what cancelled stays kept; occupancy leaves blocked nights out", async () => {
    const { host, token, unitId } = await insightsHost();
    // Cancelled on 15 April: of 200.00 (commission 30.00), 60.00 paid online at booking, 140.00 due on arrival never paid.
    await booking(host, unitId, {
      checkIn: "2025-05-20",
      checkOut: "2025-05-23",
      bookedOn: "2025-03-10",
      total: 20_000,
      commission: 3_000,
      status: "CANCELLED",
      cancelledOn: "2025-04-15",
      instalments: [
        { due: "booking", method: "online", amount: 6_000 },
        { due: "2025-05-20", method: "on_arrival", amount: 14_000 },
      ],
    });
    await recountMonths(host.id);
    const earnings = (await (await api(token, "GET", `/insights/earnings?from=2025-04&to=2025-05&unitId=${unitId}`)).json()) as { byStayMonth: object[]; byPayoutMonth: object[] };
    // One night in April, two in May: 100.00 and 200.00 of the 300.00; the cancelled stay kept 60.00,
    // its commission 30.00 × 60/200 = 9.00, 51.00 to the host: in May (its check-in) by stay, in April (its cancellation) by payout.
    expect(earnings.byStayMonth).toEqual([
      { month: "2025-04", gross: 10_000, commission: 1_500, payout: 8_500, stays: 1 },
      { month: "2025-05", gross: 26_000, commission: 3_900, payout: 22_100, stays: 1 },
    ]);
    expect(earnings.byPayoutMonth).toEqual([{ month: "2025-04", gross: 36_000, commission: 5_400, payout: 30_600, stays: 1 }]);
    // The DAC7 report credits the same stay the same: 51.00 with 9.00 of fees on 15 April.
    const csv = await (await api(token, "GET", "/report/dac7/2025")).text();
    expect(csv).toMatch(/,2025-05-20,2025-05-23,2025-04-15,2025-04-15,Q2,51\.00,9\.00,0\.00,0,EUR\r\n/);
    const occupancy = (await (await api(token, "GET", `/insights/occupancy?from=2025-05&to=2025-05&unitId=${unitId}`)).json()) as { months: object[] };
    // The unit is for sale from its first booked night (30 April 2025), before which it was not: no night of May 2024.
    expect(occupancy.months).toEqual([
      { month: "2024-05", booked: 0, unavailable: 0, nights: 0, units: 0 },
      { month: "2025-05", booked: 2, unavailable: 1, nights: 31, units: 1 },
    ]);
  });

  it("occupancy counts a unit's nights from its first publication (or first booked night) until it was deleted or unpublished", async () => {
    const host = await createUser({ commercialModel: "commission", features: ["bookings", "earnings"] });
    const units = {
      always: await publishedUnit(host),
      midway: await publishedUnit(host),
      deleted: await publishedUnit(host),
      history: await publishedUnit(host),
      unpublished: await publishedUnit(host),
      draft: await publishedUnit(host, { state: "IN_PROGRESS" }),
    };
    await env.DB.batch([
      set(units.always.unitId, "published_at = ?", ms("2024-01-01")),
      // Published on 21 June 2025, in the middle of the year asked for.
      set(units.midway.unitId, "published_at = ?", ms("2025-06-21")),
      // Published in March 2024, deleted on 11 March 2025 (nothing changes a deleted unit after).
      set(units.deleted.unitId, "published_at = ?, state = 'DELETED', updated_at = ?", ms("2024-03-01"), ms("2025-03-11")),
      // Published on 1 September 2025, with a channel manager's stay from 10 July before (it was for sale elsewhere).
      set(units.history.unitId, "published_at = ?", ms("2025-09-01")),
      set(units.unpublished.unitId, "published_at = ?", ms("2025-01-01")),
      // Nights blocked while not for sale count nowhere: the midway unit's before it was published, the
      // deleted unit's after its deletion, the draft's; the midway unit's on 25 June is left out of June's nights.
      block(units.midway.unitId, "2025-06-10"),
      block(units.midway.unitId, "2025-06-25"),
      block(units.deleted.unitId, "2025-05-05"),
      block(units.draft.unitId, "2025-05-06"),
    ]);
    await booking(host, units.history.unitId, { checkIn: "2025-07-10", checkOut: "2025-07-13", bookedOn: "2025-06-01", total: 30_000, commission: 4_500 });
    await recountMonths(host.id);
    const { access_token: token } = await signIn(host.email);
    // Unpublished today through the API: its nights count up to yesterday.
    expect((await api(token, "PATCH", `/property-unit/${units.unpublished.unitId}/unpublish`)).status).toBe(200);

    type Month = { month: string; booked: number; unavailable: number; nights: number; units: number };
    const occupancy = async (query: string) => new Map(((await (await api(token, "GET", `/insights/occupancy?${query}`)).json()) as { months: Month[] }).months.map(({ month, ...rest }) => [month, rest]));
    const year = await occupancy("from=2025-01&to=2025-12");
    // January: the unit for sale all along, the deleted one and the one unpublished today.
    expect(year.get("2025-01")).toEqual({ booked: 0, unavailable: 0, nights: 31 * 3, units: 3 });
    // March: the deleted unit's nights up to the 10th.
    expect(year.get("2025-03")).toEqual({ booked: 0, unavailable: 0, nights: 31 + 10 + 31, units: 3 });
    expect(year.get("2025-04")).toEqual({ booked: 0, unavailable: 0, nights: 30 * 2, units: 2 });
    expect(year.get("2025-05")).toEqual({ booked: 0, unavailable: 0, nights: 31 * 2, units: 2 });
    // June: 10 nights of the midway unit (21 to 30), of which the 25th blocked; the block before its publication is not counted.
    expect(year.get("2025-06")).toEqual({ booked: 0, unavailable: 1, nights: 30 * 2 + 10, units: 3 });
    // July: the channel's stay from the 10th puts its unit on sale from then, before its publication.
    expect(year.get("2025-07")).toEqual({ booked: 3, unavailable: 0, nights: 31 * 3 + 22, units: 4 });
    expect(year.get("2025-09")).toEqual({ booked: 0, unavailable: 0, nights: 30 * 4, units: 4 });
    // The year before: only the two units published then, the deleted one from March.
    expect(year.get("2024-02")).toEqual({ booked: 0, unavailable: 0, nights: 29, units: 1 });
    expect(year.get("2024-03")).toEqual({ booked: 0, unavailable: 0, nights: 31 * 2, units: 2 });
    // One unit: the midway unit's own nights, none before its publication.
    const midway = await occupancy(`from=2025-01&to=2025-12&unitId=${units.midway.unitId}`);
    expect([midway.get("2025-05"), midway.get("2025-06"), midway.get("2025-07")]).toEqual([
      { booked: 0, unavailable: 0, nights: 0, units: 0 },
      { booked: 0, unavailable: 1, nights: 10, units: 1 },
      { booked: 0, unavailable: 0, nights: 31, units: 1 },
    ]);
    // This month: the unit unpublished today counts the nights before today.
    const today = new Date().toISOString().slice(0, 10);
    const now = await occupancy(`from=${today.slice(0, 7)}&to=${today.slice(0, 7)}&unitId=${units.unpublished.unitId}`);
    const before = Number(today.slice(8)) - 1;
    expect(now.get(today.slice(0, 7))).toEqual({ booked: 0, unavailable: 0, nights: before, units: before > 0 ? 1 : 0 });
  });

  it("the shell's call answers a figures page as its endpoint does (one call for the page), and null for another host's unit", async () => {
    const { token, unitId } = await insightsHost();
    for (const tab of ["performance", "earnings", "occupancy"] as const) {
      const field = { performance: "insightsPerformance", earnings: "insightsEarnings", occupancy: "insightsOccupancy" }[tab];
      for (const unit of [undefined, unitId]) {
        const query = `from=2025-01&to=2025-12${unit ? `&unitId=${unit}` : ""}`;
        const own = await (await api(token, "GET", `/insights/${tab}?${query}`)).json();
        const shell = (await (await api(token, "GET", `/shell?insights=${tab}&insightsFrom=2025-01&insightsTo=2025-12${unit ? `&insightsUnit=${unit}` : ""}`)).json()) as Record<string, unknown>;
        expect(shell[field]).toEqual(own);
      }
    }
    const intruder = await createUser();
    const { access_token } = await signIn(intruder.email);
    const foreign = (await (await api(access_token, "GET", `/shell?insights=earnings&insightsFrom=2025-01&insightsTo=2025-12&insightsUnit=${unitId}`)).json()) as Record<string, unknown>;
    expect(foreign.insightsEarnings).toBeNull();
  });

  it("the unit selector lists 20 units a page (§9), more while current < next, on every tab", async () => {
    const host = await createUser({ commercialModel: "commission", features: ["bookings", "earnings"] });
    const units: string[] = [];
    // Twenty-one single-unit properties of the same title: listed in the order they were made.
    for (let i = 0; i < 21; i++) units.push((await publishedUnit(host)).unitId);
    const { access_token } = await signIn(host.email);
    type Selector = { units: { items: { id: string }[]; pagination: object } };
    for (const path of ["/insights/performance?from=2025-01&to=2025-12&", "/insights/earnings?from=2025-01&to=2025-12&", "/insights/occupancy?from=2025-01&to=2025-12&", "/insights/reviews?"]) {
      const first = (await (await api(access_token, "GET", `${path}unitsPage=1`)).json()) as Selector;
      expect({ path, ids: first.units.items.map((unit) => unit.id), pagination: first.units.pagination }).toEqual({ path, ids: units.slice(0, 20), pagination: { current: 1, next: 2, total: 21, pageSize: 20 } });
      const second = (await (await api(access_token, "GET", `${path}unitsPage=2`)).json()) as Selector;
      expect({ path, ids: second.units.items.map((unit) => unit.id), pagination: second.units.pagination }).toEqual({ path, ids: [units[20]], pagination: { current: 2, next: 2, total: 21, pageSize: 20 } });
    }
  });

  it("another host's unit answers 404; a month that is not one is refused", async () => {
    const { unitId } = await insightsHost();
    const intruder = await createUser();
    const { access_token } = await signIn(intruder.email);
    expect((await api(access_token, "GET", `/insights/performance?from=2025-01&to=2025-12&unitId=${unitId}`)).status).toBe(404);
    expect((await api(access_token, "GET", "/insights/occupancy?from=2025-13&to=2025-12")).status).toBe(400);
  });

  it("counts a look at the public listing page per unit and day, not the page's reads of more months or of its days", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const { unitId } = await publishedUnit(host);
    const today = new Date().toISOString().slice(0, 10);
    // Three visitors' first loads of the page (the page asks the read to count them)…
    for (let i = 0; i < 3; i++) expect((await publicApi("GET", `/api/public/stays/${unitId}?view=true&dateFrom=${today}&dateTo=${today}`)).status).toBe(200);
    // …and the calendar's next months and the reads of the bare listing, which count nothing.
    expect((await publicApi("GET", `/api/public/stays/${unitId}?dateFrom=${today}&dateTo=${addDays(today, 60)}`)).status).toBe(200);
    expect((await publicApi("GET", `/api/public/stays/${unitId}`)).status).toBe(200);
    expect(await env.DB.prepare("SELECT day, views FROM listing_views WHERE host_user_id = ?").bind(host.id).all().then((r) => r.results)).toEqual([{ day: today, views: 3 }]);
    // …and in the unit's month of the insights' sums.
    expect(await env.DB.prepare("SELECT month, views FROM insight_months WHERE host_user_id = ?").bind(host.id).all().then((r) => r.results)).toEqual([{ month: today.slice(0, 7), views: 3 }]);
    // …and in the host's month of all units.
    expect(await env.DB.prepare("SELECT month, views FROM insight_host_months WHERE host_user_id = ?").bind(host.id).all().then((r) => r.results)).toEqual([{ month: today.slice(0, 7), views: 3 }]);
  });
});
