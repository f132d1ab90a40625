import { describe, expect, it } from "vitest";
import type { LiveMessage } from "@contract/live-protocol";
import { claimChatData, forgetChatData, ownerKey, type ChatStorage } from "./chat-storage";
import { ACK_TIMEOUT_MS, backoffDelay, BACKOFF_MAX_MS, LiveChat, mergeMessages, outboxKey, pendingState, type LiveChatState } from "./live-chat";

const message = (seq: number, extra: Partial<LiveMessage> = {}): LiveMessage => ({ id: `msg_${seq}`, conversationId: "cnv_1", seq, sender: "host", text: `Message ${seq}`, clientMessageId: `c${seq}`, createdAt: "2026-01-01T00:00:00.000Z", ...extra });

/** A socket the test drives: what the client sends, and the server's side by hand. */
class FakeSocket {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  private listeners: Record<string, ((event: { data?: unknown }) => void)[]> = {};
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  addEventListener(type: string, listener: (event: { data?: unknown }) => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  send(data: string) {
    if (this.readyState !== 1) throw new Error("not open");
    this.sent.push(data);
  }
  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    for (const l of this.listeners.close ?? []) l({});
  }
  open() {
    this.readyState = 1;
    for (const l of this.listeners.open ?? []) l({});
  }
  receive(frame: unknown) {
    for (const l of this.listeners.message ?? []) l({ data: JSON.stringify(frame) });
  }
  frames() {
    return this.sent.filter((s) => s.startsWith("{")).map((s) => JSON.parse(s) as { type: string; clientMessageId?: string; text?: string; after?: number });
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** localStorage over a Map, as the client uses it. */
function mapStorage(storage: Map<string, string>): ChatStorage {
  return {
    getItem: (k) => storage.get(k) ?? null,
    setItem: (k, v) => void storage.set(k, v),
    removeItem: (k) => void storage.delete(k),
    key: (i) => [...storage.keys()][i] ?? null,
    get length() {
      return storage.size;
    },
  };
}

function harness(
  initial: LiveMessage[] = [],
  storage = new Map<string, string>(),
  network: { online: boolean; tokens: number; answer?: () => Response } = { online: true, tokens: 0 },
  onSignedOut?: () => void,
  { side = "guest", owner }: { side?: "guest" | "host"; owner?: string } = {},
) {
  FakeSocket.all = [];
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let now = 0;
  let nextId = 1;
  let state: LiveChatState | null = null;
  const chat = new LiveChat({
    conversationId: "cnv_1",
    side,
    owner,
    tokenUrl: "/guest/live-token",
    initial,
    onChange: (s) => (state = s),
    onSignedOut,
    env: {
      WebSocket: FakeSocket as unknown as typeof WebSocket,
      fetch: (async () => {
        network.tokens++;
        if (network.answer) return network.answer();
        return new Response(JSON.stringify({ token: "t" }), { headers: { "content-type": "application/json" } });
      }) as typeof fetch,
      online: () => network.online,
      storage: mapStorage(storage),
      origin: "http://localhost:4530",
      setTimeout: (fn, ms) => {
        const id = nextId++;
        timers.push({ at: now + ms, fn, id });
        return id;
      },
      clearTimeout: (id) => {
        const i = timers.findIndex((t) => t.id === id);
        if (i >= 0) timers.splice(i, 1);
      },
      random: () => 0,
    },
  });
  async function advance(ms: number) {
    now += ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers.splice(timers.indexOf(due), 1);
      due.fn();
      await settle();
    }
  }
  return { chat, storage, settle, advance, state: () => state!, socket: () => FakeSocket.all.at(-1)! };
}

describe("live chat client", () => {
  it("backs off from half a second, doubling, up to 15 seconds", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n, () => 0))).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000, 15000]);
    expect(backoffDelay(20, () => 1)).toBe(BACKOFF_MAX_MS * 1.2);
  });

  it("merges messages by seq, each once, in order", () => {
    expect(mergeMessages([message(1), message(3)], [message(2), message(3), message(4)]).map((m) => m.seq)).toEqual([1, 2, 3, 4]);
  });

  it("opens the socket after the last message it has, with a fresh token", async () => {
    const h = harness([message(1), message(2)]);
    h.chat.start();
    await h.settle();
    expect(h.socket().url).toBe("ws://localhost:4530/api/live/conversations/cnv_1/socket?token=t&after=2");
  });

  it("queues a message typed while offline and sends it once when the socket opens; the ack takes it out of the outbox", async () => {
    const h = harness();
    h.chat.start();
    await h.settle();
    const id = h.chat.send("Hello");
    expect(h.state().pending).toEqual([{ clientMessageId: id, text: "Hello", refused: null, failed: false }]);
    expect(pendingState(h.state().pending[0]!, h.state().status)).toBe("queued");
    expect(JSON.parse(h.storage.get(outboxKey("guest", "cnv_1"))!)).toHaveLength(1);
    const socket = h.socket();
    socket.open();
    expect(socket.frames()).toEqual([{ type: "send", clientMessageId: id, text: "Hello" }]);
    expect(pendingState(h.state().pending[0]!, h.state().status)).toBe("sending");
    socket.receive({ type: "ack", clientMessageId: id, message: message(1, { sender: "guest", clientMessageId: id, text: "Hello" }) });
    expect(h.state().pending).toEqual([]);
    expect(h.state().messages.map((m) => m.text)).toEqual(["Hello"]);
    expect(h.storage.has(outboxKey("guest", "cnv_1"))).toBe(false);
  });

  it("after a lost ack it sends the message again with the same id on the next socket, and shows it once", async () => {
    const h = harness();
    h.chat.start();
    await h.settle();
    h.socket().open();
    const id = h.chat.send("Are you there?");
    const first = h.socket();
    first.close();
    expect(h.state().status).toBe("offline");
    await h.advance(500);
    const second = h.socket();
    expect(second).not.toBe(first);
    second.open();
    expect(second.frames()).toEqual([{ type: "send", clientMessageId: id, text: "Are you there?" }]);
    // The catch-up holds it (stored the first time) and the ack answers the same message.
    const stored = message(1, { sender: "guest", clientMessageId: id, text: "Are you there?" });
    second.receive({ type: "messages", items: [stored], hasMore: false });
    second.receive({ type: "ack", clientMessageId: id, message: stored });
    expect(h.state().messages).toEqual([stored]);
    expect(h.state().pending).toEqual([]);
  });

  it("keeps a reload's outbox and sends it once connected", async () => {
    const storage = new Map([[outboxKey("guest", "cnv_1"), JSON.stringify([{ clientMessageId: "cabc", text: "Typed offline", refused: null }])]]);
    const h = harness([], storage);
    h.chat.start();
    await h.settle();
    h.socket().open();
    expect(h.socket().frames()).toEqual([{ type: "send", clientMessageId: "cabc", text: "Typed offline" }]);
  });

  it("marks a message not acknowledged within the chat timeout failed and reconnects; a retry sends it again with its id", async () => {
    const h = harness();
    h.chat.start();
    await h.settle();
    h.socket().open();
    const id = h.chat.send("Slow");
    const first = h.socket();
    await h.advance(ACK_TIMEOUT_MS - 1);
    expect(h.state().pending[0]!.failed).toBe(false);
    await h.advance(1);
    expect(first.readyState).toBe(3);
    expect(pendingState(h.state().pending[0]!, h.state().status)).toBe("failed");
    expect(JSON.parse(h.storage.get(outboxKey("guest", "cnv_1"))!)[0].failed).toBe(true);
    await h.advance(500);
    const second = h.socket();
    expect(second).not.toBe(first);
    second.open();
    // Failed: not sent again behind the user's back.
    expect(second.frames()).toEqual([]);
    h.chat.retry(id);
    expect(second.frames()).toEqual([{ type: "send", clientMessageId: id, text: "Slow" }]);
    expect(pendingState(h.state().pending[0]!, h.state().status)).toBe("sending");
    second.receive({ type: "ack", clientMessageId: id, message: message(1, { sender: "guest", clientMessageId: id, text: "Slow" }) });
    expect(h.state().pending).toEqual([]);
  });

  it("a failed message that was stored after all leaves the outbox with the reconnect's catch-up", async () => {
    const h = harness();
    h.chat.start();
    await h.settle();
    h.socket().open();
    const id = h.chat.send("Stored late");
    const first = h.socket();
    await h.advance(ACK_TIMEOUT_MS);
    expect(h.state().pending[0]!.failed).toBe(true);
    await h.advance(500);
    expect(h.socket()).not.toBe(first);
    h.socket().open();
    h.socket().receive({ type: "messages", items: [message(1, { sender: "guest", clientMessageId: id, text: "Stored late" })], hasMore: false });
    expect(h.state().pending).toEqual([]);
    expect(h.state().messages.map((m) => m.text)).toEqual(["Stored late"]);
  });

  it("marks a message the server could not store failed, keeps the others going, and retries it when asked, even after a reload", async () => {
    const storage = new Map<string, string>();
    const h = harness([], storage);
    h.chat.start();
    await h.settle();
    h.socket().open();
    const broken = h.chat.send("Broken");
    const fine = h.chat.send("Fine");
    h.socket().receive({ type: "error", error: "not_stored", clientMessageId: broken });
    expect(h.state().pending.map((p) => [p.text, pendingState(p, h.state().status)])).toEqual([
      ["Broken", "failed"],
      ["Fine", "sending"],
    ]);
    // An error about no message in particular changes nothing.
    h.socket().receive({ type: "error", error: "invalid_frame" });
    expect(h.state().pending.map((p) => p.failed)).toEqual([true, false]);
    h.chat.stop();
    // Reloaded: the failed one stays failed, the other is sent again.
    const again = harness([], storage);
    again.chat.start();
    await again.settle();
    again.socket().open();
    expect(again.socket().frames()).toEqual([{ type: "send", clientMessageId: fine, text: "Fine" }]);
    again.chat.retry(broken);
    expect(again.socket().frames().at(-1)).toEqual({ type: "send", clientMessageId: broken, text: "Broken" });
  });

  it("a retry while offline waits for the socket and is sent once it opens", async () => {
    const h = harness();
    h.chat.start();
    await h.settle();
    h.socket().open();
    const id = h.chat.send("Later");
    h.socket().receive({ type: "error", error: "not_stored", clientMessageId: id });
    h.socket().close();
    h.chat.retry(id);
    expect(pendingState(h.state().pending[0]!, h.state().status)).toBe("queued");
    await h.settle();
    h.socket().open();
    expect(h.socket().frames()).toEqual([{ type: "send", clientMessageId: id, text: "Later" }]);
  });

  it("asks for no token while the browser is offline, queues what is sent, and sends it once the browser is online again", async () => {
    const network = { online: true, tokens: 0 };
    const h = harness([], new Map(), network);
    h.chat.start();
    await h.settle();
    const first = h.socket();
    first.open();
    network.online = false;
    h.chat.wentOffline();
    expect(first.readyState).toBe(3);
    expect(h.state().status).toBe("offline");
    const id = h.chat.send("Written on the train");
    expect(pendingState(h.state().pending[0]!, h.state().status)).toBe("queued");
    await h.advance(60_000);
    expect(network.tokens).toBe(1);
    expect(FakeSocket.all).toHaveLength(1);
    network.online = true;
    h.chat.reconnectNow();
    await h.settle();
    expect(network.tokens).toBe(2);
    h.socket().open();
    expect(h.socket().frames()).toEqual([{ type: "send", clientMessageId: id, text: "Written on the train" }]);
    expect(first.frames()).toEqual([]);
  });

  it("stops and says the side is signed out when the token page answers 401 or leads to the sign-in, keeping the outbox", async () => {
    for (const answer of [() => new Response("{}", { status: 401 }), () => ({ status: 0, type: "opaqueredirect", ok: false, headers: new Headers() }) as Response]) {
      let signedOut = 0;
      const storage = new Map([[outboxKey("guest", "cnv_1"), JSON.stringify([{ clientMessageId: "ckeep", text: "Kept", refused: null, failed: false }])]]);
      const network = { online: true, tokens: 0, answer };
      const h = harness([], storage, network, () => signedOut++);
      h.chat.start();
      await h.settle();
      expect(signedOut).toBe(1);
      expect(FakeSocket.all).toHaveLength(0);
      await h.advance(60_000);
      expect(network.tokens).toBe(1);
      expect(storage.has(outboxKey("guest", "cnv_1"))).toBe(true);
    }
  });

  it("asks for more while the catch-up has more, from the last seq it got", async () => {
    const h = harness();
    h.chat.start();
    await h.settle();
    const socket = h.socket();
    socket.open();
    socket.receive({ type: "messages", items: [message(1), message(2)], hasMore: true });
    expect(socket.frames().at(-1)).toEqual({ type: "sync", after: 2 });
  });

  it("keeps a refused message with its reasons and never sends it again", async () => {
    const h = harness();
    h.chat.start();
    await h.settle();
    h.socket().open();
    const id = h.chat.send("x");
    h.socket().receive({ type: "refused", clientMessageId: id, errors: ["too_long"] });
    expect(h.state().pending[0]!.refused).toEqual(["too_long"]);
    h.socket().close();
    await h.advance(500);
    h.socket().open();
    expect(h.socket().frames()).toEqual([]);
    h.chat.discard(id);
    expect(h.state().pending).toEqual([]);
  });
});

