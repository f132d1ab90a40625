import { describe, expect, it } from "vitest";
import type { GrantProps, Principal } from "@api/context";
import { CallerScope } from "./caller-scope";

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
