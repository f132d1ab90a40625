import { LIVE_PING, LIVE_PONG, liveSocketPath, type ClientFrame, type LiveMessage, type LiveSide, type ServerFrame } from "@contract/live-protocol";
import { browserStorage, claimChatData, outboxKey, type ChatStorage } from "./chat-storage";
import type { LiveStatus, PendingMessage } from "./live-chat-pending";

export { forgetChatData, outboxKey } from "./chat-storage";
export { pendingState, type LiveStatus, type PendingMessage, type PendingState } from "./live-chat-pending";

/**
 * The browser's end of a conversation's live socket (decision 033), without a library: it opens the
 * socket with a fresh token, reconnects with backoff, catches up on the messages after the last it
 * has, and keeps what the user sends in an outbox (localStorage) until the server acknowledges it.
 * Each message carries a client message id made once, when it is typed: sent again after a
 * reconnect, the server stores it once, and the list shows it once. A message the server could not
 * store, or did not acknowledge within the chat timeout, is marked failed and waits for the user's
 * retry (with the same id) instead of being sent again behind their back.
 */

/** A message the client still sends by itself (on this socket, or the next one). */
const waiting = (message: PendingMessage) => !message.refused && !message.failed;

export interface LiveChatState {
  messages: LiveMessage[];
  pending: PendingMessage[];
  status: LiveStatus;
}

export interface LiveChatOptions {
  conversationId: string;
  side: LiveSide;
  /** A page of this app answering `{ token }` (JSON) for this side; 401: signed out. */
  tokenUrl: string;
  /** The messages the page was rendered with, oldest first. */
  initial: LiveMessage[];
  /** The last seq the page has when `initial` does not hold it (the socket catches up after it). */
  after?: number;
  onChange: (state: LiveChatState) => void;
  /**
   * Whose this side's unsent messages in this browser are (the signed-in host's id): what another
   * left here is forgotten before anything is read, so it is never shown or sent (claimChatData).
   */
  owner?: string;
  /** The token page answered 401 (or led to the sign-in): the side is signed out. */
  onSignedOut?: () => void;
  /** The browser's pieces, replaced in tests. */
  env?: Partial<LiveChatEnv>;
}

export interface LiveChatEnv {
  WebSocket: typeof WebSocket;
  fetch: typeof fetch;
  storage: ChatStorage | null;
  origin: string;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
  random: () => number;
  /** False when the browser knows it is offline: no token is asked for then (the online event reconnects). */
  online: () => boolean;
}

/** §9 chat timeout: a message not acknowledged within it makes the client reconnect (and send it again). */
export const ACK_TIMEOUT_MS = 20_000;
/** Reconnect delays: 0.5 s doubling to 15 s, with up to a fifth of jitter. */
export const BACKOFF_BASE_MS = 500;
export const BACKOFF_MAX_MS = 15_000;
const KEEPALIVE_MS = 30_000;

export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt, 10));
  return Math.round(base * (1 + random() * 0.2));
}

