import { LOCALES, type Locale } from "@domain/locales";

type Namespace = Record<string, unknown>;

export type Resources = Record<string, Namespace>;

/** The translations by locale and namespace, from the locale files keyed by path (`./en_US/common.json`). */
export function resourcesOf(files: Record<string, Namespace>) {
  const resources = Object.fromEntries(LOCALES.map((locale) => [locale, {} as Resources])) as Record<Locale, Resources>;
  for (const [path, content] of Object.entries(files)) {
    const [, locale, file] = path.split("/");
    const namespace = file!.replace(/\.json$/, "");
    const bucket = resources[locale as Locale];
    if (bucket) bucket[namespace] = content;
  }
  return { resources, NAMESPACES: Object.keys(resources.en_US) };
}
