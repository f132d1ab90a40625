import { DurableObject } from "cloudflare:workers";
import { LIVE_PING, LIVE_PONG, type ClientFrame, type LiveMessage, type LiveSide, type ServerFrame } from "@contract/live-protocol";
import { MESSAGES_PAGE_MAX } from "@domain/messaging";
import { database } from "@api/db/client";
import { ApiError } from "@api/lib/errors";
import { notifyInbox } from "@api/messaging/inbox-room";
import { listMessages, markRead, sendMessage, type StoredMessage } from "@api/messaging/services";
import { ROOM_AFTER_HEADER, ROOM_CONVERSATION_HEADER, ROOM_SIDE_HEADER } from "./socket";

/** What each socket remembers across hibernation (its attachment): who it is and whose conversation. */
interface SocketAttachment {
  side: LiveSide;
  conversationId: string;
}

/** The longest frame a browser may send: a message of the longest text, escaped, with room to spare. */
const MAX_FRAME_LENGTH = 64 * 1024;

export function liveMessageOf(message: StoredMessage): LiveMessage {
  return { ...message, createdAt: message.createdAt.toISOString() };
}

/**
 * One conversation's live sockets (decision 033). The sockets are accepted with the WebSocket
 * hibernation API: while nobody types, the object is evicted from memory and the sockets stay open;
 * a frame wakes it, and each socket's side and conversation come back from its attachment (and its
 * tag). The object keeps no state of its own: messages are stored in D1 through the messaging
 * services, before a sender is answered `ack` and before they are passed to every socket.
 */
export class ConversationRoom extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Keep-alives are answered without waking the object.
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  /** Only the Worker's socket handler calls this (api/live/socket.ts), having checked the token. */
  override async fetch(request: Request): Promise<Response> {
    const side = request.headers.get(ROOM_SIDE_HEADER);
    const conversationId = request.headers.get(ROOM_CONVERSATION_HEADER);
    if (request.headers.get("Upgrade") !== "websocket" || (side !== "host" && side !== "guest") || !conversationId) return new Response(null, { status: 400 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [side]);
    server.serializeAttachment({ side, conversationId } satisfies SocketAttachment);
    // Accepted first, then caught up: a message stored in between arrives twice at most, never not
    // at all (the client keeps each seq once).
    await this.catchUp(server, conversationId, Number(request.headers.get(ROOM_AFTER_HEADER) ?? "0"));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** A message stored elsewhere (a form post, the API): to every socket of the conversation. */
  async broadcast(message: LiveMessage): Promise<number> {
    return this.sendToAll({ type: "message", message });
  }

  /** How many sockets are open, per side (tests, the benchmark). */
  async sockets(): Promise<{ host: number; guest: number }> {
    return { host: this.ctx.getWebSockets("host").length, guest: this.ctx.getWebSockets("guest").length };
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const attachment = ws.deserializeAttachment() as SocketAttachment | null;
    if (!attachment) return ws.close(1011, "Unknown socket");
    const frame = parseFrame(data);
    if (!frame) return send(ws, { type: "error", error: "invalid_frame" });
    const db = database(this.env.DB);
    if (frame.type === "sync") return this.catchUp(ws, attachment.conversationId, frame.after);
    if (frame.type === "read") {
      await markRead(db, attachment.conversationId, attachment.side);
      // The host's pages count one conversation less (the navigation's Inbox count).
      if (attachment.side === "host") await notifyInbox(this.env, attachment.conversationId);
      return;
    }
    let stored: StoredMessage;
    try {
      ({ message: stored } = await sendMessage(db, { conversationId: attachment.conversationId, sender: attachment.side, text: frame.text, clientMessageId: frame.clientMessageId }));
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        return send(ws, { type: "refused", clientMessageId: frame.clientMessageId, errors: error.errors?.map((e) => e.type) ?? [error.status === 404 ? "not_found" : "invalid"] });
      }
      console.error(error);
      return send(ws, { type: "error", error: "not_stored", clientMessageId: frame.clientMessageId });
    }
    // Stored: the sender hears it is, then everyone (the sender's other tabs too) receives it. A
    // message sent again after a lost ack is answered the stored one, and passed on again harmlessly.
    const message = liveMessageOf(stored);
    send(ws, { type: "ack", clientMessageId: frame.clientMessageId, message });
    this.sendToAll({ type: "message", message }, ws);
    // After both: the host's open pages get the Inbox count.
    await notifyInbox(this.env, attachment.conversationId);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    // The other end closed: close ours (1005/1006 have no code to echo).
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "Closed");
    } catch {
      // Already closed.
    }
  }

  private async catchUp(ws: WebSocket, conversationId: string, after: number): Promise<void> {
    const { items, hasMore } = await listMessages(database(this.env.DB), conversationId, { after: Number.isSafeInteger(after) && after > 0 ? after : 0, limit: MESSAGES_PAGE_MAX });
    send(ws, { type: "messages", items: items.map(liveMessageOf), hasMore });
  }

  private sendToAll(frame: ServerFrame, except?: WebSocket): number {
    const text = JSON.stringify(frame);
    let sent = 0;
    for (const socket of this.ctx.getWebSockets()) {
      if (socket === except) continue;
      try {
        socket.send(text);
        sent++;
      } catch {
        // A socket that is closing misses it; its client catches up when it reconnects.
      }
    }
    return sent;
  }
}

function send(ws: WebSocket, frame: ServerFrame): void {
  try {
    ws.send(JSON.stringify(frame));
  } catch {
    // Closed meanwhile: the client catches up when it reconnects.
  }
}

/** A browser's frame, checked: anything else is refused as a whole. */
function parseFrame(data: string | ArrayBuffer): ClientFrame | null {
  if (typeof data !== "string" || data.length > MAX_FRAME_LENGTH) return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const frame = value as Record<string, unknown>;
  if (frame.type === "send" && typeof frame.clientMessageId === "string" && typeof frame.text === "string") return { type: "send", clientMessageId: frame.clientMessageId, text: frame.text };
  if (frame.type === "sync" && typeof frame.after === "number") return { type: "sync", after: frame.after };
  if (frame.type === "read") return { type: "read" };
  return null;
}
