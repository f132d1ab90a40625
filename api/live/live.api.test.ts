import { env, evictDurableObject, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { LiveMessage, ServerFrame } from "@contract/live-protocol";
import { liveSocketPath } from "@contract/live-protocol";
import { api, BASE, createUser, signIn } from "@api/test/helpers";
import { GUEST, inDays, publicApi, publishedUnit, reserve } from "@api/test/stays";

/**
 * The live chat inside workerd (decision 033): a conversation's Durable Object with real sockets,
 * the messages stored in the test's D1 through the messaging services.
 */

/** A socket as a test reads it: every frame in order, and a wait for the next ones. */
class TestSocket {
  readonly frames: ServerFrame[] = [];
  private waiters: (() => void)[] = [];
  closed = false;

  constructor(readonly ws: WebSocket) {
    ws.accept();
    ws.addEventListener("message", (event) => {
      if (typeof event.data === "string" && event.data.startsWith("{")) this.frames.push(JSON.parse(event.data) as ServerFrame);
      for (const wake of this.waiters.splice(0)) wake();
    });
    ws.addEventListener("close", () => {
      this.closed = true;
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  send(frame: unknown) {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /** The first frame (from `from` on) that matches, waiting up to two seconds for it. */
  async next<T extends ServerFrame["type"]>(type: T, from = 0, match: (frame: Extract<ServerFrame, { type: T }>) => boolean = () => true): Promise<Extract<ServerFrame, { type: T }>> {
    const deadline = Date.now() + 2000;
    for (;;) {
      const found = this.frames.slice(from).find((f): f is Extract<ServerFrame, { type: T }> => f.type === type && match(f as Extract<ServerFrame, { type: T }>));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${type} frame; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  count(type: ServerFrame["type"]) {
    return this.frames.filter((f) => f.type === type).length;
  }

  close() {
    this.ws.close(1000, "done");
  }
}

async function openSocket(conversationId: string, token: string, after = 0): Promise<Response> {
  return SELF.fetch(`${BASE}${liveSocketPath(conversationId, { token, after })}`, { headers: { Upgrade: "websocket" } });
}

async function socket(conversationId: string, token: string, after = 0): Promise<TestSocket> {
  const response = await openSocket(conversationId, token, after);
  expect(response.status).toBe(101);
  return new TestSocket(response.webSocket!);
}

/** A host with a booking whose guest wrote a message with it: the conversation, the host's and the guest's live tokens. */
async function conversation() {
  const host = await createUser({ commercialModel: "commission" });
  const { unitId } = await publishedUnit(host);
  const email = `guest-${crypto.randomUUID()}@guest.example`;
  const reserved = await reserve(unitId, { checkIn: inDays(30), checkOut: inDays(33) }, "book", { email });
  const { code } = (await reserved.json()) as { code: string };
  const { access_token } = await signIn(host.email);
  const hostToken = ((await (await api(access_token, "GET", "/messaging/token")).json()) as { token: string }).token;
  const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const session = await publicApi("POST", "/api/guest/session", { code, email }, { "cf-connecting-ip": address });
  const guestApiToken = ((await session.json()) as { token: string }).token;
  const live = (await (await publicApi("GET", "/api/guest/messaging/token", undefined, { authorization: `Bearer ${guestApiToken}` })).json()) as { token: string; conversationId: string };
  return { host, hostAccess: access_token, hostToken, guestApiToken, guestToken: live.token, conversationId: live.conversationId, code };
}

async function storedCount(conversationId: string, clientMessageId?: string) {
  const row = await env.DB.prepare(
    `SELECT count(*) AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE c.public_id = ?${clientMessageId ? " AND m.client_message_id = ?" : ""}`,
  )
    .bind(...(clientMessageId ? [conversationId, clientMessageId] : [conversationId]))
    .first<{ n: number }>();
  return row!.n;
}

describe("live token and socket", () => {
  it("GET /api/app/messaging/token answers a short-lived token; the socket opens only for the token's own conversations", async () => {
    const a = await conversation();
    const b = await conversation();
    const token = (await (await api(a.hostAccess, "GET", "/messaging/token")).json()) as { token: string; expiresIn: number };
    expect(token.expiresIn).toBeLessThanOrEqual(300);
    // A host's own conversation opens; another host's answers 404 like one that does not exist.
    const opened = await socket(a.conversationId, a.hostToken);
    opened.close();
    expect((await openSocket(b.conversationId, a.hostToken)).status).toBe(404);
    expect((await openSocket("cnv_doesnotexist", a.hostToken)).status).toBe(404);
    // A guest's token opens the guest's conversation only.
    const guestOpened = await socket(a.conversationId, a.guestToken);
    guestOpened.close();
    expect((await openSocket(b.conversationId, a.guestToken)).status).toBe(404);
    // No token, a forged one, a guest API token (made for another purpose), a host's OAuth token: 401.
    expect((await openSocket(a.conversationId, "")).status).toBe(401);
    expect((await openSocket(a.conversationId, `${a.hostToken}x`)).status).toBe(401);
    expect((await openSocket(a.conversationId, a.guestApiToken)).status).toBe(401);
    expect((await openSocket(a.conversationId, a.hostAccess)).status).toBe(401);
    // Without an upgrade it is no socket.
    const plain = await SELF.fetch(`${BASE}${liveSocketPath(a.conversationId, { token: a.hostToken, after: 0 })}`);
    expect(plain.status).toBe(426);
  });
});

describe("a conversation's Durable Object", () => {
  it("catches a new socket up on the messages it has not seen, then stores a message before it acknowledges it and fans it out to every socket", async () => {
    const c = await conversation();
    const host = await socket(c.conversationId, c.hostToken);
    const hostTab = await socket(c.conversationId, c.hostToken);
    const guest = await socket(c.conversationId, c.guestToken);
    // The guest's message of the reservation is the conversation's first.
    expect((await host.next("messages")).items.map((m) => [m.seq, m.sender, m.text])).toEqual([[1, "guest", GUEST.message]]);
    await guest.next("messages");
    await hostTab.next("messages");

    guest.send({ type: "send", clientMessageId: "guest-1", text: "Is there parking <b>nearby</b>?" });
    const ack = await guest.next("ack");
    // Stored before the ack: by the time the guest hears of it, D1 holds it.
    expect(await storedCount(c.conversationId, "guest-1")).toBe(1);
    expect(ack.message).toMatchObject({ seq: 2, sender: "guest", text: "Is there parking <b>nearby</b>?", clientMessageId: "guest-1", conversationId: c.conversationId });
    const [atHost, atTab] = await Promise.all([host.next("message"), hostTab.next("message")]);
    expect(atHost.message).toEqual(ack.message);
    expect(atTab.message).toEqual(ack.message);
    // The sender receives its ack, not the message a second time.
    expect(guest.count("message")).toBe(0);

    host.send({ type: "send", clientMessageId: "host-1", text: "Yes, in the courtyard." });
    expect((await guest.next("message")).message).toMatchObject({ seq: 3, sender: "host" });
    expect((await host.next("ack")).message.seq).toBe(3);
    for (const s of [host, hostTab, guest]) s.close();
  });

  it("refuses what it cannot store (an empty or too long text, a bad client id, a frame it does not know) and passes nothing on", async () => {
    const c = await conversation();
    const host = await socket(c.conversationId, c.hostToken);
    const guest = await socket(c.conversationId, c.guestToken);
    await host.next("messages");
    guest.send({ type: "send", clientMessageId: "empty-1", text: "   " });
    expect((await guest.next("refused")).errors).toEqual(["required"]);
    guest.send({ type: "send", clientMessageId: "long-1", text: "x".repeat(2001) });
    expect((await guest.next("refused", 0, (f) => f.clientMessageId === "long-1")).errors).toEqual(["too_long"]);
    guest.send({ type: "send", clientMessageId: "not an id!", text: "Hello" });
    expect((await guest.next("refused", 0, (f) => f.clientMessageId === "not an id!")).errors).toContain("invalid_format");
    guest.send("{not json");
    expect((await guest.next("error")).error).toBe("invalid_frame");
    guest.send({ type: "send", clientMessageId: "fine-1", text: "Hello" });
    await guest.next("ack");
    expect(await storedCount(c.conversationId)).toBe(2);
    // The host received only the stored one.
    expect((await host.next("message")).message.clientMessageId).toBe("fine-1");
    expect(host.count("message")).toBe(1);
  });

  it("stores a message sent again after a lost acknowledgement once, and answers it the stored one", async () => {
    const c = await conversation();
    const guest = await socket(c.conversationId, c.guestToken);
    await guest.next("messages");
    guest.send({ type: "send", clientMessageId: "retry-1", text: "Once" });
    const first = await guest.next("ack");
    guest.close();
    // A new socket (after a reconnect) sends the outbox again.
    const again = await socket(c.conversationId, c.guestToken, first.message.seq);
    again.send({ type: "send", clientMessageId: "retry-1", text: "Once" });
    const second = await again.next("ack");
    expect(second.message).toEqual(first.message);
    expect(await storedCount(c.conversationId, "retry-1")).toBe(1);
  });

  it("answers a message it could not store with an error naming it, passes nothing on, and stores it once when it is sent again", async () => {
    const c = await conversation();
    const host = await socket(c.conversationId, c.hostToken);
    const guest = await socket(c.conversationId, c.guestToken);
    await host.next("messages");
    await guest.next("messages");
    // D1 fails this one message's insert (as a failed write would).
    await env.DB.prepare("CREATE TRIGGER live_test_fail BEFORE INSERT ON messages WHEN NEW.client_message_id = 'fails-1' BEGIN SELECT RAISE(ABORT, 'write failed'); END").run();
    try {
      guest.send({ type: "send", clientMessageId: "fails-1", text: "The code is 4711." });
      expect(await guest.next("error")).toEqual({ type: "error", error: "not_stored", clientMessageId: "fails-1" });
      expect(await storedCount(c.conversationId, "fails-1")).toBe(0);
    } finally {
      await env.DB.prepare("DROP TRIGGER IF EXISTS live_test_fail").run();
    }
    expect(host.count("message")).toBe(0);
    // The user's retry: the same id, now stored once and passed on once.
    guest.send({ type: "send", clientMessageId: "fails-1", text: "The code is 4711." });
    expect((await guest.next("ack")).message).toMatchObject({ seq: 2, clientMessageId: "fails-1" });
    expect((await host.next("message")).message).toMatchObject({ seq: 2, clientMessageId: "fails-1" });
    expect(await storedCount(c.conversationId, "fails-1")).toBe(1);
    expect(host.count("message")).toBe(1);
  });

  it("a reconnecting socket catches up on what it missed after the last seq it had, in pages of at most 100", async () => {
    const c = await conversation();
    const guest = await socket(c.conversationId, c.guestToken);
    await guest.next("messages");
    for (let i = 0; i < 5; i++) {
      guest.send({ type: "send", clientMessageId: `m-${i}`, text: `Message ${i}` });
      await guest.next("ack", 0, (f) => f.clientMessageId === `m-${i}`);
    }
    // The host was away after seq 3: it receives 4, 5, 6.
    const host = await socket(c.conversationId, c.hostToken, 3);
    const caught = await host.next("messages");
    expect(caught.items.map((m: LiveMessage) => m.seq)).toEqual([4, 5, 6]);
    expect(caught.hasMore).toBe(false);
    // A sync from an older seq answers from there.
    host.send({ type: "sync", after: 5 });
    expect((await host.next("messages", 1)).items.map((m: LiveMessage) => m.seq)).toEqual([6]);
  });

  it("keeps its sockets through hibernation: evicted from memory, it wakes on the next frame and fans out as before", async () => {
    const c = await conversation();
    const host = await socket(c.conversationId, c.hostToken);
    const guest = await socket(c.conversationId, c.guestToken);
    await host.next("messages");
    await guest.next("messages");
    const stub = env.CONVERSATIONS.get(env.CONVERSATIONS.idFromName(c.conversationId));
    await evictDurableObject(stub);
    // The sockets were hibernated, not closed; each one's side comes back from its attachment.
    guest.send({ type: "send", clientMessageId: "after-eviction", text: "Still there?" });
    expect((await guest.next("ack")).message.sender).toBe("guest");
    expect((await host.next("message")).message).toMatchObject({ clientMessageId: "after-eviction", sender: "guest" });
    expect(await stub.sockets()).toEqual({ host: 1, guest: 1 });
    await evictDurableObject(stub);
    host.send({ type: "send", clientMessageId: "host-after-eviction", text: "Yes." });
    expect((await guest.next("message")).message).toMatchObject({ clientMessageId: "host-after-eviction", sender: "host" });
    expect(host.closed || guest.closed).toBe(false);
  });

  it("passes a message the guest sends by the API (a form without JavaScript) to the host's open socket", async () => {
    const c = await conversation();
    const host = await socket(c.conversationId, c.hostToken);
    await host.next("messages");
    const sent = await publicApi("POST", "/api/guest/conversation/messages", { text: "Sent by form", clientMessageId: "form-1" }, { authorization: `Bearer ${c.guestApiToken}` });
    expect(sent.status).toBe(201);
    expect((await host.next("message")).message).toMatchObject({ text: "Sent by form", sender: "guest", seq: 2 });
    // The same form sent twice is stored once (200, the stored message) and not passed on again.
    const twice = await publicApi("POST", "/api/guest/conversation/messages", { text: "Sent by form", clientMessageId: "form-1" }, { authorization: `Bearer ${c.guestApiToken}` });
    expect(twice.status).toBe(200);
    expect(await storedCount(c.conversationId, "form-1")).toBe(1);
  });

  it("passes a message the host sends by the host API (the host's form) to the guest's open socket", async () => {
    const c = await conversation();
    const guest = await socket(c.conversationId, c.guestToken);
    await guest.next("messages");
    const sent = await api(c.hostAccess, "POST", `/messaging/conversations/${c.conversationId}/messages`, { text: "Welcome!", clientMessageId: "host-form-1" });
    expect(sent.status).toBe(201);
    expect((await guest.next("message")).message).toMatchObject({ text: "Welcome!", sender: "host", seq: 2 });
  });
});
