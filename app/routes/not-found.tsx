import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { ErrorPage } from "../components/error-page";
import { hasSession } from "../lib/auth.server";
import { serverT } from "../lib/i18n.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** /404 and every unknown address: a translated not-found page with a way back. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = await hasSession(request, context);
  const body = { title: serverT(context)("pages.notFound.title"), homeHref: signedIn ? "/home" : "/" };
  return data(body, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <ErrorPage status={404} homeHref={loaderData.homeHref} />;
}
