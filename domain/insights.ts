import { keptOnCancellation, type Dac7Booking, type KeptOnCancellation } from "./dac7";
import { addDays, daysBetween, type IsoDate } from "./days";

/**
 * Insights (§2, issue 16): the periods a host compares, and the figures derived from the monthly
 * sums the API reads with SQL. Pure, so that every number on a page can be traced to its sums.
 */

export const INSIGHT_TABS = ["earnings", "occupancy", "performance", "reviews"] as const;
export type InsightTab = (typeof INSIGHT_TABS)[number];

export const PERIODS = ["this-year", "last-12-months", "last-year", "custom"] as const;
export type Period = (typeof PERIODS)[number];

/** The unit selector's page size (§9). */
export const INSIGHTS_UNIT_PAGE_SIZE = 20;
/** The longest custom range, in months. */
export const MAX_PERIOD_MONTHS = 36;

/** A month written `YYYY-MM`. */
export type Month = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const isMonth = (value: string): boolean => MONTH.test(value);

export function addMonthsTo(month: Month, count: number): Month {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

export const monthOf = (date: IsoDate): Month => date.slice(0, 7);

/** The months from `first` to `last`, both included. */
export function monthsFrom(first: Month, last: Month): Month[] {
  const months: Month[] = [];
  for (let month = first; month <= last && months.length <= MAX_PERIOD_MONTHS; month = addMonthsTo(month, 1)) months.push(month);
  return months;
}

/** A period of whole months: its first and last month, and the days [from, to) it covers. */
export interface PeriodRange {
  first: Month;
  last: Month;
  from: IsoDate;
  to: IsoDate;
  months: Month[];
}

export function rangeOf(first: Month, last: Month): PeriodRange {
  return { first, last, from: `${first}-01`, to: `${addMonthsTo(last, 1)}-01`, months: monthsFrom(first, last) };
}

/**
 * The months a period covers on `today`: this year (January to December), the last 12 months (this
 * month and the eleven before it), last year, or a custom range of months (at most 36; reversed
 * ends are swapped).
 */
export function periodRange(period: Period, today: IsoDate, custom?: { from: Month; to: Month }): PeriodRange {
  const month = monthOf(today);
  const year = today.slice(0, 4);
  if (period === "this-year") return rangeOf(`${year}-01`, `${year}-12`);
  if (period === "last-year") return rangeOf(`${Number(year) - 1}-01`, `${Number(year) - 1}-12`);
  if (period === "custom" && custom && isMonth(custom.from) && isMonth(custom.to)) {
    const [first, last] = custom.from <= custom.to ? [custom.from, custom.to] : [custom.to, custom.from];
    return rangeOf(first < addMonthsTo(last, -(MAX_PERIOD_MONTHS - 1)) ? addMonthsTo(last, -(MAX_PERIOD_MONTHS - 1)) : first, last);
  }
  return rangeOf(addMonthsTo(month, -11), month);
}

/** The same months a year before, which every period is compared with. */
export function yearBefore(range: PeriodRange): PeriodRange {
  return rangeOf(addMonthsTo(range.first, -12), addMonthsTo(range.last, -12));
}

export const daysInMonth = (month: Month): number => daysBetween(`${month}-01`, `${addMonthsTo(month, 1)}-01`);

// ---------------------------------------------------------------------------------------------
// Performance

/** What SQL sums per month (bookings by the month they were made, requests and inquiries by arrival, views by day). */
export interface PerformanceSums {
  views: number;
  requests: number;
  inquiries: number;
  bookings: number;
  /** Of the bookings, those made on the listing (not brought by a channel manager): what its views can have led to. */
  directBookings: number;
  cancelled: number;
  /** Of the bookings not cancelled: nights, what guests paid, and days from booking to check-in. */
  nights: number;
  revenue: number;
  leadDays: number;
}

export const emptyPerformance = (): PerformanceSums => ({ views: 0, requests: 0, inquiries: 0, bookings: 0, directBookings: 0, cancelled: 0, nights: 0, revenue: 0, leadDays: 0 });

export function addPerformance(a: PerformanceSums, b: PerformanceSums): PerformanceSums {
  return {
    views: a.views + b.views,
    requests: a.requests + b.requests,
    inquiries: a.inquiries + b.inquiries,
    bookings: a.bookings + b.bookings,
    directBookings: a.directBookings + b.directBookings,
    cancelled: a.cancelled + b.cancelled,
    nights: a.nights + b.nights,
    revenue: a.revenue + b.revenue,
    leadDays: a.leadDays + b.leadDays,
  };
}

/** The figures of §2 derived from the sums; null where there is nothing to divide by. */
export interface PerformanceFigures {
  views: number;
  requests: number;
  inquiries: number;
  bookings: number;
  /**
   * Bookings made on the listing per listing view, percent (one decimal). A channel manager's
   * bookings were sold elsewhere: counted, they would put a host who brings many above 100 %.
   */
  conversion: number | null;
  /** Minor units per night booked. */
  averageNightlyRate: number | null;
  /** Days from booking to check-in. */
  averageLeadTime: number | null;
  /** Nights per stay. */
  averageLengthOfStay: number | null;
  /** Cancelled of all bookings made, percent (one decimal). */
  cancellationRate: number | null;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const ratio = (part: number, whole: number, scale = 1): number | null => (whole > 0 ? oneDecimal((part / whole) * scale) : null);

export function performanceFigures(sums: PerformanceSums): PerformanceFigures {
  const kept = sums.bookings - sums.cancelled;
  return {
    views: sums.views,
    requests: sums.requests,
    inquiries: sums.inquiries,
    bookings: sums.bookings,
    conversion: ratio(sums.directBookings, sums.views, 100),
    averageNightlyRate: sums.nights > 0 ? Math.round(sums.revenue / sums.nights) : null,
    averageLeadTime: ratio(sums.leadDays, kept),
    averageLengthOfStay: ratio(sums.nights, kept),
    cancellationRate: ratio(sums.cancelled, sums.bookings, 100),
  };
}

/** The change from `before` to `now`, percent (one decimal); null without a figure a year before. */
export function change(now: number | null, before: number | null): number | null {
  if (now === null || before === null || before === 0) return null;
  // A drop that rounds to nothing is no change ("0 %", not "-0 %").
  return oneDecimal(((now - before) / Math.abs(before)) * 100) + 0;
}

/** The figures the insights pages show as tiles: performance's, earnings' and occupancy's. */
export type InsightFigure = keyof PerformanceFigures | "gross" | "commission" | "payout" | "rate" | "booked" | "available";

/**
 * Which way each figure is better (decision 037): more views, bookings, money or occupancy is better,
 * a higher cancellation rate worse; lead time, length of stay, commission (it follows the gross) and
 * the nights available (what the host offered, not what guests did) are neither.
 */
export const BETTER: Record<InsightFigure, "up" | "down" | "neither"> = {
  views: "up",
  requests: "up",
  inquiries: "up",
  bookings: "up",
  conversion: "up",
  averageNightlyRate: "up",
  averageLeadTime: "neither",
  averageLengthOfStay: "neither",
  cancellationRate: "down",
  gross: "up",
  commission: "neither",
  payout: "up",
  rate: "up",
  booked: "up",
  available: "neither",
};

/** How a figure's change against the year before reads: better, worse, or neither (no change, or a figure with no better way). */
export function changeTone(figure: InsightFigure, percent: number): "better" | "worse" | "neutral" {
  const better = BETTER[figure];
  if (percent === 0 || better === "neither") return "neutral";
  return percent > 0 === (better === "up") ? "better" : "worse";
}

// ---------------------------------------------------------------------------------------------
// Occupancy

export interface OccupancySums {
  /** Nights taken by bookings. */
  booked: number;
  /** Nights blocked by the host, paused, or taken by another platform's calendar, while the unit was for sale. */
  unavailable: number;
}

/**
 * The days a unit was for sale, [since, until) (until null: it still is). A unit is for sale from the
 * day it was first published — or from its first booked night, when a stay came before (a channel
 * manager's history: it was for sale elsewhere) — and, once no longer published, until it was
 * unpublished or deleted, or the night after its last booked one if a stay was still to come. The
 * API derives the spans in SQL (`SALE_SPANS`, api/insights/queries.ts; decision 037's addendum).
 */
export interface SaleSpan {
  since: IsoDate;
  until: IsoDate | null;
}

/**
 * The nights of `month` that the units were for sale (each unit's nights within its span) and how
 * many units had any: a unit published on the 21st of a 30-day month brings 10, one published the
 * month after brings none to this month.
 */
export function nightsForSale(month: Month, spans: readonly SaleSpan[]): { nights: number; units: number } {
  const from = `${month}-01`;
  const to = `${addMonthsTo(month, 1)}-01`;
  let nights = 0;
  let units = 0;
  for (const span of spans) {
    const start = span.since > from ? span.since : from;
    const end = span.until !== null && span.until < to ? span.until : to;
    const within = start < end ? daysBetween(start, end) : 0;
    if (within > 0) {
      nights += within;
      units += 1;
    }
  }
  return { nights, units };
}

/**
 * Booked nights ÷ nights available: the units' nights for sale in the month (`nightsForSale`), less
 * the nights that were blocked or paused (they were not for sale). Percent with one decimal; null
 * when no night was available.
 */
export function occupancyRate(nights: number, sums: OccupancySums): { available: number; rate: number | null } {
  const available = Math.max(0, nights - sums.unavailable);
  return { available, rate: ratio(Math.min(sums.booked, available), available, 100) };
}

/** A stay's nights that fall in [from, to). */
export function nightsWithin(stay: { checkIn: IsoDate; checkOut: IsoDate }, from: IsoDate, to: IsoDate): number {
  const start = stay.checkIn > from ? stay.checkIn : from;
  const end = stay.checkOut < to ? stay.checkOut : to;
  return Math.max(0, daysBetween(start, end));
}

// Which hosts see the earnings and occupancy tabs is a rule of the host's flags (the help and the account read it too, without the figures).
export { earningsAvailable } from "./user-flags";

export { addDays };

/**
 * A cancelled stay in the earnings (decision 037), the same money the DAC7 report counts for it
 * (decision 035): only what its guest had paid by the cancellation, which the host keeps less the
 * commission's share (`keptOnCancellation`); none when nothing was paid. By month of payout it
 * counts on the day of the cancellation (the day the report credits it); by month of stay, having no
 * nights to share it over, in the month of the check-in it was paid for. It is not a stay.
 */
export function cancelledStayEarnings(booking: Pick<Dac7Booking, "checkIn" | "total" | "commission" | "instalments" | "bookedOn"> & { cancelledOn: IsoDate }): (KeptOnCancellation & { stayMonth: Month; payoutMonth: Month }) | null {
  const kept = keptOnCancellation(booking);
  if (kept.gross <= 0) return null;
  return { ...kept, stayMonth: monthOf(booking.checkIn), payoutMonth: monthOf(booking.cancelledOn) };
}
