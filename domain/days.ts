/**
 * Day arithmetic on calendar dates (`YYYY-MM-DD`) in plain UTC, with no date library: the one
 * implementation domain/dates.ts re-exports and the calendar's browser code imports directly, so
 * a page that only counts days carries no dayjs. Every UTC day has 24 hours, so adding a day never
 * lands on the same date or skips one at a summer-time change. Out-of-range days roll over as
 * dayjs's do (2026-02-30 is 2 March).
 */

/** A calendar day written `YYYY-MM-DD`. */
export type IsoDate = string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

function utcMs(date: IsoDate): number {
  if (!ISO_DATE.test(date)) throw new RangeError(`Not an ISO date: ${date}`);
  const instant = new Date(0);
  instant.setUTCFullYear(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  return instant.getTime();
}
const isoOf = (ms: number): IsoDate => new Date(ms).toISOString().slice(0, 10);

/** The day `days` days later (earlier when negative). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return isoOf(utcMs(date) + days * DAY_MS);
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * The day after a real day (`addDays(date, 1)`), by string arithmetic: walks over hundreds of days
 * (a price list, a page of the calendar of all units) make no `Date` per day. Not for days a
 * host typed before they are checked: 2026-02-30 is not rolled over as `addDays` does.
 */
export function nextDay(date: IsoDate): IsoDate {
  const day = Number(date.slice(8, 10));
  const month = Number(date.slice(5, 7));
  const year = Number(date.slice(0, 4));
  const leap = month === 2 && ((year % 4 === 0 && year % 100 !== 0) || year % 400 === 0);
  if (day < (leap ? 29 : MONTH_DAYS[month - 1]!)) return `${date.slice(0, 8)}${twoDigits(day + 1)}`;
  if (month < 12) return `${date.slice(0, 5)}${twoDigits(month + 1)}-01`;
  return `${String(year + 1).padStart(4, "0")}-01-01`;
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((utcMs(to) - utcMs(from)) / DAY_MS);
}

/** 0 is Sunday, 6 Saturday (as `Date.getUTCDay()`). */
export function weekdayOf(date: IsoDate): number {
  return new Date(utcMs(date)).getUTCDay();
}

/** A real day of the years 1000–9999 written `YYYY-MM-DD` (no 2026-02-30), as `isIsoDate` of domain/dates answers. */
export function isDay(value: string): boolean {
  return ISO_DATE.test(value) && Number(value.slice(0, 4)) >= 1000 && isoOf(utcMs(value)) === value;
}
