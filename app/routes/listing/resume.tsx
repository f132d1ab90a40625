import { href, redirect } from "react-router";
import type { Route } from "./+types/resume";
import { wizardKindOf } from "@domain/listing-steps";
import { authContext } from "~/lib/auth.server";

/** `/listing/property/{propertyId}/unit/{unitId}`: to the unit's wizard, which opens at the host's step (§2). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const unit = await context.get(authContext).unit(params.unitId);
  if (unit.propertyId !== params.propertyId) throw new Response(null, { status: 404 });
  throw redirect(href("/listing/:kind/:propertyId/:unitId", { ...params, kind: wizardKindOf(unit.propertyType) }));
}

export default function ListingResume() {
  return null;
}
