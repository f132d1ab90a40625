import { addDays, daysBetween, isIsoDate, type IsoDate, type Stay } from "./dates";

/**
 * A unit's calendar (§3 Calendar): which nights are taken and by what, and the limits of the ranges
 * the calendar's API accepts. Pure data and functions, no I/O.
 *
 * A range of nights is half-open like a stay, `[dateFrom, dateTo)`: blocking from the 3rd to the 5th
 * takes the nights of the 3rd and the 4th. A range of days (prices, stay limits) lists its last day,
 * `dateFrom..dateTo` both included, as the price list does.
 */

/** What took a night: a booking, the host's manual block, an imported external event, a pause. */
export const TAKEN_NIGHT_KINDS = ["booking", "manual", "external", "pause"] as const;
export type TakenNightKind = (typeof TAKEN_NIGHT_KINDS)[number];

/** §3 Calendar availability of a day. NEUTRAL: free, but no price is set, so it cannot be sold. */
export const DAY_AVAILABILITIES = ["AVAILABLE", "NEUTRAL", "BLOCKED", "PAUSED"] as const;
export type DayAvailability = (typeof DAY_AVAILABILITIES)[number];

/** §3 Calendar event sources. */
export const EVENT_SOURCES = ["booking", "booking_request", "inquiry", "inquiry_confirmed", "manual", "external", "multi", "smoobu"] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

/** The source of the event a taken night belongs to. A pause is shown as the host's own (manual) closing. */
export const EVENT_SOURCE_OF: Record<TakenNightKind, EventSource> = { booking: "booking", manual: "manual", external: "external", pause: "manual" };

/** The longest range one calendar request covers: two years, a leap day included. */
export const CALENDAR_RANGE_MAX_DAYS = 731;

export type RangeProblem = "date_invalid" | "period_invalid" | "date_range_invalid" | "period_too_long";

/** A range of nights `[dateFrom, dateTo)`: at least one night, at most two years. */
export function nightRangeProblem(range: Stay | { dateFrom: IsoDate; dateTo: IsoDate }): RangeProblem | null {
  const { from, to } = "checkIn" in range ? { from: range.checkIn, to: range.checkOut } : { from: range.dateFrom, to: range.dateTo };
  if (!isIsoDate(from) || !isIsoDate(to)) return "date_invalid";
  if (to <= from) return "period_invalid";
  if (daysBetween(from, to) > CALENDAR_RANGE_MAX_DAYS) return "period_too_long";
  return null;
}

/** A range of days `dateFrom..dateTo`, both included: the end not before the start, at most two years. */
export function dayRangeProblem(dateFrom: IsoDate, dateTo: IsoDate): RangeProblem | null {
  if (!isIsoDate(dateFrom) || !isIsoDate(dateTo)) return "date_invalid";
  if (dateTo < dateFrom) return "date_range_invalid";
  if (daysBetween(dateFrom, dateTo) + 1 > CALENDAR_RANGE_MAX_DAYS) return "period_too_long";
  return null;
}

/** One taken night as the calendar reads it. */
export interface TakenNight {
  night: IsoDate;
  kind: TakenNightKind;
  ownerId: string;
}

/** §3 Event: what covers a run of nights, `[dateFrom, dateTo)`; overlapping events are `multi` with children. */
export interface CalendarEventBase {
  id: string;
  dateFrom: IsoDate;
  dateTo: IsoDate;
  source: EventSource;
  kind: TakenNightKind;
}
export interface CalendarEvent extends CalendarEventBase {
  children: CalendarEventBase[];
}

/**
 * The events of taken nights: consecutive nights of one owner form one event, from its first night
 * to the morning after its last (a stay's check-out). Taken nights never overlap (one row per
 * night), so `children` stays empty until events of other tables (requests, inquiries) join them.
 */
export function eventsOf(nights: readonly TakenNight[]): CalendarEvent[] {
  const sorted = [...nights].sort((a, b) => (a.night < b.night ? -1 : a.night > b.night ? 1 : 0));
  const events: CalendarEvent[] = [];
  for (const taken of sorted) {
    const last = events.at(-1);
    if (last && last.id === taken.ownerId && last.dateTo === taken.night) {
      last.dateTo = addDays(taken.night, 1);
      continue;
    }
    events.push({ id: taken.ownerId, dateFrom: taken.night, dateTo: addDays(taken.night, 1), source: EVENT_SOURCE_OF[taken.kind], kind: taken.kind, children: [] });
  }
  return events;
}

/**
 * A day's availability: taken by a pause (or the whole calendar paused) is PAUSED, taken by anything
 * else BLOCKED, free with a price AVAILABLE, free without one NEUTRAL.
 */
export function availabilityOf(taken: TakenNightKind | undefined, calendarPaused: boolean, price: number | null): DayAvailability {
  if (taken === "pause") return "PAUSED";
  if (taken) return "BLOCKED";
  if (calendarPaused) return "PAUSED";
  return price === null ? "NEUTRAL" : "AVAILABLE";
}
