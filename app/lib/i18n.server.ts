import type { InitOptions, Resource } from "i18next";
import { createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";
import { DEFAULT_LOCALE, LANGUAGE_PARAM, LOCALES, localeFromAcceptLanguage, resolveLocale, toLanguageTag, type Locale } from "@domain/locales";
import { resources } from "@locales/resources";
import { DEFAULT_NAMESPACE, type Translations } from "./i18n";

export const languageCookie = createCookie("lang", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 3600 });

/** The language a request asks for: `?hl=`, then the cookie, then Accept-Language (§3, §9). */
async function requestedLocale(request: Request): Promise<Locale | null> {
  return (
    resolveLocale(new URL(request.url).searchParams.get(LANGUAGE_PARAM)) ??
    resolveLocale(await languageCookie.parse(request.headers.get("Cookie"))) ??
    localeFromAcceptLanguage(request.headers.get("Accept-Language"))
  );
}

/** The server's i18next: every locale (keyed by BCP 47 tag) and namespace, en_US where a key is missing. */
export const I18NEXT_OPTIONS = {
  resources: Object.fromEntries(LOCALES.map((locale) => [toLanguageTag(locale), resources[locale]])) as Resource,
  fallbackLng: toLanguageTag(DEFAULT_LOCALE),
  defaultNS: DEFAULT_NAMESPACE,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
} satisfies InitOptions;

/**
 * remix-i18next's middleware: per request it detects the language and keeps an i18next instance
 * with every namespace of every locale, for loaders and actions (`serverT`). i18next and the
 * detector speak BCP 47 tags (`de-CH`); the product's locales are `de_CH`. Detection is ours
 * (`findLocale`): the library's own readers take neither `?hl=de_CH` nor a `de_CH` cookie, and read
 * only the first Accept-Language entry the runtime knows (decision "translations per route").
 */
const [detectLanguage, getLanguageTag, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: LOCALES.map(toLanguageTag),
    fallbackLanguage: toLanguageTag(DEFAULT_LOCALE),
    order: ["custom"],
    findLocale: async ({ request }) => {
      const locale = await requestedLocale(request);
      return locale ? toLanguageTag(locale) : null;
    },
  },
  i18next: I18NEXT_OPTIONS,
});

/** A language chosen with `?hl=` is remembered in a cookie. */
const rememberLanguage: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const fromParam = resolveLocale(new URL(request.url).searchParams.get(LANGUAGE_PARAM));
  if (fromParam && fromParam !== resolveLocale(await languageCookie.parse(request.headers.get("Cookie")))) {
    response.headers.append("Set-Cookie", await languageCookie.serialize(fromParam));
  }
  return response;
};

export const i18nMiddleware: MiddlewareFunction<Response>[] = [detectLanguage, rememberLanguage];

export function getLocale(context: Readonly<RouterContextProvider>): Locale {
  return resolveLocale(getLanguageTag(context)) ?? DEFAULT_LOCALE;
}

/** A `t` for loaders, actions and meta (page titles, server-made messages): every namespace. */
export function serverT(context: Readonly<RouterContextProvider>) {
  return getInstance(context).t;
}

/** The JSON text of each locale and set of namespaces sent so far in this isolate: the strings never change while it runs. */
const translationTexts = new Map<string, string>();

/**
 * The strings of the named namespaces in the request's locale, as JSON text: what a page sends to the
 * browser. Text, not an object, because the loader data's encoding (turbo-stream) writes an object
 * key by key as an indexed list that gzip compresses far worse than the JSON of the same strings
 * (the common and calendar namespaces: 8.8 KB gzip as an object, 6.9 KB as text); `parseTranslations`
 * reads it in the page.
 */
export function translationsFor(context: Readonly<RouterContextProvider>, namespaces: Iterable<string>, { formErrors = true }: { formErrors?: boolean } = {}): string {
  const locale = getLocale(context);
  const names = [...new Set(namespaces)];
  const key = `${locale} ${formErrors} ${names.join(" ")}`;
  let text = translationTexts.get(key);
  if (text === undefined) {
    const all = resources[locale];
    const namespace = (name: string) => {
      // A page without form errors (TranslationsHandle.formErrors) gets `common` without its error texts.
      if (name !== DEFAULT_NAMESPACE || formErrors) return all[name];
      const { validation: _errorTexts, ...rest } = all[name] as Record<string, unknown>;
      return rest;
    };
    text = JSON.stringify(Object.fromEntries(names.flatMap((name) => (all[name] ? [[name, namespace(name)]] : []))) as Translations);
    translationTexts.set(key, text);
  }
  return text;
}
