import { DEFAULT_LOCALE, type Locale } from "@domain/locales";
import { resources } from "@locales/resources";

/**
 * Looks keys up in the bundled locales: `namespace:path.to.key`, or `path.to.key` in `common`.
 * A missing key answers the key itself, as i18next would.
 */
export function translator(locale: Locale = DEFAULT_LOCALE) {
  return (key: string): string => {
    const [namespace, path] = key.includes(":") ? (key.split(":", 2) as [string, string]) : ["common", key];
    let node: unknown = resources[locale][namespace];
    for (const part of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === "string" ? node : key;
  };
}
