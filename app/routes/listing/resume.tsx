import { href, redirect } from "react-router";
import type { Route } from "./+types/resume";
import { hostApi } from "@contract/index";
import { wizardKindOf } from "@domain/listing-steps";
import { authContext } from "~/lib/auth.server";
import { orNotFound } from "~/lib/host-api.server";

/** `/listing/property/{propertyId}/unit/{unitId}`: to the unit's wizard, which opens at the host's step (§2). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { call } = context.get(authContext);
  const unit = await orNotFound(call(hostApi.units.get, { params: { id: params.unitId } }));
  if (unit.propertyId !== params.propertyId) throw new Response(null, { status: 404 });
  throw redirect(href("/listing/:kind/:propertyId/:unitId", { ...params, kind: wizardKindOf(unit.propertyType) }));
}

export default function ListingResume() {
  return null;
}
