import { and, eq, isNull } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { channel as contract, type channelImportResultSchema, type channelReservationBodySchema } from "@contract/channel";
import type { z } from "@hono/zod-openapi";
import { CHANNEL_CANCEL_REASON } from "@domain/booking";
import { AMOUNT_UNIT } from "@domain/pricing";
import type { PublicApiEnv, UserRow } from "@api/context";
import { bookings, channelApiKeys, propertyUnits, users } from "@api/db/schema";
import { constraintFailed } from "@api/calendar/taken-nights";
import { ApiError, notFound, validationFailed } from "@api/lib/errors";
import { contractRouter } from "@api/lib/openapi";
import { translator } from "@api/lib/translate";
import { findUnit, type PropertyRow, type UnitRow } from "@api/properties/queries";
import { unitTimeZone } from "@api/pricing/prices";
import { cancelBooking, createBooking, modifyBooking, refused, type BookingRow } from "@api/bookings/services";
import { importUnitReservations } from "./import";
import { keyHash } from "./keys";
import { once, type StoredAnswer } from "./idempotency";

/**
 * The channel intake API (decision 027): `/api/channel/…` with a host's API key, every write once
 * per Idempotency-Key, through the same booking services as the public page.
 */

type ChannelEnv = PublicApiEnv & { Variables: { host: UserRow } };
type ChannelReservationBody = z.infer<typeof channelReservationBodySchema>;
type ChannelImportItem = z.infer<typeof channelImportResultSchema>["items"][number];

const english = translator("en_US");

/** The key's host, or 401: the key is looked up by its hash, and a revoked key is no key. */
const channelKey = createMiddleware<ChannelEnv>(async (c, next) => {
  const secret = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  if (!secret) throw new ApiError(401, "Send the API key as Authorization: Bearer <key>");
  const { db } = c.var;
  const [found] = await db
    .select({ host: users, keyId: channelApiKeys.id })
    .from(channelApiKeys)
    .innerJoin(users, eq(users.id, channelApiKeys.hostUserId))
    .where(and(eq(channelApiKeys.keyHash, await keyHash(secret)), isNull(channelApiKeys.revokedAt)))
    .limit(1);
  if (!found) throw new ApiError(401, "This API key is not valid or was revoked");
  c.set("host", found.host);
  c.executionCtx.waitUntil(db.update(channelApiKeys).set({ lastUsedAt: new Date() }).where(eq(channelApiKeys.id, found.keyId)).then(() => undefined));
  await next();
});

function present(booking: BookingRow, unitId: string) {
  return {
    bookingId: booking.publicId,
    reservationId: booking.externalId ?? "",
    code: booking.code,
    unitId,
    status: booking.status,
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    guests: booking.guests,
    currency: booking.currency,
    amountUnit: AMOUNT_UNIT,
    totalAmount: booking.total,
    commission: booking.commission,
    payout: booking.payout,
  };
}

/** The host's published unit, or 404 naming `unitId`. */
async function publishedUnitOf(c: Context<ChannelEnv>, unitId: string): Promise<{ unit: UnitRow; property: PropertyRow }> {
  const { unit, property } = await findUnit(c.var.db, c.var.host.id, unitId).catch(() => ({ unit: null, property: null }));
  if (!unit || !property || unit.state !== "PUBLISHED") throw new ApiError(404, "No published unit of the key's host has this id", [{ field: "unitId", message: english("validation.unit_unknown"), type: "unit_unknown" }]);
  return { unit, property };
}

/** The booking a reservation made, with its unit's public id, or 404. */
async function reservationOf(c: Context<ChannelEnv>, reservationId: string) {
  const [found] = await c.var.db
    .select({ booking: bookings, unitId: propertyUnits.publicId })
    .from(bookings)
    .innerJoin(propertyUnits, eq(propertyUnits.id, bookings.unitId))
    .where(and(eq(bookings.hostUserId, c.var.host.id), eq(bookings.source, "smoobu"), eq(bookings.externalId, reservationId)))
    .limit(1);
  if (!found) throw notFound("Reservation");
  return found;
}

/**
 * The stored answer of an Idempotency-Key, sent as it was first answered: its status is one the
 * endpoint declares (the API tests check each against the contract), which the type cannot know.
 */
function answer(c: Context<ChannelEnv>, stored: StoredAnswer): never {
  return c.body(JSON.stringify(stored.body), stored.status as 200, { "content-type": "application/json" }) as never;
}

const router = contractRouter<ChannelEnv>();
router.use("/api/channel/*", channelKey);

const bookedAtInFuture = () => validationFailed([{ field: "bookedAt", message: english("validation.booked_at_in_future"), type: "booked_at_in_future" }]);

/** A channel's reservation made a booking through the booking service (every rule of decision 027), or refused as POST /reservations refuses it. */
const bookedAtOf = (body: ChannelReservationBody, now: Date) => (body.bookedAt ? new Date(body.bookedAt) : now);

const reservationOfBody = (body: ChannelReservationBody, timeZone: string) => ({
  stay: { checkIn: body.checkIn, checkOut: body.checkOut },
  guests: body.guests,
  guest: { ...body.guest, phone: body.guest.phone ?? null, message: body.guest.message ?? null },
  timeZone,
});

