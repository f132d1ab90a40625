import { eq } from "drizzle-orm";
import { LIVE_SOCKET_PATH } from "@contract/live-protocol";
import { database } from "@api/db/client";
import { conversations } from "@api/db/schema";
import { liveClaimsOf } from "./tokens";

const SOCKET_PATH = new RegExp(`^${LIVE_SOCKET_PATH.replace("{conversationId}", "([A-Za-z0-9_-]{1,64})")}$`);

/** The headers with which the Worker tells a conversation's object who opens a socket (never from the browser). */
export const ROOM_SIDE_HEADER = "x-live-side";
export const ROOM_CONVERSATION_HEADER = "x-live-conversation";
export const ROOM_AFTER_HEADER = "x-live-after";

export function isLiveSocketPath(pathname: string): boolean {
  return SOCKET_PATH.test(pathname);
}

function refuse(status: number, message: string): Response {
  return Response.json({ message }, { status, headers: { "Cache-Control": "private, no-store" } });
}

/**
 * Opens a conversation's live socket (decision 033): a WebSocket upgrade with a live token whose
 * side may open this conversation (a host's own, a guest's one), handed to the conversation's
 * Durable Object. Another host's or guest's conversation answers 404 like one that does not exist.
 */
export async function openLiveSocket(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  const conversationId = SOCKET_PATH.exec(url.pathname)?.[1];
  if (!conversationId) return refuse(404, "Not found");
  if (request.method !== "GET") return new Response(null, { status: 405, headers: { Allow: "GET" } });
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return refuse(426, "Expected a WebSocket upgrade");
  const claims = await liveClaimsOf(env, url.searchParams.get("token"));
  if (!claims) return refuse(401, "A live token is missing, expired or invalid");
  if (claims.r === "guest" ? claims.c !== conversationId : !(await hostOwns(env, claims.u, conversationId))) return refuse(404, "Conversation not found");
  const after = Number(url.searchParams.get("after") ?? "0");
  const stub = env.CONVERSATIONS.get(env.CONVERSATIONS.idFromName(conversationId));
  return stub.fetch("https://conversation.internal/socket", {
    headers: { Upgrade: "websocket", [ROOM_SIDE_HEADER]: claims.r, [ROOM_CONVERSATION_HEADER]: conversationId, [ROOM_AFTER_HEADER]: String(Number.isSafeInteger(after) && after > 0 ? after : 0) },
  });
}

async function hostOwns(env: Env, hostUserId: number, conversationId: string): Promise<boolean> {
  const [row] = await database(env.DB).select({ host: conversations.hostUserId }).from(conversations).where(eq(conversations.publicId, conversationId)).limit(1);
  return row?.host === hostUserId;
}
