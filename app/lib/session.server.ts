import { createSessionStorage, type Session } from "react-router";
import type { FlashMessage } from "./flash";

/** What the web keeps on the server for a signed-in browser; the cookie holds only an id. */
export interface SessionData {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds at which the access token expires. */
  accessTokenExpiresAt: number;
  userId: string;
  /** The host a staff member currently acts for. */
  impersonating?: string;
}

export interface FlashData {
  toast: FlashMessage;
}

export type HostSession = Session<SessionData, FlashData>;

const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export function isProduction(env: Env) {
  return env.ENVIRONMENT === "production";
}

export function sessionStorage(env: Env) {
  const production = isProduction(env);
  return createSessionStorage<SessionData, FlashData>({
    cookie: {
      // The __Host- prefix pins the cookie to this origin over HTTPS; browsers refuse it over HTTP.
      name: production ? "__Host-session" : "host_session",
      httpOnly: true,
      sameSite: "lax",
      secure: production,
      path: "/",
      secrets: [env.SESSION_SECRET],
      maxAge: SESSION_TTL_SECONDS,
    },
    async createData(data, expires) {
      const id = crypto.randomUUID();
      await env.SESSION_KV.put(`session:${id}`, JSON.stringify(data), { expiration: expiry(expires) });
      return id;
    },
    async readData(id) {
      return (await env.SESSION_KV.get(`session:${id}`, "json")) ?? null;
    },
    async updateData(id, data, expires) {
      await env.SESSION_KV.put(`session:${id}`, JSON.stringify(data), { expiration: expiry(expires) });
    },
    async deleteData(id) {
      await env.SESSION_KV.delete(`session:${id}`);
    },
  });
}

function expiry(expires: Date | undefined) {
  return Math.floor((expires?.getTime() ?? Date.now() + SESSION_TTL_SECONDS * 1000) / 1000);
}
