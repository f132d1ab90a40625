import { DEFAULT_LOCALE, type Locale } from "@domain/locales";
import { resources } from "@locales/resources";

/** A locale's texts by key, `{{name}}` placeholders filled from `values` (formatted by the caller, e.g. a percentage). */
export interface Translator {
  (key: string, values?: Readonly<Record<string, string>>): string;
  /** The locale it translates into, for what the caller formats (`formatPercent`). */
  readonly locale: Locale;
}

const PLACEHOLDER = /\{\{\s*([^}\s,]+)\s*\}\}/g;

/**
 * Looks keys up in the bundled locales: `namespace:path.to.key`, or `path.to.key` in `common`.
 * A missing key answers the key itself, as i18next would; a placeholder without a value stays.
 */
export function translator(locale: Locale = DEFAULT_LOCALE): Translator {
  const t = (key: string, values?: Readonly<Record<string, string>>): string => {
    const [namespace, path] = key.includes(":") ? (key.split(":", 2) as [string, string]) : ["common", key];
    let node: unknown = resources[locale][namespace];
    for (const part of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== "string") return key;
    return values ? node.replace(PLACEHOLDER, (placeholder, name: string) => (Object.hasOwn(values, name) ? values[name]! : placeholder)) : node;
  };
  return Object.assign(t, { locale });
}
