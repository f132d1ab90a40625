/**
 * The sidebar panels of the unit calendar (§2 Calendar), each a nested route of `/calendar/:unitId`
 * with its own loader, action and component in `routes/calendar/panels/<file>.tsx`. The page's
 * default panel (price and availability of the marked days, or the upcoming bookings when none are
 * marked) is the index route, `routes/calendar/panels/overview.tsx`.
 *
 * Adding a panel is this entry and its route file (see README "Adding a calendar panel"):
 * - `path`: the address under `/calendar/:unitId/` (React Router's syntax, `event/:eventId`);
 * - `file`: its route file under `routes/calendar/panels/` (without `.tsx`);
 * - `menu`: where the sidebar's menu lists it: `selection` (shown while days are marked: it acts on
 *   them), `unit` (always: it concerns the unit's whole calendar), or `none` (opened from elsewhere:
 *   an event's bar, a link of another panel);
 * - `label`: its name in the menu and its heading, a key of the `calendar` namespace;
 * - `sources` (detail panels): the event sources (§3 Event) whose bars open it; the generic `event`
 *   panel opens the others, `overlapping` the events with children;
 * - `sheet`: its height as a bottom sheet on phones (§2: 305, 384 or 219 px).
 * The order here is the menu's.
 */
export const CALENDAR_PANELS = [
  { path: "price", file: "price", menu: "selection", label: "calendar:panel.price", sheet: 305 },
  { path: "availability", file: "availability", menu: "selection", label: "calendar:panel.availability", sheet: 305 },
  { path: "block-dates", file: "block-dates", menu: "unit", label: "calendar:panel.blockDates", sheet: 305 },
  { path: "pause-bookings", file: "pause-bookings", menu: "selection", label: "calendar:panel.pauseBookings", sheet: 305 },
  { path: "stay", file: "stay", menu: "selection", label: "calendar:panel.stay", sheet: 305 },
  { path: "settings", file: "settings", menu: "unit", label: "calendar:panel.settings", sheet: 305 },
  { path: "sync", file: "sync", menu: "unit", label: "calendar:panel.sync", sheet: 384 },
  { path: "import", file: "import", menu: "unit", label: "calendar:panel.import", sheet: 384 },
  { path: "export", file: "export", menu: "unit", label: "calendar:panel.export", sheet: 305 },
  { path: "actions", file: "actions", menu: "unit", label: "calendar:panel.actions", sheet: 305 },
  { path: "event/:eventId", file: "event", menu: "none", label: "calendar:panel.event", sheet: 219, sources: ["manual", "external", "booking", "booking_request", "inquiry", "inquiry_confirmed", "smoobu"] },
  { path: "overlapping/:eventId", file: "overlapping", menu: "none", label: "calendar:panel.overlapping", sheet: 384, sources: ["multi"] },
] as const satisfies readonly CalendarPanel[];

export interface CalendarPanel {
  path: string;
  file: string;
  menu: "selection" | "unit" | "none";
  label: `calendar:${string}`;
  sheet: 219 | 305 | 384;
  sources?: readonly string[];
}

export type CalendarPanelPath = (typeof CALENDAR_PANELS)[number]["path"];

/** The route id of a panel, for `useMatches` and `useRouteLoaderData`. */
export const panelRouteId = (path: string) => `calendar-panel/${path}`;
