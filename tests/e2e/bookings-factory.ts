import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { apiToken, createProperty } from "./api-factory";
import { newHost, type NewHost } from "./fixtures";

/**
 * Test data for the bookings pages, made as guests and hosts make it: a fresh host publishes a unit
 * through the host API, and guests book, request or ask through the public API, like the public page.
 */

/** A day `days` after `date` (both YYYY-MM-DD, UTC). */
export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A stay far enough ahead for every notice rule, and its own per test (a random week within a year). */
export function stayAhead(nights = 3, offset = 40 + Math.floor(Math.random() * 300)) {
  const checkIn = addDays(todayUtc(), offset);
  return { checkIn, checkOut: addDays(checkIn, nights) };
}

export interface HostWithStay {
  host: NewHost;
  token: string;
  unitId: string;
  title: string;
}

/**
 * A fresh host (signed in on the page) with a published, priced unit: on subscription unless said
 * otherwise; `onRequest` makes guests of a commission host request instead of booking instantly.
 */
export async function hostWithStay(page: Page, options: { model?: "commission" | "subscription"; onRequest?: boolean } = {}): Promise<HostWithStay> {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  // A host on commission takes bookings (instant or on request); one on subscription receives inquiries.
  if (options.model === "commission") expect((await page.request.patch("/api/app/user/info", { headers: { authorization: `Bearer ${token}` }, data: { commercialModel: "commission" } })).status()).toBe(200);
  const title = `Harbour loft ${crypto.randomUUID().slice(0, 6)}`;
  const { unitId } = await createProperty(page.request, token, { title, complete: true, publish: true, nightlyPrice: 12_000 });
  if (options.onRequest) {
    const changed = await page.request.post("/api/app/property-units/change-booking-preference", { headers: { authorization: `Bearer ${token}` }, data: { unitIds: [unitId], bookingType: "onRequest" } });
    expect(changed.status()).toBeLessThan(300);
  }
  return { host, token, unitId, title };
}

export interface Guest {
  firstName: string;
  lastName: string;
  email: string;
  /** The language the guest speaks (a locale, de_CH); left out, not known. */
  language?: string;
}

export function newGuest(firstName = "Greta"): Guest {
  const id = crypto.randomUUID().slice(0, 8);
  return { firstName, lastName: `Guest ${id}`, email: `guest-${id}@test.example` };
}

/** Books, requests or asks (as the listing offers) as a guest through the public API; answers the receipt (its code). */
export async function reserve(request: APIRequestContext, unitId: string, stay: { checkIn: string; checkOut: string }, guest: Guest) {
  const answer = await request.post(`/api/public/stays/${unitId}/reservations`, { data: { ...stay, guests: 2, ...guest } });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as { type: string; code: string };
}

/** A channel manager's key of the host: what its calls are signed with. */
export async function channelKey(request: APIRequestContext, token: string) {
  const key = await request.post("/api/app/channel-api-keys", { headers: { authorization: `Bearer ${token}` }, data: { name: "Channel" } });
  expect(key.status(), await key.text()).toBe(201);
  return ((await key.json()) as { secret: string }).secret;
}

/** A booking a channel manager brings in (booked there at `bookedAt`); answers its booking's id, code and the channel's reservation id. */
export async function channelBooking(request: APIRequestContext, secret: string, unitId: string, stay: { checkIn: string; checkOut: string }, guest: Guest, bookedAt: Date) {
  const reservationId = `R-${crypto.randomUUID().slice(0, 8)}`;
  const created = await request.post("/api/channel/reservations", {
    headers: { authorization: `Bearer ${secret}`, "idempotency-key": crypto.randomUUID() },
    data: { unitId, reservationId, ...stay, guests: 2, bookedAt: bookedAt.toISOString(), guest },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { ...((await created.json()) as { bookingId: string; code: string }), reservationId };
}
