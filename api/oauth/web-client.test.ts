import type { OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import { beforeEach, describe, expect, it, vi } from "vitest";

type Client = { clientId: string; redirectUris: string[] };

/** An OAuth provider and a KV namespace in memory, counting the clients created. */
function fakes(options: { failFirstLookup?: boolean } = {}) {
  const clients = new Map<string, Client>();
  const kv = new Map<string, string>();
  let failLookup = options.failFirstLookup ?? false;
  const helpers = {
    createClient: async ({ redirectUris }: { redirectUris: string[] }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const client = { clientId: `client-${clients.size + 1}`, redirectUris };
      clients.set(client.clientId, client);
      return client;
    },
    lookupClient: async (id: string) => clients.get(id) ?? null,
    updateClient: async (id: string, update: Partial<Client>) => void clients.set(id, { ...clients.get(id)!, ...update }),
  };
  const env = {
    APP_URL: "https://hosts.example",
    ENVIRONMENT: "production",
    OAUTH_KV: {
      get: async (key: string) => {
        if (failLookup) {
          failLookup = false;
          throw new Error("KV unavailable");
        }
        const value = kv.get(key);
        return value ? JSON.parse(value) : null;
      },
      put: async (key: string, value: string) => void kv.set(key, value),
    },
  };
  return { helpers: helpers as unknown as OAuthHelpers, env: env as unknown as Env, clients };
}

describe("the web app's OAuth client", () => {
  let ensureWebClient: typeof import("./web-client").ensureWebClient;
  beforeEach(async () => {
    vi.resetModules();
    ({ ensureWebClient } = await import("./web-client"));
  });

  it("is created once when the first requests arrive together, and all of them use it", async () => {
    const { helpers, env, clients } = fakes();
    const ids = await Promise.all([ensureWebClient(helpers, env), ensureWebClient(helpers, env), ensureWebClient(helpers, env)]);
    expect(new Set(ids)).toEqual(new Set(["client-1"]));
    expect(clients.size).toBe(1);
  });

  it("is found again from its stored id instead of being created anew", async () => {
    const { helpers, env, clients } = fakes();
    const first = await ensureWebClient(helpers, env);
    vi.resetModules();
    const fresh = await import("./web-client");
    expect(await fresh.ensureWebClient(helpers, env)).toBe(first);
    expect(clients.size).toBe(1);
  });

  it("is looked up again after a failed lookup", async () => {
    const { helpers, env } = fakes({ failFirstLookup: true });
    await expect(ensureWebClient(helpers, env)).rejects.toThrow("KV unavailable");
    expect(await ensureWebClient(helpers, env)).toBe("client-1");
  });

  it("with the API apart, registers at HOST_API_URL once (RFC 7591) and keeps the id; a refusal is retried later", async () => {
    const { helpers, env, clients } = fakes();
    const apart = { ...env, HOST_API_URL: "https://api.hosts.example" } as Env;
    const registrations: { url: string; body: { redirect_uris: string[]; token_endpoint_auth_method: string } }[] = [];
    let refuse = true;
    const fetchMock = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      registrations.push({ url: String(input), body: JSON.parse(String(init?.body)) });
      if (refuse) return new Response("{}", { status: 503 });
      return Response.json({ client_id: "remote-1" }, { status: 201 });
    });
    try {
      await expect(ensureWebClient(helpers, apart)).rejects.toThrow(/refused to register/);
      refuse = false;
      const ids = await Promise.all([ensureWebClient(helpers, apart), ensureWebClient(helpers, apart)]);
      expect(ids).toEqual(["remote-1", "remote-1"]);
      vi.resetModules();
      const fresh = await import("./web-client");
      expect(await fresh.ensureWebClient(helpers, apart)).toBe("remote-1");
      expect(registrations).toHaveLength(2);
      expect(registrations[1]).toEqual({
        url: "https://api.hosts.example/oauth/register",
        body: expect.objectContaining({ redirect_uris: ["https://hosts.example/auth/callback"], token_endpoint_auth_method: "none" }),
      });
      // No client of the web's own provider is made.
      expect(clients.size).toBe(0);
    } finally {
      fetchMock.mockRestore();
    }
  });
});
