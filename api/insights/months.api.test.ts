import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays } from "@domain/dates";
import { MONTH_FIGURES } from "@domain/insight-months";
import { hostMonthsFromScratchSql, MONTH_COLUMNS, monthsFromScratchSql } from "@api/insights/months";
import { runScheduledJobsAt } from "@api/test/jobs";
import { and, eq } from "drizzle-orm";
import { database } from "@api/db/client";
import { bookings, users } from "@api/db/schema";
import { findUnit } from "@api/properties/queries";
import { cancelBooking, modifyBooking } from "@api/bookings/services";
import { api, createUser, signIn } from "@api/test/helpers";
import { GUEST, inDays, publicApi, publishedUnit, reserve, subscribe } from "@api/test/stays";

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

type Row = Record<string, number | string>;

/**
 * The host's monthly sums per unit as the services kept them, and as computed from scratch from the
 * bookings, requests, inquiries, views and nights (rows with figures only). The host's sums of all units
 * (`insight_host_months`) are checked here too: equal to the same computation added up per month.
 */
async function sums(hostId: number) {
  const columns = MONTH_FIGURES.map((figure) => MONTH_COLUMNS[figure]);
  const read = async (statement: string) =>
    ((await env.DB.prepare(statement).all<Row>()).results as Row[])
      .filter((row) => columns.some((column) => Number(row[column]) !== 0))
      .map((row) => ({ month: row.month, unit: row.unit_id, ...Object.fromEntries(columns.map((column) => [column, Number(row[column])])) }))
      .sort((a, b) => `${a.month}/${a.unit}`.localeCompare(`${b.month}/${b.unit}`));
  const hostFromScratch = await read(hostMonthsFromScratchSql(`= ${hostId}`));
  expect(hostFromScratch.length).toBeGreaterThan(0);
  expect(await read(`SELECT * FROM insight_host_months WHERE host_user_id = ${hostId}`)).toEqual(hostFromScratch);
  return {
    kept: await read(`SELECT * FROM insight_months WHERE host_user_id = ${hostId}`),
    fromScratch: await read(monthsFromScratchSql(`= ${hostId}`)),
  };
}

/** The last day of the month after next: a stay from it crosses a month's end and is far enough ahead for any notice. */
function monthEnd() {
  const today = new Date();
  return addDays(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 2, 1)).toISOString().slice(0, 10), -1);
}

/** The public id of what a guest's reservation made (the public answer names its code). */
async function idOf(table: "bookings" | "booking_requests" | "booking_inquiries", answer: Response) {
  expect(answer.status).toBe(201);
  const { code } = await json<{ code: string }>(answer);
  return (await env.DB.prepare(`SELECT public_id FROM ${table} WHERE code = ?`).bind(code).first<{ public_id: string }>())!.public_id;
}

function channel(secret: string, method: string, path: string, body?: unknown, idempotencyKey?: string) {
  return publicApi(method, `/api/channel${path}`, body, { authorization: `Bearer ${secret}`, ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}) });
}

const reservation = (unitId: string, reservationId: string, checkIn: string, nights: number, bookedAt?: string) => ({
  unitId,
  reservationId,
  checkIn,
  checkOut: addDays(checkIn, nights),
  guests: 2,
  guest: { firstName: GUEST.firstName, lastName: GUEST.lastName, email: GUEST.email },
  ...(bookedAt ? { bookedAt } : {}),
});

/** A modification's new stay, as a channel asks for it. */
const change = (checkIn: string, nights: number) => ({ stay: { checkIn, checkOut: addDays(checkIn, nights) }, guests: 2, timeZone: "Europe/Berlin" });

