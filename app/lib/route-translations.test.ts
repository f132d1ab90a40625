import { readFileSync, existsSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { NAMESPACES } from "@locales/resources";
import routes from "~/routes";
import { DEFAULT_NAMESPACE } from "./i18n";

/**
 * A page gets only the namespaces its routes declare in `handle.i18n` (decision "translations per route"). This test
 * reads each route module and every module it imports, finds the `namespace:` keys they use, and
 * fails when the route and its parents do not declare them: a missing declaration would show raw
 * keys in the browser.
 */
const OTHER_NAMESPACES = NAMESPACES.filter((namespace) => namespace !== DEFAULT_NAMESPACE);
const KEY = new RegExp(`["'\`](${OTHER_NAMESPACES.join("|")}):`, "g");
const IMPORT = /(?:import|export)\s[^;]*?from\s+["']((?:\.|~\/)[^"']+)["']|import\(\s*["']((?:\.|~\/)[^"']+)["']\s*\)/g;
const DECLARED = /export const handle\b[^=]*=\s*\{[^}]*?\bi18n:\s*\[([^\]]*)\]/;

function resolve(from: string, specifier: string): string | null {
  // `~/` is the alias of app/ (tsconfig paths).
  const base = specifier.startsWith("~/") ? normalize(join("app", specifier.slice(2))) : normalize(join(dirname(from), specifier));
  return [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")].find((file) => existsSync(file) && !file.endsWith(".json")) ?? null;
}

/** Namespaces a module and everything it imports from the app use. */
function usedNamespaces(file: string, seen = new Set<string>()): Set<string> {
  const used = new Set<string>();
  if (seen.has(file)) return used;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  for (const [, namespace] of source.matchAll(KEY)) used.add(namespace!);
  for (const match of source.matchAll(IMPORT)) {
    const imported = resolve(file, match[1] ?? match[2]!);
    if (imported && imported.startsWith("app/")) for (const namespace of usedNamespaces(imported, seen)) used.add(namespace);
  }
  return used;
}

function declaredNamespaces(file: string): string[] {
  const list = DECLARED.exec(readFileSync(file, "utf8"))?.[1] ?? "";
  return [...list.matchAll(/["']([\w-]+)["']/g)].map((m) => m[1]!);
}

function* pages(entries: RouteConfigEntry[], inherited: string[]): Generator<{ file: string; declared: string[] }> {
  for (const entry of entries) {
    const file = join("app", entry.file);
    const declared = [...inherited, ...declaredNamespaces(file)];
    yield { file, declared };
    yield* pages(entry.children ?? [], declared);
  }
}

describe("translations per route", () => {
  const root = declaredNamespaces("app/root.tsx");

  it("the root declares the shared namespace", () => {
    expect(root).toEqual([DEFAULT_NAMESPACE]);
  });

  for (const { file, declared } of pages(routes, root)) {
    it(`${file} declares the namespaces it uses`, () => {
      for (const namespace of declared) expect(NAMESPACES, `${file} declares an unknown namespace`).toContain(namespace);
      expect([...usedNamespaces(file)].filter((namespace) => !declared.includes(namespace)).sort(), "add them to the route's handle.i18n").toEqual([]);
    });
  }
});
