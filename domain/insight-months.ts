import type { Dac7Instalment } from "./dac7";
import { daysBetween, type IsoDate } from "./days";
import { addMonthsTo, cancelledStayEarnings, monthOf, type Month } from "./insights";

/**
 * The insights' monthly sums (decision 042): per unit and month, the figures the insights pages add
 * up, kept by the services in the same batch as the write that changes them (a booking made,
 * modified or cancelled, a request or inquiry arriving, an inquiry confirmed, a listing viewed), so
 * that a page reads at most units × months rows instead of every booking. What a booking adds is
 * `bookingMonths`; a write adds the difference between the booking after and before.
 */

/** The figures of a unit's month, as the columns of `insight_months`. */
export const MONTH_FIGURES = [
  // Performance: listing views by day, requests and inquiries by arrival, bookings by the month they were made
  // (count, cancelled, and of those kept: nights, revenue, lead days).
  "views",
  "requests",
  "inquiries",
  "bookings",
  // Of them, those made on the listing (the conversion of its views; a channel manager's were sold elsewhere).
  "directBookings",
  "cancelled",
  "nights",
  "revenue",
  "leadDays",
  // Earnings by the month stayed: a stay's money shared over its nights (`shareOfNights`), a cancelled stay's kept payment in its check-in's month.
  "stayGross",
  "stayCommission",
  "stayPayout",
  "stays",
  // Earnings by the month paid out: the check-in's month, a cancelled stay's kept payment in the month it was cancelled.
  "payoutGross",
  "payoutCommission",
  "payoutPayout",
  "payoutStays",
  // Occupancy: the nights taken by bookings (and confirmed inquiries) by the month of each night.
  "bookedNights",
] as const;
export type MonthFigure = (typeof MONTH_FIGURES)[number];
export type MonthFigures = Partial<Record<MonthFigure, number>>;
/** What a write adds to a unit's months (negative numbers take away). */
export type MonthChanges = Map<Month, MonthFigures>;

/** Adds `figures` × `sign` to `month` of `changes`. */
export function addTo(changes: MonthChanges, month: Month, figures: MonthFigures, sign = 1): MonthChanges {
  const row = changes.get(month) ?? {};
  for (const [key, value] of Object.entries(figures) as [MonthFigure, number][]) row[key] = (row[key] ?? 0) + sign * value;
  changes.set(month, row);
  return changes;
}

/** The changes without the months and figures that add nothing. */
export function nonZero(changes: MonthChanges): MonthChanges {
  const out: MonthChanges = new Map();
  for (const [month, figures] of changes) {
    const kept = Object.fromEntries(Object.entries(figures).filter(([, value]) => value !== 0)) as MonthFigures;
    if (Object.keys(kept).length) out.set(month, kept);
  }
  return out;
}

const utcDay = (date: Date): IsoDate => date.toISOString().slice(0, 10);

/**
 * The nights of the stay [checkIn, checkOut) in each month it overlaps, and `amount` shared over
 * them in whole minor units: a month gets what the nights up to its end are worth less what the
 * nights before it are worth (each rounded down), so the shares always add up to the amount and a
 * stay within one month keeps it whole.
 */
export function shareOfNights(checkIn: IsoDate, checkOut: IsoDate, amounts: readonly number[]): { month: Month; nights: number; shares: number[] }[] {
  const total = daysBetween(checkIn, checkOut);
  if (total <= 0) return [];
  const out: { month: Month; nights: number; shares: number[] }[] = [];
  for (let month = monthOf(checkIn); `${month}-01` < checkOut; month = addMonthsTo(month, 1)) {
    const start = `${month}-01` > checkIn ? `${month}-01` : checkIn;
    const next = `${addMonthsTo(month, 1)}-01`;
    const end = next < checkOut ? next : checkOut;
    const before = daysBetween(checkIn, start);
    const upTo = daysBetween(checkIn, end);
    out.push({ month, nights: upTo - before, shares: amounts.map((amount) => Math.floor((amount * upTo) / total) - Math.floor((amount * before) / total)) });
  }
  return out;
}

/** What the monthly sums read of a booking. */
export interface BookingFacts {
  status: string;
  /** "direct": made on the listing; else the channel manager that brought it. */
  source: string;
  checkIn: IsoDate;
  checkOut: IsoDate;
  total: number;
  commission: number;
  payout: number;
  bookedAt: Date;
  cancelledAt: Date | null;
  instalments: readonly Dac7Instalment[];
}

/**
 * What a booking adds to its unit's months (decision 037's rules): one booking in the month it was
 * made (UTC), cancelled or, when kept, with its nights, total and lead days (from the day it was
 * made to check-in); a kept stay's money by the month stayed (shared over its nights) and by the
 * check-in's month, its nights taken by the month of each night; a cancelled stay only with what its
 * guest had paid (`cancelledStayEarnings`), in its check-in's month and the month it was cancelled.
 */
export function bookingMonths(booking: BookingFacts, changes: MonthChanges = new Map(), sign = 1): MonthChanges {
  const bookedOn = utcDay(booking.bookedAt);
  const cancelled = booking.status === "CANCELLED";
  const nights = daysBetween(booking.checkIn, booking.checkOut);
  const made = { bookings: 1, directBookings: booking.source === "direct" ? 1 : 0 };
  addTo(
    changes,
    monthOf(bookedOn),
    cancelled ? { ...made, cancelled: 1 } : { ...made, nights, revenue: booking.total, leadDays: Math.max(0, daysBetween(bookedOn, booking.checkIn)) },
    sign,
  );
  if (!cancelled) {
    for (const { month, nights: inMonth, shares } of shareOfNights(booking.checkIn, booking.checkOut, [booking.total, booking.commission, booking.payout])) {
      addTo(changes, month, { stayGross: shares[0]!, stayCommission: shares[1]!, stayPayout: shares[2]!, stays: 1, bookedNights: inMonth }, sign);
    }
    addTo(changes, monthOf(booking.checkIn), { payoutGross: booking.total, payoutCommission: booking.commission, payoutPayout: booking.payout, payoutStays: 1 }, sign);
    return changes;
  }
  if (booking.cancelledAt === null) return changes;
  const kept = cancelledStayEarnings({ ...booking, bookedOn, cancelledOn: utcDay(booking.cancelledAt) });
  if (!kept) return changes;
  addTo(changes, kept.stayMonth, { stayGross: kept.gross, stayCommission: kept.commission, stayPayout: kept.payout }, sign);
  addTo(changes, kept.payoutMonth, { payoutGross: kept.gross, payoutCommission: kept.commission, payoutPayout: kept.payout }, sign);
  return changes;
}

/** What a write that turns `before` into `after` changes (a booking made: no `before`; cancelled or modified: both). */
export function bookingChange(before: BookingFacts | null, after: BookingFacts): MonthChanges {
  const changes = bookingMonths(after);
  if (before) bookingMonths(before, changes, -1);
  return nonZero(changes);
}

/** A confirmed inquiry takes its stay's nights (occupancy), by the month of each night. */
export function takenNightsMonths(checkIn: IsoDate, checkOut: IsoDate): MonthChanges {
  const changes: MonthChanges = new Map();
  for (const { month, nights } of shareOfNights(checkIn, checkOut, [])) addTo(changes, month, { bookedNights: nights });
  return changes;
}

/** One figure counted once in the month of `at` (UTC): a request or an inquiry arriving, a listing viewed. */
export function countedOnce(figure: "requests" | "inquiries" | "views", at: Date | IsoDate): MonthChanges {
  return new Map([[monthOf(typeof at === "string" ? at : utcDay(at)), { [figure]: 1 }]]);
}
