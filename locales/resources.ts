import { LOCALES, type Locale } from "@domain/locales";

type Namespace = Record<string, unknown>;

// Every locale file is bundled on the server; a browser receives only the one it needs.
const files = import.meta.glob<Namespace>("./*/*.json", { eager: true, import: "default" });

export type Resources = Record<string, Namespace>;

export const resources: Record<Locale, Resources> = Object.fromEntries(
  LOCALES.map((locale) => [locale, {} as Resources]),
) as Record<Locale, Resources>;

for (const [path, content] of Object.entries(files)) {
  const [, locale, file] = path.split("/");
  const namespace = file!.replace(/\.json$/, "");
  const bucket = resources[locale as Locale];
  if (bucket) bucket[namespace] = content;
}

export const NAMESPACES = Object.keys(resources.en_US);
