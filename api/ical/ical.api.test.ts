import { createScheduledController, env, SELF } from "cloudflare:test";
import { afterAll, describe, expect, inject, it } from "vitest";
import { addDays, todayIn } from "@domain/dates";
import type { IcalFeed } from "@contract/ical";
import { database } from "@api/db/client";
import worker from "@api/test-worker";
import { takeNights } from "@api/calendar/taken-nights";
import { api, BASE, createUser, signIn } from "@api/test/helpers";

/** The calendar server of the tests (scripts/ical-feed-server.ts), on this machine. */
const FEEDS = inject("icalFeedServer");
// The feeds' dates are days from the UTC day the calendar server fills them in with (`{{D+10}}`,
// scripts/ical-feed-server.ts): the expected days count from the same day, also in the hour when
// Berlin has already begun the next one.
const TODAY = todayIn("UTC");
const day = (offset: number) => addDays(TODAY, offset);

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** A signed-in host with a unit in Berlin. */
async function hostWithUnit() {
  const host = await createUser();
  const { access_token: token } = await signIn(host.email);
  const created = await api(token, "POST", "/properties", { propertyType: "single", title: "Harbour flat" });
  const unitId = (await json<{ unitIds: string[] }>(created)).unitIds[0]!;
  await env.DB.prepare("UPDATE properties SET country_code = 'DE', city = 'Berlin' WHERE public_id = (SELECT p.public_id FROM properties p JOIN property_units u ON u.property_id = p.id WHERE u.public_id = ?)").bind(unitId).run();
  const row = (await env.DB.prepare("SELECT id, host_user_id AS hostUserId FROM property_units WHERE public_id = ?").bind(unitId).first<{ id: number; hostUserId: number }>())!;
  return { host, token, unitId, row, feeds: `/property-unit/${unitId}/ical-feeds` };
}

/** Puts a feed on the calendar server (its text with `{{D+n}}` dates), answering with `status`. */
async function serveFeed(text: string, status = 200): Promise<string> {
  const key = crypto.randomUUID();
  await putFeed(key, text, status);
  return key;
}
async function putFeed(key: string, text: string, status = 200) {
  const response = await fetch(`${FEEDS}/feeds/${key}`, { method: "PUT", body: text, headers: { "x-status": String(status) } });
  expect(response.status).toBe(204);
}

async function addFeed(token: string, feeds: string, url: string, name = "Airbnb") {
  return api(token, "POST", feeds, { name, url });
}

async function nightsOf(unitId: string) {
  const { results } = await env.DB.prepare("SELECT night, kind, owner_id AS ownerId FROM taken_nights WHERE unit_id = (SELECT id FROM property_units WHERE public_id = ?) ORDER BY night")
    .bind(unitId)
    .all<{ night: string; kind: string; ownerId: string }>();
  return results;
}

/** The runs of external nights as `from..to` (the morning after the last night), one per owner. */
async function externalRuns(unitId: string) {
  const runs: { owner: string; from: string; to: string }[] = [];
  for (const n of (await nightsOf(unitId)).filter((r) => r.kind === "external")) {
    const last = runs.at(-1);
    if (last && last.owner === n.ownerId && last.to === n.night) last.to = addDays(n.night, 1);
    else runs.push({ owner: n.ownerId, from: n.night, to: addDays(n.night, 1) });
  }
  return runs;
}
const compact = (date: string) => date.replaceAll("-", "");
/** Fires the Worker's cron trigger (wrangler.jsonc) as the platform does, at `at`. */
const cron = (at: Date) => worker.scheduled(createScheduledController({ cron: "*/15 * * * *", scheduledTime: at }), env);
const spans = (runs: { from: string; to: string }[]) => runs.map((r) => `${r.from}..${r.to}`);

// The files of a vitest worker share its D1, and other files fire the cron too (at times far ahead):
// the feeds made here, some of which answer slowly on purpose, are never due for them.
afterAll(async () => {
  await env.DB.prepare("UPDATE ical_feeds SET next_sync_at = 9e15").run();
});

const event = (uid: string, from: number, to: number, summary = "Reserved") =>
  `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTART;VALUE=DATE:{{D+${from}}}\r\nDTEND;VALUE=DATE:{{D+${to}}}\r\nSUMMARY:${summary}\r\nEND:VEVENT\r\n`;