describe("the insights' monthly sums", () => {
  it("equal the sums computed from scratch after bookings, requests, a confirmation, modifications, cancellations, an import, views and the completion job", async () => {
    const host = await createUser({ commercialModel: "commission", features: ["bookings", "earnings"] });
    const instant = await publishedUnit(host, { nightlyPrice: 12_345 });
    const onRequest = await publishedUnit(host, { bookingType: "onRequest", nightlyPrice: 9_999 });
    const { access_token: token } = await signIn(host.email);
    const key = await json<{ secret: string }>(await api(token, "POST", "/channel-api-keys", { name: "Channel manager" }));
    const end = monthEnd();

    // Listing views: two looks at one unit, one at the other; the page's reads of more months count nothing.
    for (const unitId of [instant.unitId, instant.unitId, onRequest.unitId]) expect((await publicApi("GET", `/api/public/stays/${unitId}?view=true`)).status).toBe(200);
    for (const unitId of [instant.unitId, onRequest.unitId]) expect((await publicApi("GET", `/api/public/stays/${unitId}?dateFrom=${end}&dateTo=${addDays(end, 30)}`)).status).toBe(200);
    // Instant bookings from the public page, one across a month's end, one cancelled by the host later.
    await idOf("bookings", await reserve(instant.unitId, { checkIn: end, checkOut: addDays(end, 3) }));
    const later = await idOf("bookings", await reserve(instant.unitId, { checkIn: addDays(end, 10), checkOut: addDays(end, 12) }));
    expect((await api(token, "POST", `/bookings/${later}/cancel`, { reason: "OTHER", explanation: "Repairs" })).status).toBe(200);
    // Requests: one confirmed into a booking, one rejected.
    const first = await idOf("booking_requests", await reserve(onRequest.unitId, { checkIn: addDays(end, -2), checkOut: addDays(end, 2) }));
    const second = await idOf("booking_requests", await reserve(onRequest.unitId, { checkIn: addDays(end, 20), checkOut: addDays(end, 22) }));
    expect((await api(token, "POST", `/booking-requests/${first}/confirm`)).status).toBe(200);
    expect((await api(token, "POST", `/booking-requests/${second}/reject`, { reason: "OTHER", explanation: "Closed" })).status).toBe(200);
    // A channel's reservation, moved across a month's end, and another cancelled by the guest.
    expect((await channel(key.secret, "POST", "/reservations", reservation(instant.unitId, "R-1", addDays(end, 30), 2), "c-1")).status).toBe(201);
    expect((await channel(key.secret, "PUT", "/reservations/R-1", { checkIn: addDays(end, 28), checkOut: addDays(end, 33), guests: 3 }, "m-1")).status).toBe(200);
    expect((await channel(key.secret, "POST", "/reservations", reservation(onRequest.unitId, "R-2", addDays(end, 40), 3), "c-2")).status).toBe(201);
    expect((await channel(key.secret, "POST", "/reservations/R-2/cancel", { cancelledBy: "guest" }, "x-2")).status).toBe(200);
    // The channel's history: stays in the past, booked months before.
    const bookedAt = new Date(Date.now() - 120 * 86_400_000).toISOString();
    const imported = await json<{ created: number }>(
      await channel(key.secret, "POST", "/reservations/import", { reservations: [reservation(instant.unitId, "I-1", inDays(-60), 3, bookedAt), reservation(onRequest.unitId, "I-2", inDays(-45), 7, bookedAt), reservation(instant.unitId, "I-3", inDays(-20), 1, bookedAt)] }, "i-1"),
    );
    expect(imported.created).toBe(3);
    // The nightly job completes the past stays and moves them through review collection: their sums stay.
    await runScheduledJobsAt(new Date());

    const { kept, fromScratch } = await sums(host.id);
    expect(kept).toEqual(fromScratch);
    // The sums hold what was written: 3 views, 2 requests, 8 bookings made (2 cancelled), and kept money.
    const total = (column: string) => kept.reduce((sum, row) => sum + Number((row as Row)[column]), 0);
    expect([total("views"), total("requests"), total("bookings"), total("cancelled")]).toEqual([3, 2, 8, 2]);
    // Of the bookings, 3 were made on the listing (two instant, one confirmed request); the channel's 5 were sold elsewhere.
    expect(total("direct_bookings")).toBe(3);
    expect(total("stay_gross")).toBeGreaterThan(0);
    expect(total("stay_gross")).toBe(total("payout_gross"));
    expect(total("booked_nights")).toBe(3 + 4 + 5 + 3 + 7 + 1);
  }, 60_000);

  it("stay equal to the sums from scratch when changes of one booking race: each is made on the booking as it is when it commits", async () => {
    // Two requests that read the same booking and change it one after the other: the second's
    // "before" is stale. The services' version guard refuses it and they change the booking as it
    // now is, so the sums never subtract the same stay twice (decision 042).
    const host = await createUser({ commercialModel: "commission", features: ["bookings", "earnings"] });
    const { unitId } = await publishedUnit(host, { nightlyPrice: 11_111 });
    const { access_token: token } = await signIn(host.email);
    const key = await json<{ secret: string }>(await api(token, "POST", "/channel-api-keys", { name: "Channel manager" }));
    const end = monthEnd();
    expect((await channel(key.secret, "POST", "/reservations", reservation(unitId, "R-1", addDays(end, -1), 2), "c-1")).status).toBe(201);
    const db = database(env.DB);
    const hostRow = (await db.select().from(users).where(eq(users.id, host.id)).get())!;
    const { unit } = await findUnit(db, host.id, unitId);
    const read = async () => (await db.select().from(bookings).where(and(eq(bookings.hostUserId, host.id), eq(bookings.externalId, "R-1"))).get())!;
    const stale = await read();
    await modifyBooking(db, hostRow, unit, stale, change(addDays(end, 3), 5), new Date());
    const second = await modifyBooking(db, hostRow, unit, stale, change(addDays(end, 10), 4), new Date());
    expect([second.checkIn, second.checkOut]).toEqual([addDays(end, 10), addDays(end, 14)]);
    expect((await read()).checkIn).toBe(addDays(end, 10));
    let { kept, fromScratch } = await sums(host.id);
    expect(kept).toEqual(fromScratch);
    // A cancellation made from the first read: it cancels the stay as it now is.
    const cancelled = await cancelBooking(db, stale, { role: "GUEST_VIA_EXTERNAL_SYSTEM", reason: "CHANNEL", subReason: null, explanation: null }, new Date());
    expect([cancelled.status, cancelled.checkIn]).toEqual(["CANCELLED", addDays(end, 10)]);
    ({ kept, fromScratch } = await sums(host.id));
    expect(kept).toEqual(fromScratch);
    const total = (column: string) => kept.reduce((sum, row) => sum + Number((row as Row)[column]), 0);
    expect([total("bookings"), total("cancelled"), total("booked_nights")]).toEqual([1, 1, 0]);
  }, 60_000);

  it("equal the sums from scratch for a host on subscription after inquiries, one confirmed", async () => {
    const host = await createUser({ commercialModel: "subscription" });
    await subscribe(host);
    const { unitId } = await publishedUnit(host);
    const { access_token: token } = await signIn(host.email);
    const end = monthEnd();
    const ask = async (checkIn: string, nights: number) => idOf("booking_inquiries", await reserve(unitId, { checkIn, checkOut: addDays(checkIn, nights) }, "ask"));
    const confirmed = await ask(addDays(end, -1), 3);
    await ask(addDays(end, 10), 2);
    expect((await api(token, "POST", `/booking-inquiries/${confirmed}/confirm`)).status).toBe(200);
    const { kept, fromScratch } = await sums(host.id);
    expect(kept).toEqual(fromScratch);
    expect(kept.reduce((sum, row) => sum + Number((row as Row).inquiries), 0)).toBe(2);
    expect(kept.reduce((sum, row) => sum + Number((row as Row).booked_nights), 0)).toBe(3);
  }, 60_000);
});
