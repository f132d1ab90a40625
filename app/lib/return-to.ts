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
