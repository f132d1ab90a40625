import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { hostApi } from "@contract/index";
import { authContext, authIfSignedIn, finishSignIn, requireAuth, restartSignIn, signedInStream, startSignIn } from "./auth.server";
import { appContext } from "./context";
import { sessionStorage } from "./session.server";
import { memoryKv } from "./testing/memory-kv";

const USER = {
  userId: "usr_1", role: "host", type: "individual", locale: "en_US", language: "en", firstName: "Ada", lastName: "Host",
  email: "ada@test.example", alias: null, companyName: null, fullName: "Ada Host", currency: "EUR", imageUrls: null,
  onboardingStatus: "finished", isImpersonating: false, impersonatedBy: null, sessionId: "ses_1", kycInitiated: false,
  accountSource: "web", status: "COMPLETED", commercialModel: "subscription", biddingTag: null, commissionApplicable: false,
  subscriptionApplicable: true, bookingsAvailable: true, inquiriesAvailable: true, isSubscriptionCheckoutAvailable: false,
  isKYCApplicable: false, isCoinSubscriptionEnabled: false, isB2B: false, appFeatures: ["bookings"], memberSince: "2026-01-01T00:00:00.000Z",
};

interface Scenario {
  /** Answers of GET /api/app/shell, in order. */
  shellAnswers: number[];
  refreshSucceeds: boolean;
}

let kv: ReturnType<typeof memoryKv>;
let calls: string[];
/** The host each API call acted for (the impersonation header), null for the signed-in user. */
let actingFor: (string | null)[];
let env: Env;
/** Each test's own refresh token: rotations are shared within the isolate for a minute. */
let refreshToken: string;

function setup(scenario: Scenario) {
  const shellAnswers = [...scenario.shellAnswers];
  const hostFetch = async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname === "/oauth/token") {
      const form = new URLSearchParams(await request.text());
      calls.push(`refresh:${form.get("refresh_token")}`);
      // A token endpoint takes a moment: requests arriving meanwhile overlap with the rotation.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (!scenario.refreshSucceeds) return Response.json({ error: "invalid_grant" }, { status: 400 });
      return Response.json({ access_token: "access-2", refresh_token: "refresh-2", expires_in: 900, token_type: "bearer" });
    }
    calls.push(`${url.pathname}:${request.headers.get("authorization")}`);
    // Finishing a sign-in reads the user once.
    if (url.pathname === "/api/app/user/info") return Response.json(USER);
    const status = shellAnswers.shift() ?? 200;
    actingFor.push(request.headers.get("x-impersonate-user"));
    if (status === 403) {
      const message = "No active impersonation of this host";
      return Response.json({ message, errors: [{ field: null, message, type: "impersonation_ended" }] }, { status });
    }
    return status === 200 ? Response.json({ user: USER, interactions: [], pendingCount: 3 }) : Response.json({ message: "Not signed in" }, { status });
  };
  const context = new RouterContextProvider();
  context.set(appContext, { env, ctx: {} as ExecutionContext, hostFetch, webClientId: "client-1", nonce: "n" });
  return context;
}

async function cookieFor(expiresInSeconds: number, impersonating?: string) {
  const storage = sessionStorage(env);
  const session = await storage.getSession();
  if (impersonating) session.set("impersonating", impersonating);
  session.set("accessToken", "access-1");
  session.set("refreshToken", refreshToken);
  session.set("accessTokenExpiresAt", Date.now() + expiresInSeconds * 1000);
  session.set("userId", "usr_1");
  return (await storage.commitSession(session)).split(";")[0]!;
}

async function run(context: RouterContextProvider, cookie?: string, address = "http://localhost:5173/home") {
  const request = new Request(address, { headers: cookie ? { Cookie: cookie } : {} });
  let reached = false;
  const next = async () => {
    reached = true;
    return new Response("page");
  };
  try {
    const response = (await requireAuth({ request, context, params: {}, unstable_pattern: "/home" } as never, next)) as Response;
    return { reached, thrown: null as Response | null, response };
  } catch (thrown) {
    if (thrown instanceof Response) return { reached, thrown };
    throw thrown;
  }
}

const signedInContext = () => setup({ shellAnswers: [200], refreshSucceeds: true });
const signedOutContext = () => setup({ shellAnswers: [], refreshSucceeds: true });

