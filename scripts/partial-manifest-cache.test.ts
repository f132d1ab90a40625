import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routeConfig from "../app/routes";
import { withCachedBranchMatch, withCachedPartialManifest } from "./partial-manifest-cache";

/** The installed React Router's module that writes the partial manifest, in its production or development build. */
function fogOfWar(build: "production" | "development") {
  const root = dirname(createRequire(import.meta.url).resolve("react-router/package.json"));
  return readFileSync(join(root, "dist", build, "lib", "dom", "ssr", "fog-of-war.js"), "utf8");
}

describe("the partial manifest's cache in the server build", () => {
  it.each(["production", "development"] as const)("replaces the installed React Router's loop over the leading paths (%s)", (build) => {
    const code = withCachedPartialManifest(fogOfWar(build), "/app/lib/route-ids-by-path.server.ts");
    expect(code).not.toBeNull();
    expect(code).toContain('import { routeIdsOfPath as __routeIdsOfPath } from "/app/lib/route-ids-by-path.server.ts";');
    expect(code).toContain("for (const path of paths) for (const id of __routeIdsOfPath(router, path)) routeIds.add(id);");
    expect(code).not.toMatch(/router\.match\(path\)/);
  });

  it("leaves a module without the loop alone (the plugin then fails the build)", () => {
    expect(withCachedPartialManifest("export const nothing = 1;")).toBeNull();
  });
});

/** The installed React Router's module with `matchRoutesImpl`, in its production or development build. */
function routerUtilsPath(build: "production" | "development") {
  const root = dirname(createRequire(import.meta.url).resolve("react-router/package.json"));
  return join(root, "dist", build, "lib", "router", "utils.js");
}

interface RouteObject {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteObject[];
}

/** The app's route table as React Router's server builds it: the root route around app/routes.ts. */
function appRoutes(): RouteObject[] {
  const convert = (entries: RouteConfigEntry[]): RouteObject[] =>
    entries.map((entry) => ({ id: entry.id ?? entry.file.replace(/\.tsx?$/, ""), path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive, children: entry.children ? convert(entry.children) : undefined }));
  return [{ id: "root", path: "", children: convert(routeConfig) }];
}

/** A path for every route of the table (each parameter filled, an optional segment with and without), and some that match nothing. */
function pathsOf(routes: RouteObject[], parent = ""): string[] {
  return routes.flatMap((route) => {
    const own = route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, "/");
    const filled = own
      .replace(/\/\*$/, "/a/b")
      .replace(/:(\w+)\?/g, "opt_$1")
      .replace(/:(\w+)/g, "v_$1");
    const variants = own.includes("?") ? [filled, filled.replace(/\/opt_\w+/g, "")] : [filled];
    return [...variants.map((path) => path || "/"), ...pathsOf(route.children ?? [], own)];
  });
}

describe("the route matching's cache in the server build", () => {
  it.each(["production", "development"] as const)("matches every path of the app as the installed React Router does, the first time and the next (%s)", async (build) => {
    const original = routerUtilsPath(build);
    const code = withCachedBranchMatch(readFileSync(original, "utf8"), fileURLToPath(new URL("../app/lib/route-branch-by-path.server.ts", import.meta.url)));
    expect(code).not.toBeNull();
    // The changed module beside a copy of its neighbours' addresses: its relative imports point at the installed ones.
    const dir = mkdtempSync(join(tmpdir(), "router-utils-"));
    const changedPath = join(dir, "utils.js");
    writeFileSync(changedPath, code!.replace(/from "\.\/([\w.-]+)"/g, (_, file: string) => `from ${JSON.stringify(pathToFileURL(join(dirname(original), file)).href)}`));
    type Utils = { flattenAndRankRoutes(routes: RouteObject[]): object[]; matchRoutesImpl(routes: RouteObject[], path: string, basename: string, allowPartial: boolean, branches?: object[]): { route: { id: string }; params: object; pathname: string }[] | null };
    const theirs = (await import(/* @vite-ignore */ pathToFileURL(original).href)) as Utils;
    const ours = (await import(/* @vite-ignore */ pathToFileURL(changedPath).href)) as Utils;
    const routes = appRoutes();
    const theirBranches = theirs.flattenAndRankRoutes(routes);
    const ourBranches = ours.flattenAndRankRoutes(routes);
    const paths = [...new Set([...pathsOf(routes), "/", "/nothing/here", "/calendar/unt_1/nothing", "/%E2%82%AC", "/CALENDAR"])];
    expect(paths.length).toBeGreaterThan(150);
    const summary = (matches: ReturnType<Utils["matchRoutesImpl"]>) => matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname })) ?? null;
    for (const allowPartial of [false, true]) {
      for (const round of [1, 2]) {
        for (const path of paths) {
          const expected = summary(theirs.matchRoutesImpl(routes, path, "/", allowPartial, theirBranches));
          expect({ path, round, matches: summary(ours.matchRoutesImpl(routes, path, "/", allowPartial, ourBranches)) }).toEqual({ path, round, matches: expected });
        }
      }
    }
  });

  it("leaves a module without the loop alone (the plugin then fails the build)", () => {
    expect(withCachedBranchMatch("export const nothing = 1;")).toBeNull();
  });
});
