import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, createUser, signIn } from "@api/test/helpers";
import { inDays, publishedUnit, reserve } from "@api/test/stays";

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

interface Conversation {
  id: string;
  type: string;
  stay: { id: string; code: string; status: string | null; bookingId: string | null };
  guest: { firstName: string; lastName: string };
  archived: boolean;
  favourite: boolean;
  unreadCount: number;
  lastMessage: { preview: string; sender: string } | null;
}

interface Inbox {
  items: Conversation[];
  pagination: { total: number; next: number };
  unreadConversations: number;
}

/** A commission host with an instant unit and a unit on request, and stays from three guests. */
async function hostWithGuests() {
  const host = await createUser({ commercialModel: "commission" });
  const instant = await publishedUnit(host);
  const onRequest = await publishedUnit(host, { bookingType: "onRequest" });
  expect((await reserve(instant.unitId, { checkIn: inDays(20), checkOut: inDays(23) }, "book", { firstName: "Ada", lastName: "Lovelace", message: "Is there parking?" })).status).toBe(201);
  expect((await reserve(instant.unitId, { checkIn: inDays(30), checkOut: inDays(33) }, "book", { firstName: "Bea", lastName: "Koch", message: "" })).status).toBe(201);
  expect((await reserve(onRequest.unitId, { checkIn: inDays(40), checkOut: inDays(43) }, "book", { firstName: "Carl", lastName: "Weber", message: "Can we bring a dog?" })).status).toBe(201);
  const { access_token: token } = await signIn(host.email);
  const inbox = await json<Inbox>(await api(token, "GET", "/messaging/conversations"));
  const byName = (name: string) => inbox.items.find((c) => c.guest.firstName === name)!;
  return { host, token, inbox, ada: byName("Ada"), bea: byName("Bea"), carl: byName("Carl") };
}

const names = (inbox: Inbox) => inbox.items.map((c) => c.guest.firstName);