beforeEach(() => {
  kv = memoryKv();
  calls = [];
  actingFor = [];
  refreshToken = `refresh-${crypto.randomUUID()}`;
  env = { SESSION_KV: kv, SESSION_SECRET: "test-secret", APP_URL: "http://localhost:5173", ENVIRONMENT: "test", HOST_API_URL: "" } as unknown as Env;
});

describe("requireAuth", () => {
  it("sends a visitor without a session to sign in, with the way back", async () => {
    const { reached, thrown } = await run(setup({ shellAnswers: [], refreshSucceeds: true }));
    expect(reached).toBe(false);
    expect(thrown?.headers.get("Location")).toBe("/redirect/login?returnTo=%2Fhome");
  });

  it("sends the visitor back to the page, not to its data, when JavaScript asked for the page's data", async () => {
    const pageData = await run(signedOutContext(), undefined, "http://localhost:5173/bookings/all.data?status=confirmed&_routes=routes%2Fbookings%2Flist");
    expect(pageData.thrown?.headers.get("Location")).toBe(`/redirect/login?returnTo=${encodeURIComponent("/bookings/all?status=confirmed")}`);
    const rootData = await run(signedOutContext(), undefined, "http://localhost:5173/_.data");
    expect(rootData.thrown?.headers.get("Location")).toBe("/redirect/login?returnTo=%2F");
  });

  it("uses a fresh token as it is", async () => {
    const context = setup({ shellAnswers: [200], refreshSucceeds: true });
    const { reached } = await run(context, await cookieFor(900));
    expect(reached).toBe(true);
    expect(calls).toEqual(["/api/app/shell:Bearer access-1"]);
    expect(context.get(authContext).user.userId).toBe("usr_1");
    expect(context.get(authContext).shell).toEqual({ interactions: [], pendingCount: 3 });
  });

  it("refreshes first when fewer than 120 seconds remain, and stores the rotated tokens", async () => {
    const context = setup({ shellAnswers: [200], refreshSucceeds: true });
    await run(context, await cookieFor(119));
    expect(calls).toEqual([`refresh:${refreshToken}`, "/api/app/shell:Bearer access-2"]);
    const stored = JSON.parse([...kv.store.values()][0]!);
    expect(stored).toMatchObject({ accessToken: "access-2", refreshToken: "refresh-2" });
  });

  it("on a 401 refreshes and retries once", async () => {
    const context = setup({ shellAnswers: [401, 200], refreshSucceeds: true });
    const { reached } = await run(context, await cookieFor(900));
    expect(reached).toBe(true);
    expect(calls).toEqual(["/api/app/shell:Bearer access-1", `refresh:${refreshToken}`, "/api/app/shell:Bearer access-2"]);
  });

  it("signs out when the refresh fails: the session is gone and the visitor is sent to sign in", async () => {
    const context = setup({ shellAnswers: [401], refreshSucceeds: false });
    const { reached, thrown } = await run(context, await cookieFor(900));
    expect(reached).toBe(false);
    expect(thrown?.headers.get("Location")).toMatch(/^\/redirect\/login\?returnTo=/);
    expect(thrown?.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(kv.store.size).toBe(0);
  });

  it("requests that find the same expiring token rotate it once and share the new tokens", async () => {
    const cookie = await cookieFor(60);
    const before = new Map(kv.store);
    const [a, b] = await Promise.all([run(signedInContext(), cookie), run(signedInContext(), cookie)]);
    // A request that read the session before the rotation was stored still holds the old token.
    for (const [key, value] of before) kv.store.set(key, value);
    const late = await run(signedInContext(), cookie);
    expect([a.reached, b.reached, late.reached]).toEqual([true, true, true]);
    expect(calls.filter((c) => c.startsWith("refresh:"))).toEqual([`refresh:${refreshToken}`]);
    expect(calls.filter((c) => c.startsWith("/api/"))).toEqual(Array(3).fill("/api/app/shell:Bearer access-2"));
  });

  it("answers the next pages of a session from memory: KV is read once per revision the browser presents", async () => {
    const cookie = await cookieFor(900);
    const first = await run(signedInContext(), cookie);
    const second = await run(signedInContext(), cookie);
    expect([first.reached, second.reached]).toEqual([true, true]);
    // The cookie was written in this isolate: neither page read the session from KV.
    expect(kv.counts.reads).toBe(0);
    expect(first.response?.headers.get("Set-Cookie")).toBeNull();
  });

  it("refreshes from the tokens KV holds now: another request's rotation is taken, not repeated with a retired token", async () => {
    const cookie = await cookieFor(60);
    // Another isolate rotated the tokens meanwhile and wrote a newer revision.
    const [key, value] = [...kv.store][0]!;
    kv.store.set(key, JSON.stringify({ ...JSON.parse(value), accessToken: "access-9", refreshToken: "refresh-9", accessTokenExpiresAt: Date.now() + 900_000, __revision: "other" }));
    const { reached, response } = await run(signedInContext(), cookie);
    expect(reached).toBe(true);
    expect(calls).toEqual(["/api/app/shell:Bearer access-9"]);
    // The browser is sent the session as it now is.
    expect(response?.headers.get("Set-Cookie")).toMatch(/^host_session=/);
  });

  it("sends the refreshed session's cookie with the page, and the next page with it is answered from memory", async () => {
    const { response } = await run(signedInContext(), await cookieFor(60));
    const renewed = response!.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(renewed).toMatch(/^host_session=/);
    const reads = kv.counts.reads;
    const next = await run(signedInContext(), renewed);
    expect(next.reached).toBe(true);
    expect(kv.counts.reads).toBe(reads);
    expect(calls.filter((c) => c.startsWith("/api/"))).toEqual(["/api/app/shell:Bearer access-2", "/api/app/shell:Bearer access-2"]);
  });

  it("drops an impersonation the API has ended from the session: the staff member's own view, saying so", async () => {
    const context = setup({ shellAnswers: [403], refreshSucceeds: true });
    const { reached, thrown } = await run(context, await cookieFor(900, "usr_host"));
    expect(reached).toBe(false);
    expect(actingFor).toEqual(["usr_host"]);
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get("Location")).toBe("/staff/impersonate");
    const session = await sessionStorage(env).getSession(thrown!.headers.get("Set-Cookie")!.split(";")[0]);
    expect(session.get("impersonating")).toBeUndefined();
    expect(session.get("accessToken")).toBe("access-1");
    expect(session.get("toast")).toMatchObject({ kind: "error", key: "impersonation.ended" });
  });

  it("keeps any other refusal an error: a 403 without an impersonation in the session is not a sign to drop one", async () => {
    const context = setup({ shellAnswers: [403], refreshSucceeds: true });
    await expect(run(context, await cookieFor(900))).rejects.toMatchObject({ status: 403 });
  });

  it("signs out when the retried call answers 401 again", async () => {
    const context = setup({ shellAnswers: [401, 401], refreshSucceeds: true });
    const { thrown } = await run(context, await cookieFor(900));
    expect(thrown?.headers.get("Location")).toMatch(/^\/redirect\/login/);
    expect(calls.filter((c) => c.startsWith("/api/app/shell"))).toHaveLength(2);
  });
});

