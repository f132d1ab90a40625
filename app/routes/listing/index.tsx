import { href, redirect } from "react-router";
import type { Route } from "./+types/index";
import { hostApi } from "@contract/index";
import { authContext } from "~/lib/auth.server";

/**
 * `/listing` leads where the host stands (§2): a host still onboarding resumes the unit in progress,
 * or checks eligibility before a first property; a host whose onboarding is finished adds a property.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { call, user } = context.get(authContext);
  if (user.onboardingStatus === "finished") throw redirect(href("/listing/add-property"));
  const list = await call(hostApi.properties.listItems, { query: { page: 1 } });
  for (const item of list.items) {
    const unit = item.units.find((u) => u.state === "IN_PROGRESS");
    if (unit) throw redirect(href("/listing/property/:propertyId/unit/:unitId", { propertyId: item.id, unitId: unit.id }));
  }
  throw redirect(href("/listing/check-eligibility"));
}

/** Never shown: the loader always leads on. */
export default function ListingIndex() {
  return null;
}