/** A client message id: random, URL-safe, within the server's pattern. */
export function newClientMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `c${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** `messages` with `incoming` added, each seq once, in order. */
export function mergeMessages(messages: LiveMessage[], incoming: LiveMessage[]): LiveMessage[] {
  if (!incoming.length) return messages;
  const bySeq = new Map(messages.map((m) => [m.seq, m]));
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

export class LiveChat {
  private readonly env: LiveChatEnv;
  private messages: LiveMessage[];
  private pending: PendingMessage[];
  private status: LiveStatus = "connecting";
  private socket: WebSocket | null = null;
  private attempt = 0;
  private retryTimer: unknown = null;
  private ackTimer: unknown = null;
  private keepAlive: unknown = null;
  private stopped = false;

  constructor(private readonly options: LiveChatOptions) {
    this.env = {
      WebSocket: globalThis.WebSocket,
      fetch: (...args) => globalThis.fetch(...args),
      storage: browserStorage(),
      origin: globalThis.location?.origin ?? "",
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
      random: Math.random,
      online: () => globalThis.navigator?.onLine !== false,
      ...options.env,
    };
    this.messages = mergeMessages([], options.initial);
    if (options.owner) claimChatData(options.side, options.owner, this.env.storage);
    this.pending = this.readOutbox();
  }

  get state(): LiveChatState {
    return { messages: this.messages, pending: this.pending, status: this.status };
  }

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.env.clearTimeout(this.retryTimer);
    this.env.clearTimeout(this.ackTimer);
    this.env.clearTimeout(this.keepAlive);
    this.socket?.close(1000, "Left");
    this.socket = null;
  }

  /** Queues a message and sends it when the socket is open (now, or after the next reconnect). */
  send(text: string): string {
    const clientMessageId = newClientMessageId();
    this.pending = [...this.pending, { clientMessageId, text, refused: null, failed: false }];
    this.writeOutbox();
    this.emit();
    if (this.isOpen()) this.flush([this.pending.at(-1)!]);
    return clientMessageId;
  }

  /** Sends a failed message again, with its id (stored once even if the first try was stored after all). */
  retry(clientMessageId: string): void {
    const message = this.pending.find((p) => p.clientMessageId === clientMessageId && p.failed);
    if (!message) return;
    const again = { ...message, failed: false };
    this.pending = this.pending.map((p) => (p === message ? again : p));
    this.writeOutbox();
    this.emit();
    if (this.isOpen()) this.flush([again]);
    else this.reconnectNow();
  }

  /** Forgets a refused (or failed) message the user has seen. */
  discard(clientMessageId: string): void {
    this.pending = this.pending.filter((p) => p.clientMessageId !== clientMessageId);
    this.writeOutbox();
    this.emit();
  }

  /** The browser went online again: do not wait for the backoff. */
  reconnectNow(): void {
    if (this.stopped || this.isOpen()) return;
    this.env.clearTimeout(this.retryTimer);
    this.attempt = 0;
    void this.connect();
  }

  wentOffline(): void {
    this.socket?.close(4000, "Offline");
  }

  private get lastSeq(): number {
    return Math.max(this.messages.at(-1)?.seq ?? 0, this.options.after ?? 0);
  }

  private isOpen(): boolean {
    return this.socket !== null && this.socket.readyState === this.env.WebSocket.OPEN;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    // Offline for sure: wait (for the browser's online event, or the next try) without asking anything.
    if (!this.env.online()) return this.retryLater();
    this.setStatus(this.attempt === 0 ? "connecting" : "offline");
    let token: string;
    try {
      // A token page leads elsewhere only to sign in (the host's session ended): not followed, that is a 401 too.
      const response = await this.env.fetch(this.options.tokenUrl, { headers: { accept: "application/json" }, credentials: "same-origin", redirect: "manual" });
      // Left meanwhile (the page changed, the user signed out there): nothing more to do.
      if (this.stopped) return;
      if (response.status === 401 || response.type === "opaqueredirect") {
        this.stop();
        this.options.onSignedOut?.();
        return;
      }
      if (!response.ok || !/json/.test(response.headers.get("content-type") ?? "")) throw new Error(`token ${response.status}`);
      token = ((await response.json()) as { token: string }).token;
    } catch {
      return this.retryLater();
    }
    if (this.stopped) return;
    const url = new URL(liveSocketPath(this.options.conversationId, { token, after: this.lastSeq }), this.env.origin);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const socket = new this.env.WebSocket(url.href);
    // Two connects at once (an online event during a try): the newer socket wins, the older is closed.
    const older = this.socket;
    this.socket = socket;
    older?.close(1000, "Replaced");
    socket.addEventListener("open", () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.setStatus("open");
      this.flush(this.pending.filter(waiting));
      this.scheduleKeepAlive();
    });
    socket.addEventListener("message", (event) => {
      if (this.socket === socket) this.receive(event.data);
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.env.clearTimeout(this.ackTimer);
      this.env.clearTimeout(this.keepAlive);
      this.retryLater();
    });
  }

  private retryLater(): void {
    if (this.stopped) return;
    this.setStatus("offline");
    const delay = backoffDelay(this.attempt++, this.env.random);
    this.retryTimer = this.env.setTimeout(() => void this.connect(), delay);
  }

  private flush(messages: PendingMessage[]): void {
    for (const message of messages) this.frame({ type: "send", clientMessageId: message.clientMessageId, text: message.text });
    if (messages.length) this.armAckTimer();
  }

  private frame(frame: ClientFrame): void {
    try {
      this.socket?.send(JSON.stringify(frame));
    } catch {
      // Closing: the outbox keeps it for the next connection.
    }
  }

  /** Marks the conversation read for this side (the page is in front of the user). */
  markRead(): void {
    if (this.isOpen()) this.frame({ type: "read" });
  }

  private armAckTimer(): void {
    this.env.clearTimeout(this.ackTimer);
    this.ackTimer = this.env.setTimeout(() => {
      // No answer within the chat timeout: what was sent is marked failed (the user retries it) and this
      // socket is replaced; the new one's catch-up takes out of the outbox what was stored after all.
      if (!this.pending.some(waiting)) return;
      this.pending = this.pending.map((p) => (waiting(p) ? { ...p, failed: true } : p));
      this.writeOutbox();
      this.emit();
      this.socket?.close(4001, "Timeout");
    }, ACK_TIMEOUT_MS);
  }

  private scheduleKeepAlive(): void {
    this.env.clearTimeout(this.keepAlive);
    this.keepAlive = this.env.setTimeout(() => {
      if (!this.isOpen()) return;
      try {
        this.socket!.send(LIVE_PING);
      } catch {
        // Closing.
      }
      this.scheduleKeepAlive();
    }, KEEPALIVE_MS);
  }

  private receive(data: unknown): void {
    if (data === LIVE_PONG || typeof data !== "string") return;
    let frame: ServerFrame;
    try {
      frame = JSON.parse(data) as ServerFrame;
    } catch {
      return;
    }
    if (frame.type === "messages") {
      this.messages = mergeMessages(this.messages, frame.items);
      this.settle(frame.items);
      if (frame.hasMore) this.frame({ type: "sync", after: this.lastSeq });
    } else if (frame.type === "message") {
      this.messages = mergeMessages(this.messages, [frame.message]);
      this.settle([frame.message]);
    } else if (frame.type === "ack") {
      this.messages = mergeMessages(this.messages, [frame.message]);
      this.settle([frame.message]);
    } else if (frame.type === "refused") {
      this.pending = this.pending.map((p) => (p.clientMessageId === frame.clientMessageId ? { ...p, refused: frame.errors } : p));
      this.writeOutbox();
    } else if (frame.type === "error" && frame.clientMessageId) {
      // The server could not store it: the user sees it failed and may retry.
      this.pending = this.pending.map((p) => (p.clientMessageId === frame.clientMessageId && !p.refused ? { ...p, failed: true } : p));
      this.writeOutbox();
    } else return;
    if (!this.pending.some(waiting)) this.env.clearTimeout(this.ackTimer);
    this.emit();
  }

  /** Messages the server has stored leave the outbox (an ack, or the message itself after a reconnect). */
  private settle(stored: LiveMessage[]): void {
    if (!this.pending.length) return;
    const ids = new Set(stored.filter((m) => m.sender === this.options.side).map((m) => m.clientMessageId));
    const left = this.pending.filter((p) => !ids.has(p.clientMessageId));
    if (left.length !== this.pending.length) {
      this.pending = left;
      this.writeOutbox();
    }
  }

  private setStatus(status: LiveStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.emit();
  }

  private emit(): void {
    this.options.onChange(this.state);
  }

  private readOutbox(): PendingMessage[] {
    try {
      const stored = JSON.parse(this.env.storage?.getItem(outboxKey(this.options.side, this.options.conversationId)) ?? "[]") as unknown;
      if (!Array.isArray(stored)) return [];
      return stored.filter((p): p is PendingMessage => typeof p?.clientMessageId === "string" && typeof p?.text === "string").map((p) => ({ clientMessageId: p.clientMessageId, text: p.text, refused: Array.isArray(p.refused) ? p.refused : null, failed: p.failed === true }));
    } catch {
      return [];
    }
  }

  private writeOutbox(): void {
    const key = outboxKey(this.options.side, this.options.conversationId);
    try {
      if (this.pending.length) this.env.storage?.setItem(key, JSON.stringify(this.pending));
      else this.env.storage?.removeItem(key);
    } catch {
      // Storage full or blocked: the outbox lives in memory only.
    }
  }
}
