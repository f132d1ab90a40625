import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { runScheduledJobsAt } from "@api/test/jobs";
import { api, createUser, signIn } from "@api/test/helpers";
import { inDays, publishedUnit, reserve, subscribe } from "@api/test/stays";

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function takenNights(hostId: number) {
  return (await env.DB.prepare("SELECT night, owner_id FROM taken_nights WHERE host_user_id = ? ORDER BY night").bind(hostId).all<{ night: string; owner_id: string }>()).results;
}

/** A host on commission whose unit takes requests, signed in. */
async function requestHost() {
  const host = await createUser({ commercialModel: "commission" });
  const { unitId } = await publishedUnit(host, { bookingType: "onRequest" });
  const { access_token: token } = await signIn(host.email);
  return { host, unitId, token };
}

async function requestIds(token: string, status = "pending") {
  const list = await json<{ items: { publicId: string }[] }>(await api(token, "GET", `/booking-requests?status=${status}&limit=100`));
  return list.items.map((i) => i.publicId);
}

describe("booking requests", () => {
  it("confirms a request into a booking that takes its nights; another request for the same nights can then only be rejected", async () => {
    const { host, unitId, token } = await requestHost();
    for (const name of ["Ada", "Bea"]) expect((await reserve(unitId, { checkIn: inDays(30), checkOut: inDays(33) }, "book", { firstName: name })).status).toBe(201);
    const [first, second] = await requestIds(token);
    const list = await json<{ items: { publicId: string; expirationTime: string; customer: { firstName: string } }[] }>(await api(token, "GET", `/booking-requests?checkIn.to=${inDays(30)}&checkOut.from=${inDays(33)}`));
    expect(list.items).toHaveLength(2);
    expect((await json<{ items: unknown[] }>(await api(token, "GET", `/booking-requests?checkIn.to=${inDays(29)}`))).items).toHaveLength(0);

    const confirmed = await api(token, "POST", `/booking-requests/${first}/confirm`);
    expect(confirmed.status).toBe(200);
    const { request, booking } = await json<{ request: { status: string; bookingId: string; code: string }; booking: { publicId: string; status: string; code: string } }>(confirmed);
    expect(request).toMatchObject({ status: "CONFIRMED", bookingId: booking.publicId });
    expect(booking).toMatchObject({ status: "CONFIRMED", code: request.code });
    expect((await takenNights(host.id)).map((n) => [n.night, n.owner_id])).toEqual([inDays(30), inDays(31), inDays(32)].map((night) => [night, booking.publicId]));

    const again = await api(token, "POST", `/booking-requests/${second}/confirm`);
    expect(again.status).toBe(409);
    expect((await json<{ errors: { type: string }[] }>(again)).errors[0]!.type).toBe("nights_taken");
    expect(await json(await api(token, "GET", `/booking-requests/${second}`))).toMatchObject({ status: "REQUESTED", pending: true });
    expect(await json(await api(token, "GET", "/booking-requests-pending-count"))).toEqual({ count: 1 });

    const rejected = await api(token, "POST", `/booking-requests/${second}/reject`, { reason: "OUTDATED_BOOKING_CALENDAR", explanation: "dropped without a sub-reason" });
    expect(await json(rejected)).toMatchObject({ status: "REJECTED", pending: false, rejection: { reason: "OUTDATED_BOOKING_CALENDAR", subReason: null, explanation: null } });
    expect((await api(token, "POST", `/booking-requests/${first}/reject`, { reason: "RATES_MISMATCH" })).status).toBe(409);
    expect(await json(await api(token, "GET", "/booking-requests-pending-count"))).toEqual({ count: 0 });
  });

  it("asks for an explanation when the reason is OTHER, and refuses reasons outside §8", async () => {
    const { unitId, token } = await requestHost();
    await reserve(unitId, { checkIn: inDays(30), checkOut: inDays(33) });
    const [id] = await requestIds(token);
    const missing = await api(token, "POST", `/booking-requests/${id}/reject`, { reason: "OTHER", explanation: "  " });
    expect(missing.status).toBe(400);
    expect((await json<{ errors: { field: string; type: string }[] }>(missing)).errors).toEqual([expect.objectContaining({ field: "explanation", type: "explanation_required" })]);
    expect((await api(token, "POST", `/booking-requests/${id}/reject`, { reason: "OVERBOOKING" })).status).toBe(400);
    // OTHER has no sub-reasons; another reason's is refused (§5).
    expect((await api(token, "POST", `/booking-requests/${id}/reject`, { reason: "OTHER", subReason: "REPAIRS", explanation: "Closed for works" })).status).toBe(400);
    const done = await json(await api(token, "POST", `/booking-requests/${id}/reject`, { reason: "OTHER", subReason: "", explanation: "Closed for works" }));
    expect(done).toMatchObject({ rejection: { reason: "OTHER", subReason: null, explanation: "Closed for works" } });
  });

  it("stores a rejection's sub-reason, with the explanation that comes with it (§5)", async () => {
    const { unitId, token } = await requestHost();
    await reserve(unitId, { checkIn: inDays(30), checkOut: inDays(33) });
    const [id] = await requestIds(token);
    const wrong = await api(token, "POST", `/booking-requests/${id}/reject`, { reason: "RATES_MISMATCH", subReason: "REPAIRS" });
    expect(wrong.status).toBe(400);
    expect((await json<{ errors: { field: string; type: string }[] }>(wrong)).errors).toEqual([expect.objectContaining({ field: "subReason", type: "invalid_choice" })]);
    expect(await json(await api(token, "GET", `/booking-requests/${id}`))).toMatchObject({ status: "REQUESTED", pending: true });
    const done = await json(await api(token, "POST", `/booking-requests/${id}/reject`, { reason: "PROPERTY_IN_BAD_CONDITION", subReason: "REPAIRS", explanation: "The boiler is being replaced" }));
    expect(done).toMatchObject({ status: "REJECTED", rejection: { reason: "PROPERTY_IN_BAD_CONDITION", subReason: "REPAIRS", explanation: "The boiler is being replaced" } });
    expect(await json(await api(token, "GET", `/booking-requests/${id}`))).toMatchObject({ rejection: { subReason: "REPAIRS" } });
  });

  it("200 simultaneous confirmations of different requests for the same nights: one booking, 199 × 409, no night twice", async () => {
    const { host, unitId, token } = await requestHost();
    const requests = 200;
    // The requests are written as the service writes them, to keep the test's time on the confirmations.
    await reserve(unitId, { checkIn: inDays(60), checkOut: inDays(63) });
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${requests - 1})
       INSERT INTO booking_requests (public_id, code, host_user_id, unit_id, check_in, check_out, guest_first_name, guest_last_name, guest_email, guest_phone, guest_message, guests, currency, total, price_breakdown, status, expires_at, payment_plan, instalments, commission_percent, commission, payout)
       SELECT 'brq_copy' || i || '_' || r.id, 'C' || i || '_' || r.id, host_user_id, unit_id, check_in, check_out, 'Guest', 'Number ' || i, guest_email, guest_phone, guest_message, guests, currency, total, price_breakdown, status, expires_at, payment_plan, instalments, commission_percent, commission, payout
       FROM booking_requests r, n WHERE r.host_user_id = ?`,
    )
      .bind(host.id)
      .run();
    const ids = await requestIds(token);
    expect(ids).toHaveLength(100);
    const all = (await env.DB.prepare("SELECT public_id FROM booking_requests WHERE host_user_id = ?").bind(host.id).all<{ public_id: string }>()).results.map((r) => r.public_id);
    expect(all).toHaveLength(requests);
    const answers = await Promise.all(all.map((id) => api(token, "POST", `/booking-requests/${id}/confirm`)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(requests - 1);
    const nights = await takenNights(host.id);
    expect(nights.map((n) => n.night)).toEqual([inDays(60), inDays(61), inDays(62)]);
    expect(new Set(nights.map((n) => n.owner_id)).size).toBe(1);
    const counts = await env.DB.prepare("SELECT (SELECT count(*) FROM bookings WHERE host_user_id = ?1) AS bookings, (SELECT count(*) FROM booking_requests WHERE host_user_id = ?1 AND status = 'CONFIRMED') AS confirmed, (SELECT count(*) FROM booking_requests WHERE host_user_id = ?1 AND status = 'REQUESTED') AS pending")
      .bind(host.id)
      .first<{ bookings: number; confirmed: number; pending: number }>();
    expect(counts).toEqual({ bookings: 1, confirmed: 1, pending: requests - 1 });
  }, 60_000);

  it("a confirmation racing the expiry ends in exactly one state", async () => {
    const { host, unitId, token } = await requestHost();
    for (let i = 0; i < 10; i++) await reserve(unitId, { checkIn: inDays(20 + i * 5), checkOut: inDays(22 + i * 5) });
    // Each request expires now: the job and the host's confirmation race for it.
    await env.DB.prepare("UPDATE booking_requests SET expires_at = ? WHERE host_user_id = ?").bind(Date.now() + 150, host.id).run();
    const ids = (await env.DB.prepare("SELECT public_id FROM booking_requests WHERE host_user_id = ?").bind(host.id).all<{ public_id: string }>()).results.map((r) => r.public_id);
    await new Promise((done) => setTimeout(done, 140));
    const [answers] = await Promise.all([Promise.all(ids.map((id) => api(token, "POST", `/booking-requests/${id}/confirm`))), runScheduledJobsAt(new Date(Date.now() + 20))]);
    const rows = (await env.DB.prepare("SELECT public_id, status, booking_public_id FROM booking_requests WHERE host_user_id = ?").bind(host.id).all<{ public_id: string; status: string; booking_public_id: string | null }>()).results;
    const bookings = (await env.DB.prepare("SELECT public_id FROM bookings WHERE host_user_id = ?").bind(host.id).all<{ public_id: string }>()).results.map((b) => b.public_id);
    const nights = await takenNights(host.id);
    const outcomes = rows.map((row) => `${row.status} ${answers[ids.indexOf(row.public_id)]!.status}`);
    expect(outcomes.filter((o) => o !== "CONFIRMED 200" && o !== "EXPIRED 409")).toEqual([]);
    const confirmed = rows.filter((r) => r.status === "CONFIRMED").map((r) => r.booking_public_id);
    expect([...bookings].sort()).toEqual([...confirmed].sort());
    expect(confirmed.map((id) => nights.filter((n) => n.owner_id === id).length)).toEqual(confirmed.map(() => 2));
    expect(bookings).toHaveLength(rows.filter((r) => r.status === "CONFIRMED").length);
    expect(nights).toHaveLength(bookings.length * 2);
  });
});

describe("bookings", () => {
  it("cancels a confirmed booking as its host, frees its nights in the same batch, and refuses a second cancellation", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const { unitId } = await publishedUnit(host);
    await reserve(unitId, { checkIn: inDays(30), checkOut: inDays(33) });
    const { access_token: token } = await signIn(host.email);
    const [item] = (await json<{ items: { publicId: string }[] }>(await api(token, "GET", "/bookings"))).items;
    // A sub-reason narrows its own reason down only (§5): another reason's is refused and nothing changes.
    const foreign = await api(token, "POST", `/bookings/${item!.publicId}/cancel`, { reason: "PROPERTY_UNAVAILABLE", subReason: "PAYMENT_FAILED" });
    expect(foreign.status).toBe(400);
    expect((await json<{ errors: { field: string; type: string }[] }>(foreign)).errors).toEqual([expect.objectContaining({ field: "subReason", type: "invalid_choice" })]);
    expect((await takenNights(host.id)).length).toBe(3);
    const cancelled = await api(token, "POST", `/bookings/${item!.publicId}/cancel`, { reason: "PROPERTY_UNAVAILABLE", subReason: "REPAIRS", explanation: "" });
    expect(cancelled.status).toBe(200);
    expect(await json(cancelled)).toMatchObject({ status: "CANCELLED", cancelledBy: "owner", cancellation: { role: "OWNER", reason: "PROPERTY_UNAVAILABLE", subReason: "REPAIRS", explanation: null } });
    expect(await json(await api(token, "GET", `/bookings/${item!.publicId}`))).toMatchObject({ cancellation: { subReason: "REPAIRS" } });
    expect(await takenNights(host.id)).toEqual([]);
    expect((await api(token, "POST", `/bookings/${item!.publicId}/cancel`, { reason: "OTHER" })).status).toBe(409);
    expect((await json<{ pagination: { total: number } }>(await api(token, "GET", "/bookings?tab=cancelled"))).pagination.total).toBe(1);
    // The nights are free for the next guest.
    expect((await reserve(unitId, { checkIn: inDays(30), checkOut: inDays(33) })).status).toBe(201);
  });

  it("answers what a cancelled booking still pays the host: the guest's payments by the cancellation less their commission, as the earnings count it", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const { unitId } = await publishedUnit(host, { nightlyPrice: 10_000 });
    const { access_token: token } = await signIn(host.email);
    // 60 days ahead: 30 % at booking, 70 % 30 days before arrival; 10 days ahead: everything at booking.
    await reserve(unitId, { checkIn: inDays(60), checkOut: inDays(63) });
    await reserve(unitId, { checkIn: inDays(10), checkOut: inDays(13) });
    const items = (await json<{ items: { publicId: string; checkIn: string; keptOnCancellation: unknown }[] }>(await api(token, "GET", "/bookings?tab=upcoming"))).items;
    expect(items.map((i) => i.keptOnCancellation)).toEqual([null, null]);
    const [soon, later] = items;
    for (const item of [soon!, later!]) expect((await api(token, "POST", `/bookings/${item.publicId}/cancel`, { reason: "GUEST_REQUEST" })).status).toBe(200);

    // Total 30 000, commission 15 %: 4 500. Later: 9 000 paid, its commission 1 350 (4 500 × 9 000 / 30 000).
    const laterBooking = await json(await api(token, "GET", `/bookings/${later!.publicId}`));
    expect(laterBooking).toMatchObject({ status: "CANCELLED", payout: 25_500, keptOnCancellation: { paid: 9_000, commission: 1_350, payout: 7_650 } });
    expect(await json(await api(token, "GET", `/bookings/${soon!.publicId}`))).toMatchObject({ keptOnCancellation: { paid: 30_000, commission: 4_500, payout: 25_500 } });
    const cancelled = (await json<{ items: { publicId: string; keptOnCancellation: unknown }[] }>(await api(token, "GET", "/bookings?tab=cancelled"))).items;
    expect(cancelled.find((i) => i.publicId === later!.publicId)?.keptOnCancellation).toEqual({ paid: 9_000, commission: 1_350, payout: 7_650 });

    // The DAC7 report (and with it the earnings) credits the later one the same: 76.50 with 13.50 of fees.
    const csv = await (await api(token, "GET", `/report/dac7/${new Date().getUTCFullYear()}`)).text();
    expect(csv).toMatch(new RegExp(`,${(laterBooking as { code: string }).code},.*,76\\.50,13\\.50,`));
  });
});

/** A host on subscription with a running plan and a published unit, signed in. */
async function inquiryHost() {
  const host = await createUser({ commercialModel: "subscription" });
  await subscribe(host);
  const { unitId } = await publishedUnit(host);
  const { access_token: token } = await signIn(host.email);
  return { host, unitId, token };
}

describe("inquiries", () => {

  it("lists inquiries, shows what overlaps one, confirms one (taking its nights) and rejects another with a message", async () => {
    const { host, unitId, token } = await inquiryHost();
    for (const name of ["Ada", "Bea", "Cleo"]) expect((await reserve(unitId, { checkIn: inDays(30), checkOut: inDays(34) }, "ask", { firstName: name })).status).toBe(201);
    const list = await json<{ items: { publicId: string; customer: { firstName: string }; state: string }[] }>(await api(token, "GET", "/booking-inquiries?status=open"));
    expect(list.items.map((i) => i.customer.firstName)).toEqual(["Cleo", "Bea", "Ada"]);
    const [cleo, bea, ada] = list.items.map((i) => i.publicId);
    expect(list.items[0]!.state).toBe("requested");

    expect(await json(await api(token, "GET", `/booking-inquiries/${ada}/overlapping-unavailabilities`))).toMatchObject({ items: [], pagination: { total: 0 } });
    const confirmed = await json(await api(token, "POST", `/booking-inquiries/${ada}/confirm`));
    expect(confirmed).toMatchObject({ status: "CONFIRMED", state: "confirmed" });
    expect((await takenNights(host.id)).map((n) => n.owner_id)).toEqual([ada, ada, ada, ada]);
    const overlapping = await json<{ items: { id: string; dateFrom: string; dateTo: string }[] }>(await api(token, "GET", `/booking-inquiries/${bea}/overlapping-unavailabilities?page=1&limit=10`));
    expect(overlapping.items).toEqual([expect.objectContaining({ id: ada, dateFrom: inDays(30), dateTo: inDays(34) })]);
    expect((await api(token, "POST", `/booking-inquiries/${bea}/confirm`)).status).toBe(409);

    expect((await api(token, "POST", `/booking-inquiries/${bea}/reject`, { reason: "OTHER" })).status).toBe(400);
    const rejected = await json(await api(token, "POST", `/booking-inquiries/${bea}/reject`, { reason: "OVERBOOKING", explanation: "dropped", message: "Sorry, these dates are gone." }));
    expect(rejected).toMatchObject({ status: "REJECTED", rejection: { reason: "OVERBOOKING", explanation: null, message: "Sorry, these dates are gone." } });
    expect((await api(token, "POST", `/booking-inquiries/${bea}/confirm`)).status).toBe(409);
    expect((await json<{ items: unknown[] }>(await api(token, "GET", "/booking-inquiries?status=open"))).items).toHaveLength(1);
    expect(cleo).toBeDefined();
  });
});
