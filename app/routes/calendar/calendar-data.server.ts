import type { RouterContextProvider } from "react-router";
import { addDays, daysBetween, todayIn, type IsoDate } from "@domain/dates";
import { dayStateOf, firstDayOf, lastDayOf, rangeState, selectedDays } from "@domain/calendar-month";
import { authContext } from "~/lib/auth.server";
import { serverT } from "~/lib/i18n.server";
import { calendarQuery, calendarReadRange, calendarToday, UPCOMING_DAYS } from "./calendar-range";

export { calendarQuery, calendarToday, type CalendarQuery } from "./calendar-range";

/**
 * What the unit calendar and its panels show, read once per request: the page's loader and the open
 * panel's loader both ask for it, and a request's loaders share one context, so a page costs one
 * price-list call (one D1 batch) whatever panel is open. The days read are the months shown, the
 * marked days and the next 30 days (for the upcoming bookings), as one range when it fits in the
 * price list's 366 days.
 */
export function calendarPage(context: Readonly<RouterContextProvider>, request: Request, unitId: string): Promise<CalendarPage> {
  const pages = pagesOf(context);
  const key = `${unitId} ${new URL(request.url).search}`;
  let page = pages.get(key);
  if (!page) {
    page = readCalendarPage(context, request, unitId);
    pages.set(key, page);
  }
  return page;
}

const cache = new WeakMap<object, Map<string, Promise<CalendarPage>>>();
function pagesOf(context: object) {
  let pages = cache.get(context);
  if (!pages) cache.set(context, (pages = new Map()));
  return pages;
}

async function readCalendarPage(context: Readonly<RouterContextProvider>, request: Request, unitId: string) {
  const { unit: unitOf, priceList, calendarUnits } = context.get(authContext);
  const url = new URL(request.url);
  // The unit's days and the host's units (those of the property list's first page) come with the
  // shell's call (requireAuth); another host's unit is this page's 404, as the price list answers it.
  // "Today" is the unit's local day (its time zone comes with its days): the days around UTC's
  // today were read, so another read is needed only when the unit's day asks for more.
  const utcToday = calendarToday();
  const read = calendarReadRange(calendarQuery(url, utcToday), utcToday);
  const [first, listed] = await Promise.all([priceList(unitId, read), calendarUnits()]);
  const today = todayIn(first.timeZone);
  const query = calendarQuery(url, today);
  const { window, year, selection, reversed } = query;
  const shown = { from: firstDayOf(window.months[0]!), to: lastDayOf(window.months.at(-1)!) };
  const marked = selection ? selectedDays(selection) : null;
  const range = calendarReadRange(query, today);
  const list = first.dateFrom <= range.from && range.to <= first.dateTo ? first : await priceList(unitId, range);
  const kindOf = new Map(list.events.map((e) => [e.id, e.kind]));
  const allDays = list.days.map((d) => ({
    date: d.date,
    price: d.price,
    minStay: d.minimalLengthOfStay,
    maxStay: d.maximalLengthOfStay,
    closedToArrival: d.closedToArrival,
    closedToDeparture: d.closedToDeparture,
    availability: d.availability,
    eventKinds: d.events.map((id) => kindOf.get(id) ?? ""),
  }));
  // The browser gets the days shown, each with what its cell says.
  const days = allDays.filter((d) => shown.from <= d.date && d.date <= shown.to).map((d) => ({ date: d.date, price: d.price, state: dayStateOf(d.availability, d.eventKinds) }));
  let markedDays: MarkedDays | null = null;
  if (marked) {
    const inRange = allDays.filter((d) => marked.from <= d.date && d.date <= marked.to);
    const count = daysBetween(marked.from, marked.to) + 1;
    const whole = inRange.length === count;
    const prices = inRange.map((d) => d.price).filter((p): p is number => p !== null);
    markedDays = {
      ...marked,
      days: count,
      state: whole ? rangeState(inRange) : null,
      // The values the price form starts from: the first day's.
      first: inRange[0] ?? null,
      priceFrom: whole && prices.length ? Math.min(...prices) : null,
      priceTo: whole && prices.length ? Math.max(...prices) : null,
    };
  }
  const units = [...listed];
  let unit = units.find((u) => u.id === unitId);
  if (!unit) {
    // A unit beyond the list's first page.
    const { title, propertyId } = await unitOf(unitId);
    units.unshift((unit = { id: unitId, propertyId, title, propertyTitle: null }));
  }
  return {
    title: serverT(context)("calendar:title"),
    unitId,
    unitTitle: unit.title,
    propertyId: unit.propertyId,
    today,
    window,
    year,
    selection,
    reversed,
    marked: markedDays,
    currency: list.currency,
    version: list.version,
    calendarPaused: list.calendarAvailability.status === "PAUSED",
    days,
    events: list.events,
    /** Whether the upcoming window's days were read (the events of the next 30 days are all in `events`). */
    upcomingRead: range.from <= today && addDays(today, UPCOMING_DAYS - 1) <= range.to,
    units,
  };
}

interface MarkedDays {
  from: IsoDate;
  to: IsoDate;
  days: number;
  state: ReturnType<typeof rangeState>;
  first: { price: number | null; minStay: number; maxStay: number; closedToArrival: boolean; closedToDeparture: boolean } | null;
  priceFrom: number | null;
  priceTo: number | null;
}

export type CalendarPage = Awaited<ReturnType<typeof readCalendarPage>>;

/** An event as the grid draws it: its nights, source and kind, and the guest's first name where a guest's stay it is. */
export function gridEvent(event: CalendarPage["events"][number]) {
  const { id, dateFrom, dateTo, source, kind } = event;
  const guest = (event.booking ?? event.bookingRequest ?? event.inquiry)?.customer.firstName;
  return guest ? { id, dateFrom, dateTo, source, kind, guest } : { id, dateFrom, dateTo, source, kind };
}
