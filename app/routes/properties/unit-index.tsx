import { redirect } from "react-router";
import type { Route } from "./+types/unit-index";
import { unitHref } from "~/lib/pages";

/** A unit opens on its first section. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(unitHref(params, "about"));
}
