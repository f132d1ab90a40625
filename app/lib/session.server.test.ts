import { createCookie } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { cookieWritten, sessionStorage, withSessionCookie } from "./session.server";
import { memoryKv } from "./testing/memory-kv";

let kv: ReturnType<typeof memoryKv>;
let env: Env;
beforeEach(() => {
  kv = memoryKv();
  env = { SESSION_KV: kv, SESSION_SECRET: "test-secret", ENVIRONMENT: "test" } as unknown as Env;
});

const header = (setCookie: string) => setCookie.split(";")[0]!;

async function written(fields: Record<string, string>) {
  const storage = sessionStorage(env);
  const session = await storage.getSession();
  for (const [key, value] of Object.entries(fields)) session.set(key as "userId", value);
  return header(await storage.commitSession(session));
}

describe("sessionStorage", () => {
  it("answers the revision the browser presents from memory once this isolate has read or written it", async () => {
    const cookie = await written({ userId: "usr_1" });
    const storage = sessionStorage(env);
    expect((await storage.getSession(cookie)).get("userId")).toBe("usr_1");
    expect((await storage.getSession(cookie)).get("userId")).toBe("usr_1");
    expect(kv.counts.reads).toBe(0);
  });

  it("reads KV for a revision it does not know: one another isolate wrote, or a cookie holding the id alone", async () => {
    const cookie = await written({ userId: "usr_1" });
    const [key, value] = [...kv.store][0]!;
    kv.store.set(key, JSON.stringify({ ...JSON.parse(value), userId: "usr_2", __revision: "elsewhere" }));
    const signed = createCookie("host_session", { secrets: ["test-secret"] });
    const id = key.slice("session:".length);
    const storage = sessionStorage(env);
    expect((await storage.getSession(header(await signed.serialize(`${id}.elsewhere`)))).get("userId")).toBe("usr_2");
    expect(kv.counts.reads).toBe(1);
    // A cookie from before revisions: its id alone.
    expect((await storage.getSession(header(await signed.serialize(id)))).get("userId")).toBe("usr_2");
    expect(kv.counts.reads).toBe(2);
    // The revision read is kept from now on; a browser presenting the one this isolate wrote before is read from KV.
    expect((await storage.getSession(header(await signed.serialize(`${id}.elsewhere`)))).get("userId")).toBe("usr_2");
    expect(kv.counts.reads).toBe(2);
    expect((await storage.getSession(cookie)).get("userId")).toBe("usr_2");
    expect(kv.counts.reads).toBe(3);
  });

  it("gives each write a new revision and cookie, and keeps a request's changes its own until written", async () => {
    const storage = sessionStorage(env);
    const first = await written({ userId: "usr_1" });
    const session = await storage.getSession(first);
    session.set("impersonating", "usr_host");
    expect((await storage.getSession(first)).get("impersonating")).toBeUndefined();
    const second = header(await storage.commitSession(session));
    expect(second).not.toBe(first);
    expect(second.split("=")[0]).toBe(first.split("=")[0]);
    expect((await storage.getSession(second)).get("impersonating")).toBe("usr_host");
  });

  it("reads a session holding a flash message from KV every time, so the message shows once", async () => {
    const storage = sessionStorage(env);
    const session = await storage.getSession(await written({ userId: "usr_1" }));
    session.flash("toast", { kind: "success", key: "saved", id: "t1" });
    const flashed = header(await storage.commitSession(session));
    const reads = kv.counts.reads;
    const reading = await storage.getSession(flashed);
    expect(reading.get("toast")).toMatchObject({ key: "saved" });
    expect(kv.counts.reads).toBe(reads + 1);
    const taken = header(await storage.commitSession(reading));
    expect((await storage.getSession(flashed)).get("toast")).toBeUndefined();
    expect((await storage.getSession(taken)).get("toast")).toBeUndefined();
  });

  it("forgets a destroyed session: its cookie signs no one in, in this isolate either", async () => {
    const storage = sessionStorage(env);
    const cookie = await written({ userId: "usr_1" });
    const session = await storage.getSession(cookie);
    expect(await storage.destroySession(session)).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await storage.getSession(cookie)).get("userId")).toBeUndefined();
    expect(kv.store.size).toBe(0);
  });

  it("remembers the cookie a request wrote last for a session, its removal included", async () => {
    const storage = sessionStorage(env);
    const session = await storage.getSession(await written({ userId: "usr_1" }));
    expect(cookieWritten(session)).toBeUndefined();
    const committed = await storage.commitSession(session);
    expect(cookieWritten(session)).toBe(committed);
    const removed = await storage.destroySession(session);
    expect(cookieWritten(session)).toBe(removed);
  });

  it("gives the session KV holds now when asked for the latest, whatever this isolate keeps", async () => {
    const storage = sessionStorage(env);
    const cookie = await written({ userId: "usr_1" });
    const session = await storage.getSession(cookie);
    const [key, value] = [...kv.store][0]!;
    kv.store.set(key, JSON.stringify({ ...JSON.parse(value), refreshToken: "rotated", __revision: "elsewhere" }));
    expect(await storage.latest(session)).toEqual({ userId: "usr_1", refreshToken: "rotated" });
    kv.store.clear();
    expect(await storage.latest(session)).toBeNull();
  });
});

describe("withSessionCookie", () => {
  it("ends the answer with the given session cookie: earlier ones of the session go, other cookies stay", async () => {
    const response = new Response("page", { headers: [["Set-Cookie", "host_session=old; Path=/"], ["Set-Cookie", "language=de; Path=/"]] });
    const answer = withSessionCookie(response, "host_session=new; Path=/; HttpOnly");
    expect(answer.headers.getSetCookie()).toEqual(["language=de; Path=/", "host_session=new; Path=/; HttpOnly"]);
    expect(await answer.text()).toBe("page");
  });

  it("copies an answer whose headers cannot change", () => {
    const redirect = Response.redirect("http://localhost/home", 302);
    const answer = withSessionCookie(redirect, "host_session=new; Path=/");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("http://localhost/home");
    expect(answer.headers.getSetCookie()).toEqual(["host_session=new; Path=/"]);
  });
});
