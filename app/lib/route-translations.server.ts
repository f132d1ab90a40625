import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { TranslationsHandle } from "./i18n";

type RouteNode = RouteObject & { namespaces: readonly string[]; formErrors: boolean | undefined; children?: RouteNode[] };

function routeTree(manifest: ServerBuild["routes"]): RouteNode[] {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const handle = route.module.handle as TranslationsHandle | undefined;
    nodes.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, namespaces: handle?.i18n ?? [], formErrors: handle?.formErrors } as RouteNode);
  }
  const roots: RouteNode[] = [];
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent) (parent.children ??= []).push(nodes.get(route.id)!);
    else roots.push(nodes.get(route.id)!);
  }
  return roots;
}

let tree: Promise<RouteNode[]> | undefined;
/** What a route pattern's page gets: the same routes match every address of one pattern. */
const byPattern = new Map<string, { namespaces: string[]; formErrors: boolean }>();

/**
 * The translation namespaces of the page at a path: every matched route's `handle.i18n`, from the
 * root down, and whether it shows form errors (the deepest `handle.formErrors` said, else yes). A
 * path no route matches gets the root's (its error page). `pattern`, the matched routes' pattern as
 * React Router gives it to loaders (`/calendar/:unitId`), keeps the answer for the other addresses
 * of that pattern: matching a path against the route table flattens and ranks all its routes and
 * tries each one's pattern until one matches, about a millisecond for a page deep in the table.
 * The patterns are the route table's, so the kept answers are as many as its routes; the bare `/`
 * (the front door, or no route but the root) is matched each time.
 */
export async function routeNamespaces(pathname: string, pattern?: string): Promise<{ namespaces: string[]; formErrors: boolean }> {
  const kept = pattern && pattern !== "/" ? byPattern.get(pattern) : undefined;
  if (kept) return kept;
  tree ??= import("virtual:react-router/server-build").then((build) => routeTree(build.routes));
  const roots = await tree;
  const matched = matchRoutes(roots, pathname)?.map((match) => match.route as RouteNode) ?? roots;
  const said = matched.findLast((route) => route.formErrors !== undefined);
  const answer = { namespaces: [...new Set(matched.flatMap((route) => route.namespaces))], formErrors: said?.formErrors ?? true };
  if (pattern && pattern !== "/") byPattern.set(pattern, answer);
  return answer;
}
