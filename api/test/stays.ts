import { env, SELF } from "cloudflare:test";
import { checkResponse, endpointFor } from "@contract/check-response";
import { publicEndpoints } from "@contract/index";
import { addDays, todayUtc } from "@domain/dates";
import { newPublicId } from "@api/lib/ids";
import { BASE, type TestUser } from "./helpers";

/** A day `days` from today (UTC), for stays that stay in the future whenever the test runs. */
export const inDays = (days: number) => addDays(todayUtc(), days);

export interface UnitOptions {
  nightlyPrice?: number;
  bookingType?: "onLine" | "onRequest";
  maxGuests?: number;
  minDaysOfNotice?: number;
  state?: "PUBLISHED" | "IN_PROGRESS";
}

/**
 * A published single-unit property of `host` with a nightly price, written as the listing would
 * leave it (the wizard's own tests cover how it gets there). Answers the unit's public id.
 */
export async function publishedUnit(host: TestUser, options: UnitOptions = {}): Promise<{ unitId: string; propertyId: string }> {
  const propertyId = newPublicId("prp");
  const unitId = newPublicId("unt");
  await env.DB.batch([
    env.DB.prepare("INSERT INTO properties (public_id, host_user_id, property_type, state, title, country_code, city, street, house_number_or_name) VALUES (?, ?, 'single', 'PUBLISHED', 'Harbour flat', 'PT', 'Lisboa', 'Rua Augusta', '1')").bind(propertyId, host.id),
    env.DB.prepare(
      "INSERT INTO property_units (public_id, property_id, host_user_id, state, title, description, max_guests, booking_type, min_days_of_notice) SELECT ?, id, ?, ?, 'Harbour flat', 'A flat by the river', ?, ?, ? FROM properties WHERE public_id = ?",
    ).bind(unitId, host.id, options.state ?? "PUBLISHED", options.maxGuests ?? 4, options.bookingType ?? "onLine", options.minDaysOfNotice ?? 0, propertyId),
    env.DB.prepare("INSERT INTO unit_price_configurations (unit_id, host_user_id, nightly_price) SELECT id, host_user_id, ? FROM property_units WHERE public_id = ?").bind(options.nightlyPrice ?? 10_000, unitId),
  ]);
  return { unitId, propertyId };
}

/** A running subscription for a host on subscription, with its leads used so far. */
export async function subscribe(host: TestUser, planId = "subscription-basic", leadsUsed = 0) {
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO subscriptions (public_id, host_user_id, plan_id, plan_item_price_id, status, period, price, started_at, expires_at, leads_used) VALUES (?, ?, ?, ?, 'active', 12, 29900, ?, ?, ?)",
  )
    .bind(newPublicId("sub"), host.id, planId, `${planId}-EUR-yearly`, now, now + 365 * 86_400_000, leadsUsed)
    .run();
}

/**
 * A call to a public endpoint (no token); a declared endpoint's answer must match its
 * declaration, or the test fails here.
 */
export async function publicApi(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const url = new URL(`${BASE}${path}`);
  const response = await SELF.fetch(url, { method, headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const endpoint = endpointFor(publicEndpoints, method, url.pathname);
  if (endpoint) {
    const contentType = response.headers.get("content-type") ?? "";
    const text = await response.clone().text();
    const problems = checkResponse(endpoint, response.status, text ? JSON.parse(text) : null, contentType);
    if (problems.length) throw new Error(`The answer does not match the contract:\n${problems.join("\n")}`);
  }
  return response;
}

export const GUEST = { firstName: "Maria", lastName: "Santos", email: "maria@guest.example", phone: "+351 21 000 0000", message: "We arrive late." };

/** A guest's reservation of `unitId` through the public endpoint. */
export function reserve(unitId: string, stay: { checkIn: string; checkOut: string; guests?: number }, intent: "book" | "ask" = "book", guest: Partial<typeof GUEST> = {}) {
  return publicApi("POST", `/api/public/stays/${unitId}/reservations`, { intent, guests: 2, ...stay, ...GUEST, ...guest });
}
