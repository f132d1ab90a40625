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

/**
 * A date as its day number (days since 1970-01-01), by integer arithmetic on the proleptic
 * Gregorian calendar (the algorithm of H. Hinnant's `days_from_civil`): no `Date` per call, as a
 * price list or a month grid count hundreds of days. A day past its month's end rolls over
 * (2026-02-30 is 2 March), as `Date.UTC` does.
 */
function digitAt(date: IsoDate, index: number): number {
  const digit = date.charCodeAt(index) - 48;
  if (!(digit >= 0 && digit <= 9)) throw new RangeError(`Not an ISO date: ${date}`);
  return digit;
}

function dayNumber(date: IsoDate): number {
  // Read by character codes: `ISO_DATE`'s check and the numbers without a regular expression or a slice per call.
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) throw new RangeError(`Not an ISO date: ${date}`);
  const [y1, y2, y3, y4, m1, m2, d1, d2] = [digitAt(date, 0), digitAt(date, 1), digitAt(date, 2), digitAt(date, 3), digitAt(date, 5), digitAt(date, 6), digitAt(date, 8), digitAt(date, 9)];
  const month = m1 * 10 + m2;
  // Months 00 and 13–99 roll over into the years around, as `Date.UTC` does.
  const year = y1 * 1000 + y2 * 100 + y3 * 10 + y4 + Math.floor((month - 1) / 12);
  const m = ((((month - 1) % 12) + 12) % 12) + 1;
  const y = m <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5);
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468 + d1 * 10 + d2 - 1;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The date of a day number (`civil_from_days`); years before 0 or after 9999 as `Date.toISOString` writes them. */
function isoOf(days: number): IsoDate {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  if (year < 0 || year > 9999) return new Date(days * 86_400_000).toISOString().slice(0, 10);
  return `${year < 1000 ? String(year).padStart(4, "0") : year}-${pad2(month)}-${pad2(day)}`;
}

/** The day `days` days later (earlier when negative). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return isoOf(dayNumber(date) + days);
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

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
  if (day < (leap ? 29 : MONTH_DAYS[month - 1]!)) return `${date.slice(0, 8)}${pad2(day + 1)}`;
  if (month < 12) return `${date.slice(0, 5)}${pad2(month + 1)}-01`;
  return `${String(year + 1).padStart(4, "0")}-01-01`;
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** 0 is Sunday, 6 Saturday (as `Date.getUTCDay()`). */
export function weekdayOf(date: IsoDate): number {
  // 1 January 1970 (day 0) was a Thursday.
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

/** A real day of the years 1000–9999 written `YYYY-MM-DD` (no 2026-02-30), as `isIsoDate` of domain/dates answers. */
export function isDay(value: string): boolean {
  return ISO_DATE.test(value) && Number(value.slice(0, 4)) >= 1000 && isoOf(dayNumber(value)) === value;
}
