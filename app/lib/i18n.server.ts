import { createInstance, type i18n, type InitOptions, type Resource } from "i18next";
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
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

/** The request's locale, as `detectLanguage` found it. */
const localeContext = createContext<Locale>(DEFAULT_LOCALE);

/**
 * Per request: the language the request asks for (`requestedLocale`), else the default (§3, §9).
 * remix-i18next's middleware, which this replaces, made and initialised an i18next instance with
 * every namespace of every locale on every request (a page's and the floor's alike, decision 024);
 * the server's instances are now made once per isolate and language (`instanceFor`).
 */
const detectLanguage: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(localeContext, (await requestedLocale(request)) ?? DEFAULT_LOCALE);
  return next();
};

/**
 * One i18next instance per language tag and isolate. Its language never changes after it is made
 * and its resources are the build's, so `t` answers the same for every request: nothing of one
 * request is kept in it for another.
 */
const instances = new Map<string, i18n>();

function instanceFor(locale: Locale): i18n {
  const languageTag = toLanguageTag(locale);
  let instance = instances.get(languageTag);
  if (!instance) {
    instance = createInstance({ ...I18NEXT_OPTIONS, lng: languageTag });
    // `initAsync: false`: the resources are in memory, the instance is ready when init returns.
    void instance.init();
    instances.set(languageTag, instance);
  }
  return instance;
}

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
  return context.get(localeContext);
}

/** A `t` for loaders, actions and meta (page titles, server-made messages): every namespace. */
export function serverT(context: Readonly<RouterContextProvider>) {
  return instanceFor(getLocale(context)).t;
}

/**
 * JSON text with every character beyond ASCII written as its `\uXXXX` escape: the same value to
 * `JSON.parse`. Every locale has some (’ – … in English, č ć š ž in Croatian), and one makes V8 hold
 * the whole text, and the page's loader data it is joined into, as two bytes a character, which
 * each pass over it on the way into the page (turbo-stream's JSON, the script's escaping, UTF-8)
 * takes about twice as long for: encoding the common namespace took 336 µs as it is, 182 µs in
 * ASCII, for the same gzip size (decision 051).
 */
export function asciiJson(json: string): string {
  return json.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
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
    text = asciiJson(JSON.stringify(Object.fromEntries(names.flatMap((name) => (all[name] ? [[name, namespace(name)]] : []))) as Translations));
    translationTexts.set(key, text);
  }
  return text;
}
