import { and, asc, eq, gte, lt, lte } from "drizzle-orm";
import { addDays, todayIn, type IsoDate } from "@domain/dates";
import type { Currency } from "@domain/money";
import { quoteStay } from "@domain/quote";
import type { UserRow } from "@api/context";
import type { Database } from "@api/db/client";
import { takenNights, unitDayOverrides } from "@api/db/schema";
import { constraintFailed, neighbouringStaysQueries, neighboursOf } from "@api/calendar/taken-nights";
import { configurationOf, priceConfigurationReads } from "@api/pricing/prices";
import { quotedBookingWrite, type BookingOrigin, type BookingRow, type Reservation, type StayAskedRefusal } from "@api/bookings/services";
import type { UnitRow } from "@api/properties/queries";

/**
 * The channel import's fast path (decision 027, `POST /api/channel/reservations/import`): one unit's
 * reservations of an import quoted by the same rules as one reservation (`quoteStay` of
 * domain/quote.ts with the unit's prices, its taken nights and the stays around each, plus the
 * unit's guests and paused calendar, as `quoteStay` of the booking services asks them) from one read
 * batch, each reservation seeing the nights of those before it in the import; the bookings are
 * written in one batch of the same statements `createBooking` writes. When that batch fails (a night
 * taken meanwhile, a reservation id that exists), nothing of it is written and the caller makes the
 * unit's reservations one at a time instead, each answering its own result.
 */

export interface ImportedReservation {
  reservation: Reservation;
  origin: BookingOrigin & { bookedAt: Date; externalId: string };
}

export type ImportOutcome = { booking: BookingRow } | { refusals: StayAskedRefusal[] };

/** The position of the first element of a sorted list at or above `value`. */
function lowerBound(sorted: readonly IsoDate[], value: IsoDate): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const lastBefore = (sorted: readonly IsoDate[], value: IsoDate): IsoDate | null => sorted[lowerBound(sorted, value) - 1] ?? null;
const firstFrom = (sorted: readonly IsoDate[], value: IsoDate): IsoDate | null => sorted[lowerBound(sorted, value)] ?? null;

function nightsOf(checkIn: IsoDate, checkOut: IsoDate): IsoDate[] {
  const nights: IsoDate[] = [];
  for (let night = checkIn; night < checkOut; night = addDays(night, 1)) nights.push(night);
  return nights;
}

/**
 * One unit's reservations, in the order given: an outcome per reservation, or null when the write
 * batch was refused (nothing written; the caller goes one at a time).
 */
export async function importUnitReservations(db: Database, host: UserRow, unit: UnitRow, items: ImportedReservation[], now: Date): Promise<ImportOutcome[] | null> {
  if (!items.length) return [];
  const from = items.reduce((min, i) => (i.reservation.stay.checkIn < min ? i.reservation.stay.checkIn : min), items[0]!.reservation.stay.checkIn);
  const to = items.reduce((max, i) => (i.reservation.stay.checkOut > max ? i.reservation.stay.checkOut : max), items[0]!.reservation.stay.checkOut);
  // The window read covers every stay and the nights around it that preparation time looks at; beyond it, the nearest stays are read apart.
  const margin = unit.preparationTime + 1;
  const windowFrom = addDays(from, -margin);
  const windowTo = addDays(to, margin);
  const [[priceRow], seasons, overrides, taken, outerBefore, outerAfter] = await db.batch([
    ...priceConfigurationReads(db, unit.id),
    db
      .select()
      .from(unitDayOverrides)
      .where(and(eq(unitDayOverrides.unitId, unit.id), gte(unitDayOverrides.date, from), lte(unitDayOverrides.date, to)))
      .orderBy(asc(unitDayOverrides.date)),
    db
      .select({ night: takenNights.night, kind: takenNights.kind })
      .from(takenNights)
      .where(and(eq(takenNights.unitId, unit.id), gte(takenNights.night, windowFrom), lt(takenNights.night, windowTo)))
      .orderBy(asc(takenNights.night)),
    ...neighbouringStaysQueries(db, unit.id, { checkIn: windowFrom, checkOut: windowTo }),
  ]);
  const rules = configurationOf(unit, priceRow, seasons);
  const takenSet = new Set(taken.map((t) => t.night));
  // Nights of guests' stays (bookings and other platforms' calendars): the neighbours preparation time keeps apart.
  const guestNights = taken.filter((t) => t.kind === "booking" || t.kind === "external").map((t) => t.night);
  const outer = neighboursOf(outerBefore, outerAfter);
  const outcomes: ImportOutcome[] = [];
  const statements: D1PreparedStatement[] = [];
  for (const { reservation, origin } of items) {
    const { stay, guests } = reservation;
    const today = todayIn(reservation.timeZone, origin.bookedAt);
    const neighbours = { lastNightBefore: lastBefore(guestNights, stay.checkIn) ?? outer.lastNightBefore, firstNightAfter: firstFrom(guestNights, stay.checkOut) ?? outer.firstNightAfter };
    const stayOverrides = overrides.filter((o) => o.date >= stay.checkIn && o.date <= stay.checkOut);
    const answer = quoteStay(rules, stayOverrides, { stay, guests, today, neighbours }, host.currency as Currency);
    const nights = nightsOf(stay.checkIn, stay.checkOut);
    const refusals: StayAskedRefusal[] = [...answer.refusals];
    if (guests > unit.maxGuests) refusals.push({ rule: "too_many_guests", maxGuests: unit.maxGuests });
    if (unit.calendarStatus === "PAUSED") refusals.push({ rule: "calendar_paused" });
    if (nights.some((night) => takenSet.has(night))) refusals.push({ rule: "nights_taken" });
    if (refusals.length || !answer.quote) {
      outcomes.push({ refusals });
      continue;
    }
    const write = quotedBookingWrite(db, host, unit, reservation, answer.quote, today, now, origin);
    statements.push(...write.statements);
    outcomes.push({ booking: write.booking });
    for (const night of nights) {
      takenSet.add(night);
      guestNights.splice(lowerBound(guestNights, night), 0, night);
    }
  }
  if (!statements.length) return outcomes;
  try {
    await db.$client.batch(statements);
  } catch (error) {
    if (constraintFailed(error, "UNIQUE", "taken_nights") || constraintFailed(error, "UNIQUE", "bookings")) return null;
    throw error;
  }
  return outcomes;
}
