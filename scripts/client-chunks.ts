/**
 * How the browser's JavaScript is cut into files (decision 045). Rolldown's automatic chunking makes
 * a chunk for each set of entries that share modules: a signed-in page loaded 30 to 40 files, a third
 * of them under 500 bytes gzip, each with its own import list of hashed names and gzip starting
 * afresh. Here a module goes instead with the highest route that needs it itself and under which
 * every other route needing it lies (lazily or not). That route's module is loaded whenever this one
 * is needed, so no page loads a byte more, and a page loads a few files where it loaded dozens:
 * - `always`: what the client entry or the root route needs (React, React Router, the translator, the
 *   root's error page): every page loads it;
 * - `route-<file>`: a route's module with what it needs itself and only routes nested in it use
 *   besides (the shell's header for the signed-in pages, the unit calendar's grid for its panels),
 *   in the one file React Router loads for the route;
 * - the rest is left to the automatic chunking (what public and signed-in pages share, what only a
 *   lazy import loads).
 */
import type { Plugin } from "vite";

/** A route as React Router's resolved config lists it (its file relative to `app/`). */
export interface RouteManifestEntry {
  parentId?: string;
  file: string;
}

/** What the chunking reads of the module graph (rolldown's `getModuleInfo`). */
export interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[]; dynamicImporters: readonly string[] } | null;
}

/** The query React Router's build gives a route module's client entry. */
const ROUTE_ENTRY = "?__react-router-build-client-route";
export const ALWAYS = "always";

/** Each route file's parent route files (none for the root; a file used at several places has several). */
export function routeParents(routes: Readonly<Record<string, RouteManifestEntry>>): Map<string, Set<string>> {
  const parents = new Map<string, Set<string>>();
  for (const route of Object.values(routes)) {
    let set = parents.get(route.file);
    if (!set) parents.set(route.file, (set = new Set()));
    const parent = route.parentId === undefined ? undefined : routes[route.parentId];
    if (parent) set.add(parent.file);
  }
  return parents;
}

/** The chunk a route's group is named by: its file, without extension, in one segment. */
export const routeGroupName = (file: string) => `route-${file.replace(/\.[jt]sx?$/, "").replace(/[^A-Za-z0-9]+/g, "-")}`;

/**
 * The group (chunk name) of a module, or null for the automatic chunking. `appDir` is the absolute
 * path of `app/` with a trailing slash, `clientEntry` the client entry's module id.
 */
export function chunkGroupOf(appDir: string, clientEntry: string, routes: Readonly<Record<string, RouteManifestEntry>>) {
  const parents = routeParents(routes);
  const root = Object.values(routes).find((route) => route.parentId === undefined)?.file;
  const routeFileOf = (id: string): string | null => {
    const path = id.endsWith(ROUTE_ENTRY) ? id.slice(0, -ROUTE_ENTRY.length) : id;
    if (!path.startsWith(appDir)) return null;
    const file = path.slice(appDir.length);
    return parents.has(file) ? file : null;
  };
  /** Whether `file` is `route` or nested in it at every place it is used. */
  const under = (file: string, route: string): boolean => {
    if (file === route) return true;
    const direct = parents.get(file);
    return direct !== undefined && direct.size > 0 && [...direct].every((parent) => under(parent, route));
  };

  return (id: string, graph: ModuleGraph): string | null => {
    // Rolldown's runtime helpers stay where rolldown puts them.
    if (id.includes("rolldown/runtime")) return null;
    const self = routeFileOf(id);
    if (self !== null) {
      // A route's client entry and its module open the route's group: the group's chunk is then the
      // file React Router loads for the route, with what the route needs itself in it, where a group
      // beside the route's own chunk cost a file more (some 0.2 KB gzip of names, imports and
      // exports). Something importing the module too (the shell, lazily, by the signed-in 404) loads
      // that file. The root's module goes with the client entry; its client entry stays a file of
      // its own (a chunk holds one entry, and put in the entry's group both became such files).
      if (self === root) return id.endsWith(ROUTE_ENTRY) ? null : ALWAYS;
      return routeGroupName(self);
    }
    // The route modules that load this module: the first route module on each path of importers (it
    // loads what it imports), and whether one of them needs it without a lazy import on the way.
    const uses = new Map<string, boolean>();
    const seen = new Set<string>([id]);
    const stack: { module: string; lazy: boolean }[] = [{ module: id, lazy: false }];
    while (stack.length) {
      const { module, lazy } = stack.pop()!;
      if (module === clientEntry) return ALWAYS;
      const route = module === id ? null : routeFileOf(module);
      if (route !== null) {
        uses.set(route, (uses.get(route) ?? false) || !lazy);
        continue;
      }
      const info = graph.getModuleInfo(module);
      if (!info) return null;
      for (const importer of info.importers) {
        if (!seen.has(importer)) {
          seen.add(importer);
          stack.push({ module: importer, lazy });
        }
      }
      for (const importer of info.dynamicImporters) {
        if (!seen.has(importer)) {
          seen.add(importer);
          stack.push({ module: importer, lazy: true });
        }
      }
    }
    if (root !== undefined && uses.get(root)) return ALWAYS;
    // The highest route that needs the module itself and under which every other user lies.
    let best: string | null = null;
    for (const [candidate, direct] of uses) {
      if (!direct || ![...uses.keys()].every((file) => under(file, candidate))) continue;
      if (best === null || under(best, candidate)) best = candidate;
    }
    return best === null ? null : routeGroupName(best);
  };
}

/** What React Router's plugin leaves in the resolved config for other plugins. */
interface ReactRouterPluginContext {
  entryClientFilePath: string;
  reactRouterConfig: { appDirectory: string; routes: Record<string, RouteManifestEntry> };
}

/**
 * The plugin (after React Router's, whose route config it reads): the client build's chunks by
 * `chunkGroupOf`. A chunk may then export more than its entry's exports (`preserveEntrySignatures:
 * "allow-extension"`, where React Router asks for "exports-only"), and a group takes the modules
 * named only, not their dependencies (which pages outside the route may share).
 */
export function clientChunks(): Plugin {
  let groupOf: ReturnType<typeof chunkGroupOf> | undefined;
  return {
    name: "stayhost:client-chunks",
    enforce: "post",
    config(config) {
      // oxlint-disable-next-line no-underscore-dangle -- the name React Router gives it
      const context = (config as { __reactRouterPluginContext?: ReactRouterPluginContext }).__reactRouterPluginContext;
      // Absent when React Router's tools read the config for other ends (typegen).
      if (!context) return;
      const { appDirectory, routes } = context.reactRouterConfig;
      groupOf = chunkGroupOf(appDirectory.endsWith("/") ? appDirectory : `${appDirectory}/`, context.entryClientFilePath, routes);
    },
    buildStart() {
      if (this.environment.name === "client" && this.environment.config.command === "build" && !groupOf) this.error("client-chunks: React Router's plugin must come first");
    },
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rollupOptions: {
            preserveEntrySignatures: "allow-extension",
            output: {
              codeSplitting: {
                groups: [{ name: (id: string, graph: ModuleGraph) => groupOf?.(id, graph) ?? null, debugName: "stayhost:client-chunks", includeDependenciesRecursively: false }],
              },
            },
          },
        },
      };
    },
  };
}