const calendar = (...events: string[]) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tests//EN\r\n${events.join("")}END:VCALENDAR\r\n`;

describe("importing a feed", () => {
  it("adds a feed, reads it at once and takes its stays' nights as external events the calendar shows", async () => {
    const { token, feeds, unitId } = await hostWithUnit();
    const added = await addFeed(token, feeds, `${FEEDS}/fixtures/airbnb.ics`);
    expect(added.status).toBe(201);
    const feed = await json<IcalFeed>(added);
    expect(feed).toMatchObject({ name: "Airbnb", status: "ok", eventCount: 3, failure: null, conflicts: [], intervalMinutes: 15 });
    expect(feed.id).toMatch(/^icf_/);
    expect(Date.parse(feed.lastSyncAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(spans(await externalRuns(unitId))).toEqual([`${day(10)}..${day(14)}`, `${day(14)}..${day(17)}`, `${day(20)}..${day(23)}`]);

    const shown = await json<{ items: { id: string; dateFrom: string; dateTo: string; source: string }[] }>(
      await api(token, "GET", `/properties/${unitId}/unavailabilities?dateFrom=${day(0)}&dateTo=${day(60)}`),
    );
    expect(shown.items.map((e) => `${e.source} ${e.dateFrom}..${e.dateTo}`)).toEqual([`external ${day(10)}..${day(14)}`, `external ${day(14)}..${day(17)}`, `external ${day(20)}..${day(23)}`]);
    expect(shown.items[0]!.id).toMatch(/^ext_/);

    const list = await json<{ items: IcalFeed[] }>(await api(token, "GET", feeds));
    expect(list.items).toEqual([feed]);
  });

  it("syncs again without duplicating anything, moves a moved event's nights and frees a removed one's", async () => {
    const { token, feeds, unitId } = await hostWithUnit();
    const key = await serveFeed(calendar(event("stay-a@x", 5, 8), event("stay-b@x", 12, 15), event("stay-c@x", 20, 22)));
    const feed = await json<IcalFeed>(await addFeed(token, feeds, `${FEEDS}/feeds/${key}`));
    const first = await externalRuns(unitId);
    expect(spans(first)).toEqual([`${day(5)}..${day(8)}`, `${day(12)}..${day(15)}`, `${day(20)}..${day(22)}`]);

    const again = await api(token, "POST", `${feeds}/${feed.id}/sync`);
    expect(again.status).toBe(200);
    expect(await externalRuns(unitId)).toEqual(first);

    // stay-b moves two days later and grows by a night; stay-c is gone.
    await putFeed(key, calendar(event("stay-a@x", 5, 8), event("stay-b@x", 14, 18)));
    const synced = await json<IcalFeed>(await api(token, "POST", `${feeds}/${feed.id}/sync`));
    expect(synced).toMatchObject({ status: "ok", eventCount: 2 });
    const after = await externalRuns(unitId);
    expect(spans(after)).toEqual([`${day(5)}..${day(8)}`, `${day(14)}..${day(18)}`]);
    // The moved stay keeps its event id: matched by its UID.
    expect(after[1]!.owner).toBe(first[1]!.owner);
    expect(after[0]!.owner).toBe(first[0]!.owner);
  });

  it("lets one of several simultaneous syncs of a feed apply, and takes every night once", async () => {
    const { token, feeds, unitId } = await hostWithUnit();
    const key = await serveFeed(calendar(event("stay-a@x", 5, 8)));
    const feed = await json<IcalFeed>(await addFeed(token, feeds, `${FEEDS}/feeds/${key}`));
    await putFeed(key, calendar(event("stay-a@x", 6, 10), event("stay-b@x", 12, 14)));
    const answers = await Promise.all(Array.from({ length: 5 }, () => api(token, "POST", `${feeds}/${feed.id}/sync`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(spans(await externalRuns(unitId))).toEqual([`${day(6)}..${day(10)}`, `${day(12)}..${day(14)}`]);
    const nights = (await nightsOf(unitId)).map((n) => n.night);
    expect(new Set(nights).size).toBe(nights.length);
    const stays = await env.DB.prepare("SELECT count(*) AS n FROM ical_feed_stays WHERE feed_id = (SELECT id FROM ical_feeds WHERE public_id = ?)").bind(feed.id).first<{ n: number }>();
    expect(stays!.n).toBe(2);
  });

  it("reads one stay told by several overlapping events as one event", async () => {
    const { token, feeds, unitId } = await hostWithUnit();
    const feed = await json<IcalFeed>(await addFeed(token, feeds, `${FEEDS}/fixtures/booking.ics`, "Booking.com"));
    expect(feed).toMatchObject({ status: "ok", eventCount: 3, conflicts: [] });
    expect(spans(await externalRuns(unitId))).toEqual([`${day(30)}..${day(36)}`, `${day(40)}..${day(41)}`]);
  });

  it("leaves cancelled events out", async () => {
    const { token, feeds, unitId } = await hostWithUnit();
    await addFeed(token, feeds, `${FEEDS}/fixtures/cancelled.ics`, "Vrbo");
    expect(spans(await externalRuns(unitId))).toEqual([`${day(56)}..${day(58)}`]);
  });
});

describe("a feed that fails changes nothing", () => {
  const failures: [string, string, string][] = [
    ["an HTTP error", "/status/503", "http_status"],
    ["no answer in time", "/slow", "timeout"],
    ["an answer that is no calendar", "/html", "unparsable"],
    ["a calendar cut off", "/fixtures/malformed.ics", "unparsable"],
    ["too many redirects", "/redirect/5/fixtures/airbnb.ics", "too_many_redirects"],
    ["too much data", "/big", "too_large"],
  ];
  for (const [what, path, reason] of failures) {
    it(`keeps the nights and marks the feed failing on ${what}`, async () => {
      const { token, feeds, unitId } = await hostWithUnit();
      const key = await serveFeed(calendar(event("stay-a@x", 5, 8)));
      const feed = await json<IcalFeed>(await addFeed(token, feeds, `${FEEDS}/feeds/${key}`));
      const before = await nightsOf(unitId);
      expect(before).toHaveLength(3);
      // The feed's address now answers badly: the same feed row, pointed at the failing path.
      await env.DB.prepare("UPDATE ical_feeds SET url = ? WHERE public_id = ?").bind(`${FEEDS}${path}`, feed.id).run();
      const failed = await json<IcalFeed>(await api(token, "POST", `${feeds}/${feed.id}/sync`));
      expect(failed).toMatchObject({ status: "failing", eventCount: 1, failure: { reason } });
      expect(failed.failure!.detail).not.toBe("");
      expect(Date.parse(failed.lastSyncAt!)).toBeGreaterThan(Date.parse(feed.lastSyncAt!) - 1);
      expect(failed.lastSuccessAt).toBe(feed.lastSuccessAt);
      expect(await nightsOf(unitId)).toEqual(before);
    });
  }

  it("follows a few redirects", async () => {
    const { token, feeds, unitId } = await hostWithUnit();
    const feed = await json<IcalFeed>(await addFeed(token, feeds, `${FEEDS}/redirect/3/fixtures/airbnb.ics`));
    expect(feed).toMatchObject({ status: "ok", eventCount: 3 });
    expect(await externalRuns(unitId)).toHaveLength(3);
  });

  it("keeps a feed that fails at once, failing, and takes its nights once it answers", async () => {
    const { token, feeds, unitId } = await hostWithUnit();
    const key = crypto.randomUUID();
    await putFeed(key, calendar(event("stay-a@x", 5, 8)), 500);
    const added = await addFeed(token, feeds, `${FEEDS}/feeds/${key}`);
    expect(added.status).toBe(201);
    const feed = await json<IcalFeed>(added);
    expect(feed).toMatchObject({ status: "failing", failure: { reason: "http_status", detail: "HTTP 500" }, lastSuccessAt: null });
    await putFeed(key, calendar(event("stay-a@x", 5, 8)));
    expect(await json<IcalFeed>(await api(token, "POST", `${feeds}/${feed.id}/sync`))).toMatchObject({ status: "ok", failure: null, eventCount: 1 });
    expect(spans(await externalRuns(unitId))).toEqual([`${day(5)}..${day(8)}`]);
  });

  it("does not free a full feed's nights when it comes back empty, unless the host says so", async () => {
    const { token, feeds, unitId } = await hostWithUnit();
    const key = await serveFeed(calendar(event("stay-a@x", 5, 8), event("stay-b@x", 12, 15)));
    const feed = await json<IcalFeed>(await addFeed(token, feeds, `${FEEDS}/feeds/${key}`));
    const before = await nightsOf(unitId);
    await putFeed(key, await (await fetch(`${FEEDS}/fixtures/empty.ics`)).text());
    const failed = await json<IcalFeed>(await api(token, "POST", `${feeds}/${feed.id}/sync`));
    expect(failed).toMatchObject({ status: "failing", eventCount: 2, failure: { reason: "empty_after_full" } });
    expect(await nightsOf(unitId)).toEqual(before);

    const accepted = await json<IcalFeed>(await api(token, "POST", `${feeds}/${feed.id}/sync`, { acceptEmpty: true }));
    expect(accepted).toMatchObject({ status: "ok", eventCount: 0, failure: null });
    expect(await nightsOf(unitId)).toEqual([]);
    // Empty from then on is simply empty.
    expect(await json<IcalFeed>(await api(token, "POST", `${feeds}/${feed.id}/sync`))).toMatchObject({ status: "ok", eventCount: 0 });
  });
});

describe("conflicts with our own calendar", () => {
  it("never takes a night of a block or booking of ours: the stay keeps the others, is shown as overlapping and flagged", async () => {
    const { token, feeds, unitId, row } = await hostWithUnit();
    const db = database(env.DB);
    await takeNights(db, row, "booking", "bkg_ours", { dateFrom: day(6), dateTo: day(7) });
    expect((await api(token, "POST", `/properties/${unitId}/unavailabilities/block`, { dateFrom: day(13), dateTo: day(14) })).status).toBe(201);
    const key = await serveFeed(calendar(event("stay-a@x", 5, 8), event("stay-b@x", 12, 15), event("stay-c@x", 20, 22)));
    const feed = await json<IcalFeed>(await addFeed(token, feeds, `${FEEDS}/feeds/${key}`));
    expect(feed.status).toBe("ok");
    expect(feed.conflicts.map((c) => ({ dateFrom: c.dateFrom, dateTo: c.dateTo, overlaps: c.overlaps, summary: c.summary }))).toEqual([
      { dateFrom: day(5), dateTo: day(8), overlaps: ["booking"], summary: "Reserved" },
      { dateFrom: day(12), dateTo: day(15), overlaps: ["manual"], summary: "Reserved" },
    ]);
    const nights = await nightsOf(unitId);
    expect(nights.filter((n) => n.night === day(6) || n.night === day(13)).map((n) => n.kind)).toEqual(["booking", "manual"]);
    expect(nights.filter((n) => n.kind === "external").map((n) => n.night)).toEqual([day(5), day(7), day(12), day(14), day(20), day(21)]);

    // Unblocked, the next sync takes the night; the booking's stays the booking's.
    expect((await api(token, "POST", `/properties/${unitId}/unavailabilities/unblock`, { dateFrom: day(13), dateTo: day(14) })).status).toBe(200);
    const synced = await json<IcalFeed>(await api(token, "POST", `${feeds}/${feed.id}/sync`));
    expect(synced.conflicts.map((c) => c.dateFrom)).toEqual([day(5)]);
    expect((await nightsOf(unitId)).find((n) => n.night === day(13))?.kind).toBe("external");
  });

  it("shows an overlapping import in the price list as one multi event with the stay whole and what holds its nights; another host's unit answers 404", async () => {
    const { token, feeds, unitId } = await hostWithUnit();
    expect((await api(token, "POST", `/properties/${unitId}/unavailabilities/block`, { dateFrom: day(6), dateTo: day(8) })).status).toBe(201);
    const key = await serveFeed(calendar(event("stay-a@x", 5, 7), event("stay-b@x", 20, 22)));
    const feed = await json<IcalFeed>(await addFeed(token, feeds, `${FEEDS}/feeds/${key}`));
    const stay = feed.conflicts[0]!;
    expect(feed.conflicts).toHaveLength(1);

    type ListedEvent = { id: string; dateFrom: string; dateTo: string; source: string; kind: string; children: { id: string; dateFrom: string; dateTo: string; source: string }[] };
    const path = `/property-unit/${unitId}/price-list?dateFrom=${day(0)}&dateTo=${day(30)}`;
    const listed = await api(token, "GET", path);
    expect(listed.status).toBe(200);
    const { events, days } = await json<{ events: ListedEvent[]; days: { date: string; events: string[] }[] }>(listed);
    const block = days.find((d) => d.date === day(6))!.events[0]!;
    expect(events.map((e) => `${e.source} ${e.dateFrom}..${e.dateTo}`)).toEqual([`multi ${day(5)}..${day(8)}`, `external ${day(20)}..${day(22)}`]);
    expect(events[0]).toMatchObject({ id: `multi_${stay.id}`, kind: "external" });
    expect(events[0]!.children.map((c) => `${c.id} ${c.source} ${c.dateFrom}..${c.dateTo}`)).toEqual([`${stay.id} external ${day(5)}..${day(7)}`, `${block} manual ${day(6)}..${day(8)}`]);
    expect(events[1]!.children).toEqual([]);

    // A range that leaves the stay out has no multi event, and another host's unit is not found.
    const later = await json<{ events: ListedEvent[] }>(await api(token, "GET", `/property-unit/${unitId}/price-list?dateFrom=${day(15)}&dateTo=${day(30)}`));
    expect(later.events.map((e) => e.source)).toEqual(["external"]);
    const other = await hostWithUnit();
    expect((await api(other.token, "GET", path)).status).toBe(404);
  });

  it("blocks nobody out: our block of an imported night is refused, the night is the feed's", async () => {
    const { token, feeds, unitId } = await hostWithUnit();
    await addFeed(token, feeds, `${FEEDS}/fixtures/airbnb.ics`);
    const refused = await api(token, "POST", `/properties/${unitId}/unavailabilities/block`, { dateFrom: day(11), dateTo: day(12) });
    expect(refused.status).toBe(409);
  });
});

describe("managing feeds", () => {
  it("renames a feed, and removing it frees its nights only", async () => {
    const { token, feeds, unitId } = await hostWithUnit();
    const airbnb = await json<IcalFeed>(await addFeed(token, feeds, `${FEEDS}/fixtures/airbnb.ics`));
    await addFeed(token, feeds, `${FEEDS}/fixtures/booking.ics`, "Booking.com");
    await api(token, "POST", `/properties/${unitId}/unavailabilities/block`, { dateFrom: day(60), dateTo: day(61) });
    expect(await json<IcalFeed>(await api(token, "PATCH", `${feeds}/${airbnb.id}`, { name: "Airbnb – loft" }))).toMatchObject({ id: airbnb.id, name: "Airbnb – loft", status: "ok" });

    expect((await api(token, "DELETE", `${feeds}/${airbnb.id}`)).status).toBe(204);
    expect(spans(await externalRuns(unitId))).toEqual([`${day(30)}..${day(36)}`, `${day(40)}..${day(41)}`]);
    expect((await nightsOf(unitId)).filter((n) => n.kind === "manual")).toHaveLength(1);
    expect((await json<{ items: IcalFeed[] }>(await api(token, "GET", feeds))).items.map((f) => f.name)).toEqual(["Booking.com"]);
    expect((await api(token, "DELETE", `${feeds}/${airbnb.id}`)).status).toBe(404);
  });

  it("refuses an address that is no http(s) calendar address, and the same calendar twice", async () => {
    const { token, feeds } = await hostWithUnit();
    const refused = await addFeed(token, feeds, "ftp://calendar.example.com/feed.ics");
    expect(refused.status).toBe(400);
    expect((await json<{ errors: { field: string; type: string }[] }>(refused)).errors).toEqual([expect.objectContaining({ field: "url", type: "ical_url_invalid" })]);
    const noName = await api(token, "POST", feeds, { name: " ", url: `${FEEDS}/fixtures/airbnb.ics` });
    expect((await json<{ errors: { field: string; type: string }[] }>(noName)).errors).toEqual([expect.objectContaining({ field: "name", type: "required" })]);

    expect((await addFeed(token, feeds, `${FEEDS}/fixtures/airbnb.ics`)).status).toBe(201);
    const twice = await addFeed(token, feeds, `${FEEDS}/fixtures/airbnb.ics`, "Again");
    expect(twice.status).toBe(409);
    expect((await json<{ errors: { field: string; type: string }[] }>(twice)).errors).toEqual([expect.objectContaining({ field: "url", type: "ical_feed_exists" })]);
  });

  it("answers 404 for a feed of another unit of the same host", async () => {
    const { token, feeds } = await hostWithUnit();
    const feed = await json<IcalFeed>(await addFeed(token, feeds, `${FEEDS}/fixtures/airbnb.ics`));
    const other = await json<{ unitIds: string[] }>(await api(token, "POST", "/properties", { propertyType: "single", title: "Second" }));
    expect((await api(token, "POST", `/property-unit/${other.unitIds[0]}/ical-feeds/${feed.id}/sync`)).status).toBe(404);
    expect((await api(token, "DELETE", `/property-unit/${other.unitIds[0]}/ical-feeds/${feed.id}`)).status).toBe(404);
  });
});

describe("the scheduled sync", () => {
  it("reads feeds whose interval has passed, and only those", async () => {
    const { token, feeds, unitId } = await hostWithUnit();
    const key = await serveFeed(calendar(event("stay-a@x", 5, 8)));
    const feed = await json<IcalFeed>(await addFeed(token, feeds, `${FEEDS}/feeds/${key}`));
    await putFeed(key, calendar(event("stay-a@x", 9, 11)));
    // The files of this vitest worker share its D1, and run one after the other: feeds other tests
    // left behind are put off, so that this run's 50 feeds are not all theirs.
    await env.DB.prepare("UPDATE ical_feeds SET next_sync_at = ? WHERE public_id <> ?").bind(Date.now() + 86_400_000, feed.id).run();

    // Five minutes later the feed is not due: nothing is fetched.
    await cron(new Date(Date.now() + 5 * 60_000));
    expect(spans(await externalRuns(unitId))).toEqual([`${day(5)}..${day(8)}`]);
    // Fifteen minutes later it is.
    await cron(new Date(Date.now() + 16 * 60_000));
    expect(spans(await externalRuns(unitId))).toEqual([`${day(9)}..${day(11)}`]);
    const [listed] = (await json<{ items: IcalFeed[] }>(await api(token, "GET", feeds))).items;
    expect(Date.parse(listed!.lastSyncAt!)).toBeGreaterThan(Date.parse(feed.lastSyncAt!));
  });
});

describe("exporting our calendar", () => {
  it("serves the unit's bookings and blocks as all-day events at a secret address, never imported nights or guests", async () => {
    const { token, unitId, row, feeds } = await hostWithUnit();
    await takeNights(database(env.DB), row, "booking", "bkg_exported", { dateFrom: day(3), dateTo: day(6) });
    await api(token, "POST", `/properties/${unitId}/unavailabilities/block`, { dateFrom: day(8), dateTo: day(9) });
    await addFeed(token, feeds, `${FEEDS}/fixtures/airbnb.ics`);

    const { url } = await json<{ url: string }>(await api(token, "GET", `/property-unit/${unitId}/ical-export`));
    expect(url).toMatch(new RegExp(`^${BASE}/api/public/ical/ics_[0-9a-z]{32}\\.ics$`));
    // The same address until it is regenerated.
    expect((await json<{ url: string }>(await api(token, "GET", `/property-unit/${unitId}/ical-export`))).url).toBe(url);

    const response = await SELF.fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = await response.text();
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text).toContain(`UID:bkg_exported@localhost\r\nDTSTAMP:`);
    expect(text).toContain(`DTSTART;VALUE=DATE:${compact(day(3))}\r\nDTEND;VALUE=DATE:${compact(day(6))}\r\nSUMMARY:Reserved\r\n`);
    expect(text).toContain(`DTSTART;VALUE=DATE:${compact(day(8))}\r\nDTEND;VALUE=DATE:${compact(day(9))}\r\nSUMMARY:Not available\r\n`);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(text).not.toContain(compact(day(10)));
    expect(text).not.toContain("Test Host");

    const regenerated = await api(token, "POST", `/property-unit/${unitId}/ical-export`);
    expect(regenerated.status).toBe(201);
    const next = (await json<{ url: string }>(regenerated)).url;
    expect(next).not.toBe(url);
    expect((await SELF.fetch(url)).status).toBe(404);
    expect((await SELF.fetch(next)).status).toBe(200);
    expect((await SELF.fetch(`${BASE}/api/public/ical/ics_${"0".repeat(32)}.ics`)).status).toBe(404);
  });

  it("round trip: our feed imported into another unit takes the same nights", async () => {
    const { token, unitId, row } = await hostWithUnit();
    await takeNights(database(env.DB), row, "booking", "bkg_round", { dateFrom: day(3), dateTo: day(6) });
    await takeNights(database(env.DB), row, "booking", "bkg_next", { dateFrom: day(6), dateTo: day(9) });
    await api(token, "POST", `/properties/${unitId}/unavailabilities/block`, { dateFrom: day(20), dateTo: day(25) });
    const { url } = await json<{ url: string }>(await api(token, "GET", `/property-unit/${unitId}/ical-export`));

    const other = await hostWithUnit();
    // The export is served by this Worker; the sync reads it through the same test server path as any feed.
    const text = await (await SELF.fetch(url)).text();
    const key = await serveFeed(text);
    const feed = await json<IcalFeed>(await addFeed(other.token, other.feeds, `${FEEDS}/feeds/${key}`, "Our other listing"));
    expect(feed).toMatchObject({ status: "ok", eventCount: 3 });
    expect(spans(await externalRuns(other.unitId))).toEqual([`${day(3)}..${day(6)}`, `${day(6)}..${day(9)}`, `${day(20)}..${day(25)}`]);
  });

  it("lets the Worker's other work run while it streams: a timer set as the first bytes arrive fires before the feed ends", async () => {
    // As the DAC7 report (api/reports/dac7.api.test.ts): locally D1 answers in the Worker's own
    // thread, and a feed that asked for its next page of nights as soon as the last was sent kept
    // the event loop busy to its end, its timers (a connection's keep-alive) standing still. Three
    // pages of nights here (2,000 a page): 45 stays of 100 nights each.
    const { token, unitId, row } = await hostWithUnit();
    const db = database(env.DB);
    for (let stay = 0; stay < 45; stay++) await takeNights(db, row, "booking", `bkg_long${stay}`, { dateFrom: day(stay * 100), dateTo: day(stay * 100 + 100) });
    const { url } = await json<{ url: string }>(await api(token, "GET", `/property-unit/${unitId}/ical-export`));
    const reader = (await SELF.fetch(url)).body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    let firedWith: number | null = null;
    const events = () => received.match(/BEGIN:VEVENT/g)?.length ?? 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!received) setTimeout(() => (firedWith = events()), 0);
      received += decoder.decode(value, { stream: true });
    }
    expect(events()).toBe(45);
    expect(received.endsWith("END:VCALENDAR\r\n")).toBe(true);
    // The timer fired while the stays were still arriving, not after the last of them.
    expect(firedWith).not.toBeNull();
    expect(firedWith!).toBeLessThan(45);
  });
});

describe("with the shell's call (the unit calendar's iCal panels)", () => {
  it("answers the unit's feeds and its export address as their own endpoints do; null for another host's unit, and the address only once made", async () => {
    const { token, feeds, unitId } = await hostWithUnit();
    expect((await api(token, "POST", `/properties/${unitId}/unavailabilities/block`, { dateFrom: day(6), dateTo: day(8) })).status).toBe(201);
    const key = await serveFeed(calendar(event("stay-a@x", 5, 7), event("stay-b@x", 20, 22)));
    expect((await addFeed(token, feeds, `${FEEDS}/feeds/${key}`)).status).toBe(201);
    const listed = await json<{ items: IcalFeed[] }>(await api(token, "GET", feeds));
    expect(listed.items[0]!.conflicts).toHaveLength(1);
    type Shell = { icalFeeds?: IcalFeed[] | null; icalExport?: { url: string } | null };
    const shell = async (as: string, query: string) => json<Shell>(await api(as, "GET", `/shell?${query}`));
    expect((await shell(token, `icalFeedsUnit=${unitId}`)).icalFeeds).toEqual(listed.items);

    // No address before the export endpoint makes it; then the same.
    expect((await shell(token, `icalExportUnit=${unitId}`)).icalExport).toBeNull();
    const made = await json<{ url: string }>(await api(token, "GET", `/property-unit/${unitId}/ical-export`));
    expect((await shell(token, `icalExportUnit=${unitId}`)).icalExport).toEqual(made);
    // Asked for nothing, the shell answers neither.
    expect(await shell(token, "")).not.toHaveProperty("icalFeeds");

    const other = await hostWithUnit();
    const foreign = await shell(other.token, `icalFeedsUnit=${unitId}&icalExportUnit=${unitId}`);
    expect(foreign.icalFeeds).toBeNull();
    expect(foreign.icalExport).toBeNull();
  });
});
