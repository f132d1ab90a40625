import { describe, expect, it } from "vitest";
import type { GrantProps, Principal } from "@api/context";
import { CallerScope, recordKey } from "./caller-scope";

const GRANT: GrantProps = { userId: 7, sessionId: "ses_1" };

function call(path: string, token: string, method = "GET") {
  return new Request(`http://localhost/api/app${path}`, { method, headers: { authorization: `Bearer ${token}` } });
}

function harness() {
  const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined } as unknown as ExecutionContext;
  const scope = new CallerScope(ctx);
  const sent: string[] = [];
  const viaProvider = async (request: Request, providerCtx: ExecutionContext) => {
    sent.push(`provider ${new URL(request.url).pathname}`);
    // The provider validates the token, puts the grant on ctx.props and hands over to the API.
    scope.remember(request, GRANT);
    expect(CallerScope.of(providerCtx)).toBe(scope);
    return new Response("ok");
  };
  const direct = async (request: Request, directCtx: ExecutionContext) => {
    sent.push(`direct ${new URL(request.url).pathname} as ${(directCtx as ExecutionContext & { props: GrantProps }).props.userId}`);
    expect(CallerScope.of(directCtx)).toBe(scope);
    return new Response("ok");
  };
  return { scope, sent, send: (request: Request) => scope.send(request, viaProvider, direct) };
}

describe("CallerScope", () => {
  it("validates a token through the provider once per web request, then calls the API directly", async () => {
    const { sent, send } = harness();
    await send(call("/shell", "token-1"));
    await send(call("/properties", "token-1"));
    await send(call("/properties", "token-2"));
    expect(sent).toEqual(["provider /api/app/shell", "direct /api/app/properties as 7", "provider /api/app/properties"]);
  });

  it("never skips the provider for paths outside the host API", async () => {
    const { sent, send } = harness();
    await send(call("/shell", "token-1"));
    await send(new Request("http://localhost/oauth/token", { method: "POST", headers: { authorization: "Bearer token-1" } }));
    expect(sent).toEqual(["provider /api/app/shell", "provider /oauth/token"]);
  });

  it("loads a principal once per grant and impersonated host, and again after a write", async () => {
    const { scope, send } = harness();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { sessionId: "ses_1" } as Principal;
    };
    expect(scope.knows(GRANT, undefined)).toBe(false);
    await scope.principal(GRANT, undefined, load);
    await scope.principal(GRANT, undefined, load);
    expect(loads).toBe(1);
    expect(scope.knows(GRANT, undefined)).toBe(true);
    expect(scope.knows(GRANT, "usr_host")).toBe(false);
    await scope.principal(GRANT, "usr_host", load);
    expect(loads).toBe(2);
    await send(call("/user/info", "token-1", "PATCH"));
    expect(scope.knows(GRANT, undefined)).toBe(false);
    await scope.principal(GRANT, undefined, load);
    expect(loads).toBe(3);
  });

  it("does not keep a principal that failed to load", async () => {
    const { scope } = harness();
    await expect(scope.principal(GRANT, "usr_host", async () => Promise.reject(new Error("no impersonation")))).rejects.toThrow("no impersonation");
    await expect(scope.principal(GRANT, "usr_host", async () => ({ sessionId: "ses_1" }) as Principal)).resolves.toMatchObject({ sessionId: "ses_1" });
  });
});

/** A token of the provider's form and a KV holding its record where the provider keeps it. */
async function stored(token: string, expiresAt = Math.floor(Date.now() / 1000) + 600) {
  const key = (await recordKey(token))!;
  const records = new Map([[key, JSON.stringify({ expiresAt, wrappedEncryptionKey: "k1" })]]);
  const kv = { get: async (name: string) => records.get(name) ?? null } as unknown as KVNamespace;
  return { kv, key, records };
}

function pageRequest(kv: KVNamespace, path = "/properties") {
  const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined } as unknown as ExecutionContext;
  const scope = new CallerScope(ctx, kv);
  const sent: string[] = [];
  const viaProvider = async (apiRequest: Request) => {
    sent.push("provider");
    scope.remember(apiRequest, GRANT);
    return new Response("ok");
  };
  const direct = async (_apiRequest: Request, directCtx: ExecutionContext) => {
    sent.push(`direct as ${(directCtx as ExecutionContext & { props: GrantProps }).props.userId}`);
    return new Response("ok");
  };
  return { sent, send: (token: string) => scope.send(call(path, token), viaProvider, direct) };
}