/** An outbox holding one message waiting to be sent. */
const queued = (text: string) => JSON.stringify([{ clientMessageId: `c${text.length}`, text, refused: null, failed: false }]);

describe("whose unsent messages the browser keeps", () => {
  it("a host's own outbox is shown and sent; another host's (or nobody's known) is forgotten before it is read, never shown or sent", async () => {
    const storage = new Map([
      [ownerKey("host"), "usr_a"],
      [outboxKey("host", "cnv_1"), queued("Mine")],
      [outboxKey("host", "cnv_2"), queued("Also mine")],
      [outboxKey("guest", "cnv_9"), queued("A guest's")],
    ]);
    const own = harness([], storage, undefined, undefined, { side: "host", owner: "usr_a" });
    expect(own.chat.state.pending.map((p) => p.text)).toEqual(["Mine"]);
    own.chat.start();
    await own.settle();
    own.socket().open();
    expect(own.socket().frames().map((f) => f.text)).toEqual(["Mine"]);
    expect(storage.has(outboxKey("host", "cnv_2"))).toBe(true);

    const other = harness([], storage, undefined, undefined, { side: "host", owner: "usr_b" });
    expect(other.chat.state.pending).toEqual([]);
    other.chat.start();
    await other.settle();
    other.socket().open();
    expect(other.socket().frames()).toEqual([]);
    expect([...storage.keys()].sort()).toEqual([outboxKey("guest", "cnv_9"), ownerKey("host")]);
    expect(storage.get(ownerKey("host"))).toBe("usr_b");

    // An outbox kept before owners were recorded is nobody's known: forgotten too.
    const unknown = new Map([[outboxKey("host", "cnv_1"), queued("Whose?")]]);
    expect(harness([], unknown, undefined, undefined, { side: "host", owner: "usr_a" }).chat.state.pending).toEqual([]);
    expect(unknown.has(outboxKey("host", "cnv_1"))).toBe(false);
  });

  it("signing out forgets every conversation of the side, and only of that side", () => {
    const storage = new Map([
      [ownerKey("host"), "usr_a"],
      [outboxKey("host", "cnv_1"), queued("Mine")],
      [outboxKey("guest", "cnv_9"), queued("A guest's")],
      ["stayhost.consent", "yes"],
    ]);
    forgetChatData("host", mapStorage(storage));
    expect([...storage.keys()].sort()).toEqual([outboxKey("guest", "cnv_9"), "stayhost.consent"]);
    claimChatData("host", "usr_c", mapStorage(storage));
    expect(storage.get(ownerKey("host"))).toBe("usr_c");
    expect(storage.has(outboxKey("guest", "cnv_9"))).toBe(true);
  });
});
