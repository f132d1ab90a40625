import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { propertyListSchema } from "~/lib/api-types";
import { authContext } from "~/lib/auth.server";

/**
 * `/listing` leads where the host stands (§2): a host still onboarding resumes the unit in progress,
 * or checks eligibility before a first property; a host whose onboarding is finished adds a property.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { api, user } = context.get(authContext);
  if (user.onboardingStatus === "finished") throw redirect("/listing/add-property");
  const list = await api("GET", "/api/app/property-list", { query: { page: 1 }, schema: propertyListSchema });
  for (const item of list.items) {
    const unit = item.units.find((u) => u.state === "IN_PROGRESS");
    if (unit) throw redirect(`/listing/property/${item.id}/unit/${unit.id}`);
  }
  throw redirect("/listing/check-eligibility");
}

/** Never shown: the loader always leads on. */
export default function ListingIndex() {
  return null;
}
