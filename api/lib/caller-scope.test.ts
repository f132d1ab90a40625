import { describe, expect, it } from "vitest";
import type { GrantProps, Principal } from "@api/context";
import { CallerScope, grantKeyOf, recordKey, type TokenCheck } from "./caller-scope";

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

/** A KV answering reads from `records` (as they are at the time of the read). */
const readsOf = (records: Map<string, string>) => ({ get: async (name: string) => records.get(name) ?? null }) as unknown as KVNamespace;

/** A token of the provider's form and a KV holding its record where the provider keeps it. */
async function stored(token: string, expiresAt = Math.floor(Date.now() / 1000) + 600) {
  const key = (await recordKey(token))!;
  const records = new Map([[key, JSON.stringify({ expiresAt, wrappedEncryptionKey: "k1" })]]);
  return { kv: readsOf(records), key, records };
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
  return { kv, release: () => waiting.splice(0).forEach((answer) => answer()), held: () => waiting.length, reads: () => reads };
}

/** The records of a token the provider accepted in an earlier request of this isolate. */
async function accepted(token: string) {
  const { kv: plain, records } = await stored(token);
  await pageRequest(plain).send(token);
  return records;
}

/** A page's shell call whose API answers the token check as `revoked` says (undefined: it does not check). */
function shellCall(kv: KVNamespace, revoked: boolean | undefined) {
  const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined } as unknown as ExecutionContext;
  const scope = new CallerScope(ctx, kv);
  const sent: string[] = [];
  const checks: (TokenCheck | undefined)[] = [];
  const send = (token: string) =>
    scope.send(
      call("/shell", token),
      async (apiRequest) => {
        sent.push("provider");
        scope.remember(apiRequest, GRANT);
        return new Response("from the provider");
      },
      async (_apiRequest, directCtx) => {
        const check = CallerScope.of(directCtx)!.tokenCheck(directCtx);
        checks.push(check && { ...check });
        if (check && revoked !== undefined) check.revoked = revoked;
        sent.push("direct");
        return new Response("prepared");
      },
    );
  return { send, sent, checks };
}

describe("grantKeyOf", () => {
  it("names the grant of an access token's record, and nothing for another key", () => {
    expect(grantKeyOf("token:7:grant-a:0af3")).toBe("grant:7:grant-a");
    expect(grantKeyOf("grant:7:grant-a")).toBeNull();
    expect(grantKeyOf("token:7:grant-a")).toBeNull();
    expect(grantKeyOf("token:7:grant-a:0af3:more")).toBeNull();
  });
});

describe("CallerScope: the shell's call checks the token in its own batch", () => {
  it("asks the API to check the token's record and grant, and gives its answer without reading KV when neither was revoked", async () => {
    const token = `7:grant-c:${crypto.randomUUID()}`;
    const { kv, held, reads } = heldKv(await accepted(token));
    const page = shellCall(kv, false);
    expect(await (await page.send(token)).text()).toBe("prepared");
    expect([page.sent, held(), reads()]).toEqual([["direct"], 0, 0]);
    expect(page.checks).toEqual([{ tokenKey: await recordKey(token), grantKey: "grant:7:grant-c" }]);
  });

  it("drops the answer when the check finds the token revoked and asks the provider instead", async () => {
    const token = `7:grant-d:${crypto.randomUUID()}`;
    const page = shellCall(readsOf(await accepted(token)), true);
    expect(await (await page.send(token)).text()).toBe("from the provider");
    expect(page.sent).toEqual(["direct", "provider"]);
  });

  it("lets the token's record decide when the API answered without checking", async () => {
    const token = `7:grant-e:${crypto.randomUUID()}`;
    const records = await accepted(token);
    const kept = heldKv(records);
    const confirmed = shellCall(kept.kv, undefined);
    const answer = confirmed.send(token);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(kept.held()).toBe(1);
    kept.release();
    expect(await (await answer).text()).toBe("prepared");
    records.clear();
    const revoked = shellCall(readsOf(records), undefined);
    expect(await (await revoked.send(token)).text()).toBe("from the provider");
    expect(revoked.sent).toEqual(["direct", "provider"]);
  });

  it("checks nothing in the batch for a token not accepted before, or expired", async () => {
    const token = `7:grant-f:${crypto.randomUUID()}`;
    const { kv } = await stored(token);
    const first = shellCall(kv, false);
    await first.send(token);
    expect(first.sent).toEqual(["provider"]);
    const expiredToken = `7:grant-g:${crypto.randomUUID()}`;
    const old = await stored(expiredToken, Math.floor(Date.now() / 1000) - 1);
    await shellCall(old.kv, false).send(expiredToken);
    const later = shellCall(old.kv, false);
    await later.send(expiredToken);
    expect([later.sent, later.checks]).toEqual([["provider"], []]);
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
