import { redirect } from "react-router";
import type { Route } from "./+types/resume";
import { wizardKindOf } from "@domain/listing-steps";
import { unitSchema } from "~/lib/api-types";
import { authContext } from "~/lib/auth.server";
import { orNotFound } from "~/lib/host-api.server";

/** `/listing/property/{propertyId}/unit/{unitId}`: to the unit's wizard, which opens at the host's step (§2). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = context.get(authContext);
  const unit = await orNotFound(api("GET", `/api/app/property-unit/${encodeURIComponent(params.unitId)}`, { schema: unitSchema }));
  if (unit.propertyId !== params.propertyId) throw new Response(null, { status: 404 });
  throw redirect(`/listing/${wizardKindOf(unit.propertyType)}/${params.propertyId}/${params.unitId}`);
}

export default function ListingResume() {
  return null;
}
