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

/** A calendar day written `YYYY-MM-DD`. */
export type IsoDate = string;

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

// Whole days, weekdays and day counts are plain UTC arithmetic (every UTC day has 24 hours): a price
// list or a quote does it for each of hundreds of days, where a date library's parse and format per
// day cost more than the rest of the work. Out-of-range days roll over as dayjs's do (2026-02-30 is 2 March).
const DAY_MS = 86_400_000;
function utcMs(date: IsoDate): number {
  if (!ISO_DATE.test(date)) throw new RangeError(`Not an ISO date: ${date}`);
  const instant = new Date(0);
  instant.setUTCFullYear(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  return instant.getTime();
}
const isoOf = (ms: number): IsoDate => new Date(ms).toISOString().slice(0, 10);

const format = (value: dayjs.Dayjs): IsoDate => value.format(FORMAT);

/** A real calendar day written `YYYY-MM-DD` (no 2026-02-30, no 2027-02-29). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = dayjs.utc(value);
  return parsed.isValid() && format(parsed) === value;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function yearOf(date: IsoDate): number {
  return day(date).year();
}

/** 0 is Sunday, 6 Saturday (as `Date.getUTCDay()`). */
export function weekdayOf(date: IsoDate): number {
  return new Date(utcMs(date)).getUTCDay();
}

/** Today's date in UTC. */
export function todayUtc(now: Date = new Date()): IsoDate {
  return format(dayjs.utc(now));
}

/** Today's date where the unit is, e.g. `Europe/Lisbon`: at 23:30 UTC it is already tomorrow in Berlin. */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  return format(dayjs(now).tz(timeZone));
}

/** A date of years 1000–9999 with a month and a day in range (a day past the month's end rolls over, as with dayjs). */
const PLAIN_DATE = /^[1-9]\d{3}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The day after a date, by string arithmetic on plain dates: for loops over many days (as `addDays(date, 1)`). */
export function nextDay(date: IsoDate): IsoDate {
  if (!PLAIN_DATE.test(date)) return addDays(date, 1);
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const dayOfMonth = Number(date.slice(8, 10));
  const monthDays = month === 2 ? (isLeapYear(year) ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  if (dayOfMonth < monthDays) return `${date.slice(0, 8)}${String(dayOfMonth + 1).padStart(2, "0")}`;
  // The month's last day, or a day past it (rolled over as addDays does).
  if (dayOfMonth > monthDays || (month === 12 && year === 9999)) return addDays(date, 1);
  return month === 12 ? `${year + 1}-01-01` : `${date.slice(0, 5)}${String(month + 1).padStart(2, "0")}-01`;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return isoOf(utcMs(date) + days * DAY_MS);
}

/** Whole months later; a day the target month lacks becomes its last day (31 January + 1 month = 28/29 February). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  return format(day(date).add(months, "month"));
}

/** The same day in another year; 29 February becomes 28 February in a common year. */
export function withYear(date: IsoDate, year: number): IsoDate {
  const value = day(date);
  const month = value.month() + 1;
  const dayOfMonth = month === 2 && value.date() === 29 && !isLeapYear(year) ? 28 : value.date();
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(dayOfMonth).padStart(2, "0")}`;
}

export function addYears(date: IsoDate, years: number): IsoDate {
  return withYear(date, yearOf(date) + years);
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((utcMs(to) - utcMs(from)) / DAY_MS);
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
