import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { withCachedPartialManifest } from "./partial-manifest-cache";

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
