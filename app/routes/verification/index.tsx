import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { authContext } from "~/lib/auth.server";
import { flowStart } from "./flow.server";

/** /verification leads into the host's own flow. */
export function loader({ context }: Route.LoaderArgs) {
  return redirect(flowStart(context.get(authContext).user));
}
