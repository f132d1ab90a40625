import { DurableObject } from "cloudflare:workers";
import { INBOX_SOCKET_PATH, type InboxFrame } from "@contract/inbox-live";
import { LIVE_PING, LIVE_PONG } from "@contract/live-protocol";
import { eq } from "drizzle-orm";
import { database } from "@api/db/client";
import { conversations } from "@api/db/schema";
import { liveClaimsOf } from "@api/live/tokens";
import { unreadConversationsQuery } from "./queries";

/** The header with which the Worker tells a host's inbox object the count when a socket opens (never from the browser). */
const UNREAD_HEADER = "x-inbox-unread";

/**
 * One object per host (`idFromName("host:{id}")`) holding the sockets of the host's open pages, so
 * that the navigation's Inbox count follows new messages live (decision 032). Sockets hibernate
 * (keep-alives answered without waking it); it stores nothing: whoever changes a count tells it the
 * new one (`notifyInbox`), which it passes to every socket.
 */
export class InboxRoom extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  /** Only `openInboxSocket` calls this, having checked the token and read the count. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") return new Response(null, { status: 400 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    send(server, { type: "unread", count: Number(request.headers.get(UNREAD_HEADER) ?? "0") });
    return new Response(null, { status: 101, webSocket: client });
  }

  /** The host's count changed: to every open page. Answers how many sockets it reached. */
  async unread(count: number): Promise<number> {
    let sent = 0;
    for (const socket of this.ctx.getWebSockets()) if (send(socket, { type: "unread", count })) sent++;
    return sent;
  }

  /** The browser sends nothing but keep-alives (answered without waking the object). */
  override async webSocketMessage(): Promise<void> {}

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "Closed");
    } catch {
      // Already closed.
    }
  }
}

function send(ws: WebSocket, frame: InboxFrame): boolean {
  try {
    ws.send(JSON.stringify(frame));
    return true;
  } catch {
    return false;
  }
}

const inboxOf = (env: Env, hostUserId: number) => env.INBOXES.get(env.INBOXES.idFromName(`host:${hostUserId}`));

async function unreadOf(env: Env, hostUserId: number): Promise<number> {
  const [counted] = await unreadConversationsQuery(database(env.DB), hostUserId);
  return counted?.total ?? 0;
}

export const isInboxSocketPath = (pathname: string) => pathname === INBOX_SOCKET_PATH;

/** `GET /api/live/inbox/socket?token=…`: a host's live token opens that host's inbox socket, and only that. */
const refuse = (status: number, message: string) => Response.json({ message }, { status, headers: { "Cache-Control": "private, no-store" } });

export async function openInboxSocket(request: Request, env: Env): Promise<Response> {
  if (request.method !== "GET") return new Response(null, { status: 405, headers: { Allow: "GET" } });
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return refuse(426, "Expected a WebSocket upgrade");
  const claims = await liveClaimsOf(env, new URL(request.url).searchParams.get("token"));
  if (!claims) return refuse(401, "A live token is missing, expired or invalid");
  if (claims.r !== "host") return refuse(404, "Not found");
  return inboxOf(env, claims.u).fetch("https://inbox.internal/socket", { headers: { Upgrade: "websocket", [UNREAD_HEADER]: String(await unreadOf(env, claims.u)) } });
}

/**
 * After a message is stored or a conversation read, archived or brought back: the host's open pages
 * get the new count. A failure here loses nothing (the next page shows the count), so it is logged only.
 */
export async function notifyInbox(env: Env, conversationId: string): Promise<void> {
  try {
    const [row] = await database(env.DB).select({ host: conversations.hostUserId }).from(conversations).where(eq(conversations.publicId, conversationId)).limit(1);
    if (row) await inboxOf(env, row.host).unread(await unreadOf(env, row.host));
  } catch (error) {
    console.error("inbox notification failed", error);
  }
}
