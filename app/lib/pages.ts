import { href } from "react-router";
import type { UnitSection } from "@domain/unit-sections";

/** Typed addresses of the app's pages, built with React Router's `href` (never by hand). */

type Page = Parameters<typeof href>[0];

/** Each section of a unit and its page; typed, so a renamed route breaks the typecheck. */
const SECTION_PAGES = {
  about: "/properties/:propertyId/units/:unitId/about",
  photos: "/properties/:propertyId/units/:unitId/photos",
  amenities: "/properties/:propertyId/units/:unitId/amenities",
  rooms: "/properties/:propertyId/units/:unitId/rooms",
  "booking-policies": "/properties/:propertyId/units/:unitId/booking-policies",
  "price-and-availability": "/properties/:propertyId/units/:unitId/price-and-availability",
  promotions: "/properties/:propertyId/units/:unitId/promotions",
  "taxes-and-laws": "/properties/:propertyId/units/:unitId/taxes-and-laws",
  "staff-review": "/properties/:propertyId/units/:unitId/staff-review",
  "subscription-and-boosters": "/properties/:propertyId/units/:unitId/subscription-and-boosters",
  "manage-subscription": "/properties/:propertyId/units/:unitId/manage-subscription",
  boosters: "/properties/:propertyId/units/:unitId/boosters",
} as const satisfies Record<UnitSection | "staff-review", Page>;

export type UnitPage = keyof typeof SECTION_PAGES;

export const UNIT_PAGES = Object.keys(SECTION_PAGES) as [UnitPage, ...UnitPage[]];

/** A unit's page: one of its sections, or (none named) the unit, which opens its first section. */
export function unitHref(unit: { propertyId: string; unitId: string }, section?: UnitPage | "") {
  const params = { propertyId: unit.propertyId, unitId: unit.unitId };
  return section ? href(SECTION_PAGES[section], params) : href("/properties/:propertyId/units/:unitId", params);
}

/** A page's address (from `href`) with a query: `withQuery(href("/properties"), { page: "2" })`. */
export function withQuery(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The last segment of the page a request asks for: a router's data request for `/account/payout`
 * is `/account/payout.data`, and a layout that checks which tab is asked for must read "payout" from
 * both (a JavaScript navigation would otherwise open a tab the host does not see).
 */
export function requestedPage(request: Request): string | undefined {
  return new URL(request.url).pathname.replace(/\.data$/, "").split("/").at(-1);
}