describe("the host's inbox", () => {
  it("lists conversations newest first with their stay and last message, and filters by unread, favourite, type, archive and search", async () => {
    const { token, inbox, ada, bea, carl } = await hostWithGuests();
    expect(names(inbox)).toEqual(["Carl", "Bea", "Ada"]);
    expect(inbox.unreadConversations).toBe(2);
    expect(ada).toMatchObject({ type: "booking", stay: { status: "CONFIRMED" }, unreadCount: 1, lastMessage: { preview: "Is there parking?", sender: "guest" }, archived: false, favourite: false });
    expect(bea).toMatchObject({ unreadCount: 0, lastMessage: null });
    expect(carl).toMatchObject({ type: "bookingRequest", stay: { status: "REQUESTED", bookingId: null } });
    expect(await json(await api(token, "GET", "/messaging/unread-count"))).toEqual({ count: 2 });
    // The page that opens a conversation beside the list counts that one read (opening it reads it); the rows stay as stored.
    const opening = await json<Inbox>(await api(token, "GET", `/messaging/conversations?opened=${ada.id}`));
    expect(opening.unreadConversations).toBe(1);
    expect(opening.items.find((c) => c.id === ada.id)?.unreadCount).toBe(1);
    expect((await json<Inbox>(await api(token, "GET", `/messaging/conversations?opened=${bea.id}`))).unreadConversations).toBe(2);

    const list = async (query: string) => names(await json<Inbox>(await api(token, "GET", `/messaging/conversations?${query}`)));
    expect(await list("unread=true")).toEqual(["Carl", "Ada"]);
    expect(await list("type=bookingRequest")).toEqual(["Carl"]);
    expect(await list("search=koch")).toEqual(["Bea"]);
    expect(await list("search=weber%20carl")).toEqual(["Carl"]);
    expect(await list(`search=${ada.stay.code.slice(0, 5).toLowerCase()}`)).toEqual(["Ada"]);
    expect(await list("search=%25")).toEqual([]);
    // A search as long as the contract allows (D1 refuses a LIKE pattern over 50 bytes).
    expect(await list(`search=${encodeURIComponent("Carl Weber ".repeat(9) + "x")}`)).toEqual([]);

    expect(await json(await api(token, "PATCH", `/messaging/conversations/${bea.id}`, { favourite: true }))).toMatchObject({ favourite: true, archived: false });
    expect(await list("favourite=true")).toEqual(["Bea"]);
    expect(await json(await api(token, "PATCH", `/messaging/conversations/${ada.id}`, { archived: true }))).toMatchObject({ archived: true });
    expect(await list("")).toEqual(["Carl", "Bea"]);
    expect(await list("status=archived")).toEqual(["Ada"]);
    // An archived conversation's unread messages do not count in the inbox.
    expect(await json(await api(token, "GET", "/messaging/unread-count"))).toEqual({ count: 1 });
    await api(token, "PATCH", `/messaging/conversations/${ada.id}`, { archived: false });
    expect(await list("")).toEqual(["Carl", "Bea", "Ada"]);

    const page = await json<Inbox>(await api(token, "GET", "/messaging/conversations?limit=2&page=2"));
    expect(names(page)).toEqual(["Ada"]);
    expect(page.pagination).toMatchObject({ total: 3, next: 2 });
    expect((await api(token, "GET", "/messaging/conversations?limit=51")).status).toBe(400);
  });

  it("sends a message once per client id, answers the window after a number, and marks the conversation read", async () => {
    const { token, ada } = await hostWithGuests();
    const first = await api(token, "POST", `/messaging/conversations/${ada.id}/messages`, { text: "Yes, <b>free</b> parking.", clientMessageId: "c1" });
    expect(first.status).toBe(201);
    const sent = await json<{ id: string; seq: number; sender: string; text: string }>(first);
    expect(sent).toMatchObject({ seq: 2, sender: "host", text: "Yes, <b>free</b> parking." });
    const again = await api(token, "POST", `/messaging/conversations/${ada.id}/messages`, { text: "Yes, <b>free</b> parking.", clientMessageId: "c1" });
    expect(again.status).toBe(200);
    expect((await json<{ id: string }>(again)).id).toBe(sent.id);

    const all = await json<{ items: { seq: number; sender: string }[]; hasMore: boolean }>(await api(token, "GET", `/messaging/conversations/${ada.id}/messages`));
    expect(all).toEqual({ items: [expect.objectContaining({ seq: 1, sender: "guest" }), expect.objectContaining({ seq: 2, sender: "host" })], hasMore: false });
    const after = await json<{ items: { seq: number }[] }>(await api(token, "GET", `/messaging/conversations/${ada.id}/messages?after=1`));
    expect(after.items.map((m) => m.seq)).toEqual([2]);
    // Replying read the guest's message.
    expect(await json(await api(token, "GET", `/messaging/conversations/${ada.id}`))).toMatchObject({ unreadCount: 0, guestUnreadCount: 1, messageCount: 2, lastMessage: { sender: "host" } });

    const blank = await api(token, "POST", `/messaging/conversations/${ada.id}/messages`, { text: "   ", clientMessageId: "c2" });
    expect(blank.status).toBe(400);
    expect((await json<{ errors: { field: string; type: string }[] }>(blank)).errors).toEqual([expect.objectContaining({ field: "text", type: "required" })]);
    expect((await api(token, "POST", `/messaging/conversations/${ada.id}/messages`, { text: "x".repeat(2001), clientMessageId: "c3" })).status).toBe(400);
  });

  it("marks read, and answers 404 for another host's conversation", async () => {
    const { token, ada } = await hostWithGuests();
    expect((await api(token, "POST", `/messaging/conversations/${ada.id}/read`)).status).toBe(204);
    expect(await json(await api(token, "GET", `/messaging/conversations/${ada.id}`))).toMatchObject({ unreadCount: 0 });
    const other = await createUser({ commercialModel: "commission" });
    const { access_token: intruder } = await signIn(other.email);
    for (const [method, path, body] of [
      ["GET", `/messaging/conversations/${ada.id}`],
      ["GET", `/messaging/conversations/${ada.id}/messages`],
      ["POST", `/messaging/conversations/${ada.id}/messages`, { text: "hi", clientMessageId: "x" }],
      ["POST", `/messaging/conversations/${ada.id}/read`],
      ["PATCH", `/messaging/conversations/${ada.id}`, { archived: true }],
      ["POST", "/messaging/conversation", { type: "booking", id: ada.stay.id }],
    ] as const)
      expect((await api(intruder, method, path, body)).status, `${method} ${path}`).toBe(404);
  });

  it("answers a stay's conversation, opens one for a stay without, and keeps a confirmed request's booking in the request's", async () => {
    const { token, ada, carl } = await hostWithGuests();
    const existing = await api(token, "POST", "/messaging/conversation", { type: "booking", id: ada.stay.id });
    expect(existing.status).toBe(200);
    expect((await json<Conversation>(existing)).id).toBe(ada.id);

    await env.DB.prepare("DELETE FROM conversations WHERE public_id = ?").bind(ada.id).run();
    const opened = await api(token, "POST", "/messaging/conversation", { type: "booking", id: ada.stay.id });
    expect(opened.status).toBe(201);
    expect(await json(opened)).toMatchObject({ stay: { id: ada.stay.id }, lastMessage: { preview: "Is there parking?" } });

    const { booking } = await json<{ booking: { publicId: string } }>(await api(token, "POST", `/booking-requests/${carl.stay.id}/confirm`));
    const viaBooking = await json<Conversation>(await api(token, "POST", "/messaging/conversation", { type: "booking", id: booking.publicId }));
    expect(viaBooking).toMatchObject({ id: carl.id, type: "bookingRequest", stay: { status: "CONFIRMED", bookingId: booking.publicId } });
    expect((await api(token, "POST", "/messaging/conversation", { type: "bookingInquiry", id: ada.stay.id })).status).toBe(404);
  });

  it("answers the stay as its card shows it: a request's answer-by, and the booking a stay is or a request became, with who cancelled it and when", async () => {
    const { token, ada, carl } = await hostWithGuests();
    const opened = async (id: string) => (await json<{ stay: Record<string, unknown> }>(await api(token, "GET", `/messaging/conversations/${id}`))).stay;
    expect(await opened(ada.id)).toMatchObject({ status: "CONFIRMED", expirationTime: null, booking: { id: ada.stay.id, status: "CONFIRMED", cancelledBy: null, cancelledAt: null } });
    const request = await json<{ expirationTime: string }>(await api(token, "GET", `/booking-requests/${carl.stay.id}`));
    expect(await opened(carl.id)).toMatchObject({ status: "REQUESTED", expirationTime: request.expirationTime, booking: null });

    // The guest cancels Ada's booking (as a channel tells it).
    const guestCancelledAt = new Date(Date.now() - 3_600_000);
    await env.DB.prepare("UPDATE bookings SET status = 'CANCELLED', cancelled_by_role = 'GUEST_VIA_EXTERNAL_SYSTEM', cancelled_at = ? WHERE public_id = ?").bind(guestCancelledAt.getTime(), ada.stay.id).run();
    expect(await opened(ada.id)).toMatchObject({ status: "CANCELLED", booking: { status: "CANCELLED", cancelledBy: "guest", cancelledAt: guestCancelledAt.toISOString() } });

    // Carl's request becomes a booking, which the host cancels: the request's conversation tells both.
    const { booking } = await json<{ booking: { publicId: string } }>(await api(token, "POST", `/booking-requests/${carl.stay.id}/confirm`));
    expect(await opened(carl.id)).toMatchObject({ status: "CONFIRMED", bookingId: booking.publicId, expirationTime: request.expirationTime, booking: { id: booking.publicId, status: "CONFIRMED", cancelledBy: null } });
    const cancelled = await json<{ cancellation: { cancelledAt: string } }>(await api(token, "POST", `/bookings/${booking.publicId}/cancel`, { reason: "PROPERTY_UNAVAILABLE" }));
    expect(await opened(carl.id)).toMatchObject({ status: "CONFIRMED", booking: { id: booking.publicId, status: "CANCELLED", cancelledBy: "owner", cancelledAt: cancelled.cancellation.cancelledAt } });
  });
});