/** A unit photo as a download asks for it: the answer as it arrives, or the redirect it threw. */
async function download(context: RouterContextProvider, cookie?: string) {
  const request = new Request("http://localhost:5173/media/photos/pho_1", { headers: cookie ? { Cookie: cookie } : {} });
  try {
    return { response: await signedInStream(request, context, hostApi.photos.file, { photoId: "pho_1" }), thrown: null as Response | null };
  } catch (thrown) {
    if (thrown instanceof Response) return { response: null, thrown };
    throw thrown;
  }
}

/** The token each call of the API carried, "refresh" for a refresh. */
const bearers = () => calls.map((c) => (c.startsWith("refresh:") ? "refresh" : c.slice(c.lastIndexOf(":") + 1)));

describe("signedInStream", () => {
  it("asks the API for the file with the session's token and nothing before it: no shell call", async () => {
    const { response } = await download(setup({ shellAnswers: [200], refreshSucceeds: true }), await cookieFor(900));
    expect(response?.status).toBe(200);
    expect(calls).toHaveLength(1);
    expect(calls[0]).not.toContain("/api/app/shell");
    expect(bearers()).toEqual(["Bearer access-1"]);
  });

  it("on a 401 refreshes once, stores the rotated tokens and passes on the retried answer", async () => {
    const { response } = await download(setup({ shellAnswers: [401, 200], refreshSucceeds: true }), await cookieFor(900));
    expect(response?.status).toBe(200);
    expect(bearers()).toEqual(["Bearer access-1", "refresh", "Bearer access-2"]);
    expect(JSON.parse([...kv.store.values()][0]!)).toMatchObject({ accessToken: "access-2", refreshToken: "refresh-2" });
  });

  it("signs out when the retried call answers 401 again, or the refresh fails", async () => {
    for (const scenario of [{ shellAnswers: [401, 401], refreshSucceeds: true }, { shellAnswers: [401], refreshSucceeds: false }]) {
      // A refresh token of its own: a rotation is shared within the isolate for a minute.
      calls = [];
      refreshToken = `refresh-${crypto.randomUUID()}`;
      const { response, thrown } = await download(setup(scenario), await cookieFor(900));
      expect(response).toBeNull();
      expect(thrown?.headers.get("Location")).toBe("/redirect/login?returnTo=%2Fmedia%2Fphotos%2Fpho_1");
    }
  });

  it("sends a visitor without a session to sign in, with the way back", async () => {
    const { thrown } = await download(setup({ shellAnswers: [], refreshSucceeds: true }));
    expect(thrown?.headers.get("Location")).toBe("/redirect/login?returnTo=%2Fmedia%2Fphotos%2Fpho_1");
    expect(calls).toEqual([]);
  });
});

