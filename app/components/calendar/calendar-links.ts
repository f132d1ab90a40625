import { href } from "react-router";
import type { IsoDate } from "@domain/dates";
import { addDays } from "@domain/days";
import type { Month, Selection } from "@domain/calendar-month";
import { CALENDAR_PANELS, type CalendarPanelPath } from "~/routes/calendar/panel-files";
import { withQuery } from "~/lib/pages";

/** What the unit calendar's address carries besides its panel: the months shown (or the year view) and the marked days. */
export interface CalendarView {
  month?: Month | null;
  year?: boolean;
  selection?: Selection | null;
}

function queryOf({ month, year, selection }: CalendarView): Record<string, string> {
  const query: Record<string, string> = {};
  if (year) query.view = "year";
  else if (month) query.month = month;
  if (selection) query.from = selection.from;
  if (selection?.to) query.to = selection.to;
  return query;
}

// What needs no escaping in a path segment or a query value: the ids, months and dates the calendar's addresses carry.
const PLAIN = /^[\w-]*$/;

/**
 * A calendar address with the view's query, as `withQuery(href(page, params), queryOf(view))` writes
 * it: ids, months and dates need no escaping, so the page's 60 to 365 links are joined as strings
 * (a value that would need escaping takes the general way).
 */
function addressOf(page: string, params: Record<string, string>, view: CalendarView) {
  const query = queryOf(view);
  const plain = Object.values(params).every((v) => PLAIN.test(v)) && Object.values(query).every((v) => PLAIN.test(v));
  if (!plain) return withQuery(href(page as "/calendar/:unitId/event/:eventId", params as { unitId: string; eventId: string }), query);
  const path = page.replace(/:(\w+)/g, (_, name: string) => params[name]!);
  const search = Object.entries(query)
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
  return search ? `${path}?${search}` : path;
}

/** The unit calendar with its default panel. */
export function calendarHref(unitId: string, view: CalendarView = {}) {
  return addressOf("/calendar/:unitId", { unitId }, view);
}

/** The panel of the marked days (the default panel while days are marked, `Panel` of `routes/calendar/panels/overview.tsx`): its id, and its heading's. */
export const MARKED_PANEL = "calendar-overview";

/**
 * Where the footer's Edit leads, however the days were marked (links, the range form, a drag, the
 * keyboard): the panel of the marked days' price and availability (§2: Edit opens the date-selection
 * sidebar, and days without an event open price and availability), the default panel with `view`'s
 * days. The fragment names the panel's heading: without JavaScript the browser moves the focus there
 * as it follows the link, which opens the phone's peeking sheet (calendar.css); with it the router
 * follows the address (without the fragment) and `FOCUS_PANEL` moves the focus.
 */
export function editHref(unitId: string, view: CalendarView) {
  return `${calendarHref(unitId, view)}#${MARKED_PANEL}-title`;
}

/**
 * Where the days' links of the calendar `view` lead (the days they mark added to its address): the
 * address is made once and each day's range appended, as `calendarHref` writes it (dates need no
 * escaping), for the 60 to 365 days a page links.
 */
export function calendarDayHref(unitId: string, view: CalendarView): (selection: Selection) => string {
  const base = calendarHref(unitId, { ...view, selection: null });
  const join = base.includes("?") ? "&" : "?";
  return ({ from, to }) => `${base}${join}from=${from}${to ? `&to=${to}` : ""}`;
}

// Every panel's path is a page of the app: the typecheck fails here when an entry names no route.
type PanelPage = `/calendar/:unitId/${CalendarPanelPath}`;
const pages: readonly Parameters<typeof href>[0][] = CALENDAR_PANELS.map((p) => `/calendar/:unitId/${p.path}` satisfies PanelPage as PanelPage);

/** A panel of the unit calendar (`price`, `event/:eventId`, …), keeping the months and the marked days. */
export function panelHref(unitId: string, path: CalendarPanelPath, view: CalendarView = {}, params: { eventId?: string } = {}) {
  const page = `/calendar/:unitId/${path}` as PanelPage as "/calendar/:unitId/event/:eventId";
  if (!pages.includes(page)) throw new Error(`No calendar panel ${path}`);
  return addressOf(page, path.includes(":eventId") ? { unitId, eventId: params.eventId ?? "" } : { unitId }, view);
}

/** The panel that shows an event of this source: a detail panel naming the source, else the generic one. */
export function eventPanelOf(source: string): CalendarPanelPath {
  const panel = CALENDAR_PANELS.find((p) => "sources" in p && (p.sources as readonly string[]).includes(source));
  return panel?.path ?? "event/:eventId";
}

/** An event's details, with its nights marked (its days: the first night to the last). */
export function eventHref(unitId: string, event: { id: string; source: string; dateFrom: IsoDate; dateTo: IsoDate }, view: CalendarView = {}) {
  return panelHref(unitId, eventPanelOf(event.source), { ...view, selection: { from: event.dateFrom, to: addDays(event.dateTo, -1) } }, { eventId: event.id });
}
