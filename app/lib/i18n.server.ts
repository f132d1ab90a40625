import { createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { createContext } from "react-router";
import { DEFAULT_LOCALE, LANGUAGE_PARAM, localeFromAcceptLanguage, resolveLocale, type Locale } from "../../domain/locales";
import { resources } from "../../locales/resources";
import { createI18n } from "./i18n";

export const languageCookie = createCookie("lang", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 3600 });

export const localeContext = createContext<Locale>(DEFAULT_LOCALE);

/**
 * Picks the language: `?hl=` first (and remembers it in a cookie), then the cookie, then the
 * browser's Accept-Language, then en_US (§3, §9).
 */
export const i18nMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  const fromParam = resolveLocale(url.searchParams.get(LANGUAGE_PARAM));
  const cookieHeader = request.headers.get("Cookie");
  const fromCookie = resolveLocale(await languageCookie.parse(cookieHeader));
  const locale = fromParam ?? fromCookie ?? localeFromAcceptLanguage(request.headers.get("Accept-Language")) ?? DEFAULT_LOCALE;
  context.set(localeContext, locale);
  const response = await next();
  if (fromParam && fromParam !== fromCookie) response.headers.append("Set-Cookie", await languageCookie.serialize(fromParam));
  return response;
};

export function getLocale(context: Readonly<RouterContextProvider>): Locale {
  return context.get(localeContext);
}

/** A `t` for loaders, actions and meta: page titles, server-made messages. */
export function serverT(context: Readonly<RouterContextProvider>) {
  const locale = getLocale(context);
  return createI18n(locale, resources[locale]).t;
}
