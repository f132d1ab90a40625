import { useEffect, useMemo } from "react";
import {
  data,
  href,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { DEFAULT_LOCALE, toLanguageTag, type Locale } from "@domain/locales";
import type { Route } from "./+types/root";
import { ErrorPage } from "./components/error-page";
import { transportFor } from "./lib/auth.server";
import { brandOf } from "./lib/brand.server";
import { appContext } from "./lib/context";
import { formBodyMiddleware } from "./lib/forms.server";
import { createTranslator, parseTranslations, TranslationsProvider, type TranslationsHandle } from "./lib/i18n";
import { getLocale, i18nMiddleware, translationsFor } from "./lib/i18n.server";
import { routeNamespaces } from "./lib/route-translations.server";
import { useNonce } from "./lib/nonce";
import { timeZoneOfRequest } from "./lib/time-zone";
import { bootMessages, type BootMessages } from "./lib/boot-messages.server";
import appStyles from "./styles/app.css?url";

export const middleware: Route.MiddlewareFunction[] = [...i18nMiddleware, formBodyMiddleware];

/** Every page shows the shell's and the error pages' strings; a route adds its own namespaces in its `handle`. */
export const handle: TranslationsHandle = { i18n: ["common"] };

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: appStyles },
];

export async function loader({ request, url, pattern, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const host = new URL(request.url).host;
  const [brand, { namespaces, formErrors }] = await Promise.all([
    brandOf(transportFor(context, request), host, context.get(appContext).ctx),
    routeNamespaces(url.pathname, pattern),
  ]).catch((error: unknown) => {
    // Without the brand or the route table the app cannot start: the error page gets its words in
    // the request's language with the error (the browser has no translations and no table of them).
    console.error(error);
    throw data({ bootMessages: bootMessages(locale) }, { status: 503 });
  });
  // The browser gets only the strings of the routes on the page (decision "translations per route").
  return data({ locale, translations: translationsFor(context, namespaces, { formErrors }), brand, timeZone: timeZoneOfRequest(request.headers.get("cookie")) });
}

/** The strings follow the page: another route may need other namespaces. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** Marks the document once React has hydrated; e2e tests wait for it before clicking. */
function useHydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const nonce = useNonce();
  const locale = (root?.locale ?? DEFAULT_LOCALE) as Locale;
  return (
    <html lang={toLanguageTag(locale)} data-brand={root?.brand.brand ?? "default"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {root?.brand.stylesheet ? <link rel="stylesheet" href={root.brand.stylesheet} /> : null}
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { locale, translations } = loaderData;
  const translator = useMemo(() => createTranslator(locale, parseTranslations(translations)), [locale, translations]);
  useHydrationMarker();
  return (
    <TranslationsProvider translator={translator}>
      <Outlet />
    </TranslationsProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRootData();
  useHydrationMarker();
  // Without the root's data the app failed to start: say so with the words the server sent.
  if (!root) {
    const messages = bootMessagesOf(error);
    return (
      <main className="error-page" aria-labelledby="error-title">
        <h1 id="error-title">{messages.title}</h1>
        <p>{messages.description}</p>
        <a className="button" href={href("/")}>
          {messages.reload}
        </a>
      </main>
    );
  }
  return (
    <TranslationsProvider translator={createTranslator(root.locale, parseTranslations(root.translations))}>
      <RootError error={error} />
    </TranslationsProvider>
  );
}

/** English, for a failure before the root's loader could say anything (a middleware's). */
const BOOT_MESSAGES_EN: BootMessages = { title: "Unexpected error", description: "The app could not be started.", reload: "Reload" };

function bootMessagesOf(error: unknown): BootMessages {
  const sent: unknown = isRouteErrorResponse(error) ? (error.data as { bootMessages?: unknown } | null)?.bootMessages : undefined;
  return typeof sent === "object" && sent !== null && "title" in sent && "description" in sent && "reload" in sent ? (sent as BootMessages) : BOOT_MESSAGES_EN;
}

function RootError({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage status={status} />;
}
