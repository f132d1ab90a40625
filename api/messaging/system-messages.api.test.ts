import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { runScheduledJobsAt } from "@api/test/jobs";
import { api, createUser, signIn } from "@api/test/helpers";
import { GUEST, inDays, publicApi, publishedUnit, reserve, subscribe } from "@api/test/stays";

/** System messages (decision 032): written in the batch of the change that causes them, so a change and its message are stored together or not at all. */

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

interface Message {
  seq: number;
  sender: string;
  text: string;
}

interface Conversation {
  id: string;
  stay: { id: string; status: string | null };
  unreadCount: number;
  guestUnreadCount: number;
  messageCount: number;
  lastMessage: { preview: string; sender: string } | null;
}

async function onlyConversation(token: string): Promise<Conversation> {
  const inbox = await json<{ items: Conversation[] }>(await api(token, "GET", "/messaging/conversations"));
  expect(inbox.items).toHaveLength(1);
  return inbox.items[0]!;
}

async function messagesOf(token: string, conversationId: string): Promise<Message[]> {
  return (await json<{ items: Message[] }>(await api(token, "GET", `/messaging/conversations/${conversationId}/messages`))).items.map(({ seq, sender, text }) => ({ seq, sender, text }));
}

const system = (note: Record<string, unknown>) => ({ sender: "system", text: JSON.stringify(note) });

async function requestHost() {
  const host = await createUser({ commercialModel: "commission" });
  const { unitId } = await publishedUnit(host, { bookingType: "onRequest" });
  const { access_token: token } = await signIn(host.email);
  return { host, unitId, token };
}

async function rowCounts(hostId: number) {
  const count = async (sql: string) => (await env.DB.prepare(sql).bind(hostId).first<{ n: number }>())!.n;
  return {
    bookings: await count("SELECT count(*) AS n FROM bookings WHERE host_user_id = ?"),
    nights: await count("SELECT count(*) AS n FROM taken_nights WHERE host_user_id = ?"),
    messages: await count("SELECT count(*) AS n FROM messages WHERE conversation_id IN (SELECT id FROM conversations WHERE host_user_id = ?)"),
  };
}