/** RFC 6265: a cookie name is a token, without separators such as ":". */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

async function start(context: RouterContextProvider) {
  try {
    await startSignIn(new Request("http://localhost:5173/redirect/login?returnTo=%2Fproperties"), context, "login");
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const state = new URL(thrown.headers.get("Location")!).searchParams.get("state")!;
    const cookie = thrown.headers.getSetCookie().find((c) => c.startsWith("oauth_state"))!;
    return { state, cookie };
  }
  throw new Error("startSignIn did not redirect");
}

const callback = (query: string, cookie: string) => new Request(`http://localhost:5173/auth/callback?${query}`, { headers: { Cookie: cookie.split(";")[0]! } });
const spends = (setCookies: string[], state: string) => setCookies.some((c) => c.startsWith(`oauth_state_${state}=`) && /Max-Age=0/.test(c));

describe("sign-in state", () => {
  it("keeps the state of each sign-in in its own cookie, named validly after the state", async () => {
    const context = setup({ shellAnswers: [200], refreshSucceeds: true });
    const first = await start(context);
    const second = await start(context);
    expect(first.cookie.split("=")[0]).toBe(`oauth_state_${first.state}`);
    expect(first.cookie.split("=")[0]).toMatch(COOKIE_NAME);
    expect(first.cookie).toMatch(/HttpOnly/);
    expect(first.cookie).toMatch(/Path=\/auth/);
    expect(second.state).not.toBe(first.state);
  });

  it("spends the state cookie when the sign-in finishes", async () => {
    const context = setup({ shellAnswers: [200], refreshSucceeds: true });
    const { state, cookie } = await start(context);
    const done = await finishSignIn(callback(`code=c1&state=${state}`, cookie), context);
    expect(done.headers.get("Location")).toBe("/home");
    expect(spends(done.headers.getSetCookie(), state)).toBe(true);
  });

  it("spends the state cookie when the callback is refused, and starts again", async () => {
    const context = setup({ shellAnswers: [200], refreshSucceeds: true });
    const { state, cookie } = await start(context);
    await expect(finishSignIn(callback(`code=c1&state=${"x".repeat(43)}`, cookie), context)).rejects.toThrow(/No sign-in was started/);
    const restarted = await restartSignIn(callback(`error=access_denied&state=${state}`, cookie), context);
    expect(restarted.headers.get("Location")).toBe("/redirect/login");
    expect(spends(restarted.headers.getSetCookie(), state)).toBe(true);
  });
});

describe("authIfSignedIn", () => {
  it("is null where no sign-in ran for the request, and the auth where it did", () => {
    const context = new RouterContextProvider();
    expect(authIfSignedIn(context)).toBeNull();
    const auth = { user: { id: "usr_x" } };
    context.set(authContext, auth as never);
    expect(authIfSignedIn(context)).toBe(auth);
  });
});
