import { useEffect, useMemo } from "react";
import { I18nextProvider } from "react-i18next";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { DEFAULT_LOCALE, toLanguageTag, type Locale } from "../domain/locales";
import { resources } from "../locales/resources";
import type { Route } from "./+types/root";
import { ErrorPage } from "./components/error-page";
import { brandConfigSchema } from "./lib/api-types";
import { transportFor } from "./lib/auth.server";
import { callHostApi } from "./lib/host-api.server";
import { createI18n } from "./lib/i18n";
import { getLocale, i18nMiddleware } from "./lib/i18n.server";
import { useNonce } from "./lib/nonce";
import appStyles from "./styles/app.css?url";
import bootMessages from "./lib/boot-messages";

export const middleware: Route.MiddlewareFunction[] = [i18nMiddleware];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: appStyles },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const host = new URL(request.url).host;
  const { data: brand } = await callHostApi(transportFor(context, request), "GET", `/config/${encodeURIComponent(host)}.json`, {
    schema: brandConfigSchema,
  });
  // Reference-data labels come with the API's configuration; the browser gets only the UI namespaces.
  const { configuration: _referenceData, ...translations } = resources[locale];
  return data({ locale, translations, brand });
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
  const i18n = useMemo(() => createI18n(locale, translations), [locale, translations]);
  useHydrationMarker();
  return (
    <I18nextProvider i18n={i18n}>
      <Outlet />
    </I18nextProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRootData();
  useHydrationMarker();
  // Without the root's data the app failed to start: say so in the browser's language, from a tiny built-in table.
  if (!root) {
    const locale = typeof navigator === "undefined" ? DEFAULT_LOCALE : navigator.language.replace("-", "_");
    const messages = bootMessages(locale);
    return (
      <main className="error-page" aria-labelledby="error-title">
        <h1 id="error-title">{messages.title}</h1>
        <p>{messages.description}</p>
        <a className="button" href="/">
          {messages.reload}
        </a>
      </main>
    );
  }
  const i18n = createI18n(root.locale, root.translations);
  return (
    <I18nextProvider i18n={i18n}>
      <RootError error={error} />
    </I18nextProvider>
  );
}

function RootError({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage status={status} />;
}