describe("CallerScope across requests", () => {
  it("sends a token the provider accepted in an earlier request straight to the API while its record is unchanged", async () => {
    const token = `7:grant-a:${crypto.randomUUID()}`;
    const { kv } = await stored(token);
    const first = pageRequest(kv);
    await first.send(token);
    const second = pageRequest(kv);
    await second.send(token);
    await second.send(token);
    expect([first.sent, second.sent]).toEqual([["provider"], ["direct as 7", "direct as 7"]]);
  });

  it("goes through the provider again once the token's record is deleted (revoked) or changed", async () => {
    const token = `7:grant-b:${crypto.randomUUID()}`;
    const { kv, key, records } = await stored(token);
    await pageRequest(kv).send(token);
    records.delete(key);
    const afterRevocation = pageRequest(kv);
    await afterRevocation.send(token);
    records.set(key, JSON.stringify({ expiresAt: Math.floor(Date.now() / 1000) + 600, wrappedEncryptionKey: "k2" }));
    const afterChange = pageRequest(kv);
    await afterChange.send(token);
    expect([afterRevocation.sent, afterChange.sent]).toEqual([["provider"], ["provider"]]);
  });

  it("goes through the provider for an expired token, and keeps nothing of a token of another form", async () => {
    const expired = `7:grant-c:${crypto.randomUUID()}`;
    const { kv } = await stored(expired, Math.floor(Date.now() / 1000) - 1);
    await pageRequest(kv).send(expired);
    const later = pageRequest(kv);
    await later.send(expired);
    const opaque = "opaque-token";
    await pageRequest(kv).send(opaque);
    const again = pageRequest(kv);
    await again.send(opaque);
    expect([later.sent, again.sent]).toEqual([["provider"], ["provider"]]);
  });
});

/** A KV whose first read answers only when the test lets it. */
function heldKv(records: Map<string, string>) {
  const waiting: (() => void)[] = [];
  let reads = 0;
  const kv = {
    get: (name: string) =>
      reads++ > 0
        ? Promise.resolve(records.get(name) ?? null)
        : new Promise<string | null>((resolve) => {
            waiting.push(() => resolve(records.get(name) ?? null));
          }),
  } as unknown as KVNamespace;
  return { kv, release: () => waiting.splice(0).forEach((answer) => answer()), held: () => waiting.length };
}

/** The records of a token the provider accepted in an earlier request of this isolate. */
async function accepted(token: string) {
  const { kv: plain, records } = await stored(token);
  await pageRequest(plain).send(token);
  return records;
}

describe("CallerScope: the shell's call while the token's record is read", () => {

  it("prepares the shell's answer while the record is read and gives it once the record confirms the token", async () => {
    const token = `7:grant-c:${crypto.randomUUID()}`;
    const { kv, release, held } = heldKv(await accepted(token));
    const page = pageRequest(kv, "/shell");
    const answer = page.send(token);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([held(), page.sent]).toEqual([1, ["direct as 7"]]);
    release();
    expect(await (await answer).text()).toBe("ok");
    expect(page.sent).toEqual(["direct as 7"]);
  });

  it("drops the prepared answer when the record is gone and asks the provider instead", async () => {
    const token = `7:grant-d:${crypto.randomUUID()}`;
    const records = await accepted(token);
    const { kv, release } = heldKv(records);
    records.clear();
    const page = pageRequest(kv, "/shell");
    const answer = page.send(token);
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await answer;
    expect(page.sent).toEqual(["direct as 7", "provider"]);
  });

  it("waits for the record before any other call", async () => {
    const token = `7:grant-e:${crypto.randomUUID()}`;
    const { kv, release, held } = heldKv(await accepted(token));
    const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined } as unknown as ExecutionContext;
    const scope = new CallerScope(ctx, kv);
    const sent: string[] = [];
    const answer = scope.send(
      call("/properties", token),
      async () => new Response("provider"),
      async () => {
        sent.push("direct");
        return new Response("ok");
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([held(), sent]).toEqual([1, []]);
    release();
    await answer;
    expect(sent).toEqual(["direct"]);
    const write = scope.send(call("/shell", `${token}-other`, "POST"), async () => new Response("provider"), async () => new Response("ok"));
    expect(await (await write).text()).toBe("provider");
  });
});
