import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { authContext, requireAuth } from "./auth.server";
import { appContext } from "./context";
import { sessionStorage } from "./session.server";

/** A KV namespace in memory: enough of the binding for the session store. */
function memoryKv() {
  const store = new Map<string, string>();
  return {
    store,
    async get(key: string, type?: string) {
      const value = store.get(key);
      return value === undefined ? null : type === "json" ? JSON.parse(value) : value;
    },
    async put(key: string, value: string) {
      store.set(key, value);
    },
    async delete(key: string) {
      store.delete(key);
    },
  };
}

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
let env: Env;

function setup(scenario: Scenario) {
  const shellAnswers = [...scenario.shellAnswers];
  const hostFetch = async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname === "/oauth/token") {
      const form = new URLSearchParams(await request.text());
      calls.push(`refresh:${form.get("refresh_token")}`);
      if (!scenario.refreshSucceeds) return Response.json({ error: "invalid_grant" }, { status: 400 });
      return Response.json({ access_token: "access-2", refresh_token: "refresh-2", expires_in: 900, token_type: "bearer" });
    }
    calls.push(`${url.pathname}:${request.headers.get("authorization")}`);
    const status = shellAnswers.shift() ?? 200;
    return status === 200 ? Response.json({ user: USER, interactions: [], pendingCount: 3 }) : Response.json({ message: "Not signed in" }, { status });
  };
  const context = new RouterContextProvider();
  context.set(appContext, { env, ctx: {} as ExecutionContext, hostFetch, webClientId: "client-1", nonce: "n" });
  return context;
}

async function cookieFor(expiresInSeconds: number) {
  const storage = sessionStorage(env);
  const session = await storage.getSession();
  session.set("accessToken", "access-1");
  session.set("refreshToken", "refresh-1");
  session.set("accessTokenExpiresAt", Date.now() + expiresInSeconds * 1000);
  session.set("userId", "usr_1");
  return (await storage.commitSession(session)).split(";")[0]!;
}

async function run(context: RouterContextProvider, cookie?: string) {
  const request = new Request("http://localhost:5173/home", { headers: cookie ? { Cookie: cookie } : {} });
  let reached = false;
  const next = async () => {
    reached = true;
    return new Response("page");
  };
  try {
    await requireAuth({ request, context, params: {}, unstable_pattern: "/home" } as never, next);
    return { reached, thrown: null as Response | null };
  } catch (thrown) {
    if (thrown instanceof Response) return { reached, thrown };
    throw thrown;
  }
}

beforeEach(() => {
  kv = memoryKv();
  calls = [];
  env = { SESSION_KV: kv, SESSION_SECRET: "test-secret", APP_URL: "http://localhost:5173", ENVIRONMENT: "test", HOST_API_URL: "" } as unknown as Env;
});

describe("requireAuth", () => {
  it("sends a visitor without a session to sign in, with the way back", async () => {
    const { reached, thrown } = await run(setup({ shellAnswers: [], refreshSucceeds: true }));
    expect(reached).toBe(false);
    expect(thrown?.headers.get("Location")).toBe("/redirect/login?returnTo=%2Fhome");
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
    expect(calls).toEqual(["refresh:refresh-1", "/api/app/shell:Bearer access-2"]);
    const stored = JSON.parse([...kv.store.values()][0]!);
    expect(stored).toMatchObject({ accessToken: "access-2", refreshToken: "refresh-2" });
  });

  it("on a 401 refreshes and retries once", async () => {
    const context = setup({ shellAnswers: [401, 200], refreshSucceeds: true });
    const { reached } = await run(context, await cookieFor(900));
    expect(reached).toBe(true);
    expect(calls).toEqual(["/api/app/shell:Bearer access-1", "refresh:refresh-1", "/api/app/shell:Bearer access-2"]);
  });

  it("signs out when the refresh fails: the session is gone and the visitor is sent to sign in", async () => {
    const context = setup({ shellAnswers: [401], refreshSucceeds: false });
    const { reached, thrown } = await run(context, await cookieFor(900));
    expect(reached).toBe(false);
    expect(thrown?.headers.get("Location")).toMatch(/^\/redirect\/login\?returnTo=/);
    expect(thrown?.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(kv.store.size).toBe(0);
  });

  it("signs out when the retried call answers 401 again", async () => {
    const context = setup({ shellAnswers: [401, 401], refreshSucceeds: true });
    const { thrown } = await run(context, await cookieFor(900));
    expect(thrown?.headers.get("Location")).toMatch(/^\/redirect\/login/);
    expect(calls.filter((c) => c.startsWith("/api/app/shell"))).toHaveLength(2);
  });
});
