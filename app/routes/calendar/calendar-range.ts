import { addDays, daysBetween, todayUtc, type IsoDate } from "@domain/dates";
import { firstDayOf, lastDayOf, selectedDays, selectionOf, visibleMonths, yearMonths, type Month, type Selection } from "@domain/calendar-month";
import { isDay } from "@domain/days";
import { dayWindow } from "@domain/multi-calendar";
import { PRICE_LIST_MAX_DAYS } from "@domain/pricing";

/** The upcoming window of §9: the next 30 days. */
export const UPCOMING_DAYS = 30;

export interface CalendarQuery {
  /** The months shown (two, or twelve in the year view) and where the paging leads. */
  window: { months: Month[]; previous: Month | null; next: Month | null };
  year: boolean;
  selection: Selection | null;
  /** Days typed in the range form with the last before the first: kept as typed, to be said wrong, and nothing marked. */
  reversed: { from: IsoDate; to: IsoDate } | null;
}

/** The unit calendar's query: `month`, `view=year`, and the marked days `from`/`to`. */
export function calendarQuery(url: URL, today: IsoDate): CalendarQuery {
  const year = url.searchParams.get("view") === "year";
  const window = year ? { months: yearMonths(today), previous: null, next: null } : visibleMonths(url.searchParams.get("month"), today);
  const [from, to] = [url.searchParams.get("from"), url.searchParams.get("to")];
  // A range form's days in the wrong order are an error to say, not a first click (a link's `from` alone).
  if (from && to && isDay(from) && isDay(to) && to < from) return { window, year, selection: null, reversed: { from, to } };
  return { window, year, selection: selectionOf(from, to), reversed: null };
}

/**
 * The days the unit calendar reads for its address: the months shown, widened to the marked days
 * and the upcoming window (when nothing is marked) where the price list's 366 days allow. The
 * shell's call reads them with the page's other data (`requireAuth`), and the page's loader asks
 * for the same range.
 */
export function calendarReadRange(query: CalendarQuery, today: IsoDate): { from: IsoDate; to: IsoDate } {
  const { window, selection } = query;
  const shown = { from: firstDayOf(window.months[0]!), to: lastDayOf(window.months.at(-1)!) };
  const marked = selection ? selectedDays(selection) : null;
  let range = shown;
  for (const extra of [marked, marked ? null : { from: today, to: addDays(today, UPCOMING_DAYS - 1) }]) {
    if (!extra) continue;
    const wider = { from: extra.from < range.from ? extra.from : range.from, to: extra.to > range.to ? extra.to : range.to };
    if (daysBetween(wider.from, wider.to) + 1 <= PRICE_LIST_MAX_DAYS) range = wider;
  }
  return range;
}

/**
 * Today as UTC has it, before the unit's time zone is known. The calendars' "today" is the unit's
 * local day (the price list's `timeZone`); `calendarDaysAround` reads days enough for either.
 */
export const calendarToday = () => todayUtc();

/**
 * The days the shell's call reads for the unit calendar's address: what the page needs if the unit's
 * local day is UTC's, the day before or the day after (the zones we serve are within a day of
 * UTC), when they fit in the price list's 366 days together; else UTC's alone.
 */
export function calendarDaysAround(url: URL, utcToday: IsoDate): { from: IsoDate; to: IsoDate } {
  const [before, exact, after] = [-1, 0, 1].map((offset) => {
    const today = addDays(utcToday, offset);
    return calendarReadRange(calendarQuery(url, today), today);
  }) as [{ from: IsoDate; to: IsoDate }, { from: IsoDate; to: IsoDate }, { from: IsoDate; to: IsoDate }];
  const all = { from: [before, exact, after].map((r) => r.from).sort()[0]!, to: [before, exact, after].map((r) => r.to).sort().at(-1)! };
  return daysBetween(all.from, all.to) + 1 <= PRICE_LIST_MAX_DAYS ? all : exact;
}

/** The page of units the calendar of all units shows (`page`, 1 when absent or not a page number). */
export const unitsPageOf = (text: string | null) => (text && /^\d{1,4}$/.test(text) && Number(text) >= 1 ? Number(text) : 1);

/** What the calendar of all units reads for its address: its days (`start`) and its page of units. */
export function unitsCalendarRead(url: URL, today: IsoDate) {
  return { window: dayWindow(url.searchParams.get("start"), today), page: unitsPageOf(url.searchParams.get("page")) };
}
