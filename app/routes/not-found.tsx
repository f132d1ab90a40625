import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { hasSession, requireAuth } from "~/lib/auth.server";
import { NotFoundPage } from "./not-found-page";
import { notFoundPage } from "./not-found.server";

/** A signed-in host keeps the shell on an unknown address; anyone else gets it in the visitors' frame (brand, language, legal links). */
export const middleware: Route.MiddlewareFunction[] = [async (args, next) => ((await hasSession(args.request, args.context)) ? requireAuth(args, next) : next())];

/** /404 and every unknown address: a translated not-found page with a way back. */
export async function loader({ context }: Route.LoaderArgs) {
  return notFoundPage(context);
}

/** An unknown address is not found whatever the method, not a page that lacks a form's action (405). */
export function action() {
  return data(null, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <NotFoundPage {...loaderData} />;
}
