import ICAL from "ical.js";
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { addDays, todayIn, type IsoDate } from "./dates";
import { isKnownTimeZone } from "./time-zones";

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Reading another platform's calendar feed (RFC 5545) into the nights its events take, in the
 * unit's time zone. Parsing is ical.js's (folded lines, CRLF or LF, escapes, VTIMEZONE, RRULE,
 * EXDATE, RECURRENCE-ID); this module only decides which nights each event stands for:
 *
 * - An all-day event (`VALUE=DATE`) takes the nights from its first day up to its DTEND, the
 *   check-out day (no DTEND: one night; a DURATION: as long as it says).
 * - A timed event takes the nights from the local date it starts up to the local date it ends, in
 *   the unit's zone: UTC times (`Z`) and times with a TZID (its VTIMEZONE in the feed, or the zone
 *   the runtime knows by that name) are converted; floating times are the unit's own wall clock. An
 *   event that starts and ends on the same local date takes that date's night.
 * - Recurring events take each occurrence within the window; EXDATE removes occurrences, a
 *   RECURRENCE-ID moves one. STATUS:CANCELLED removes the event, or the one occurrence.
 * - Only nights within the window count (a stay crossing its edge keeps the nights inside).
 */

export interface NightWindow {
  dateFrom: IsoDate;
  dateTo: IsoDate;
}

/** One event (one occurrence of a recurring one) as nights `[dateFrom, dateTo)`. `key` is its UID, with the occurrence for a recurring one. */
export interface FeedEvent {
  key: string;
  summary: string;
  dateFrom: IsoDate;
  dateTo: IsoDate;
}

export type FeedReadFailure = "unparsable" | "too_many_events";

export type FeedReading =
  | {
      ok: true;
      events: FeedEvent[];
      /** VEVENTs in the file, whatever they stand for: none at all is an empty feed. */
      componentCount: number;
      /** How often the feed asks to be read (REFRESH-INTERVAL or X-PUBLISHED-TTL), in minutes. */
      refreshMinutes: number | null;
    }
  | { ok: false; reason: FeedReadFailure; detail: string };

/** Nights taken from this many days before the unit's today, up to two years after it. */
export const WINDOW_DAYS_BEFORE = 30;
export const WINDOW_DAYS_AFTER = 730;
/** More events (occurrences) than this in one feed is not a calendar of stays. */
export const MAX_FEED_EVENTS = 10_000;
/** Steps of one recurrence rule at most (a daily rule begun decades ago still reaches the window). */
const MAX_RECURRENCE_STEPS = 50_000;
const SUMMARY_MAX_LENGTH = 120;

/** The nights an import takes for a unit whose today is `today`. */
export function importWindow(today: IsoDate): NightWindow {
  return { dateFrom: addDays(today, -WINDOW_DAYS_BEFORE), dateTo: addDays(today, WINDOW_DAYS_AFTER) };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const utcDate = (ms: number): IsoDate => new Date(ms).toISOString().slice(0, 10);

/** The date of `time` in `unitZone`; `fallbackZone` is the TZID a time without a known VTIMEZONE named. */
function localDate(time: ICAL.Time, fallbackZone: string | null, unitZone: string): IsoDate {
  if (time.isDate) return utcDate(Date.UTC(time.year, time.month - 1, time.day));
  const floating = !time.zone || time.zone === ICAL.Timezone.localTimezone || time.zone.tzid === "floating";
  if (!floating) return todayIn(unitZone, new Date(time.toUnixTime() * 1000));
  const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  if (fallbackZone && isKnownTimeZone(fallbackZone)) {
    const wallText = new Date(wall).toISOString().slice(0, 19);
    return todayIn(unitZone, dayjs.tz(wallText, fallbackZone).toDate());
  }
  return utcDate(wall);
}

/** The nights from `start` to `end` in the unit's zone; null when they fall outside the window. */
function nightsBetween(start: ICAL.Time, end: ICAL.Time, zones: { start: string | null; end: string | null }, unitZone: string, window: NightWindow): { dateFrom: IsoDate; dateTo: IsoDate } | null {
  let dateFrom = localDate(start, zones.start, unitZone);
  let dateTo = localDate(end, zones.end ?? zones.start, unitZone);
  if (dateTo <= dateFrom) dateTo = addDays(dateFrom, 1);
  if (dateTo <= window.dateFrom || dateFrom >= window.dateTo) return null;
  if (dateFrom < window.dateFrom) dateFrom = window.dateFrom;
  if (dateTo > window.dateTo) dateTo = window.dateTo;
  return { dateFrom, dateTo };
}

function cleanSummary(value: unknown): string {
  const text = typeof value === "string" ? value : "";
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]+/g, " ").replace(/\s+/g, " ").trim().slice(0, SUMMARY_MAX_LENGTH);
}

