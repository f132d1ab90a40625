/** A fresh nonce for the Content-Security-Policy of one response. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** `imageOrigins`: further origins pages may show images from (the configured map tiles). */
export function contentSecurityPolicy(nonce: string, production: boolean, imageOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'${production ? "" : " 'unsafe-eval'"}`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageOrigins].join(" "),
    "font-src 'self'",
    `connect-src 'self'${production ? "" : " ws://localhost:* ws://127.0.0.1:*"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
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
  if (production) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
  return secured;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A state-changing request from a foreign page is refused; bearer-token API calls carry no cookie to abuse. */
export function isForeignOriginWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  return origin !== new URL(request.url).origin;
}
