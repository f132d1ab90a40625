import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { authContext, type Auth } from "./auth.server";
import { appContext, type AppContext } from "./context";
import { redirectWithFlash, takeFlash } from "./flash.server";
import { sessionStorage } from "./session.server";
import { memoryKv } from "./testing/memory-kv";

const env = { SESSION_KV: memoryKv(), SESSION_SECRET: "test-secret", ENVIRONMENT: "development" } as unknown as Env;
const storage = sessionStorage(env);

/** A signed-in browser: a stored session and the cookie that names it. */
async function signedIn() {
  const session = await storage.getSession();
  session.set("userId", "usr_1");
  return storage.commitSession(session);
}

/** What a page request after the redirect reads from the session. */
async function nextPage(cookie: string) {
  return takeFlash(await storage.getSession(cookie), storage);
}

async function saveWithFlash(cookie: string) {
  const context = new RouterContextProvider();
  context.set(appContext, { env } as AppContext);
  context.set(authContext, { session: await storage.getSession(cookie) } as Auth);
  return redirectWithFlash(context, "/properties/p1/about", { kind: "success", key: "commons.saved" });
}

describe("flash messages", () => {
  it("are carried through the redirect, not in its address", async () => {
    const response = await saveWithFlash(await signedIn());
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/properties/p1/about");
    expect(response.headers.get("Set-Cookie")).toBeTruthy();
  });

  it("are read once: the page after the redirect shows it, the next one does not", async () => {
    const cookie = await signedIn();
    await saveWithFlash(cookie);
    expect(await nextPage(cookie)).toMatchObject({ kind: "success", key: "commons.saved" });
    expect(await nextPage(cookie)).toBeNull();
  });

  it("tell two saves apart, so that the second save shows its toast too", async () => {
    const cookie = await signedIn();
    await saveWithFlash(cookie);
    const first = await nextPage(cookie);
    await saveWithFlash(cookie);
    const second = await nextPage(cookie);
    expect(second?.id).toBeTruthy();
    expect(second?.id).not.toBe(first?.id);
  });

  it("leave a session without a message untouched", async () => {
    expect(await nextPage(await signedIn())).toBeNull();
  });
});
