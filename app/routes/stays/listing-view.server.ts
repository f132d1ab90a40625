import { createCookie } from "react-router";
import { addDays, type IsoDate } from "@domain/dates";
import { isProduction } from "~/lib/session.server";

/**
 * Which loads of a listing's page are views (decision 037's addendum): one look at a listing by one
 * visitor, counted once per unit and day, however often the page's calendar or price is asked for
 * afterwards. A load is a look when it does not come from a page of the same listing (its next months,
 * a day chosen, a price shown, a refused booking form: the listing's own navigation, with JavaScript
 * the router's data requests, without it whole pages) and the visitor's cookie does not name the unit
 * for today. The cookie holds the day and the public ids of the units looked at that day, nothing
 * about the visitor, and ends at the day's end (UTC, the day the view counts on).
 */

/** The most units one visitor's cookie names in a day (about 1 KB); a visitor past them may count again for the first ones. */
export const SEEN_UNITS_MAX = 50;

const seenCookie = (env: Env) => createCookie("stays_seen", { httpOnly: true, sameSite: "lax", path: "/stays", secure: isProduction(env) });

/** Whether a load of the unit's page comes from a page of the same listing (`referer`, which the browser sends within the site). */
export function fromSameListing(referer: string | null, origin: string, unitId: string): boolean {
  if (!referer) return false;
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return false;
  }
  const page = `/stays/${encodeURIComponent(unitId)}`;
  return from.origin === origin && (from.pathname === page || from.pathname.startsWith(`${page}/`));
}

/** The units looked at on `today` by the cookie's value (`day unitId…`); none when it is of another day or not one. */
export function seenOn(value: unknown, today: IsoDate): string[] {
  if (typeof value !== "string") return [];
  const [day, ...units] = value.split(" ");
  return day === today ? units.filter(Boolean) : [];
}

/** The cookie's value once `unitId` is looked at on `today`: the day's units so far, the newest kept. */
export function seenValue(seen: string[], unitId: string, today: IsoDate): string {
  return [today, ...[...seen.filter((id) => id !== unitId), unitId].slice(-SEEN_UNITS_MAX)].join(" ");
}

/**
 * Whether this load of the unit's page is a look at the listing (`viewed`: ask the listing's read to
 * count it), and the cookie that remembers it for the rest of the day (to send with the page once the
 * read answered).
 */
export async function listingLook(env: Env, request: Request, unitId: string, today: IsoDate): Promise<{ viewed: boolean; setCookie: string | null }> {
  if (fromSameListing(request.headers.get("Referer"), new URL(request.url).origin, unitId)) return { viewed: false, setCookie: null };
  const cookie = seenCookie(env);
  const seen = seenOn(await cookie.parse(request.headers.get("Cookie")), today);
  if (seen.includes(unitId)) return { viewed: false, setCookie: null };
  return { viewed: true, setCookie: await cookie.serialize(seenValue(seen, unitId, today), { expires: new Date(`${addDays(today, 1)}T00:00:00Z`) }) };
}
