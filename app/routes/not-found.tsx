import { lazy } from "react";
import { data, href } from "react-router";
import type { Route } from "./+types/not-found";
import { PublicFrame } from "~/components/auth-layout";
import { ErrorPage } from "~/components/error-page";
import { authIfSignedIn, hasSession, requireAuth } from "~/lib/auth.server";
import { loadShell } from "./shell.server";

/** A signed-in host keeps the shell on an unknown address; anyone else gets it in the visitors' frame (brand, language, legal links). */
export const middleware: Route.MiddlewareFunction[] = [async (args, next) => ((await hasSession(args.request, args.context)) ? requireAuth(args, next) : next())];

/** Only a signed-in host sees the shell here: a visitor's browser does not load it for an unknown address. */
const ShellFrame = lazy(() => import("./shell").then((module) => ({ default: module.ShellFrame })));

/** /404 and every unknown address: a translated not-found page with a way back. */
export async function loader({ context }: Route.LoaderArgs) {
  // The middleware signed a host in (or not): the session is not read again.
  const shell = authIfSignedIn(context) ? await loadShell(context) : null;
  return data({ homeHref: shell ? href("/home") : href("/"), shell }, { status: 404 });
}

/** An unknown address is not found whatever the method, not a page that lacks a form's action (405). */
export function action() {
  return data(null, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const { shell, homeHref } = loaderData;
  if (!shell) {
    return (
      <PublicFrame>
        <ErrorPage status={404} homeHref={homeHref} embedded />
      </PublicFrame>
    );
  }
  return (
    <ShellFrame shell={shell}>
      <ErrorPage status={404} homeHref={homeHref} embedded />
    </ShellFrame>
  );
}