describe("saved replies", () => {
  it("are created, listed by title, changed and deleted; a blank title or body is refused", async () => {
    const host = await createUser();
    const { access_token: token } = await signIn(host.email);
    const created = await api(token, "POST", "/messaging/saved-replies", { title: "Welcome", body: "Hi {guestFirstName}, see you on {checkIn}!" });
    expect(created.status).toBe(201);
    const welcome = await json<{ id: string }>(created);
    await api(token, "POST", "/messaging/saved-replies", { title: "arrival", body: "Check-in from 15:00." });
    expect((await json<{ items: { title: string }[] }>(await api(token, "GET", "/messaging/saved-replies"))).items.map((r) => r.title)).toEqual(["arrival", "Welcome"]);
    expect(await json(await api(token, "PATCH", `/messaging/saved-replies/${welcome.id}`, { title: "Welcome!", body: "Hello" }))).toMatchObject({ title: "Welcome!", body: "Hello" });
    const blank = await api(token, "POST", "/messaging/saved-replies", { title: " ", body: "x" });
    expect(blank.status).toBe(400);
    expect((await json<{ errors: { field: string; type: string }[] }>(blank)).errors).toEqual([expect.objectContaining({ field: "title", type: "required" })]);
    expect((await api(token, "DELETE", `/messaging/saved-replies/${welcome.id}`)).status).toBe(204);
    expect((await api(token, "DELETE", `/messaging/saved-replies/${welcome.id}`)).status).toBe(404);
    expect((await json<{ items: unknown[] }>(await api(token, "GET", "/messaging/saved-replies"))).items).toHaveLength(1);
  });

  it("stop at 100 per host", async () => {
    const host = await createUser();
    const { access_token: token } = await signIn(host.email);
    await env.DB.batch(Array.from({ length: 99 }, (_, i) => env.DB.prepare("INSERT INTO saved_replies (public_id, host_user_id, title, body) VALUES (?, ?, ?, 'b')").bind(`rpl_${host.id}_${i}`, host.id, `r${i}`)));
    expect((await api(token, "POST", "/messaging/saved-replies", { title: "100th", body: "b" })).status).toBe(201);
    const full = await api(token, "POST", "/messaging/saved-replies", { title: "101st", body: "b" });
    expect(full.status).toBe(409);
    expect((await json<{ errors: { type: string }[] }>(full)).errors[0]!.type).toBe("saved_replies_full");
  });
});