async function createReservation(c: Context<ChannelEnv>, body: ChannelReservationBody, unitOf: (unitId: string) => Promise<{ unit: UnitRow; property: PropertyRow }>, now: Date): Promise<BookingRow> {
  const { db, host } = c.var;
  const bookedAt = bookedAtOf(body, now);
  if (bookedAt.getTime() > now.getTime() + 60_000) throw bookedAtInFuture();
  const { unit, property } = await unitOf(body.unitId);
  const reservation = reservationOfBody(body, unitTimeZone(property));
  try {
    return await createBooking(db, host, unit, reservation, now, { source: "smoobu", externalId: body.reservationId, bookedAt, ...(body.paymentPlan ? { paymentPlan: body.paymentPlan } : {}) });
  } catch (error) {
    if (constraintFailed(error, "UNIQUE", "bookings")) throw new ApiError(409, "A reservation with this id exists already", [{ field: "reservationId", message: english("validation.duplicate"), type: "duplicate" }]);
    throw error;
  }
}

export const channelRoutes = router
  .openapi(contract.create, async (c) => {
    const body = c.req.valid("json");
    const key = c.req.valid("header")["idempotency-key"];
    const { db, host } = c.var;
    const now = new Date();
    if (body.bookedAt && new Date(body.bookedAt).getTime() > now.getTime() + 60_000) throw bookedAtInFuture();
    const stored = await once(db, host.id, key, `POST reservations ${JSON.stringify(body)}`, async () => {
      const booking = await createReservation(c, body, (unitId) => publishedUnitOf(c, unitId), now);
      return { status: 201, body: present(booking, body.unitId) };
    });
    return answer(c, stored);
  })
  .openapi(contract.import, async (c) => {
    const { reservations } = c.req.valid("json");
    const { db, host } = c.var;
    const stored = await once(db, host.id, c.req.valid("header")["idempotency-key"], `POST import ${JSON.stringify(reservations)}`, async () => {
      const now = new Date();
      const items: ChannelImportItem[] = reservations.map((r) => ({ reservationId: r.reservationId, status: 409, bookingId: null, code: null }));
      const refuse = (i: number, error: ApiError) => {
        items[i] = { ...items[i]!, status: error.status as 400 | 404 | 409, errors: error.errors ?? [{ field: null, message: error.message, type: "refused" }] };
      };
      const made = (i: number, booking: BookingRow) => {
        items[i] = { reservationId: booking.externalId ?? "", status: 201, bookingId: booking.publicId, code: booking.code };
      };
      // Each unit once: its reservations quoted together and written in one batch (api/channel/import.ts), in the order sent.
      for (const [unitId, indexes] of Map.groupBy(reservations.keys(), (i) => reservations[i]!.unitId)) {
        let found: { unit: UnitRow; property: PropertyRow };
        try {
          found = await publishedUnitOf(c, unitId);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          for (const i of indexes) refuse(i, error);
          continue;
        }
        const timeZone = unitTimeZone(found.property);
        const future = indexes.filter((i) => bookedAtOf(reservations[i]!, now).getTime() > now.getTime() + 60_000);
        for (const i of future) refuse(i, bookedAtInFuture());
        const queued = indexes.filter((i) => !future.includes(i));
        const outcomes = await importUnitReservations(
          db,
          host,
          found.unit,
          queued.map((i) => {
            const body = reservations[i]!;
            return { reservation: reservationOfBody(body, timeZone), origin: { source: "smoobu", externalId: body.reservationId, bookedAt: bookedAtOf(body, now), ...(body.paymentPlan ? { paymentPlan: body.paymentPlan } : {}) } };
          }),
          now,
        );
        for (const [n, i] of queued.entries()) {
          const outcome = outcomes?.[n];
          if (outcome && "booking" in outcome) made(i, outcome.booking);
          else if (outcome) refuse(i, refused(outcome.refusals));
          else {
            // The batch was refused whole (a night taken meanwhile, an id that exists): one at a time, each with its own answer.
            try {
              made(i, await createReservation(c, reservations[i]!, async () => found, now));
            } catch (error) {
              if (!(error instanceof ApiError) || ![400, 404, 409].includes(error.status)) throw error;
              refuse(i, error);
            }
          }
        }
      }
      return { status: 200, body: { created: items.filter((item) => item.status === 201).length, items } };
    });
    return answer(c, stored);
  })
  .openapi(contract.get, async (c) => {
    const { booking, unitId } = await reservationOf(c, c.req.valid("param").reservationId);
    return c.json(present(booking, unitId), 200);
  })
  .openapi(contract.modify, async (c) => {
    const { reservationId } = c.req.valid("param");
    const body = c.req.valid("json");
    const { db, host } = c.var;
    const stored = await once(db, host.id, c.req.valid("header")["idempotency-key"], `PUT ${reservationId} ${JSON.stringify(body)}`, async () => {
      const { booking, unitId } = await reservationOf(c, reservationId);
      const { unit, property } = await findUnit(db, host.id, unitId);
      const changed = await modifyBooking(db, host, unit, booking, { stay: { checkIn: body.checkIn, checkOut: body.checkOut }, guests: body.guests, timeZone: unitTimeZone(property) }, new Date());
      return { status: 200, body: present(changed, unitId) };
    });
    return answer(c, stored);
  })
  .openapi(contract.cancel, async (c) => {
    const { reservationId } = c.req.valid("param");
    const body = c.req.valid("json");
    const { db, host } = c.var;
    const stored = await once(db, host.id, c.req.valid("header")["idempotency-key"], `CANCEL ${reservationId} ${JSON.stringify(body)}`, async () => {
      const { booking, unitId } = await reservationOf(c, reservationId);
      const role = body.cancelledBy === "owner" ? "OWNER_VIA_EXTERNAL_SYSTEM" : body.cancelledBy === "channel" ? "EXTERNAL_SYSTEM" : "GUEST_VIA_EXTERNAL_SYSTEM";
      const cancelled = await cancelBooking(db, booking, { role, reason: body.reason || CHANNEL_CANCEL_REASON, subReason: null, explanation: null }, new Date());
      return { status: 200, body: present(cancelled, unitId) };
    });
    return answer(c, stored);
  });
