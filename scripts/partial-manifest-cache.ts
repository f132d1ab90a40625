/**
 * Server builds only: React Router's `getPartialManifest` asks `routeIdsOfPath`
 * (`app/lib/route-ids-by-path.server.ts`) for the routes each leading path of a page matches, instead
 * of matching every one against the whole route table on every request (decision 046). The browser's
 * build is left as it is. A build whose React Router no longer has the loop this replaces fails,
 * so an upgrade cannot drop the cache unnoticed.
 */
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** React Router's module that writes the page's partial manifest (production and development builds). */
export const FOG_OF_WAR = /\/react-router\/dist\/(?:production|development)\/lib\/dom\/ssr\/fog-of-war\.js$/;

/** The loop of `getPartialManifest` (react-router 8.4) that matches each leading path. */
const MATCH_LOOP = /paths\.forEach\(\(path\) => \{\s*let matches = router\.match\(path\);\s*if \(matches\) matches\.forEach\(\(m\) => routeIds\.add\(m\.route\.id\)\);\s*\}\);/;

const HELPER = fileURLToPath(new URL("../app/lib/route-ids-by-path.server.ts", import.meta.url));

/** The module's code with the loop replaced, or null when the loop is not there. */
export function withCachedPartialManifest(code: string, helper = HELPER): string | null {
  if (!MATCH_LOOP.test(code)) return null;
  const loop = "for (const path of paths) for (const id of __routeIdsOfPath(router, path)) routeIds.add(id);";
  return `import { routeIdsOfPath as __routeIdsOfPath } from ${JSON.stringify(helper)};\n${code.replace(MATCH_LOOP, loop)}`;
}

export function partialManifestCache(): Plugin {
  let replaced = false;
  return {
    name: "stayhost:partial-manifest-cache",
    apply: "build",
    transform(code, id) {
      if (this.environment.config.consumer !== "server" || !FOG_OF_WAR.test(id.split("?")[0]!)) return null;
      const changed = withCachedPartialManifest(code);
      if (changed === null) this.error(`${id}: getPartialManifest's loop over the leading paths was not found; React Router changed, see decision 046`);
      replaced = true;
      return { code: changed, map: null };
    },
    buildEnd(error) {
      if (!error && this.environment.config.consumer === "server" && !replaced) this.error("React Router's fog-of-war module was not in the server build; see decision 046");
    },
  };
}