function isCancelled(component: ICAL.Component): boolean {
  return String(component.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED";
}

function tzidOf(component: ICAL.Component, name: "dtstart" | "dtend"): string | null {
  const value = component.getFirstProperty(name)?.getParameter("tzid");
  return typeof value === "string" ? value : null;
}

function refreshMinutesOf(calendar: ICAL.Component): number | null {
  for (const name of ["refresh-interval", "x-published-ttl"]) {
    const value = calendar.getFirstPropertyValue(name);
    try {
      const duration = value instanceof ICAL.Duration ? value : typeof value === "string" ? ICAL.Duration.fromString(value.trim()) : null;
      const seconds = duration?.toSeconds() ?? 0;
      if (seconds > 0) return Math.round(seconds / 60);
    } catch {
      // An unreadable interval is no interval.
    }
  }
  return null;
}

class TooManyEvents extends Error {}

/** Reads a feed's text into the events it holds within `window`, as nights in `timeZone`. */
export function readFeed(text: string, options: { timeZone: string; window: NightWindow }): FeedReading {
  if (!/BEGIN:VCALENDAR/i.test(text)) return { ok: false, reason: "unparsable", detail: "No VCALENDAR in the answer" };
  let calendar: ICAL.Component;
  try {
    const parsed = ICAL.parse(text.replace(/^\uFEFF/, "")) as unknown[];
    // Several calendars in one file: the first one is the feed.
    const first = (Array.isArray(parsed[0]) ? parsed[0] : parsed) as unknown[];
    calendar = new ICAL.Component(first as ConstructorParameters<typeof ICAL.Component>[0]);
    if (calendar.name !== "vcalendar") return { ok: false, reason: "unparsable", detail: `The file holds a ${calendar.name}, not a calendar` };
  } catch (error) {
    return { ok: false, reason: "unparsable", detail: error instanceof Error ? error.message.slice(0, 200) : "Unreadable calendar" };
  }

  const components = calendar.getAllSubcomponents("vevent");
  const { timeZone, window } = options;
  const events: FeedEvent[] = [];
  const keys = new Map<string, number>();
  const add = (key: string, summary: unknown, nights: { dateFrom: IsoDate; dateTo: IsoDate } | null) => {
    if (!nights) return;
    if (events.length >= MAX_FEED_EVENTS) throw new TooManyEvents();
    // A UID used twice for different events still gives two events.
    const seen = keys.get(key) ?? 0;
    keys.set(key, seen + 1);
    events.push({ key: seen ? `${key}#${seen + 1}` : key, summary: cleanSummary(summary), ...nights });
  };

  try {
    // Exceptions (RECURRENCE-ID) belong to the series of their UID; one without its series stands alone.
    const masters = new Map<string, ICAL.Event>();
    const exceptions: ICAL.Component[] = [];
    const singles: ICAL.Component[] = [];
    for (const component of components) {
      if (!component.hasProperty("dtstart")) continue;
      if (component.hasProperty("recurrence-id")) exceptions.push(component);
      else if (component.hasProperty("rrule") || component.hasProperty("rdate")) masters.set(String(component.getFirstPropertyValue("uid") ?? ""), new ICAL.Event(component));
      else singles.push(component);
    }
    for (const exception of exceptions) {
      const master = masters.get(String(exception.getFirstPropertyValue("uid") ?? ""));
      if (master) master.relateException(exception);
      else singles.push(exception);
    }

    for (const component of singles) {
      if (isCancelled(component)) continue;
      const event = new ICAL.Event(component);
      const uid = event.uid || `${component.getFirstPropertyValue("dtstart")?.toString()}/${event.summary ?? ""}`;
      add(uid, event.summary, nightsBetween(event.startDate, event.endDate, { start: tzidOf(component, "dtstart"), end: tzidOf(component, "dtend") }, timeZone, window));
    }

    for (const [uid, event] of masters) {
      if (isCancelled(event.component)) continue;
      const zones = { start: tzidOf(event.component, "dtstart"), end: tzidOf(event.component, "dtend") };
      const iterator = event.iterator();
      for (let step = 0, next = iterator.next(); next && step < MAX_RECURRENCE_STEPS; step++, next = iterator.next()) {
        const details = event.getOccurrenceDetails(next);
        const item = details.item ?? event;
        if (item !== event && isCancelled(item.component)) continue;
        const nights = nightsBetween(details.startDate, details.endDate, item === event ? zones : { start: tzidOf(item.component, "dtstart"), end: tzidOf(item.component, "dtend") }, timeZone, window);
        const startDate = localDate(details.startDate, zones.start, timeZone);
        if (startDate >= window.dateTo) break;
        const occurrence = `${next.year}${pad(next.month)}${pad(next.day)}${next.isDate ? "" : `T${pad(next.hour)}${pad(next.minute)}${pad(next.second)}`}`;
        add(`${uid}#${occurrence}`, item.summary, nights);
      }
    }
  } catch (error) {
    if (error instanceof TooManyEvents) return { ok: false, reason: "too_many_events", detail: `More than ${MAX_FEED_EVENTS} events` };
    return { ok: false, reason: "unparsable", detail: error instanceof Error ? error.message.slice(0, 200) : "Unreadable event" };
  }

  return { ok: true, events, componentCount: components.length, refreshMinutes: refreshMinutesOf(calendar) };
}

/** Events of one feed that share nights, merged: one stay told by several events takes its nights once. */
export interface FeedStay {
  /** The key of its first event: what the stay is known by from one sync to the next. */
  key: string;
  summary: string;
  dateFrom: IsoDate;
  dateTo: IsoDate;
}

/**
 * The feed's events as stays: events that share a night become one stay (a check-out and a
 * check-in on the same day do not), so that each night has one owner. Sorted by first night.
 */
export function staysOf(events: readonly FeedEvent[]): FeedStay[] {
  const sorted = [...events].sort((a, b) => (a.dateFrom < b.dateFrom ? -1 : a.dateFrom > b.dateFrom ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const stays: FeedStay[] = [];
  for (const event of sorted) {
    const last = stays.at(-1);
    if (last && event.dateFrom < last.dateTo) {
      if (event.dateTo > last.dateTo) last.dateTo = event.dateTo;
      if (!last.summary) last.summary = event.summary;
      continue;
    }
    stays.push({ key: event.key, summary: event.summary, dateFrom: event.dateFrom, dateTo: event.dateTo });
  }
  return stays;
}
