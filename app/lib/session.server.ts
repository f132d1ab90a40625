import { createCookie, createSessionStorage, type Cookie, type Session } from "react-router";
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

/** Cookie headers already verified in this isolate, per secret: what `parse` answered for each. */
const parsedHeaders = new Map<string, Map<string, Promise<unknown>>>();
const PARSED_HEADERS_KEPT = 1_000;

/**
 * The session cookie, whose signature check (an HMAC key import and verification, about a fifth of
 * a millisecond) is made once per isolate for a given Cookie header: the answer for the same header
 * and secret cannot change (decision 024). Writing a cookie signs it as before.
 */
function sessionCookie(name: string, options: Parameters<typeof createCookie>[1] & { secrets: [string] }): Cookie {
  const cookie = createCookie(name, options);
  const secret = options.secrets[0];
  let parsed = parsedHeaders.get(secret);
  if (!parsed) parsedHeaders.set(secret, (parsed = new Map()));
  const known = parsed;
  return {
    name: cookie.name,
    isSigned: cookie.isSigned,
    get expires() {
      return cookie.expires;
    },
    parse(header, parseOptions) {
      if (!header || parseOptions) return cookie.parse(header, parseOptions);
      let answer = known.get(header);
      if (!answer) {
        answer = cookie.parse(header);
        // The oldest header goes first once the isolate has seen enough of them.
        if (known.size >= PARSED_HEADERS_KEPT) known.delete(known.keys().next().value!);
        known.set(header, answer);
        answer.catch(() => known.delete(header));
      }
      return answer;
    },
    serialize: (value, serializeOptions) => cookie.serialize(value, serializeOptions),
  };
}

export function sessionStorage(env: Env) {
  const production = isProduction(env);
  return createSessionStorage<SessionData, FlashData>({
    // The __Host- prefix pins the cookie to this origin over HTTPS; browsers refuse it over HTTP.
    cookie: sessionCookie(production ? "__Host-session" : "host_session", {
      httpOnly: true,
      sameSite: "lax",
      secure: production,
      path: "/",
      secrets: [env.SESSION_SECRET],
      maxAge: SESSION_TTL_SECONDS,
    }),
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
