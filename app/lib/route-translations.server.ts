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

/**
 * The translation namespaces of the page at a path: every matched route's `handle.i18n`, from the
 * root down, and whether it shows form errors (the deepest `handle.formErrors` said, else yes). A
 * path no route matches gets the root's (its error page).
 */
export async function routeNamespaces(pathname: string): Promise<{ namespaces: string[]; formErrors: boolean }> {
  tree ??= import("virtual:react-router/server-build").then((build) => routeTree(build.routes));
  const roots = await tree;
  const matched = matchRoutes(roots, pathname)?.map((match) => match.route as RouteNode) ?? roots;
  const said = matched.findLast((route) => route.formErrors !== undefined);
  return { namespaces: [...new Set(matched.flatMap((route) => route.namespaces))], formErrors: said?.formErrors ?? true };
}
