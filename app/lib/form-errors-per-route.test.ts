import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";

/**
 * A page whose routes say `formErrors: false` (TranslationsHandle) gets `common` without its error
 * texts (`validation`): none of its routes, from the root down, nor anything they import from the
 * app, may show them — the error components (`components/ui/form-errors`, which every field and form
 * error goes through) or a `validation.` key of their own. Else a form's error would show as its
 * raw code. The deepest route that says decides, as routeNamespaces does.
 */
const IMPORT = /(?:import|export)\s[^;]*?from\s+["']((?:\.|~\/)[^"']+)["']|import\(\s*["']((?:\.|~\/)[^"']+)["']\s*\)/g;
const ERROR_TEXTS = "app/components/ui/form-errors.tsx";
const SAID = /export const handle\b[^=]*=\s*\{[^}]*?\bformErrors:\s*(true|false)\b/;

/** Imports of the error components that show no error texts, and why. */
const SHOWS_NONE: Record<string, { imports: string[]; because: string }> = {
  "app/components/guest-profile/guest-profile-dialog.tsx": { imports: ["app/routes/guest-profile/step.tsx"], because: "the guest profile's errors are its own words (guestProfile:errors), translated before FieldErrors shows them" },
  "app/routes/calendar/unit.tsx": { imports: ["app/components/ui/text-input.tsx", "app/components/ui/form-errors.tsx"], because: "the range form's one error (its last day before its first) is a text of the calendar's own namespace, not a validation key" },
  "app/routes/bookings/list.tsx": { imports: ["app/components/ui/select-field.tsx", "app/components/ui/text-input.tsx"], because: "the filters are a GET form: their one error (a reversed range) is a text of the page's own namespace, not a validation key" },
};

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/") ? normalize(join("app", specifier.slice(2))) : normalize(join(dirname(from), specifier));
  return [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")].find((file) => existsSync(file) && !file.endsWith(".json")) ?? null;
}

/** How `file` comes to show error texts (the chain of imports to them), or null. */
function showsErrorTexts(file: string, seen = new Set<string>()): string[] | null {
  if (file === ERROR_TEXTS) return [file];
  if (seen.has(file)) return null;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  if (/["'`]validation\./.test(source)) return [file];
  for (const match of source.matchAll(IMPORT)) {
    const imported = resolve(file, match[1] ?? match[2]!);
    if (!imported || !imported.startsWith("app/") || SHOWS_NONE[file]?.imports.includes(imported)) continue;
    const chain = showsErrorTexts(imported, seen);
    if (chain) return [file, ...chain];
  }
  return null;
}

function said(file: string): boolean | undefined {
  const value = SAID.exec(readFileSync(file, "utf8"))?.[1];
  return value === undefined ? undefined : value === "true";
}

/** Each route with the routes above it and whether its page gets the error texts. */
function* pages(entries: RouteConfigEntry[], above: string[], inherited: boolean): Generator<{ files: string[]; formErrors: boolean }> {
  for (const entry of entries) {
    const file = join("app", entry.file);
    const formErrors = said(file) ?? inherited;
    const files = [...above, file];
    yield { files, formErrors };
    yield* pages(entry.children ?? [], files, formErrors);
  }
}

describe("form error texts per route", () => {
  const all = [...pages(routes, ["app/root.tsx"], true)];

  it("some pages do without them", () => {
    expect(all.filter((page) => !page.formErrors).length).toBeGreaterThan(0);
  });

  for (const { files } of all.filter((page) => !page.formErrors)) {
    it(`${files.at(-1)} (formErrors: false) shows no error texts`, () => {
      for (const file of files) expect(showsErrorTexts(file), `${file} shows form errors: drop formErrors: false, or the import`).toBeNull();
    });
  }
});
