import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { statisticsHref } from "@domain/navigation";
import { authContext } from "~/lib/auth.server";
import { withQuery } from "~/lib/pages";

/** `/insights` leads where the navigation's Statistics item does: earnings when the host has them, else performance (§2). */
export function loader({ request, context }: Route.LoaderArgs) {
  return redirect(withQuery(statisticsHref(context.get(authContext).user), Object.fromEntries(new URL(request.url).searchParams)));
}
