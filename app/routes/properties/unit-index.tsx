import { redirect } from "react-router";
import type { Route } from "./+types/unit-index";

/** A unit opens on its first section. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/properties/${params.propertyId}/units/${params.unitId}/about`);
}
