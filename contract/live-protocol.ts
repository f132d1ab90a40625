/**
 * The live chat's socket (decision 033): its address and the frames both ends send, as plain types
 * (no schema library: the browser's client imports this module). The server checks every frame it
 * receives itself.
 */

/** Where a browser opens the socket of a conversation, with a token of `GET /api/app/messaging/token` or `GET /api/guest/messaging/token`. */
export const LIVE_SOCKET_PATH = "/api/live/conversations/{conversationId}/socket";

export function liveSocketPath(conversationId: string, query: { token: string; after: number }): string {
  const search = new URLSearchParams({ token: query.token, after: String(query.after) });
  return `${LIVE_SOCKET_PATH.replace("{conversationId}", encodeURIComponent(conversationId))}?${search}`;
}

/** Which side a socket speaks for; the sender of what it sends. */
export type LiveSide = "host" | "guest";

/** A message as the socket carries it (and as pages hand it to the client). */
export interface LiveMessage {
  id: string;
  conversationId: string;
  /** 1, 2, 3, … within the conversation: catch-up asks for the ones after the last it has. */
  seq: number;
  sender: "host" | "guest" | "system";
  text: string;
  clientMessageId: string;
  /** ISO 8601. */
  createdAt: string;
}

/** What a browser sends. */
export type ClientFrame =
  /** A message to store and pass on; answered `ack` once stored (or `refused`). The same clientMessageId again is stored once. */
  | { type: "send"; clientMessageId: string; text: string }
  /** The messages after `after` (a reconnect's catch-up continues with this while `hasMore`). */
  | { type: "sync"; after: number }
  /** The socket's side has read the conversation. */
  | { type: "read" };

/** What the server sends. */
export type ServerFrame =
  | { type: "ack"; clientMessageId: string; message: LiveMessage }
  | { type: "refused"; clientMessageId: string; errors: string[] }
  | { type: "message"; message: LiveMessage }
  | { type: "messages"; items: LiveMessage[]; hasMore: boolean }
  /** A frame the server could not handle; with `clientMessageId`, that message was not stored (the client offers a retry). */
  | { type: "error"; error: string; clientMessageId?: string };

/** A socket answers "ping" with "pong" without waking its conversation's object. */
export const LIVE_PING = "ping";
export const LIVE_PONG = "pong";
