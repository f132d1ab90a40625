/** A fresh nonce for the Content-Security-Policy of one response. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * `imageOrigins`: further origins pages may show images from (the configured map tiles);
 * `formTargets`: further sources a form may lead to (the sign-in page's OAuth client callback,
 * reached through the redirect its form answers with).
 */
export function contentSecurityPolicy(nonce: string, production: boolean, imageOrigins: readonly string[] = [], formTargets: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'${production ? "" : " 'unsafe-eval'"}`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageOrigins].join(" "),
    "font-src 'self'",
    `connect-src 'self'${production ? "" : " ws://localhost:* ws://127.0.0.1:*"}`,
    "object-src 'none'",
    "base-uri 'none'",
    ["form-action 'self'", ...formTargets].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers every response carries; HTML responses get their nonce-bearing CSP from the renderer. */
export function withSecurityHeaders(response: Response, production: boolean): Response {
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  // Pages and API answers are per user unless their handler says otherwise (public settings, photos):
  // no cache, shared or in the browser, keeps them. Static assets are served before the Worker runs.
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
  if (production) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
  return secured;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request a foreign page may have sent. Browsers name the sender in
 * Sec-Fetch-Site, and in Origin on every POST: a write from another site is refused. A write that
 * acts on the session cookie (`actsOnCookies`: a web page, not the API, which reads bearer tokens
 * only) must say where it comes from: without Origin it passes only when Sec-Fetch-Site says
 * same-origin. Bearer-token API calls carry no ambient credentials and are let through by the caller.
 */
export function isForeignOriginWrite(request: Request, actsOnCookies: boolean): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("Origin");
  if (origin) return origin !== new URL(request.url).origin;
  if (site === "same-origin") return false;
  return actsOnCookies && request.headers.has("Cookie");
}
