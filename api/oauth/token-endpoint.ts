import { oauthPaths } from "@contract/oauth";

/** Refresh tokens (and the record of retired ones) live 30 days. */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
const RETIRED_PREFIX = "retired-refresh:";

interface RetiredToken {
  userId: string;
  grantId: string;
}

export interface TokenEndpointDeps {
  kv: KVNamespace;
  revokeGrant: (grantId: string, userId: string) => Promise<void>;
}

/** RFC 6749 §5.2: the token endpoint's error answer. */
function tokenError(error: "invalid_request" | "invalid_grant", description: string): Response {
  return Response.json({ error, error_description: description }, { status: 400, headers: { "Cache-Control": "no-store" } });
}

async function retiredKey(refreshToken: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(refreshToken));
  return RETIRED_PREFIX + [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The library's tokens read `<userId>:<grantId>:<secret>`. */
function grantOf(refreshToken: string): RetiredToken | null {
  const [userId, grantId, secret, ...rest] = refreshToken.split(":");
  return userId && grantId && secret && rest.length === 0 ? { userId, grantId } : null;
}

/**
 * What the token endpoint must refuse that @cloudflare/workers-oauth-provider 1.2.3 accepts
 * (decision 013), checked before the request reaches it:
 * - a code exchange without `redirect_uri`: our authorization endpoint requires one in every
 *   authorization request, so RFC 6749 §4.1.3 requires it here (the library compares it when sent);
 * - a refresh token used again after rotation (RFC 9700 §4.14.2): every token a refresh retires is
 *   remembered (by its hash) for as long as it could have lived; presenting one revokes the grant,
 *   so the party that stole it and the one it was stolen from both have to sign in again.
 */
export async function guardTokenEndpoint(request: Request, deps: TokenEndpointDeps, next: (request: Request) => Promise<Response>): Promise<Response> {
  if (request.method !== "POST" || new URL(request.url).pathname !== oauthPaths.token) return next(request);
  if (!request.headers.get("content-type")?.startsWith("application/x-www-form-urlencoded")) return next(request);
  // Decoded from bytes: workerd warns on `text()` of a body that is not text by its type.
  const form = new URLSearchParams(new TextDecoder().decode(await request.clone().arrayBuffer()));
  const grantType = form.get("grant_type");
  if (grantType === "authorization_code" && !form.get("redirect_uri")) {
    return tokenError("invalid_request", "redirect_uri is required: the authorization request had one");
  }
  const refreshToken = grantType === "refresh_token" ? form.get("refresh_token") : null;
  const grant = refreshToken ? grantOf(refreshToken) : null;
  if (!refreshToken || !grant) return next(request);

  const key = await retiredKey(refreshToken);
  const retired = await deps.kv.get<RetiredToken>(key, "json");
  if (retired) {
    await deps.revokeGrant(retired.grantId, retired.userId);
    return tokenError("invalid_grant", "The refresh token was already used; the grant is revoked");
  }
  const response = await next(request);
  // Only a token the library accepted and rotated is remembered: a made-up one revokes nothing.
  if (response.ok) await deps.kv.put(key, JSON.stringify(grant), { expirationTtl: REFRESH_TOKEN_TTL_SECONDS });
  return response;
}
