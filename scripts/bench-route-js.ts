/**
 * The first-load JavaScript of every page of the build, from React Router's client manifest: what
 * `<Scripts>` makes a page load before it is interactive (the client entry and its imports, then
 * each matched route's module and its imports, from the root down). No server and no timing, so
 * the bench checks all routes, not only those it measures, and no route goes over budget unseen.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}

interface ClientManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/** The client manifest React Router writes into the build (`assets/manifest-<hash>.js`). */
export function readClientManifest(clientDir: string): ClientManifest {
  const file = readdirSync(join(clientDir, "assets")).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${clientDir}/assets`);
  const text = readFileSync(join(clientDir, "assets", file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as ClientManifest;
}

/** A page's route id and the files its first load fetches. */
export interface PageScripts {
  routeId: string;
  scripts: string[];
}

/**
 * Each route that can be a page with the scripts it loads: a route without children, or with a path
 * and no index route (its own address shows it alone); a layout with an index route is counted
 * through the index.
 */
export function pagesOf(manifest: ClientManifest): PageScripts[] {
  const routes = Object.values(manifest.routes);
  const children = (id: string) => routes.filter((route) => route.parentId === id);
  const pages: PageScripts[] = [];
  for (const route of routes) {
    const kids = children(route.id);
    const page = kids.length === 0 || (route.path !== undefined && !kids.some((kid) => kid.index));
    if (!page || route.parentId === undefined) continue;
    const chain: ManifestRoute[] = [];
    for (let at: ManifestRoute | undefined = route; at; at = at.parentId ? manifest.routes[at.parentId] : undefined) chain.unshift(at);
    const scripts = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const match of chain) for (const file of [match.module, ...(match.imports ?? [])]) scripts.add(file);
    pages.push({ routeId: route.id, scripts: [...scripts] });
  }
  return pages;
}
