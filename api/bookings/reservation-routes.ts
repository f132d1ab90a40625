import { and, eq } from "drizzle-orm";
import { stays as contract } from "@contract/stays";
import { nights } from "@domain/dates";
import { AMOUNT_UNIT } from "@domain/pricing";
import { howGuestsBook } from "@domain/stay-offer";
import { deriveUserFlags } from "@domain/user-flags";
import type { PublicApiEnv } from "@api/context";
import type { Database } from "@api/db/client";
import { properties, propertyUnits, users } from "@api/db/schema";
import { notFound } from "@api/lib/errors";
import { contractRouter } from "@api/lib/openapi";
import { unitTimeZone } from "@api/pricing/prices";
import { createBooking, createInquiry, createRequest, hostTakes, refused, type Reservation } from "./services";

/**
 * The reservation a guest sends from a published unit's public page (`/stays/{unitId}`, no
 * sign-in): a booking (instant or a request, by the unit's booking type) for a host with bookings
 * available, or an inquiry for a host with inquiries available, through the same services as every
 * channel (decision 027).
 */

/** A published unit with its property and host, or 404 (one statement: not in a batch, so the join's equal column names are safe). */
async function publishedUnit(db: Database, unitId: string) {
  const [found] = await db
    .select({ unit: propertyUnits, property: properties, host: users })
    .from(propertyUnits)
    .innerJoin(properties, eq(properties.id, propertyUnits.propertyId))
    .innerJoin(users, eq(users.id, propertyUnits.hostUserId))
    .where(and(eq(propertyUnits.publicId, unitId), eq(propertyUnits.state, "PUBLISHED")))
    .limit(1);
  if (!found) throw notFound("Unit");
  return found;
}

function actionsOf(host: typeof users.$inferSelect, unit: typeof propertyUnits.$inferSelect) {
  const takes = hostTakes(host);
  return { book: takes.bookings ? (unit.bookingType === "onRequest" ? ("request" as const) : ("instant" as const)) : null, ask: takes.inquiries };
}

/** What a reservation without an intent is: what the public page offers (`howGuestsBook`, the page's own rule). */
function intentOf(host: typeof users.$inferSelect, unit: typeof propertyUnits.$inferSelect): "book" | "ask" | null {
  const offer = howGuestsBook(deriveUserFlags(host), unit.bookingType);
  return offer === null ? null : offer === "inquiry" ? "ask" : "book";
}

export const reservationRoutes = contractRouter<PublicApiEnv>()
  .openapi(contract.reserve, async (c) => {
    const { db } = c.var;
    const { unit, host, property } = await publishedUnit(db, c.req.valid("param").unitId);
    const body = c.req.valid("json");
    const actions = actionsOf(host, unit);
    const stay = { checkIn: body.checkIn, checkOut: body.checkOut };
    const reservation: Reservation = {
      stay,
      guests: body.guests,
      guest: { firstName: body.firstName, lastName: body.lastName, email: body.email, phone: body.phone ?? null, message: body.message ?? null, language: body.language ?? null },
      timeZone: unitTimeZone(property),
    };
    const now = new Date();
    const receipt = { checkIn: stay.checkIn, checkOut: stay.checkOut, nights: nights(stay), guests: body.guests, amountUnit: AMOUNT_UNIT };
    const intent = body.intent ?? intentOf(host, unit);
    if (intent === null) throw refused([{ rule: "bookings_unavailable" }]);
    if (intent === "ask") {
      if (!actions.ask) throw refused([{ rule: "inquiries_unavailable" }]);
      const inquiry = await createInquiry(db, host, unit, reservation, now);
      return c.json({ ...receipt, type: "inquiry" as const, code: inquiry.code, status: inquiry.status, currency: inquiry.currency, totalAmount: inquiry.total, expirationTime: null }, 201);
    }
    if (actions.book === null) throw refused([{ rule: "bookings_unavailable" }]);
    if (actions.book === "request") {
      const request = await createRequest(db, host, unit, reservation, now);
      return c.json({ ...receipt, type: "booking_request" as const, code: request.code, status: request.status, currency: request.currency, totalAmount: request.total, expirationTime: request.expiresAt.toISOString() }, 201);
    }
    const booking = await createBooking(db, host, unit, reservation, now);
    return c.json({ ...receipt, type: "booking" as const, code: booking.code, status: booking.status, currency: booking.currency, totalAmount: booking.total, expirationTime: null }, 201);
  });
