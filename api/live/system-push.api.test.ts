import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { liveSocketPath, type ServerFrame } from "@contract/live-protocol";
import { runScheduledJobsAt } from "@api/test/jobs";
import { api, BASE, createUser, signIn } from "@api/test/helpers";
import { inDays, publicApi, publishedUnit, reserve } from "@api/test/stays";

/**
 * System messages reach the open sockets (decision 034's addendum): written in the change's batch,
 * then pushed by the request (or the cron run) that wrote them, as a chat message is.
 */

/** A socket's frames as they come. */
async function listen(conversationId: string, token: string) {
  const response = await SELF.fetch(`${BASE}${liveSocketPath(conversationId, { token, after: 0 })}`, { headers: { Upgrade: "websocket" } });
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  ws.accept();
  const frames: ServerFrame[] = [];
  ws.addEventListener("message", (event) => {
    if (typeof event.data === "string" && event.data.startsWith("{")) frames.push(JSON.parse(event.data) as ServerFrame);
  });
  return { frames, close: () => ws.close(1000, "done") };
}

/** The `message` frames a socket got, as sender and text. */
const pushed = (frames: ServerFrame[]) => frames.flatMap((f) => (f.type === "message" ? [{ sender: f.message.sender, text: f.message.text, seq: f.message.seq }] : []));

async function waitFor<T>(read: () => T, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const value = read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A host taking requests, a guest's request with its conversation, and the host's and the guest's live sockets on it. */
async function openRequest(message = "Is a cot available?") {
  const host = await createUser({ commercialModel: "commission" });
  const { unitId } = await publishedUnit(host, { bookingType: "onRequest" });
  const { access_token: token } = await signIn(host.email);
  const email = `guest-${crypto.randomUUID()}@guest.example`;
  const reserved = await reserve(unitId, { checkIn: inDays(30), checkOut: inDays(33) }, "book", { email, message });
  expect(reserved.status).toBe(201);
  const { code } = (await reserved.json()) as { code: string };
  const request = (await (await api(token, "GET", "/booking-requests?limit=10")).json()) as { items: { publicId: string }[] };
  const address = `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const session = (await (await publicApi("POST", "/api/guest/session", { code, email }, { "cf-connecting-ip": address })).json()) as { token: string };
  const live = (await (await publicApi("GET", "/api/guest/messaging/token", undefined, { authorization: `Bearer ${session.token}` })).json()) as { token: string; conversationId: string };
  const hostLive = (await (await api(token, "GET", "/messaging/token")).json()) as { token: string };
  return { host, token, requestId: request.items[0]!.publicId, conversationId: live.conversationId, guestLive: live.token, hostLive: hostLive.token };
}

describe("system messages to the open sockets", () => {
  it("a confirmed request, then its cancelled booking, reach the guest's and the host's open sockets at once, each once", async () => {
    const stay = await openRequest();
    const guest = await listen(stay.conversationId, stay.guestLive);
    const host = await listen(stay.conversationId, stay.hostLive);
    const confirmed = await api(stay.token, "POST", `/booking-requests/${stay.requestId}/confirm`);
    expect(confirmed.status).toBe(200);
    const expected = { sender: "system", text: JSON.stringify({ event: "requestConfirmed" }), seq: 2 };
    expect(await waitFor(() => pushed(guest.frames), (m) => m.length > 0)).toEqual([expected]);
    expect(await waitFor(() => pushed(host.frames), (m) => m.length > 0)).toEqual([expected]);

    const { booking } = (await confirmed.json()) as { booking: { publicId: string } };
    expect((await api(stay.token, "POST", `/bookings/${booking.publicId}/cancel`, { reason: "OTHER", explanation: "The roof leaks." })).status).toBe(200);
    expect(await waitFor(() => pushed(guest.frames), (m) => m.length > 1)).toEqual([expected, { sender: "system", text: JSON.stringify({ event: "bookingCancelled", by: "host" }), seq: 3 }]);
    guest.close();
    host.close();
  });

  it("a declined request and an expired one reach the open sockets; a refused change and a message that was not written push nothing", async () => {
    const declined = await openRequest("");
    const guest = await listen(declined.conversationId, declined.guestLive);
    // Refused (not a reason of §5): nothing written, nothing pushed.
    expect((await api(declined.token, "POST", `/booking-requests/${declined.requestId}/reject`, { reason: "NOT_A_REASON" })).status).toBe(400);
    expect((await api(declined.token, "POST", `/booking-requests/${declined.requestId}/reject`, { reason: "RATES_MISMATCH" })).status).toBe(200);
    const rejected = { sender: "system", text: JSON.stringify({ event: "requestRejected" }), seq: 1 };
    expect(await waitFor(() => pushed(guest.frames), (m) => m.length > 0)).toEqual([rejected]);
    // Rejected again: refused (409), nothing pushed.
    expect((await api(declined.token, "POST", `/booking-requests/${declined.requestId}/reject`, { reason: "RATES_MISMATCH" })).status).toBe(409);

    const expiring = await openRequest("");
    const waiting = await listen(expiring.conversationId, expiring.guestLive);
    await env.DB.prepare("UPDATE booking_requests SET expires_at = ? WHERE public_id = ?").bind(Date.now() - 1, expiring.requestId).run();
    await runScheduledJobsAt(new Date());
    expect(await waitFor(() => pushed(waiting.frames), (m) => m.length > 0)).toEqual([{ sender: "system", text: JSON.stringify({ event: "requestExpired" }), seq: 1 }]);
    await runScheduledJobsAt(new Date());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pushed(waiting.frames)).toHaveLength(1);
    expect(pushed(guest.frames)).toEqual([rejected]);
    guest.close();
    waiting.close();
  });
});
