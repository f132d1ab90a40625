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
 * The page a request is for, as React Router reads it: with JavaScript a navigation asks for the
 * page's data, `/account/payout` at `/account/payout.data` (with `?_routes=…` naming the routes to
 * load again after a form), `/` and an address ending in a slash at `…/_.data`. A loader that
 * checks which page is asked for reads it here, so that both requests read the same page.
 */
export function pageUrl(url: URL | string): URL {
  const page = new URL(url);
  const path = page.pathname;
  if (path.endsWith("/_.data")) page.pathname = path.slice(0, -"_.data".length);
  else if (path.endsWith(".data")) page.pathname = path.slice(0, -".data".length);
  if (page.searchParams.has("_routes")) page.searchParams.delete("_routes");
  return page;
}

/** The path of the page a request is for (`pageUrl`): `/account/payout` for `/account/payout.data` too. */
export function pagePathname(url: URL | string): string {
  return pageUrl(url).pathname;
}

/**
 * The last segment of the page a request asks for: a layout that checks which tab is asked for must
 * read "payout" from `/account/payout.data` too (a JavaScript navigation would otherwise open a tab
 * the host does not see).
 */
export function requestedPage(request: Request): string | undefined {
  return pagePathname(request.url).split("/").at(-1);
}
