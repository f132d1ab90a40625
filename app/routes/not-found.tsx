import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { ErrorPage } from "~/components/error-page";
import { hasSession } from "~/lib/auth.server";

/** /404 and every unknown address: a translated not-found page with a way back. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return data({ homeHref: (await hasSession(request, context)) ? "/home" : "/" }, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <ErrorPage status={404} homeHref={loaderData.homeHref} />;
}
