import { createCookie, createSession, type Cookie, type Session, type SessionStorage } from "react-router";
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

/** The revision a stored session was written at, kept beside its data in KV. */
const REVISION = "__revision";

type StoredSession = Record<string, unknown> & { [REVISION]?: string };

/** The cookie last written for a session object in its request (a new revision, or the cookie's removal): what the answer must carry. */
const written = new WeakMap<object, string>();

/** The session cookie this request wrote last for `session`, if it wrote one: the answer must end with it (`withSessionCookie`). */
export function cookieWritten(session: HostSession): string | undefined {
  return written.get(session);
}

/**
 * The answer with `cookie` as its only session cookie: a write made while the request ran (a token
 * refreshed, a flash message taken) reaches the browser, and an earlier cookie of the same request
 * cannot come after it.
 */
export function withSessionCookie(response: Response, cookie: string): Response {
  const name = cookie.slice(0, cookie.indexOf("=") + 1);
  const others = response.headers.getSetCookie().filter((value) => !value.startsWith(name));
  let answer = response;
  try {
    answer.headers.delete("Set-Cookie");
  } catch {
    // Headers of a redirect made by Response.redirect or of a fetched answer cannot change: a copy can.
    answer = new Response(response.body, response);
    answer.headers.delete("Set-Cookie");
  }
  for (const value of [...others, cookie]) answer.headers.append("Set-Cookie", value);
  return answer;
}

/** The latest revision of each session this isolate has read or written, and its data then. */
const keptSessions = new Map<string, { revision: string; data: Record<string, unknown> }>();
const SESSIONS_KEPT = 1_000;

function keep(id: string, revision: string, data: Record<string, unknown>) {
  keptSessions.delete(id);
  // A session holding a flash message is read from KV: the message must show once, whichever isolate reads it.
  if (Object.keys(data).some((key) => key.startsWith("__flash_"))) return;
  // The session seen longest ago goes first once the isolate keeps enough of them.
  if (keptSessions.size >= SESSIONS_KEPT) keptSessions.delete(keptSessions.keys().next().value!);
  keptSessions.set(id, { revision, data });
}

/** A session of the stored data (its own copy: a request's changes stay its own until written). */
function sessionOf(data: Record<string, unknown>, id: string): HostSession {
  // The stored object is what a session's `data` was when written: its values and flash messages.
  return createSession<SessionData, FlashData>({ ...data } as unknown as SessionData, id);
}

/** The cookie's value: the session's id and the revision the browser was last sent (`<id>.<revision>`; older cookies hold the id alone). */
function cookieValue(value: unknown): { id: string; revision: string } {
  if (typeof value !== "string" || !value) return { id: "", revision: "" };
  const dot = value.indexOf(".");
  return dot < 0 ? { id: value, revision: "" } : { id: value.slice(0, dot), revision: value.slice(dot + 1) };
}

export type HostSessionStorage = SessionStorage<SessionData, FlashData> & {
  /** The session as KV holds it now, never from this isolate's memory: what a refresh must start from. */
  latest(session: HostSession): Promise<Partial<SessionData> | null>;
};

/**
 * Sessions in KV under a random id (decision 003); the cookie holds the id and the revision the
 * session was last written at, and each write makes a new revision and a new cookie. A revision's
 * data never changes, so an isolate that read or wrote it keeps it and answers a browser presenting
 * that revision without reading KV again (decision 003's addendum). A browser that presents an older
 * revision than KV holds (a request sent before the answer that set the newer cookie arrived) is
 * answered with what it presents, as if it had arrived first; a token refresh reads KV first
 * (`latest`), so a retired refresh token is never presented from memory.
 */
export function sessionStorage(env: Env): HostSessionStorage {
  const production = isProduction(env);
  // The __Host- prefix pins the cookie to this origin over HTTPS; browsers refuse it over HTTP.
  const cookie = sessionCookie(production ? "__Host-session" : "host_session", {
    httpOnly: true,
    sameSite: "lax",
    secure: production,
    path: "/",
    secrets: [env.SESSION_SECRET],
    maxAge: SESSION_TTL_SECONDS,
  });

  async function read(id: string): Promise<StoredSession | null> {
    return env.SESSION_KV.get<StoredSession>(`session:${id}`, "json");
  }

  return {
    async getSession(cookieHeader, options) {
      const { id, revision } = cookieValue(cookieHeader ? await cookie.parse(cookieHeader, options) : null);
      if (!id) return createSession<SessionData, FlashData>();
      const kept = revision ? keptSessions.get(id) : undefined;
      if (kept && kept.revision === revision) return sessionOf(kept.data, id);
      const stored = await read(id);
      if (!stored) return createSession<SessionData, FlashData>(undefined, id);
      const { [REVISION]: storedRevision, ...data } = stored;
      if (storedRevision) keep(id, storedRevision, data);
      return sessionOf(data, id);
    },
    async commitSession(session, options) {
      const id = session.id || crypto.randomUUID();
      const revision = crypto.randomUUID().slice(0, 8);
      const expires = options?.maxAge != null ? new Date(Date.now() + options.maxAge * 1000) : (options?.expires ?? cookie.expires);
      const data = session.data as Record<string, unknown>;
      await env.SESSION_KV.put(`session:${id}`, JSON.stringify({ ...data, [REVISION]: revision }), { expiration: expiry(expires) });
      keep(id, revision, { ...data });
      const value = await cookie.serialize(`${id}.${revision}`, options);
      written.set(session, value);
      return value;
    },
    async destroySession(session, options) {
      if (session.id) {
        keptSessions.delete(session.id);
        await env.SESSION_KV.delete(`session:${session.id}`);
      }
      const value = await cookie.serialize("", { ...options, maxAge: undefined, expires: new Date(0) });
      written.set(session, value);
      return value;
    },
    async latest(session) {
      if (!session.id) return null;
      const stored = await read(session.id);
      if (!stored) return null;
      const { [REVISION]: _revision, ...data } = stored;
      return data as Partial<SessionData>;
    },
  };
}

function expiry(expires: Date | undefined) {
  return Math.floor((expires?.getTime() ?? Date.now() + SESSION_TTL_SECONDS * 1000) / 1000);
}
