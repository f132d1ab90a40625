import { href, redirect } from "react-router";
import type { Route } from "./+types/landing";
import { hasSession } from "~/lib/auth.server";

/** Signed-in users go on to the platform; visitors to the landing page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  throw redirect((await hasSession(request, context)) ? href("/redirect/platform") : href("/"));
}
