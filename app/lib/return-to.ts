/** Paths that are no page to come back to: the API and the sign-in flow itself. */
const NOT_A_PAGE = /^\/(?:api|oauth|auth|config)(?:\/|$)/;

export interface ReturnToOptions {
  /** Where to go when the address is refused. */
  fallback?: string;
  /** Accept only this path and the paths below it. */
  within?: string;
}

/**
 * The one check for every return address (after sign-in, after a form, a Referer): the address is
 * resolved the way a browser resolves it, against the app's own origin, and followed only if that
 * origin is unchanged. What comes back is the normalized path, query and fragment: the URL parser
 * has dropped tabs and newlines, turned backslashes into slashes and percent-encoded the rest, so
 * it is safe in a Location header. A path that starts with `//` would be read as another host.
 */
export function safeReturnTo(value: string | null | undefined, origin: string, options: ReturnToOptions = {}): string {
  const fallback = options.fallback ?? "/home";
  if (!value) return fallback;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin || url.username || url.password) return fallback;
  const path = url.pathname;
  if (path.startsWith("//") || NOT_A_PAGE.test(path)) return fallback;
  if (options.within && path !== options.within && !path.startsWith(`${options.within}/`)) return fallback;
  return `${path}${url.search}${url.hash}`;
}

/** The pages of the authorization server that sign a user in for an OAuth client. */
const SIGN_IN_PAGES = new Set(["/login", "/register"]);

/**
 * Where a sign-in page's form leads once it is accepted: the OAuth client's callback, whose
 * redirect answers the form (on another origin when the web runs apart from the API, or for a
 * third-party client). The callback is the `redirect_uri` of the authorization request, which the
 * API accepts only as registered for its client. As a CSP source: the origin, or the private-use
 * scheme of a native app.
 */
export function signInFormTargets(url: URL): string[] {
  const redirectUri = SIGN_IN_PAGES.has(url.pathname) ? url.searchParams.get("redirect_uri") : null;
  if (!redirectUri) return [];
  let target: URL;
  try {
    target = new URL(redirectUri);
  } catch {
    return [];
  }
  if (target.origin === url.origin) return [];
  if (target.protocol === "https:" || target.protocol === "http:") return [target.origin];
  return /^[a-z][a-z0-9+.-]*:$/.test(target.protocol) ? [target.protocol] : [];
}
