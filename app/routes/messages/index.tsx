import { href, redirect } from "react-router";
import type { Route } from "./+types/index";
import { withQuery } from "~/lib/pages";

/** `/messages` is the inbox: `/messages/all`, with the same query. */
export function loader({ request }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  return redirect(withQuery(href("/messages/:channelStatus", { channelStatus: "all" }), Object.fromEntries(searchParams)));
}
