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

/** The strings of the named namespaces in the request's locale: what a page sends to the browser. */
export function translationsFor(context: Readonly<RouterContextProvider>, namespaces: Iterable<string>): Translations {
  const all = resources[getLocale(context)];
  return Object.fromEntries([...new Set(namespaces)].flatMap((namespace) => (all[namespace] ? [[namespace, all[namespace]]] : []))) as Translations;
}
