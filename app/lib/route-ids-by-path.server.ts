/** What `<Scripts>` asks of the server's router: the routes a path matches. */
export interface PathMatcher {
  match(path: string): readonly { route: { id: string } }[] | null;
}

/** Paths kept per isolate before the list starts afresh (a unit's paths are one per unit). */
export const KEPT_PATHS = 1_000;

const idsByPath = new Map<string, readonly string[]>();

/**
 * The ids of the routes `path` matches, worked out once per isolate and path. React Router's
 * `getPartialManifest` (route discovery "lazy") matches a page's path and each of its leading paths
 * (`/`, `/calendar`, `/calendar/unt_…`) against the whole route table on every request, to list the
 * routes the browser may need; the table is the build's and does not change while the isolate lives,
 * so neither does the answer for a path (decision 046). Wired into React Router's server code by
 * `scripts/partial-manifest-cache.ts`.
 */
export function routeIdsOfPath(router: PathMatcher, path: string): readonly string[] {
  let ids = idsByPath.get(path);
  if (!ids) {
    if (idsByPath.size >= KEPT_PATHS) idsByPath.clear();
    ids = (router.match(path) ?? []).map((match) => match.route.id);
    idsByPath.set(path, ids);
  }
  return ids;
}
