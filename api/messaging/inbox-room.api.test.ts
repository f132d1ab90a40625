import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { inboxSocketPath, type InboxFrame } from "@contract/inbox-live";
import { liveSocketPath } from "@contract/live-protocol";
import { api, BASE, createUser, signIn } from "@api/test/helpers";
import { inDays, publicApi, publishedUnit, reserve } from "@api/test/stays";

/** The host's inbox socket (decision 032): the navigation's Inbox count, live, inside workerd with the test's D1. */

class CountSocket {
  readonly counts: number[] = [];
  constructor(readonly ws: WebSocket) {
    ws.accept();
    ws.addEventListener("message", (event) => {
      if (typeof event.data !== "string" || !event.data.startsWith("{")) return;
      const frame = JSON.parse(event.data) as InboxFrame;
      if (frame.type === "unread") this.counts.push(frame.count);
    });
  }

  /** Waits (up to two seconds) until `n` counts have arrived, and answers the last. */
  async nth(n: number): Promise<number> {
    const deadline = Date.now() + 2000;
    while (this.counts.length < n) {
      if (Date.now() > deadline) throw new Error(`${this.counts.length} counts, not ${n}: ${JSON.stringify(this.counts)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.counts[n - 1]!;
  }
}

const openInbox = (token: string, headers: Record<string, string> = { Upgrade: "websocket" }) => SELF.fetch(`${BASE}${inboxSocketPath(token)}`, { headers });

async function inboxSocket(token: string): Promise<CountSocket> {
  const response = await openInbox(token);
  expect(response.status).toBe(101);
  return new CountSocket(response.webSocket!);
}

/** A commission host whose guest booked with a message: the host's OAuth and live tokens, the guest's API and live tokens. */
async function hostWithGuest() {
  const host = await createUser({ commercialModel: "commission" });
  const { unitId } = await publishedUnit(host);
  const email = `guest-${crypto.randomUUID()}@guest.example`;
  const { code } = (await (await reserve(unitId, { checkIn: inDays(30), checkOut: inDays(33) }, "book", { email, message: "Hello" })).json()) as { code: string };
  const { access_token: access } = await signIn(host.email);
  const live = ((await (await api(access, "GET", "/messaging/token")).json()) as { token: string }).token;
  const address = `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const guestApi = ((await (await publicApi("POST", "/api/guest/session", { code, email }, { "cf-connecting-ip": address })).json()) as { token: string }).token;
  const guestLive = (await (await publicApi("GET", "/api/guest/messaging/token", undefined, { authorization: `Bearer ${guestApi}` })).json()) as { token: string; conversationId: string };
  return { access, live, guestApi, guestLive: guestLive.token, conversationId: guestLive.conversationId };
}

const guestSends = (guestApi: string, clientMessageId: string) =>
  publicApi("POST", "/api/guest/conversation/messages", { text: `Message ${clientMessageId}`, clientMessageId }, { authorization: `Bearer ${guestApi}` });

describe("the host's inbox socket", () => {
  it("sends the host's count when it opens and whenever a guest writes or the host reads, to that host only", async () => {
    const a = await hostWithGuest();
    const b = await hostWithGuest();
    const inboxA = await inboxSocket(a.live);
    const inboxB = await inboxSocket(b.live);
    expect(await inboxA.nth(1)).toBe(1);
    expect(await inboxB.nth(1)).toBe(1);

    // The host reads the conversation (the page's loader does): 0; the guest writes by the API: 1 again.
    expect((await api(a.access, "POST", `/messaging/conversations/${a.conversationId}/read`)).status).toBe(204);
    expect(await inboxA.nth(2)).toBe(0);
    expect((await guestSends(a.guestApi, "g-1")).status).toBe(201);
    expect(await inboxA.nth(3)).toBe(1);
    // The same message again is stored once and changes nothing: no new count.
    expect((await guestSends(a.guestApi, "g-1")).status).toBe(200);

    // Over the conversation's socket too: the host's socket marks it read, the guest's sends.
    const conversation = async (token: string) => {
      const response = await SELF.fetch(`${BASE}${liveSocketPath(a.conversationId, { token, after: 0 })}`, { headers: { Upgrade: "websocket" } });
      expect(response.status).toBe(101);
      response.webSocket!.accept();
      return response.webSocket!;
    };
    const hostSide = await conversation(a.live);
    hostSide.send(JSON.stringify({ type: "read" }));
    expect(await inboxA.nth(4)).toBe(0);
    const guestSide = await conversation(a.guestLive);
    guestSide.send(JSON.stringify({ type: "send", clientMessageId: "g-2", text: "Over the socket" }));
    expect(await inboxA.nth(5)).toBe(1);
    expect(inboxA.counts).toEqual([1, 0, 1, 0, 1]);
    // Host B heard nothing of host A's conversation.
    expect(inboxB.counts).toEqual([1]);
    for (const ws of [hostSide, guestSide, inboxA.ws, inboxB.ws]) ws.close(1000, "done");
  });

  it("opens only with a host's live token", async () => {
    const a = await hostWithGuest();
    expect((await openInbox(a.guestLive)).status).toBe(404);
    expect((await openInbox("")).status).toBe(401);
    expect((await openInbox(`${a.live}x`)).status).toBe(401);
    expect((await openInbox(a.access)).status).toBe(401);
    expect((await openInbox(a.live, {})).status).toBe(426);
  });
});
