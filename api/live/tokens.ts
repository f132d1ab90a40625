import { LIVE_TOKEN_TTL_SECONDS } from "@contract/live";
import type { LiveSide } from "@contract/live-protocol";
import { signToken, verifyToken } from "@api/lib/signed-token";

/**
 * Live tokens (decision 033): a host's opens the socket of any conversation of that host (checked
 * against D1 when the socket opens); a guest's opens the socket of the guest's one conversation.
 */
export type LiveClaims = { r: "host"; u: number } | { r: "guest"; c: string };

export function hostLiveToken(env: Env, hostUserId: number, now = Date.now()): Promise<string> {
  return signToken<LiveClaims>(env.SESSION_SECRET, "live", { r: "host", u: hostUserId }, LIVE_TOKEN_TTL_SECONDS, now);
}

export function guestLiveToken(env: Env, conversationId: string, now = Date.now()): Promise<string> {
  return signToken<LiveClaims>(env.SESSION_SECRET, "live", { r: "guest", c: conversationId }, LIVE_TOKEN_TTL_SECONDS, now);
}

export async function liveClaimsOf(env: Env, token: string | null): Promise<LiveClaims | null> {
  const claims = await verifyToken<LiveClaims>(env.SESSION_SECRET, "live", token);
  if (!claims) return null;
  if (claims.r === "host" && typeof claims.u === "number") return { r: "host", u: claims.u };
  if (claims.r === "guest" && typeof claims.c === "string") return { r: "guest", c: claims.c };
  return null;
}

export const sideOf = (claims: LiveClaims): LiveSide => claims.r;
