/**
 * Calendar dates and stays, the one place the product computes with days (issue 10 §5).
 *
 * - A calendar date is a plain ISO string `YYYY-MM-DD` with no time and no zone: a night, a season
 *   day, a date of birth. Arithmetic on it runs in UTC, where every day has 24 hours, so adding a
 *   day can never land on the same date or skip one when a time zone changes to or from summer time.
 * - A stay is half-open, `[checkIn, checkOut)`: the guest sleeps the nights from the check-in day up
 *   to, not including, the check-out day. Back-to-back stays (one leaves, the next arrives on the
 *   same day) do not overlap.
 * - "Today" depends on where the unit is: `todayIn(timeZone)` answers with the unit's date.
 * - An instant (`Date`, a stored timestamp) moves by calendar months in UTC (`addMonthsTo`) and by
 *   local days in a zone (`addDaysIn`), keeping the wall-clock time across summer time changes.
 */
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);

import { addDays, daysBetween, isDay, nextDay, weekdayOf, type IsoDate } from "./days";

// Whole days, weekdays and day counts are plain UTC arithmetic (domain/days.ts): a price list or a
// quote does them for each of hundreds of days, where a date library's parse and format cost more.
export { addDays, daysBetween, nextDay, weekdayOf, type IsoDate };

/** A stay from the check-in day up to, not including, the check-out day. */
export interface Stay {
  checkIn: IsoDate;
  checkOut: IsoDate;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const FORMAT = "YYYY-MM-DD";

function day(date: IsoDate) {
  if (!ISO_DATE.test(date)) throw new RangeError(`Not an ISO date: ${date}`);
  return dayjs.utc(date);
}

const format = (value: dayjs.Dayjs): IsoDate => value.format(FORMAT);

/** A real calendar day written `YYYY-MM-DD` (no 2026-02-30, no 2027-02-29). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  // The years 1000–9999 by day arithmetic (`isDay`, tested equal): every request's dates are checked, parsing them with the library costs more.
  if (value >= "1000") return isDay(value);
  const parsed = dayjs.utc(value);
  return parsed.isValid() && format(parsed) === value;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function yearOf(date: IsoDate): number {
  if (!ISO_DATE.test(date)) throw new RangeError(`Not an ISO date: ${date}`);
  return Number(date.slice(0, 4));
}

/** Today's date in UTC. */
export function todayUtc(now: Date = new Date()): IsoDate {
  return now.toISOString().slice(0, 10);
}

/** One formatter of calendar dates per zone, kept: making an `Intl` formatter costs far more than using one (a page of 50 units asks for each unit's today). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The day found last per zone, and the minute it was found for (`todayIn`). */
const todays = new Map<string, { minute: number; date: IsoDate }>();

/** Today's date where the unit is, e.g. `Europe/Lisbon`: at 23:30 UTC it is already tomorrow in Berlin. An unknown zone throws a RangeError. */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  // A zone's day changes on a whole minute of UTC (today's offsets are whole minutes): within a minute, the day found last.
  const minute = Math.floor(now.getTime() / 60_000);
  const kept = todays.get(timeZone);
  if (kept?.minute === minute) return kept.date;
  const date = dayInZone(timeZone, now);
  todays.set(timeZone, { minute, date });
  return date;
}

function dayInZone(timeZone: string, now: Date): IsoDate {
  let dayFormat = dayFormats.get(timeZone);
  if (!dayFormat) {
    dayFormat = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", calendar: "gregory", numberingSystem: "latn" });
    dayFormats.set(timeZone, dayFormat);
  }
  let year = "";
  let month = "";
  let dayOfMonth = "";
  for (const part of dayFormat.formatToParts(now)) {
    if (part.type === "year") year = part.value.padStart(4, "0");
    else if (part.type === "month") month = part.value;
    else if (part.type === "day") dayOfMonth = part.value;
  }
  return `${year}-${month}-${dayOfMonth}`;
}

/** Whole months later; a day the target month lacks becomes its last day (31 January + 1 month = 28/29 February). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  if (!ISO_DATE.test(date)) throw new RangeError(`Not an ISO date: ${date}`);
  // UTC arithmetic (a calendar walks months on every page): a day past its month's end rolls over first, as dayjs parses it.
  const start = new Date(0);
  start.setUTCFullYear(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  const target = new Date(0);
  target.setUTCFullYear(start.getUTCFullYear(), start.getUTCMonth() + months, 1);
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(target.getUTCFullYear(), target.getUTCMonth() + 1, 0);
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay.getUTCDate()));
  return target.toISOString().slice(0, 10);
}

/** The same day in another year; 29 February becomes 28 February in a common year. */
export function withYear(date: IsoDate, year: number): IsoDate {
  if (!ISO_DATE.test(date)) throw new RangeError(`Not an ISO date: ${date}`);
  const month = Number(date.slice(5, 7));
  const dayOfMonth = month === 2 && date.endsWith("-29") && !isLeapYear(year) ? 28 : Number(date.slice(8, 10));
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(dayOfMonth).padStart(2, "0")}`;
}

export function addYears(date: IsoDate, years: number): IsoDate {
  return withYear(date, yearOf(date) + years);
}

/** The nights of a stay: 0 for a check-out on the check-in day. */
export function nights({ checkIn, checkOut }: Stay): number {
  return Math.max(0, daysBetween(checkIn, checkOut));
}

/** Every night of a stay, as the date it begins: `[checkIn, checkOut)`. */
export function nightsOf(stay: Stay): IsoDate[] {
  return Array.from({ length: nights(stay) }, (_, i) => addDays(stay.checkIn, i));
}

/** Whether a guest sleeps there on the night that begins on `date`. */
export function stayIncludes(stay: Stay, date: IsoDate): boolean {
  return stay.checkIn <= date && date < stay.checkOut;
}

/** Whether two stays share a night; a check-out and a check-in on the same day do not. */
export function staysOverlap(a: Stay, b: Stay): boolean {
  return a.checkIn < b.checkOut && b.checkIn < a.checkOut;
}

/** Completed years from `from` to `to`; a birthday on 29 February counts from 1 March in common years. */
export function completedYears(from: IsoDate, to: IsoDate): number {
  const years = yearOf(to) - yearOf(from);
  return to.slice(5) < from.slice(5) ? years - 1 : years;
}

/** An instant plus whole months in UTC, same time of day; a day the target month lacks becomes its last day. */
export function addMonthsTo(instant: Date, months: number): Date {
  return dayjs.utc(instant).add(months, "month").toDate();
}

/** An instant plus whole 24-hour days (a duration, as a trial's length). */
export function addDaysTo(instant: Date, days: number): Date {
  return dayjs.utc(instant).add(days, "day").toDate();
}

/**
 * An instant plus calendar days where the unit is: the same wall-clock time, whatever summer time
 * does in between (a day across the change lasts 23 or 25 hours).
 */
export function addDaysIn(instant: Date, days: number, timeZone: string): Date {
  const local = dayjs(instant).tz(timeZone);
  return dayjs.tz(`${format(local.add(days, "day"))}T${local.format("HH:mm:ss.SSS")}`, timeZone).toDate();
}

/** The instant a calendar day begins where the unit is (midnight local time). */
export function startOfDayIn(date: IsoDate, timeZone: string): Date {
  day(date);
  return dayjs.tz(`${date}T00:00:00`, timeZone).toDate();
}