describe("system messages", () => {
  it("a confirmed request and its cancelled booking each leave a message in the request's conversation, unread by nobody", async () => {
    const { unitId, token } = await requestHost();
    expect((await reserve(unitId, { checkIn: inDays(30), checkOut: inDays(33) }, "book", { message: "Late arrival?" })).status).toBe(201);
    const before = await onlyConversation(token);
    const confirmed = await json<{ booking: { publicId: string } }>(await api(token, "POST", `/booking-requests/${before.stay.id}/confirm`));
    const after = await onlyConversation(token);
    expect(after).toMatchObject({ id: before.id, unreadCount: 1, guestUnreadCount: 0, messageCount: 2, lastMessage: { sender: "system" } });
    expect(await messagesOf(token, before.id)).toEqual([{ seq: 1, sender: "guest", text: "Late arrival?" }, { seq: 2, ...system({ event: "requestConfirmed" }) }]);

    expect((await api(token, "POST", `/bookings/${confirmed.booking.publicId}/cancel`, { reason: "OTHER", explanation: "The roof leaks." })).status).toBe(200);
    expect((await messagesOf(token, before.id)).at(-1)).toEqual({ seq: 3, ...system({ event: "bookingCancelled", by: "host" }) });
    // The guest reads the same messages in the guest area.
    const session = await json<{ token: string }>(await publicApi("POST", "/api/guest/session", { code: (await env.DB.prepare("SELECT code FROM booking_requests WHERE public_id = ?").bind(before.stay.id).first<{ code: string }>())!.code, email: GUEST.email }));
    const guestAnswer = await publicApi("GET", "/api/guest/conversation", undefined, { authorization: `Bearer ${session.token}` });
    expect(guestAnswer.status).toBe(200);
    expect((await json<{ messages: Message[] }>(guestAnswer)).messages.map((m) => m.sender)).toEqual(["guest", "system", "system"]);
  });

  it("a change that is refused writes no message, and a message that cannot be written undoes its change", async () => {
    const { host, unitId, token } = await requestHost();
    for (const name of ["Ada", "Bea"]) expect((await reserve(unitId, { checkIn: inDays(30), checkOut: inDays(33) }, "book", { firstName: name, message: "" })).status).toBe(201);
    const [ada, bea] = (await json<{ items: { publicId: string; customer: { firstName: string } }[] }>(await api(token, "GET", "/booking-requests?limit=10"))).items.sort((a, b) => a.customer.firstName.localeCompare(b.customer.firstName));

    // A message the database refuses (a trigger for this test) fails the confirmation whole: no booking, no nights, still pending.
    await env.DB.exec("CREATE TRIGGER refuse_system_messages BEFORE INSERT ON messages WHEN NEW.sender = 'system' BEGIN SELECT RAISE(ABORT, 'refused for the test'); END;");
    try {
      const empty = await rowCounts(host.id);
      expect((await api(token, "POST", `/booking-requests/${ada!.publicId}/confirm`)).status).toBe(500);
      expect((await api(token, "POST", `/booking-requests/${bea!.publicId}/reject`, { reason: "RATES_MISMATCH" })).status).toBe(500);
      expect(await rowCounts(host.id)).toEqual(empty);
      expect(await json(await api(token, "GET", `/booking-requests/${ada!.publicId}`))).toMatchObject({ status: "REQUESTED" });
      expect(await json(await api(token, "GET", `/booking-requests/${bea!.publicId}`))).toMatchObject({ status: "REQUESTED" });
    } finally {
      await env.DB.exec("DROP TRIGGER refuse_system_messages;");
    }

    expect((await api(token, "POST", `/booking-requests/${ada!.publicId}/confirm`)).status).toBe(200);
    const counted = await rowCounts(host.id);
    // Bea's request wants the same nights: its confirmation is refused (409) and writes nothing, its rejection writes its message.
    expect((await api(token, "POST", `/booking-requests/${bea!.publicId}/confirm`)).status).toBe(409);
    expect((await api(token, "POST", `/booking-requests/${ada!.publicId}/reject`, { reason: "RATES_MISMATCH" })).status).toBe(409);
    expect(await rowCounts(host.id)).toEqual(counted);
    expect((await api(token, "POST", `/booking-requests/${bea!.publicId}/reject`, { reason: "RATES_MISMATCH" })).status).toBe(200);
    const inbox = await json<{ items: Conversation[] }>(await api(token, "GET", "/messaging/conversations"));
    const byStay = new Map(inbox.items.map((c) => [c.stay.id, c]));
    expect(await messagesOf(token, byStay.get(ada!.publicId)!.id)).toEqual([{ seq: 1, ...system({ event: "requestConfirmed" }) }]);
    expect(await messagesOf(token, byStay.get(bea!.publicId)!.id)).toEqual([{ seq: 1, ...system({ event: "requestRejected" }) }]);
  });

  it("the expiry job writes one message per expired request, also when it runs twice at once", async () => {
    const { host, unitId, token } = await requestHost();
    for (const from of [10, 20]) expect((await reserve(unitId, { checkIn: inDays(from), checkOut: inDays(from + 2) }, "book", { message: "" })).status).toBe(201);
    await env.DB.prepare("UPDATE booking_requests SET expires_at = ? WHERE host_user_id = ? AND check_in = ?").bind(Date.now() - 1, host.id, inDays(10)).run();
    const now = new Date();
    await Promise.all([runScheduledJobsAt(now), runScheduledJobsAt(now)]);
    await runScheduledJobsAt(now);
    const inbox = await json<{ items: Conversation[] }>(await api(token, "GET", "/messaging/conversations"));
    const expired = inbox.items.find((c) => c.stay.status === "EXPIRED")!;
    const pending = inbox.items.find((c) => c.stay.status === "REQUESTED")!;
    expect(await messagesOf(token, expired.id)).toEqual([{ seq: 1, ...system({ event: "requestExpired" }) }]);
    expect(await messagesOf(token, pending.id)).toEqual([]);
  });

  it("an inquiry's answer, and a channel's change and cancellation of a booking, each leave their message", async () => {
    const host = await createUser({ commercialModel: "subscription" });
    await subscribe(host);
    const { unitId } = await publishedUnit(host);
    const { access_token: token } = await signIn(host.email);
    for (const from of [10, 20]) expect((await reserve(unitId, { checkIn: inDays(from), checkOut: inDays(from + 2) }, "ask", { message: "" })).status).toBe(201);
    const inquiries = (await json<{ items: { publicId: string; checkIn: string }[] }>(await api(token, "GET", "/booking-inquiries?limit=10"))).items.sort((a, b) => a.checkIn.localeCompare(b.checkIn));
    expect((await api(token, "POST", `/booking-inquiries/${inquiries[0]!.publicId}/confirm`)).status).toBe(200);
    expect((await api(token, "POST", `/booking-inquiries/${inquiries[1]!.publicId}/reject`, { reason: "OTHER", explanation: "Closed for works." })).status).toBe(200);
    const conversations = new Map((await json<{ items: Conversation[] }>(await api(token, "GET", "/messaging/conversations"))).items.map((c) => [c.stay.id, c.id]));
    expect(await messagesOf(token, conversations.get(inquiries[0]!.publicId)!)).toEqual([{ seq: 1, ...system({ event: "inquiryConfirmed" }) }]);
    expect(await messagesOf(token, conversations.get(inquiries[1]!.publicId)!)).toEqual([{ seq: 1, ...system({ event: "inquiryRejected" }) }]);

    const owner = await createUser({ commercialModel: "commission" });
    const instant = await publishedUnit(owner, { nightlyPrice: 10_000 });
    const { access_token: ownerToken } = await signIn(owner.email);
    const key = await json<{ secret: string }>(await api(ownerToken, "POST", "/channel-api-keys", { name: "Channel manager" }));
    const channel = (method: string, path: string, body: unknown, idempotencyKey: string) => publicApi(method, `/api/channel${path}`, body, { authorization: `Bearer ${key.secret}`, "idempotency-key": idempotencyKey });
    const guest = { firstName: GUEST.firstName, lastName: GUEST.lastName, email: GUEST.email };
    expect((await channel("POST", "/reservations", { unitId: instant.unitId, reservationId: "R-7", checkIn: inDays(30), checkOut: inDays(33), guests: 2, guest }, "k-1")).status).toBe(201);
    expect((await channel("PUT", "/reservations/R-7", { checkIn: inDays(40), checkOut: inDays(44), guests: 3 }, "k-2")).status).toBe(200);
    // A change refused by the rules (the nights of the first stay are free again; these are in the past) writes nothing.
    expect((await channel("PUT", "/reservations/R-7", { checkIn: inDays(-4), checkOut: inDays(-1), guests: 3 }, "k-3")).status).toBeGreaterThanOrEqual(400);
    expect((await channel("POST", "/reservations/R-7/cancel", { cancelledBy: "guest" }, "k-4")).status).toBe(200);
    const conversation = await onlyConversation(ownerToken);
    expect(await messagesOf(ownerToken, conversation.id)).toEqual([
      { seq: 1, ...system({ event: "stayChanged", checkIn: inDays(40), checkOut: inDays(44), guests: 3 }) },
      { seq: 2, ...system({ event: "bookingCancelled", by: "guest" }) },
    ]);
    expect(conversation).toMatchObject({ unreadCount: 0, guestUnreadCount: 0, lastMessage: { sender: "system" } });
  });
});
