import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { addDays, todayUtc } from "@domain/dates";
import { runScheduledJobsAt } from "@api/test/jobs";
import { createUser } from "@api/test/helpers";
import { inDays, publishedUnit, reserve, subscribe } from "@api/test/stays";

async function statuses(table: string, hostId: number) {
  return (await env.DB.prepare(`SELECT status FROM ${table} WHERE host_user_id = ? ORDER BY id`).bind(hostId).all<{ status: string }>()).results.map((r) => r.status);
}

it("expires requests, completes stays after check-out into review collection and ends it after 14 days; each run twice at once changes nothing twice", async () => {
  const host = await createUser({ commercialModel: "commission" });
  const { unitId } = await publishedUnit(host);
  const onRequest = await publishedUnit(host, { bookingType: "onRequest" });
  for (const from of [10, 20, 30]) expect((await reserve(unitId, { checkIn: inDays(from), checkOut: inDays(from + 2) })).status).toBe(201);
  for (const from of [10, 20]) expect((await reserve(onRequest.unitId, { checkIn: inDays(from), checkOut: inDays(from + 2) })).status).toBe(201);
  // The first two stays are over (one left yesterday, one three weeks ago), the third is to come; a request has waited a day.
  await env.DB.batch([
    env.DB.prepare("UPDATE bookings SET check_in = ?, check_out = ? WHERE host_user_id = ? AND check_in = ?").bind(inDays(-3), inDays(-1), host.id, inDays(10)),
    env.DB.prepare("UPDATE bookings SET check_in = ?, check_out = ? WHERE host_user_id = ? AND check_in = ?").bind(inDays(-23), inDays(-21), host.id, inDays(20)),
    env.DB.prepare("UPDATE booking_requests SET expires_at = ? WHERE host_user_id = ? AND check_in = ?").bind(Date.now() - 1, host.id, inDays(10)),
  ]);
  const now = new Date();
  await Promise.all([runScheduledJobsAt(now), runScheduledJobsAt(now)]);
  expect(await statuses("bookings", host.id)).toEqual(["IN_REVIEW_COLLECTION", "NO_REVIEW_COLLECTED", "CONFIRMED"]);
  expect(await statuses("booking_requests", host.id)).toEqual(["EXPIRED", "REQUESTED"]);
  const updated = (await env.DB.prepare("SELECT updated_at FROM bookings WHERE host_user_id = ? ORDER BY id").bind(host.id).all<{ updated_at: number }>()).results;
  await runScheduledJobsAt(now);
  expect((await env.DB.prepare("SELECT updated_at FROM bookings WHERE host_user_id = ? ORDER BY id").bind(host.id).all<{ updated_at: number }>()).results).toEqual(updated);
  await runScheduledJobsAt(new Date(`${addDays(todayUtc(), 14)}T00:00:00Z`));
  expect(await statuses("bookings", host.id)).toEqual(["NO_REVIEW_COLLECTED", "NO_REVIEW_COLLECTED", "CONFIRMED"]);
});

it("ends an inquiry never answered at its check-out, and moves a confirmed one into review collection", async () => {
  const host = await createUser({ commercialModel: "subscription" });
  await subscribe(host);
  const { unitId } = await publishedUnit(host);
  for (const from of [10, 20]) expect((await reserve(unitId, { checkIn: inDays(from), checkOut: inDays(from + 2) }, "ask")).status).toBe(201);
  await env.DB.batch([
    env.DB.prepare("UPDATE booking_inquiries SET check_in = ?, check_out = ? WHERE host_user_id = ?").bind(inDays(-3), inDays(-1), host.id),
    env.DB.prepare("UPDATE booking_inquiries SET status = 'CONFIRMED' WHERE host_user_id = ? AND id = (SELECT max(id) FROM booking_inquiries WHERE host_user_id = ?)").bind(host.id, host.id),
  ]);
  await Promise.all([runScheduledJobsAt(new Date()), runScheduledJobsAt(new Date())]);
  expect(await statuses("booking_inquiries", host.id)).toEqual(["EXPIRED_CHECKOUT", "IN_REVIEW_COLLECTION"]);
});

it("completes a stay on its unit's local day: at 05:00 UTC a guest in Honolulu leaving today (UTC's day) is still there, one in Lisbon has left", async () => {
  const host = await createUser({ commercialModel: "commission" });
  const lisbon = await publishedUnit(host);
  const honolulu = await publishedUnit(host);
  await env.DB.prepare("UPDATE properties SET country_code = 'US', state_or_province = 'HI' WHERE public_id = ?").bind(honolulu.propertyId).run();
  for (const { unitId } of [lisbon, honolulu]) expect((await reserve(unitId, { checkIn: inDays(10), checkOut: inDays(12) })).status).toBe(201);
  await env.DB.prepare("UPDATE bookings SET check_in = ?, check_out = ? WHERE host_user_id = ?").bind(inDays(-2), inDays(0), host.id).run();
  await runScheduledJobsAt(new Date(`${inDays(0)}T05:00:00Z`));
  expect(await statuses("bookings", host.id)).toEqual(["IN_REVIEW_COLLECTION", "CONFIRMED"]);
  // 11:00 UTC is 01:00 in Honolulu: its guest has left too.
  await runScheduledJobsAt(new Date(`${inDays(0)}T11:00:00Z`));
  expect(await statuses("bookings", host.id)).toEqual(["IN_REVIEW_COLLECTION", "IN_REVIEW_COLLECTION"]);
});
