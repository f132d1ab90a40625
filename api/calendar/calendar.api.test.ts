import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, todayUtc } from "@domain/dates";
import { database } from "@api/db/client";
import { api, createUser, signIn } from "@api/test/helpers";
import type { PriceList } from "@contract/pricing";
import { neighbouringStays, takeNights } from "./taken-nights";

interface FieldErrorBody {
  message: string;
  errors: { field: string | null; message: string; type: string }[];
}
/** An event as the API answers it (§3 Event). */
type Event = PriceList["events"][number];

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** A signed-in host with a single-unit property. */
async function hostWithUnit() {
  const host = await createUser();
  const { access_token: token } = await signIn(host.email);
  const created = await api(token, "POST", "/properties", { propertyType: "single", title: "Harbour flat" });
  const { unitIds } = await json<{ unitIds: string[] }>(created);
  const unitId = unitIds[0]!;
  return { host, token, unitId, calendar: `/properties/${unitId}/unavailabilities`, unit: `/property-unit/${unitId}` };
}

async function unitRow(publicId: string) {
  return (await env.DB.prepare("SELECT id, host_user_id AS hostUserId FROM property_units WHERE public_id = ?").bind(publicId).first<{ id: number; hostUserId: number }>())!;
}

async function nightsOf(publicId: string) {
  const { results } = await env.DB.prepare("SELECT night, kind FROM taken_nights WHERE unit_id = (SELECT id FROM property_units WHERE public_id = ?) ORDER BY night").bind(publicId).all<{ night: string; kind: string }>();
  return results.map((r) => `${r.night}:${r.kind}`);
}

// Dates ahead of today, so that nothing here depends on the day the tests run.
const YEAR = Number(todayUtc().slice(0, 4)) + 1;
const d = (monthDay: string) => `${YEAR}-${monthDay}`;
/** The next leap year from next year on. */
const LEAP = [0, 1, 2, 3].map((i) => YEAR + i).find((y) => y % 4 === 0)!;

