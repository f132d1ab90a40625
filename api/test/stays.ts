import { env, SELF } from "cloudflare:test";
import { checkResponse, endpointFor } from "@contract/check-response";
import { publicEndpoints } from "@contract/index";
import { addDays, todayUtc } from "@domain/dates";
import { newPublicId } from "@api/lib/ids";
import { hostMonthsBackfillSql, monthsBackfillSql } from "@api/insights/months";
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

/**
 * A host's monthly sums counted again from their rows, as the migration's backfill counts them: for
 * rows a test wrote without the services (as data that was there before the sums, migration 0018).
 */
export async function recountMonths(hostId: number) {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM insight_months WHERE host_user_id = ?").bind(hostId),
    env.DB.prepare(monthsBackfillSql(`= ${hostId}`)),
    env.DB.prepare("DELETE FROM insight_host_months WHERE host_user_id = ?").bind(hostId),
    env.DB.prepare(hostMonthsBackfillSql(`= ${hostId}`)),
  ]);
}

/**
 * The bookings of a unit moved to a stay a guest could not book today (one that began in the past),
 * with their nights: a unit's booking, made ahead through the services, then given these days.
 */
export async function moveUnitsBooking(unitId: string, stay: { checkIn: string; checkOut: string }) {
  const unit = "(SELECT id FROM property_units WHERE public_id = ?)";
  await env.DB.batch([
    env.DB.prepare(`UPDATE bookings SET check_in = ?, check_out = ? WHERE unit_id = ${unit}`).bind(stay.checkIn, stay.checkOut, unitId),
    env.DB.prepare(`DELETE FROM taken_nights WHERE unit_id = ${unit}`).bind(unitId),
    env.DB.prepare(
      `INSERT INTO taken_nights (unit_id, night, host_user_id, kind, owner_id)
       WITH RECURSIVE n(night) AS (SELECT ? UNION ALL SELECT date(night, '+1 day') FROM n WHERE night < ?)
       SELECT b.unit_id, n.night, b.host_user_id, 'booking', b.public_id FROM n, bookings b WHERE b.unit_id = ${unit}`,
    ).bind(stay.checkIn, addDays(stay.checkOut, -1), unitId),
  ]);
}
