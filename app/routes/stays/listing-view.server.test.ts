import { describe, expect, it } from "vitest";
import { fromSameListing, listingLook, SEEN_UNITS_MAX, seenOn, seenValue } from "./listing-view.server";

const env = { ENVIRONMENT: "development" } as unknown as Env;
const origin = "https://stayhost.example";
const unitId = "unt_AAAAAAAAAAAAAAAA";

/** A load of the unit's page with these headers. */
const load = (headers: Record<string, string> = {}, path = `/stays/${unitId}`) => new Request(`${origin}${path}`, { headers });

/** The cookie a browser sends back after `setCookie`. */
const sentBack = (setCookie: string) => setCookie.split(";")[0]!;

describe("a look at a listing", () => {
  it("comes from anywhere but a page of the same listing", () => {
    expect(fromSameListing(null, origin, unitId)).toBe(false);
    expect(fromSameListing("https://search.example/", origin, unitId)).toBe(false);
    expect(fromSameListing(`${origin}/guest`, origin, unitId)).toBe(false);
    expect(fromSameListing(`${origin}/stays/unt_BBBBBBBBBBBBBBBB`, origin, unitId)).toBe(false);
    expect(fromSameListing(`${origin}/stays/${unitId}B`, origin, unitId)).toBe(false);
    // Another site with the same path is not the listing.
    expect(fromSameListing(`https://elsewhere.example/stays/${unitId}`, origin, unitId)).toBe(false);
    expect(fromSameListing("not an address", origin, unitId)).toBe(false);
    // Its months, its days and prices, its refused form, its confirmation: the listing's own navigation.
    expect(fromSameListing(`${origin}/stays/${unitId}`, origin, unitId)).toBe(true);
    expect(fromSameListing(`${origin}/stays/${unitId}?month=2027-03&checkIn=2027-03-04`, origin, unitId)).toBe(true);
    expect(fromSameListing(`${origin}/stays/${unitId}/confirmation`, origin, unitId)).toBe(true);
  });

  it("is remembered for its day only, the newest units kept", () => {
    expect(seenOn(undefined, "2026-11-27")).toEqual([]);
    expect(seenOn(null, "2026-11-27")).toEqual([]);
    expect(seenOn("2026-11-27 unt_a unt_b", "2026-11-27")).toEqual(["unt_a", "unt_b"]);
    expect(seenOn("2026-11-26 unt_a unt_b", "2026-11-27")).toEqual([]);
    expect(seenValue([], "unt_a", "2026-11-27")).toBe("2026-11-27 unt_a");
    expect(seenValue(["unt_a"], "unt_b", "2026-11-27")).toBe("2026-11-27 unt_a unt_b");
    const many = Array.from({ length: SEEN_UNITS_MAX }, (_, i) => `unt_${i}`);
    expect(seenValue(many, "unt_new", "2026-11-27").split(" ")).toEqual(["2026-11-27", ...many.slice(1), "unt_new"]);
  });

  it("counts a visitor's first load of the unit's page on a day, then neither the page's navigation nor another look that day", async () => {
    const first = await listingLook(env, load(), unitId, "2026-11-27");
    expect(first.viewed).toBe(true);
    // The cookie is the site's listings' only, ends with the day (UTC), and names the day and the unit, nothing else.
    expect(first.setCookie).toMatch(/^stays_seen=[^;]+; Path=\/stays; Expires=Sat, 28 Nov 2026 00:00:00 GMT; HttpOnly; SameSite=Lax$/);
    const cookie = sentBack(first.setCookie!);
    // The next month in the calendar, a price: from the listing's own page, with or without the cookie.
    expect(await listingLook(env, load({ Referer: `${origin}/stays/${unitId}`, Cookie: cookie }, `/stays/${unitId}?month=2027-01`), unitId, "2026-11-27")).toEqual({ viewed: false, setCookie: null });
    expect(await listingLook(env, load({ Referer: `${origin}/stays/${unitId}?month=2027-01` }, `/stays/${unitId}?checkIn=2027-01-04&checkOut=2027-01-07`), unitId, "2026-11-27")).toEqual({ viewed: false, setCookie: null });
    // A second look the same day, from elsewhere: the cookie names the unit.
    expect(await listingLook(env, load({ Referer: "https://search.example/", Cookie: cookie }), unitId, "2026-11-27")).toEqual({ viewed: false, setCookie: null });
    // Another listing the same day counts, and the cookie then names both.
    const other = await listingLook(env, load({ Cookie: cookie }, "/stays/unt_BBBBBBBBBBBBBBBB"), "unt_BBBBBBBBBBBBBBBB", "2026-11-27");
    expect(other.viewed).toBe(true);
    expect((await listingLook(env, load({ Cookie: sentBack(other.setCookie!) }), unitId, "2026-11-27")).viewed).toBe(false);
    // The next day, the same visitor looks again.
    expect((await listingLook(env, load({ Cookie: cookie }), unitId, "2026-11-28")).viewed).toBe(true);
  });

  it("is remembered in a secure cookie in production", async () => {
    const { setCookie } = await listingLook({ ENVIRONMENT: "production" } as unknown as Env, load(), unitId, "2026-11-27");
    expect(setCookie).toMatch(/; Secure/);
  });
});
