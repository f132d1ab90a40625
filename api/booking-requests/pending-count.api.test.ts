import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { api, createUser, signIn } from "@api/test/helpers";

function insert(hostId: number, publicId: string, status: string, expiresAt: number) {
  return env.DB.prepare(
    "INSERT INTO booking_requests (public_id, host_user_id, status, check_in, check_out, expires_at) VALUES (?, ?, ?, '2027-01-10', '2027-01-15', ?)",
  ).bind(publicId, hostId, status, expiresAt);
}

it("counts only the host's own pending, unexpired booking requests", async () => {
  const host = await createUser();
  const other = await createUser();
  const future = Date.now() + 3_600_000;
  await env.DB.batch([
    insert(host.id, `brq_${crypto.randomUUID()}`, "REQUESTED", future),
    insert(host.id, `brq_${crypto.randomUUID()}`, "REQUESTED", future),
    insert(host.id, `brq_${crypto.randomUUID()}`, "REQUESTED", Date.now() - 1000),
    insert(host.id, `brq_${crypto.randomUUID()}`, "CONFIRMED", future),
    insert(other.id, `brq_${crypto.randomUUID()}`, "REQUESTED", future),
  ]);
  const { access_token } = await signIn(host.email);
  const response = await api(access_token, "GET", "/booking-requests-pending-count");
  expect(await response.json()).toEqual({ count: 2 });
});
