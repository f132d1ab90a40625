import { redirect } from "react-router";
import type { Route } from "./+types/unit-shortcut";
import { authContext } from "~/lib/auth.server";
import { unitHref } from "~/lib/pages";
import { isUnitSection } from "@domain/unit-sections";

/** `/units/{unitId}/{section}`: the same sections, reached without the property (§2). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const section = params["*"] ?? "";
  if (section !== "" && !isUnitSection(section)) throw new Response(null, { status: 404 });
  const unit = await context.get(authContext).unit(params.unitId);
  throw redirect(unitHref({ propertyId: unit.propertyId, unitId: unit.propertyUnitPublicId }, section));
}

/** Never shown: it makes this a page, so that an unknown unit or section renders the not-found page. */
export default function UnitShortcut() {
  return null;
}
