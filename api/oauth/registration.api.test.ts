import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, authorizeQuery, BASE, createUser, pkce, PASSWORD, postJson, tokenRequest } from "@api/test/helpers";

const CHANNEL_MANAGER_CALLBACK = "https://channel-manager.example/stayhost/callback";

/** Registers with the initial access token staff give a partner (RFC 7591 §3). */
function register(metadata: Record<string, unknown>, token = env.CLIENT_REGISTRATION_TOKEN) {
  return postJson("/oauth/register", metadata, { authorization: `Bearer ${token}` });
}

describe("dynamic client registration (RFC 7591)", () => {
  it("is advertised in the authorization server metadata", async () => {
    const response = await SELF.fetch(`${BASE}/.well-known/oauth-authorization-server`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as { registration_endpoint: string; code_challenge_methods_supported: string[] };
    expect(metadata.registration_endpoint).toBe(`${BASE}/oauth/register`);
    expect(metadata.code_challenge_methods_supported).toContain("S256");
  });

  it("is open only to the holders of the initial access token", async () => {
    const metadata = { client_name: "Someone", redirect_uris: [CHANNEL_MANAGER_CALLBACK], token_endpoint_auth_method: "none" };
    const without = await postJson("/oauth/register", metadata);
    expect(without.status).toBe(401);
    expect(await without.json()).toMatchObject({ error: "invalid_token" });
    expect((await register(metadata, "a-guessed-token")).status).toBe(401);
    expect((await register(metadata, `${env.CLIENT_REGISTRATION_TOKEN}x`)).status).toBe(401);
  });

  it("registers a public client that signs a host in with PKCE and calls the host API with its token", async () => {
    const registered = await register({ client_name: "Channel manager", redirect_uris: [CHANNEL_MANAGER_CALLBACK], token_endpoint_auth_method: "none" });
    expect(registered.status).toBe(201);
    const client = (await registered.json()) as { client_id: string; client_secret?: string; redirect_uris: string[] };
    expect(client.client_secret).toBeUndefined();
    expect(client.redirect_uris).toEqual([CHANNEL_MANAGER_CALLBACK]);

    const user = await createUser();
    const { verifier, challenge } = await pkce();
    const query = await authorizeQuery(client.client_id, challenge, CHANNEL_MANAGER_CALLBACK);
    const toLogin = await SELF.fetch(`${BASE}/oauth/authorize?${query}`, { redirect: "manual" });
    expect(toLogin.headers.get("location")).toBe(`/login?${query}`);
    const login = await postJson("/oauth/login", { authorizeQuery: query, email: user.email, password: PASSWORD });
    expect(login.status).toBe(200);
    const redirectTo = new URL(((await login.json()) as { redirectTo: string }).redirectTo);
    expect(`${redirectTo.origin}${redirectTo.pathname}`).toBe(CHANNEL_MANAGER_CALLBACK);
    const code = redirectTo.searchParams.get("code")!;

    const token = await tokenRequest({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: CHANNEL_MANAGER_CALLBACK, client_id: client.client_id });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const info = await api(access_token, "GET", "/user/info");
    expect(info.status).toBe(200);
    expect(((await info.json()) as { userId: string }).userId).toBe(user.publicId);
  });

  it("lets a native app register a private-use scheme callback (RFC 8252)", async () => {
    const registered = await register({ client_name: "Host mobile app", redirect_uris: ["com.example.hostapp:/oauth/callback"], token_endpoint_auth_method: "none" });
    expect(registered.status).toBe(201);
  });

  it("refuses a redirect URI that could not safely receive a code, and a client without one", async () => {
    for (const redirectUri of ["http://channel-manager.example/callback", "javascript:alert(1)", "https://channel-manager.example/callback#fragment"]) {
      const refused = await register({ client_name: "Channel manager", redirect_uris: [redirectUri], token_endpoint_auth_method: "none" });
      expect({ redirectUri, status: refused.status, body: await refused.json() }).toMatchObject({ redirectUri, status: 400, body: { error: "invalid_client_metadata" } });
    }
    const without = await register({ client_name: "Channel manager", token_endpoint_auth_method: "none" });
    expect(without.status).toBe(400);
  });

  it("does not let a registered client use a redirect URI it did not register", async () => {
    const registered = await register({ client_name: "Channel manager", redirect_uris: [CHANNEL_MANAGER_CALLBACK], token_endpoint_auth_method: "none" });
    const { client_id } = (await registered.json()) as { client_id: string };
    const { challenge } = await pkce();
    const query = await authorizeQuery(client_id, challenge, "https://channel-manager.example/elsewhere");
    const response = await SELF.fetch(`${BASE}/oauth/authorize?${query}`, { redirect: "manual" });
    expect(response.status).toBe(400);
  });
});
