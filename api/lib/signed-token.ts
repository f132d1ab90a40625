/**
 * Short tokens the Worker signs itself (HMAC-SHA-256 with SESSION_SECRET) and checks without a
 * lookup: the guest's bearer token and the live chat's socket tokens. A token is
 * `<base64url(JSON claims)>.<base64url(signature)>`; its claims carry an audience, so a token made
 * for one purpose is refused for another, and an expiry in seconds since the epoch.
 */

export type Audience = "guest" | "live";

export interface SignedClaims {
  aud: Audience;
  /** Seconds since the epoch. */
  exp: number;
}

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(`stayhost-signed-token:${secret}`), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}

function base64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[\w-]*$/.test(text)) return null;
  let binary: string;
  try {
    binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A token for `claims`, valid for `ttlSeconds` from `now`. */
export async function signToken<C extends object>(secret: string, aud: Audience, claims: C, ttlSeconds: number, now = Date.now()): Promise<string> {
  const body = base64Url(encoder.encode(JSON.stringify({ ...claims, aud, exp: Math.floor(now / 1000) + ttlSeconds })));
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await keyOf(secret), encoder.encode(body)));
  return `${body}.${base64Url(signature)}`;
}

/** The claims of a token signed with `secret` for `aud` and not expired at `now`; otherwise null. */
export async function verifyToken<C extends object>(secret: string, aud: Audience, token: string | null | undefined, now = Date.now()): Promise<(C & SignedClaims) | null> {
  if (!token || token.length > 2048) return null;
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return null;
  const signatureBytes = fromBase64Url(signature);
  if (!signatureBytes) return null;
  const valid = await crypto.subtle.verify("HMAC", await keyOf(secret), signatureBytes, encoder.encode(body));
  if (!valid) return null;
  const bytes = fromBase64Url(body);
  if (!bytes) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
  if (!claims || typeof claims !== "object") return null;
  const { aud: audience, exp } = claims as Partial<SignedClaims>;
  if (audience !== aud || typeof exp !== "number" || exp * 1000 <= now) return null;
  return claims as C & SignedClaims;
}
