import type { OAuthHelpers } from "@cloudflare/workers-oauth-provider";
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
 * first use and its id kept in KV, so a fresh database needs no manual step.
 */
export function ensureWebClient(helpers: OAuthHelpers, env: Env, ctx?: Pick<ExecutionContext, "waitUntil">): Promise<string> {
  const redirectUris = webRedirectUris(env);
  return lookups(redirectUris.join(" "), () => registerWebClient(helpers, env, redirectUris), ctx);
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
