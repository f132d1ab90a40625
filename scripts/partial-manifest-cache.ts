/**
 * Server builds only: React Router's route matching is worked out once per path (decision 046).
 * - `getPartialManifest` asks `routeIdsOfPath` (`app/lib/route-ids-by-path.server.ts`) for the routes
 *   each leading path of a page matches, instead of matching every one against the whole route table
 *   on every request;
 * - `matchRoutesImpl`, which the request handler and the static handler each call for the page's own
 *   path, asks `matchFirstBranch` (`app/lib/route-branch-by-path.server.ts`) instead of trying every
 *   ranked branch in turn.
 * The browser's build is left as it is. A build whose React Router no longer has the code these
 * replace fails, so an upgrade cannot drop a cache unnoticed.
 */
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** React Router's module that writes the page's partial manifest (production and development builds). */
export const FOG_OF_WAR = /\/react-router\/dist\/(?:production|development)\/lib\/dom\/ssr\/fog-of-war\.js$/;
/** React Router's module with `matchRoutesImpl` (production and development builds). */
export const ROUTER_UTILS = /\/react-router\/dist\/(?:production|development)\/lib\/router\/utils\.js$/;

/** The loop of `getPartialManifest` (react-router 8.4) that matches each leading path. */
const MATCH_LOOP = /paths\.forEach\(\(path\) => \{\s*let matches = router\.match\(path\);\s*if \(matches\) matches\.forEach\(\(m\) => routeIds\.add\(m\.route\.id\)\);\s*\}\);/;
/** The loop of `matchRoutesImpl` (react-router 8.4) over the ranked branches. */
const BRANCH_LOOP = /for \(let i = 0; matches == null && i < branches\.length; \+\+i\) matches = matchRouteBranch\(branches\[i\], decoded, allowPartial\);/;

const helper = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const ROUTE_IDS_HELPER = helper("../app/lib/route-ids-by-path.server.ts");
const BRANCH_HELPER = helper("../app/lib/route-branch-by-path.server.ts");

/** The module's code with the loop replaced, or null when the loop is not there. */
export function withCachedPartialManifest(code: string, from = ROUTE_IDS_HELPER): string | null {
  if (!MATCH_LOOP.test(code)) return null;
  const loop = "for (const path of paths) for (const id of __routeIdsOfPath(router, path)) routeIds.add(id);";
  return `import { routeIdsOfPath as __routeIdsOfPath } from ${JSON.stringify(from)};\n${code.replace(MATCH_LOOP, loop)}`;
}

/**
 * The module's code with the branch loop replaced, or null when the loop is not there. Branches
 * React Router flattened for this one call (no precomputed ones) are walked as before: they are new
 * each time, so nothing could be kept for them.
 */
export function withCachedBranchMatch(code: string, from = BRANCH_HELPER): string | null {
  if (!BRANCH_LOOP.test(code)) return null;
  const [loop] = BRANCH_LOOP.exec(code)!;
  const cached = `if (precomputedBranches) matches = __matchFirstBranch(branches, decoded, allowPartial, matchRouteBranch);\n\telse ${loop}`;
  return `import { matchFirstBranch as __matchFirstBranch } from ${JSON.stringify(from)};\n${code.replace(BRANCH_LOOP, cached)}`;
}

const REWRITES = [
  { module: FOG_OF_WAR, rewrite: withCachedPartialManifest, what: "getPartialManifest's loop over the leading paths" },
  { module: ROUTER_UTILS, rewrite: withCachedBranchMatch, what: "matchRoutesImpl's loop over the ranked branches" },
];

export function partialManifestCache(): Plugin {
  const replaced = new Set<string>();
  return {
    name: "stayhost:partial-manifest-cache",
    apply: "build",
    transform(code, id) {
      if (this.environment.config.consumer !== "server") return null;
      const path = id.split("?")[0]!;
      const found = REWRITES.find((r) => r.module.test(path));
      if (!found) return null;
      const changed = found.rewrite(code);
      if (changed === null) this.error(`${id}: ${found.what} was not found; React Router changed, see decision 046`);
      replaced.add(found.what);
      return { code: changed, map: null };
    },
    buildEnd(error) {
      if (error || this.environment.config.consumer !== "server") return;
      for (const { what } of REWRITES) if (!replaced.has(what)) this.error(`${what} was not in the server build; React Router changed, see decision 046`);
    },
  };
}
