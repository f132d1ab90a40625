import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { checkResponse, endpointFor } from "@contract/check-response";
import { stays, type StayListing } from "@contract/stays";
import { addDays, todayUtc } from "@domain/dates";
import { api, BASE, createUser, signIn, type UserOverrides } from "@api/test/helpers";

/** A public call, without a token; the answer must match its declaration. */
async function publicGet(path: string) {
  const url = new URL(`${BASE}${path}`);
  const response = await SELF.fetch(url);
  const text = await response.text();
  const body = text ? (JSON.parse(text) as unknown) : null;
  const endpoint = endpointFor(Object.values(stays), "GET", url.pathname);
  expect(endpoint, `${url.pathname} is declared`).toBeDefined();
  expect(checkResponse(endpoint!, response.status, body, response.headers.get("content-type") ?? "")).toEqual([]);
  return { status: response.status, body };
}

/** A host with a priced, published unit (published by hand here: publishing has its own tests). */
async function publishedStay(overrides: UserOverrides = {}, bookingType: "onLine" | "onRequest" = "onLine") {
  const host = await createUser(overrides);
  const { access_token: token } = await signIn(host.email);
  const created = await api(token, "POST", "/properties", { propertyType: "single", title: "Harbour flat" });
  const { unitIds } = (await created.json()) as { unitIds: string[] };
  const unitId = unitIds[0]!;
  expect((await api(token, "PATCH", `/property-unit/${unitId}`, { title: "Harbour flat by the sea", description: "Two rooms over the harbour.", maxGuests: 4, amenities: ["wifi"], bookingPolicies: { houseRules: ["pets_allowed"], minDaysOfNotice: 1 } })).status).toBe(200);
  expect((await api(token, "PUT", `/property-unit/${unitId}/price-configuration`, { nightlyPrice: 10_000, minStay: 2, extraGuestsCount: 2, extraGuestPrice: 1_000 })).status).toBe(200);
  await env.DB.prepare("UPDATE property_units SET state = 'PUBLISHED', booking_type = ? WHERE public_id = ?").bind(bookingType, unitId).run();
  return { host, token, unitId };
}

describe("GET /api/public/stays/{unitId}", () => {
  it("shows a published unit to anyone, with its days when asked, and how a guest takes it", async () => {
    const { token, unitId } = await publishedStay({ commercialModel: "commission", features: ["bookings"] });
    const from = addDays(todayUtc(), 10);
    // A blocked night is not available, and says nothing of why.
    expect((await api(token, "POST", `/properties/${unitId}/unavailabilities/block`, { dateFrom: addDays(from, 1), dateTo: addDays(from, 2) })).status).toBe(201);
    const { status, body } = await publicGet(`/api/public/stays/${unitId}?dateFrom=${from}&dateTo=${addDays(from, 2)}`);
    expect(status).toBe(200);
    const listing = body as StayListing;
    expect(listing).toMatchObject({ unitId, title: "Harbour flat by the sea", maxGuests: 4, amenities: ["wifi"], houseRules: ["pets_allowed"], currency: "EUR", offer: "instant", host: { name: "Test" }, extraGuestsCount: 2 });
    expect(listing.days.map((d) => [d.date, d.available, d.price])).toEqual([
      [from, true, 10_000],
      [addDays(from, 1), false, 10_000],
      [addDays(from, 2), true, 10_000],
    ]);
    expect((await publicGet(`/api/public/stays/${unitId}`)).body).toMatchObject({ days: [] });
  });

  it("offers a request for a unit on request, an inquiry for a subscription host, and nothing without bookings or inquiries", async () => {
    expect(((await publicGet(`/api/public/stays/${(await publishedStay({ commercialModel: "commission", features: ["bookings"] }, "onRequest")).unitId}`)).body as StayListing).offer).toBe("request");
    expect(((await publicGet(`/api/public/stays/${(await publishedStay({ commercialModel: "subscription", features: ["bookings", "inquiries"] })).unitId}`)).body as StayListing).offer).toBe("inquiry");
    expect(((await publicGet(`/api/public/stays/${(await publishedStay({ commercialModel: "commission", features: [] })).unitId}`)).body as StayListing).offer).toBeNull();
  });

  it("answers 404 for a unit that is not published, and 400 for a range it will not show", async () => {
    const { unitId } = await publishedStay();
    await env.DB.prepare("UPDATE property_units SET state = 'UNPUBLISHED' WHERE public_id = ?").bind(unitId).run();
    expect((await publicGet(`/api/public/stays/${unitId}`)).status).toBe(404);
    expect((await publicGet("/api/public/stays/unt_nothing")).status).toBe(404);
    const other = await publishedStay();
    const today = todayUtc();
    const tooLong = await publicGet(`/api/public/stays/${other.unitId}?dateFrom=${today}&dateTo=${addDays(today, 100)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ errors: [{ field: "dateTo", type: "date_range_too_long" }] });
    expect((await publicGet(`/api/public/stays/${other.unitId}?dateFrom=${today}`)).body).toMatchObject({ errors: [{ field: "dateTo", type: "required" }] });
  });
});

describe("GET /api/public/stays/{unitId}/quote", () => {
  it("quotes a stay as the host's quote does, with the rules that refuse it", async () => {
    const { token, unitId } = await publishedStay({ commercialModel: "commission", features: ["bookings"] });
    const checkIn = addDays(todayUtc(), 20);
    const path = `/quote?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&guests=3`;
    const guest = await publicGet(`/api/public/stays/${unitId}${path}`);
    expect(guest.status).toBe(200);
    expect(guest.body).toMatchObject({ bookable: true, refusals: [], quote: { accommodation: 3 * 10_000 + 3 * 1_000, total: 33_000 } });
    expect(guest.body).toEqual(await (await api(token, "GET", `/property-unit/${unitId}${path}`)).json());
    const short = await publicGet(`/api/public/stays/${unitId}/quote?checkIn=${checkIn}&checkOut=${addDays(checkIn, 1)}&guests=1`);
    expect(short.body).toMatchObject({ bookable: false, refusals: [{ rule: "stay_too_short", minNights: 2 }] });
  });

  it("refuses more guests than the unit takes, and answers 404 for a unit that is not published", async () => {
    const { unitId } = await publishedStay();
    const checkIn = addDays(todayUtc(), 20);
    const many = await publicGet(`/api/public/stays/${unitId}/quote?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&guests=5`);
    expect(many.status).toBe(400);
    expect(many.body).toMatchObject({ errors: [{ field: "guests", type: "guests_above_max" }] });
    await env.DB.prepare("UPDATE property_units SET state = 'IN_PROGRESS' WHERE public_id = ?").bind(unitId).run();
    expect((await publicGet(`/api/public/stays/${unitId}/quote?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}`)).status).toBe(404);
  });
});
