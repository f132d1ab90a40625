import { href, redirect } from "react-router";
import type { Route } from "./+types/property-units";

/** The units of a property are listed on the property's page. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(href("/properties/:propertyId", params));
}
