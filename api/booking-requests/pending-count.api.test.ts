import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { api, createUser, signIn } from "@api/test/helpers";
import { inDays, publishedUnit, reserve } from "@api/test/stays";

it("counts only the host's own pending, unexpired booking requests of its units", async () => {
  const host = await createUser({ commercialModel: "commission" });
  const other = await createUser({ commercialModel: "commission" });
  const { unitId } = await publishedUnit(host, { bookingType: "onRequest" });
  const theirs = await publishedUnit(other, { bookingType: "onRequest" });
  for (const from of [10, 20, 30, 40]) expect((await reserve(unitId, { checkIn: inDays(from), checkOut: inDays(from + 2) })).status).toBe(201);
  expect((await reserve(theirs.unitId, { checkIn: inDays(10), checkOut: inDays(12) })).status).toBe(201);
  // One has expired (the job has not run yet), one was answered.
  await env.DB.prepare("UPDATE booking_requests SET expires_at = ? WHERE host_user_id = ? AND check_in = ?").bind(Date.now() - 1000, host.id, inDays(30)).run();
  await env.DB.prepare("UPDATE booking_requests SET status = 'REJECTED' WHERE host_user_id = ? AND check_in = ?").bind(host.id, inDays(40)).run();
  const { access_token } = await signIn(host.email);
  const response = await api(access_token, "GET", "/booking-requests-pending-count");
  expect(await response.json()).toEqual({ count: 2 });
});
