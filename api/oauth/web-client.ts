import type { OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import { oauthPaths } from "@contract/oauth";
import { isolateCache } from "@shared/isolate-cache";

const KV_KEY = "app:web-client";
// One lookup per isolate and redirect-URI set: concurrent first requests share it, so they cannot
// each create a client and start sign-ins with one id that the token exchange then does not use.
const lookups = isolateCache<string>(Number.POSITIVE_INFINITY);

/** The redirect URIs the web app may use: the configured origin, plus loopback outside production. */
export function webRedirectUris(env: Env): string[] {
  const uris = [new URL("/auth/callback", env.APP_URL).toString()];
  if (env.ENVIRONMENT !== "production") uris.push("http://localhost/auth/callback", "http://127.0.0.1/auth/callback");
  return [...new Set(uris)];
}

/**
 * The web app is a pre-registered public client (PKCE S256, exact redirect URIs). It is created on
 * first use and its id kept in KV, so a fresh database needs no manual step. With the host API
 * apart (HOST_API_URL, decision 018) the web registers itself there like any third-party client.
 */
export function ensureWebClient(helpers: OAuthHelpers, env: Env, ctx?: Pick<ExecutionContext, "waitUntil">): Promise<string> {
  const redirectUris = webRedirectUris(env);
  if (env.HOST_API_URL) {
    const apiUrl = env.HOST_API_URL;
    return lookups(`${apiUrl} ${redirectUris.join(" ")}`, () => registerWithRemoteApi(env, apiUrl, redirectUris), ctx);
  }
  return lookups(redirectUris.join(" "), () => registerWebClient(helpers, env, redirectUris), ctx);
}

/**
 * The client id the host API at `apiUrl` gave the web by dynamic client registration (RFC 7591),
 * kept in the web's KV per API and redirect-URI set.
 */
async function registerWithRemoteApi(env: Env, apiUrl: string, redirectUris: string[]): Promise<string> {
  const key = `${KV_KEY}:${apiUrl}:${redirectUris.join(" ")}`;
  const stored = await env.OAUTH_KV.get<{ clientId: string }>(key, "json");
  if (stored) return stored.clientId;
  const response = await fetch(new URL(oauthPaths.register, apiUrl), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${env.CLIENT_REGISTRATION_TOKEN}` },
    body: JSON.stringify({ client_name: "Host web app", redirect_uris: redirectUris, token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"], response_types: ["code"] }),
  });
  if (response.status !== 201) throw new Error(`The host API at ${apiUrl} refused to register the web app: ${response.status} ${await response.text()}`);
  const { client_id: clientId } = (await response.json()) as { client_id: string };
  await env.OAUTH_KV.put(key, JSON.stringify({ clientId }));
  return clientId;
}

async function registerWebClient(helpers: OAuthHelpers, env: Env, redirectUris: string[]): Promise<string> {
  const stored = await env.OAUTH_KV.get<{ clientId: string; redirectUris: string[] }>(KV_KEY, "json");
  const existing = stored && (await helpers.lookupClient(stored.clientId));
  let clientId: string;
  if (existing) {
    clientId = existing.clientId;
    if (existing.redirectUris.join(" ") !== redirectUris.join(" ")) await helpers.updateClient(clientId, { redirectUris });
  } else {
    const created = await helpers.createClient({
      clientName: "Host web app",
      redirectUris,
      tokenEndpointAuthMethod: "none",
      grantTypes: ["authorization_code", "refresh_token"],
      responseTypes: ["code"],
    });
    clientId = created.clientId;
  }
  await env.OAUTH_KV.put(KV_KEY, JSON.stringify({ clientId, redirectUris }));
  return clientId;
}