describe("blocking and unblocking nights", () => {
  it("blocks a half-open range of nights and lists it as one manual event", async () => {
    const { token, calendar } = await hostWithUnit();
    const blocked = await api(token, "POST", `${calendar}/block`, { dateFrom: d("07-03"), dateTo: d("07-05") });
    expect(blocked.status).toBe(201);
    const event = await json<Event>(blocked);
    expect(event).toMatchObject({ dateFrom: d("07-03"), dateTo: d("07-05"), source: "manual", kind: "manual", children: [] });
    expect(event.id).toMatch(/^blk_/);

    // The check-out morning is free: a block may start on it.
    expect((await api(token, "POST", `${calendar}/block`, { dateFrom: d("07-05"), dateTo: d("07-06") })).status).toBe(201);

    const list = await json<{ items: Event[] }>(await api(token, "GET", `${calendar}?dateFrom=${d("07-04")}&dateTo=${d("07-05")}`));
    // Read whole: the block of the 3rd and 4th, though only the 4th is asked for.
    expect(list.items).toEqual([event]);
    const all = await json<{ items: Event[] }>(await api(token, "GET", `${calendar}?dateFrom=${d("07-01")}&dateTo=${d("08-01")}`));
    expect(all.items.map((e) => `${e.dateFrom}..${e.dateTo}`)).toEqual([`${d("07-03")}..${d("07-05")}`, `${d("07-05")}..${d("07-06")}`]);
  });

  it("refuses a range with a night taken anywhere, and takes none of its nights", async () => {
    const { token, calendar, unitId } = await hostWithUnit();
    await api(token, "POST", `${calendar}/block`, { dateFrom: d("08-10"), dateTo: d("08-11") });
    const refused = await api(token, "POST", `${calendar}/block`, { dateFrom: d("08-01"), dateTo: d("08-20") });
    expect(refused.status).toBe(409);
    expect(await json<FieldErrorBody>(refused)).toEqual({
      message: "Some of these nights are taken already",
      errors: [{ field: "dateFrom", message: "Some of these nights are already taken.", type: "nights_taken" }],
    });
    expect(await nightsOf(unitId)).toEqual([`${d("08-10")}:manual`]);
  });

  it("unblocks manual blocks only: booked, imported and paused nights stay taken", async () => {
    const { token, calendar, unitId, unit } = await hostWithUnit();
    const db = database(env.DB);
    const row = await unitRow(unitId);
    await takeNights(db, row, "booking", "bkg_guest", { dateFrom: d("09-05"), dateTo: d("09-08") });
    await takeNights(db, row, "external", "ext_airbnb", { dateFrom: d("09-10"), dateTo: d("09-11") });
    await api(token, "POST", `${unit}/calendar-action`, { status: "PAUSED", dateFrom: d("09-12"), dateTo: d("09-13") });
    await api(token, "POST", `${calendar}/block`, { dateFrom: d("09-01"), dateTo: d("09-05") });
    await api(token, "POST", `${calendar}/block`, { dateFrom: d("09-08"), dateTo: d("09-10") });

    const unblocked = await api(token, "POST", `${calendar}/unblock`, { dateFrom: d("09-01"), dateTo: d("09-30") });
    expect(unblocked.status).toBe(200);
    const { dateFrom, dateTo, opened, items } = await json<{ dateFrom: string; dateTo: string; opened: number; items: Event[] }>(unblocked);
    // The answer counts the nights it opened: the four of the first block and the two of the second.
    expect({ dateFrom, dateTo, opened }).toEqual({ dateFrom: d("09-01"), dateTo: d("09-30"), opened: 6 });
    expect(items.map((e) => `${e.id}:${e.kind}:${e.dateFrom}..${e.dateTo}`)).toEqual([
      `bkg_guest:booking:${d("09-05")}..${d("09-08")}`,
      `ext_airbnb:external:${d("09-10")}..${d("09-11")}`,
      expect.stringMatching(new RegExp(`^pse_\\w+:pause:${d("09-12")}\\.\\.${d("09-13")}$`)),
    ]);
    expect(await nightsOf(unitId)).toEqual([`${d("09-05")}:booking`, `${d("09-06")}:booking`, `${d("09-07")}:booking`, `${d("09-10")}:external`, `${d("09-12")}:pause`]);
  });

  it("answers how many nights an unblock opened: none where the range holds no block of the host's, whatever else takes its nights", async () => {
    const { token, calendar, unitId, unit } = await hostWithUnit();
    const row = await unitRow(unitId);
    await takeNights(database(env.DB), row, "booking", "bkg_stay", { dateFrom: d("11-05"), dateTo: d("11-08") });
    await api(token, "POST", `${unit}/calendar-action`, { status: "PAUSED", dateFrom: d("11-10"), dateTo: d("11-12") });
    const opened = async (dateFrom: string, dateTo: string) => {
      const answer = await api(token, "POST", `${calendar}/unblock`, { dateFrom, dateTo });
      expect(answer.status).toBe(200);
      return (await json<{ opened: number; items: Event[] }>(answer)).opened;
    };
    // Open already, a guest's stay, a pause: nothing to open, and nothing changes.
    expect(await opened(d("11-01"), d("11-04"))).toBe(0);
    expect(await opened(d("11-05"), d("11-08"))).toBe(0);
    expect(await opened(d("11-10"), d("11-12"))).toBe(0);
    const before = await nightsOf(unitId);
    expect(before).toHaveLength(5);

    // A block reaching past the range: only its nights within the range are opened and counted; the rest later.
    expect((await api(token, "POST", `${calendar}/block`, { dateFrom: d("11-20"), dateTo: d("11-25") })).status).toBe(201);
    expect(await opened(d("11-18"), d("11-22"))).toBe(2);
    expect(await opened(d("11-18"), d("11-22"))).toBe(0);
    expect(await opened(d("11-01"), d("11-30"))).toBe(3);
    expect(await nightsOf(unitId)).toEqual(before);
  });

  it("unblocks part of a block: the nights before and after stay blocked, each its own event", async () => {
    const { token, calendar } = await hostWithUnit();
    const { id } = await json<Event>(await api(token, "POST", `${calendar}/block`, { dateFrom: d("10-01"), dateTo: d("10-11") }));
    const { items } = await json<{ items: Event[] }>(await api(token, "POST", `${calendar}/unblock`, { dateFrom: d("10-04"), dateTo: d("10-06") }));
    expect(items).toEqual([]);
    const all = await json<{ items: Event[] }>(await api(token, "GET", `${calendar}?dateFrom=${d("10-01")}&dateTo=${d("10-31")}`));
    expect(all.items.map((e) => `${e.dateFrom}..${e.dateTo}`)).toEqual([`${d("10-01")}..${d("10-04")}`, `${d("10-06")}..${d("10-11")}`]);
    expect(all.items[0]!.id).toBe(id);
    expect(all.items[1]!.id).not.toBe(id);
  });

  const badRanges: [string, Record<string, string>, string][] = [
    ["end before start", { dateFrom: d("05-10"), dateTo: d("05-01") }, "dateTo:period_invalid"],
    ["no night (end on the start)", { dateFrom: d("05-10"), dateTo: d("05-10") }, "dateTo:period_invalid"],
    ["more than two years", { dateFrom: d("05-01"), dateTo: `${YEAR + 2}-05-03` }, "dateTo:period_too_long"],
    ["30 February", { dateFrom: d("02-30"), dateTo: d("03-02") }, "dateFrom:date_invalid"],
    ["no end", { dateFrom: d("05-01") }, "dateTo:required"],
  ];

  it.each([...badRanges, ["an unknown field", { dateFrom: d("05-01"), dateTo: d("05-02"), guests: "2" }, "null:unknown_field"]])(
    "refuses %s with 400 on block and unblock",
    async (_, range, expected) => {
      const { token, calendar, unitId } = await hostWithUnit();
      for (const path of [`${calendar}/block`, `${calendar}/unblock`]) {
        const response = await api(token, "POST", path, range);
        expect(response.status).toBe(400);
        expect((await json<FieldErrorBody>(response)).errors.map((e) => `${e.field}:${e.type}`)).toContain(expected);
      }
      expect(await nightsOf(unitId)).toEqual([]);
    },
  );

  it.each(badRanges)("refuses %s with 400 on the list", async (_, range, expected) => {
    const { token, calendar } = await hostWithUnit();
    const listed = await api(token, "GET", `${calendar}?${new URLSearchParams(range).toString()}`);
    expect(listed.status).toBe(400);
    expect((await json<FieldErrorBody>(listed)).errors.map((e) => `${e.field}:${e.type}`)).toContain(expected);
  });

  it("answers 404 for an unknown unit and for another host's, and changes nothing of it", async () => {
    const owner = await hostWithUnit();
    await api(owner.token, "POST", `${owner.calendar}/block`, { dateFrom: d("04-01"), dateTo: d("04-03") });
    const intruder = await hostWithUnit();
    const range = { dateFrom: d("04-01"), dateTo: d("04-10") };
    for (const calendar of ["/properties/unt_missing/unavailabilities", owner.calendar]) {
      expect((await api(intruder.token, "GET", `${calendar}?dateFrom=${range.dateFrom}&dateTo=${range.dateTo}`)).status).toBe(404);
      expect((await api(intruder.token, "POST", `${calendar}/block`, range)).status).toBe(404);
      expect((await api(intruder.token, "POST", `${calendar}/unblock`, range)).status).toBe(404);
    }
    expect(await nightsOf(owner.unitId)).toEqual([`${d("04-01")}:manual`, `${d("04-02")}:manual`]);
  });

  // A long timeout: 200 requests through the token check and D1 on a shared 2-core machine.
  it("lets exactly one of 200 simultaneous blocks of the same night through; the others answer 409", async () => {
    const { token, calendar, unitId } = await hostWithUnit();
    const night = { dateFrom: d("12-24"), dateTo: d("12-25") };
    const responses = await Promise.all(Array.from({ length: 200 }, () => api(token, "POST", `${calendar}/block`, night)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    await Promise.all(responses.map((r) => r.body?.cancel()));
    const { results } = await env.DB.prepare("SELECT COUNT(*) AS n FROM taken_nights WHERE night = ? AND unit_id = (SELECT id FROM property_units WHERE public_id = ?)").bind(night.dateFrom, unitId).all<{ n: number }>();
    expect(results[0]!.n).toBe(1);
  }, 60_000);
});

describe("past days", () => {
  // Two days back in UTC is before today in every zone a unit can be in.
  const past = addDays(todayUtc(), -2);
  const inPast = { message: "Validation failed", errors: [{ field: "dateFrom", message: "These days are in the past: choose today or a later day as the first day.", type: "nights_in_past" }] };

  it("refuses to block, pause or price a range that starts before the unit's today, and writes nothing", async () => {
    const { token, calendar, unit, unitId } = await hostWithUnit();
    const range = { dateFrom: past, dateTo: addDays(past, 4) };
    const blocked = await api(token, "POST", `${calendar}/block`, range);
    expect(blocked.status).toBe(400);
    expect(await json(blocked)).toEqual(inPast);
    const paused = await api(token, "POST", `${unit}/calendar-action`, { status: "PAUSED", ...range });
    expect(paused.status).toBe(400);
    expect(await json(paused)).toEqual(inPast);
    const priced = await api(token, "PATCH", `${unit}/calendar-price-configuration`, { dateFrom: past, dateTo: past, price: 9_000 });
    expect(priced.status).toBe(400);
    expect(await json(priced)).toEqual(inPast);
    expect(await nightsOf(unitId)).toEqual([]);
    const { results } = await env.DB.prepare("SELECT date FROM unit_day_overrides WHERE unit_id = (SELECT id FROM property_units WHERE public_id = ?)").bind(unitId).all();
    expect(results).toEqual([]);
    // From today on, the same calls go through.
    expect((await api(token, "POST", `${calendar}/block`, { dateFrom: addDays(todayUtc(), 2), dateTo: addDays(todayUtc(), 3) })).status).toBe(201);
  });

  it("still unblocks and resumes past nights: they only open what was closed", async () => {
    const { token, calendar, unit, unitId } = await hostWithUnit();
    const db = database(env.DB);
    const row = await unitRow(unitId);
    await takeNights(db, row, "manual", "blk_old", { dateFrom: past, dateTo: addDays(past, 1) });
    await takeNights(db, row, "pause", "pse_old", { dateFrom: addDays(past, 1), dateTo: addDays(past, 2) });
    expect((await api(token, "POST", `${calendar}/unblock`, { dateFrom: past, dateTo: addDays(past, 1) })).status).toBe(200);
    expect((await api(token, "POST", `${unit}/calendar-action`, { status: "AVAILABLE", dateFrom: addDays(past, 1), dateTo: addDays(past, 2) })).status).toBe(200);
    expect(await nightsOf(unitId)).toEqual([]);
  });
});

describe("pausing bookings", () => {
  it("pauses and resumes a range of nights, and the whole calendar without dates", async () => {
    const { token, unit, unitId } = await hostWithUnit();
    const paused = await api(token, "POST", `${unit}/calendar-action`, { status: "PAUSED", dateFrom: d("03-01"), dateTo: d("03-04") });
    expect(paused.status).toBe(200);
    expect(await json(paused)).toEqual({ calendarAvailability: { status: "AVAILABLE" }, dateFrom: d("03-01"), dateTo: d("03-04") });
    expect(await nightsOf(unitId)).toEqual([`${d("03-01")}:pause`, `${d("03-02")}:pause`, `${d("03-03")}:pause`]);

    // Pausing nights already taken is refused whole.
    expect((await api(token, "POST", `${unit}/calendar-action`, { status: "PAUSED", dateFrom: d("03-03"), dateTo: d("03-06") })).status).toBe(409);

    await api(token, "POST", `${unit}/calendar-action`, { status: "AVAILABLE", dateFrom: d("03-02"), dateTo: d("03-03") });
    expect(await nightsOf(unitId)).toEqual([`${d("03-01")}:pause`, `${d("03-03")}:pause`]);

    const list = await json<PriceList>(await api(token, "GET", `${unit}/price-list?dateFrom=${d("03-01")}&dateTo=${d("03-04")}`));
    expect(list.days.map((day) => day.availability)).toEqual(["PAUSED", "NEUTRAL", "PAUSED", "NEUTRAL"]);

    // Without dates: the whole calendar, as the listing wizard sets it.
    expect(await json(await api(token, "POST", `${unit}/calendar-action`, { status: "PAUSED" }))).toEqual({ calendarAvailability: { status: "PAUSED" } });
    const whole = await json<PriceList>(await api(token, "GET", `${unit}/price-list?dateFrom=${d("03-01")}&dateTo=${d("03-04")}`));
    expect(whole.calendarAvailability.status).toBe("PAUSED");
    expect(whole.days.map((day) => day.availability)).toEqual(["PAUSED", "PAUSED", "PAUSED", "PAUSED"]);
  });

  it.each([
    [{ status: "PAUSED", dateFrom: d("03-01") }, "dateTo:required"],
    [{ status: "PAUSED", dateTo: d("03-01") }, "dateFrom:required"],
    [{ status: "PAUSED", dateFrom: d("03-05"), dateTo: d("03-01") }, "dateTo:period_invalid"],
    [{ status: "AVAILABLE", dateFrom: d("03-01"), dateTo: `${YEAR + 3}-03-01` }, "dateTo:period_too_long"],
    [{ status: "PAUSED", dateFrom: "tomorrow", dateTo: d("03-01") }, "dateFrom:date_invalid"],
  ])("refuses %o with 400", async (body, expected) => {
    const { token, unit } = await hostWithUnit();
    const response = await api(token, "POST", `${unit}/calendar-action`, body);
    expect(response.status).toBe(400);
    expect((await json<FieldErrorBody>(response)).errors.map((e) => `${e.field}:${e.type}`)).toContain(expected);
  });
});

describe("the price list as the calendar reads it", () => {
  it("shows each day's price, rules, availability and the events taking it", async () => {
    const { token, unit, calendar, unitId } = await hostWithUnit();
    await api(token, "PUT", `${unit}/price-configuration`, { nightlyPrice: 10_000, minStay: 2 });
    const db = database(env.DB);
    await takeNights(db, await unitRow(unitId), "booking", "bkg_stay", { dateFrom: d("06-02"), dateTo: d("06-04") });
    const block = await json<Event>(await api(token, "POST", `${calendar}/block`, { dateFrom: d("06-05"), dateTo: d("06-06") }));
    await api(token, "PATCH", `${unit}/calendar-price-configuration`, { dateFrom: d("06-05"), dateTo: d("06-06"), price: 15_000, closedToArrival: true });

    const response = await api(token, "GET", `${unit}/price-list?dateFrom=${d("06-01")}&dateTo=${d("06-06")}`);
    const list = await json<PriceList>(response);
    expect(list.days.map((day) => `${day.date.slice(5)} ${day.price} ${day.availability} ${day.events.join(",")}`)).toEqual([
      "06-01 10000 AVAILABLE ",
      "06-02 10000 BLOCKED bkg_stay",
      "06-03 10000 BLOCKED bkg_stay",
      "06-04 10000 AVAILABLE ",
      `06-05 15000 BLOCKED ${block.id}`,
      "06-06 15000 AVAILABLE ",
    ]);
    expect(list.days[5]).toMatchObject({ closedToArrival: true, closedToDeparture: false, minimalLengthOfStay: 2 });
    expect(list.events).toEqual([
      { id: "bkg_stay", dateFrom: d("06-02"), dateTo: d("06-04"), source: "booking", kind: "booking", children: [] },
      block,
    ]);
  });

  it("reads a whole year, its events and blocked days", async () => {
    const { token, unit, calendar } = await hostWithUnit();
    await api(token, "PUT", `${unit}/price-configuration`, { nightlyPrice: 10_000 });
    for (let month = 1; month <= 12; month++) {
      const from = `${YEAR}-${String(month).padStart(2, "0")}-10`;
      await api(token, "POST", `${calendar}/block`, { dateFrom: from, dateTo: addDays(from, 2) });
    }
    const response = await api(token, "GET", `${unit}/price-list?dateFrom=${YEAR}-01-01&dateTo=${YEAR}-12-31`);
    const list = await json<PriceList>(response);
    expect(list.events).toHaveLength(12);
    expect(list.days.filter((day) => day.availability === "BLOCKED")).toHaveLength(24);
    expect(response.headers.get("etag")).toBe(`"${list.version}"`);
  });
});

describe("takeNights, the service bookings and imports use", () => {
  it("takes every night of a stay as one owner, and refuses a range without nights before writing", async () => {
    const { unitId } = await hostWithUnit();
    const db = database(env.DB);
    const row = await unitRow(unitId);
    await takeNights(db, row, "booking", "bkg_leap", { dateFrom: `${LEAP}-02-28`, dateTo: `${LEAP}-03-02` });
    expect(await nightsOf(unitId)).toEqual([`${LEAP}-02-28:booking`, `${LEAP}-02-29:booking`, `${LEAP}-03-01:booking`]);
    await expect(takeNights(db, row, "booking", "bkg_empty", { dateFrom: d("05-01"), dateTo: d("05-01") })).rejects.toThrow(RangeError);
    await expect(takeNights(db, row, "external", "ext_over", { dateFrom: `${LEAP}-03-01`, dateTo: `${LEAP}-03-03` })).rejects.toMatchObject({ status: 409 });
    expect(await nightsOf(unitId)).toHaveLength(3);
  });

  it("finds the stays around a stay for the preparation time, never a manual block or a pause", async () => {
    const { unitId } = await hostWithUnit();
    const db = database(env.DB);
    const row = await unitRow(unitId);
    const stay = { checkIn: d("06-10"), checkOut: d("06-14") };
    expect(await neighbouringStays(db, row.id, stay)).toEqual({ lastNightBefore: null, firstNightAfter: null });
    await takeNights(db, row, "booking", "bkg_before", { dateFrom: d("06-01"), dateTo: d("06-05") });
    await takeNights(db, row, "manual", "blk_close", { dateFrom: d("06-07"), dateTo: d("06-10") });
    await takeNights(db, row, "external", "ext_after", { dateFrom: d("06-15"), dateTo: d("06-17") });
    await takeNights(db, row, "pause", "pse_later", { dateFrom: d("06-14"), dateTo: d("06-15") });
    expect(await neighbouringStays(db, row.id, stay)).toEqual({ lastNightBefore: d("06-04"), firstNightAfter: d("06-15") });
  });
});

describe("the units the unit calendar lists, with the shell's call", () => {
  it("answers the units of the property list's first page in its order, as the calendar lists them, and only the host's", async () => {
    const { token, unitId: flat } = await hostWithUnit();
    const block = await json<{ id: string; unitIds: string[] }>(await api(token, "POST", "/properties", { propertyType: "multi", title: "Block" }));
    const second = await json<{ propertyUnitPublicId: string }>(await api(token, "POST", `/properties/${block.id}/units`, { title: "B" }));
    const other = await hostWithUnit();
    type Listed = { items: { id: string; title: string; propertyType: string; units: { id: string; title: string }[] }[] };
    const list = await json<Listed>(await api(token, "GET", "/property-list?page=1"));
    const fromList = list.items.flatMap((p) => p.units.map((u) => ({ id: u.id, propertyId: p.id, title: u.title || p.title, propertyTitle: p.propertyType === "multi" ? p.title : null })));
    const shell = await json<{ calendarUnits: unknown[] }>(await api(token, "GET", "/shell?calendarUnits=true"));
    expect(shell.calendarUnits).toEqual(fromList);
    expect(fromList.map((u) => u.id)).toEqual(expect.arrayContaining([flat, second.propertyUnitPublicId, ...block.unitIds]));
    expect(fromList.map((u) => u.id)).not.toContain(other.unitId);
    expect(shell.calendarUnits).toContainEqual({ id: second.propertyUnitPublicId, propertyId: block.id, title: "B", propertyTitle: "Block" });
  });
});
