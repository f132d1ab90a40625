import { createContext, createElement, useContext, type ReactNode } from "react";
import { DEFAULT_LOCALE, toLanguageTag, type Locale } from "@domain/locales";

/** Keys without a `namespace:` prefix are looked up here. */
export const DEFAULT_NAMESPACE = "common";

/** One namespace's strings, nested by key path; plural forms as `key_one`, `key_other`, … (i18next JSON v4). */
export interface Namespace {
  [key: string]: string | Namespace;
}

/** Strings per namespace, of one locale. */
export type Translations = Record<string, Namespace>;

export interface TranslateOptions {
  /** Picks the plural form (`key_zero` for 0 when there is one, then `key_<CLDR category>`) and fills `{{count}}`. */
  count?: number;
  /** Shown when the key is missing. */
  defaultValue?: string;
  /** `{{name}}` placeholders; `{{name, number}}` formats for the locale. Dates are formatted before (`useFormat`). */
  [variable: string]: unknown;
}

/**
 * What a route declares in its `handle`: the namespaces its page shows besides `common`; its
 * parents' come with it, e.g. `export const handle: TranslationsHandle = { i18n: ["properties"] }`.
 */
export interface TranslationsHandle {
  i18n?: readonly string[];
  /**
   * `false`: the page shows no form errors, so the error texts (`common`'s `validation`, about a
   * third of what every page carries) are not sent. The deepest matched route that says decides: a
   * panel with a form under a layout that said `false` says `true`. Unsaid, they are sent.
   */
  formErrors?: boolean;
}

export type TFunction = (key: string, options?: TranslateOptions) => string;

export interface Translator {
  t: TFunction;
  i18n: { language: Locale };
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

function lookup(namespace: Namespace | undefined, path: string): string | undefined {
  let node: string | Namespace | undefined = namespace;
  for (const part of path.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** Number formats and plural rules per language, made once: making them costs more than using them. */
const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function once<T>(made: Map<string, T>, tag: string, make: (tag: string) => T): T {
  let value = made.get(tag);
  if (value === undefined) made.set(tag, (value = make(tag)));
  return value;
}

function format(value: unknown, style: string, tag: string): string {
  if (style === "number" && typeof value === "number") return once(numberFormats, tag, (languageTag) => new Intl.NumberFormat(languageTag)).format(value);
  return value == null ? "" : String(value);
}

/** The strings as the root's loader sends them (JSON text, see `translationsFor`); the last text read is kept, as pages send the same one again and again. */
let lastParsed: { text: string; translations: Translations } | null = null;
export function parseTranslations(text: string): Translations {
  if (lastParsed?.text !== text) lastParsed = { text, translations: JSON.parse(text) as Translations };
  return lastParsed.translations;
}

/**
 * The browser's translator: the active route's strings of one locale and i18next's rules for what
 * the locale files use (namespaces, nested keys, CLDR plurals, `{{placeholders}}`, the number
 * format, defaultValue), in a few hundred bytes instead of the i18next runtime. The server
 * renders pages with it too, so both sides show the same; loaders and actions keep the full i18next
 * (`serverT`). `i18n.test.ts` checks that both answer the same for every key of every locale.
 */
export function createTranslator(locale: Locale, translations: Translations): Translator {
  const tag = toLanguageTag(locale);
  const plurals = once(pluralRules, tag, (languageTag) => new Intl.PluralRules(languageTag));
  function t(fullKey: string, options: TranslateOptions = {}): string {
    const separator = fullKey.indexOf(":");
    const namespace = translations[separator > 0 ? fullKey.slice(0, separator) : DEFAULT_NAMESPACE];
    const key = separator > 0 ? fullKey.slice(separator + 1) : fullKey;
    const { count } = options;
    const template =
      (typeof count === "number" ? ((count === 0 ? lookup(namespace, `${key}_zero`) : undefined) ?? lookup(namespace, `${key}_${plurals.select(count)}`)) : undefined) ??
      lookup(namespace, key) ??
      options.defaultValue;
    if (template === undefined) return key;
    return template.replace(PLACEHOLDER, (placeholder, inner: string) => {
      const [name = "", ...styles] = inner.split(",");
      const variable = name.trim();
      if (!Object.hasOwn(options, variable)) return placeholder;
      return format(options[variable], styles.join(",").trim(), tag);
    });
  }
  return { t, i18n: { language: locale } };
}

const TranslatorContext = createContext<Translator>(createTranslator(DEFAULT_LOCALE, {}));

/** Gives the pages below a translator; the root route provides the active route's strings. */
export function TranslationsProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return createElement(TranslatorContext.Provider, { value: translator }, children);
}

/** `const { t } = useTranslation()`: keys as `namespace:key.path`, `common` when no namespace is named. */
export function useTranslation(): Translator {
  return useContext(TranslatorContext);
}
