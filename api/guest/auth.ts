import { createMiddleware } from "hono/factory";
import { GUEST_STAY_TYPES, GUEST_TOKEN_TTL_SECONDS, type GuestStayType } from "@contract/guest";
import type { PublicApiEnv } from "@api/context";
import { ApiError } from "@api/lib/errors";
import { signToken, verifyToken } from "@api/lib/signed-token";
import type { GuestStayRef } from "./stays";

/** What a guest token names: one stay (§6 guest role). */
interface GuestClaims {
  /** The stay's type. */
  t: GuestStayType;
  /** The stay's public id. */
  s: string;
}

export interface GuestApiEnv {
  Bindings: PublicApiEnv["Bindings"];
  Variables: PublicApiEnv["Variables"] & { guest: GuestStayRef };
}

export function guestToken(env: Env, stay: GuestStayRef, now = Date.now()): Promise<string> {
  return signToken<GuestClaims>(env.SESSION_SECRET, "guest", { t: stay.type, s: stay.id }, GUEST_TOKEN_TTL_SECONDS, now);
}

/** The stay a guest token names, or null when it is missing, expired, forged or made for something else. */
export async function guestOfToken(env: Env, token: string | null | undefined): Promise<GuestStayRef | null> {
  const claims = await verifyToken<GuestClaims>(env.SESSION_SECRET, "guest", token);
  if (!claims || !GUEST_STAY_TYPES.includes(claims.t) || typeof claims.s !== "string") return null;
  return { type: claims.t, id: claims.s };
}

export function bearerOf(header: string | undefined | null): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match ? match[1]! : null;
}

/** Guest endpoints: a valid guest bearer token, or 401 (the guest's client then signs the guest out, §4). */
export const guestAuth = createMiddleware<GuestApiEnv>(async (c, next) => {
  const guest = await guestOfToken(c.env, bearerOf(c.req.header("authorization")));
  if (!guest) throw new ApiError(401, "Sign in as a guest with your booking code and email");
  c.set("guest", guest);
  await next();
});
