import { href } from "react-router";
import { describe, expect, it } from "vitest";
import { withQuery } from "~/lib/pages";
import { calendarDayHref, calendarHref, editHref, eventHref, panelHref, type CalendarView } from "./calendar-links";

const VIEWS: CalendarView[] = [{}, { month: "2026-12" }, { year: true }, { month: "2027-01", selection: { from: "2027-01-03", to: null } }, { year: true, selection: { from: "2026-12-30", to: "2027-01-02" } }];

/** The address as React Router's `href` and a query string write it (what the calendar's links were before they were joined as strings). */
function general(page: string, params: Record<string, string>, { month, year, selection }: CalendarView) {
  const query: Record<string, string> = {};
  if (year) query.view = "year";
  else if (month) query.month = month;
  if (selection) query.from = selection.from;
  if (selection?.to) query.to = selection.to;
  return withQuery(href(page as "/calendar/:unitId/event/:eventId", params as { unitId: string; eventId: string }), query);
}

describe("the unit calendar's addresses", () => {
  it("are those React Router's href and a query string write, for every view and panel", () => {
    for (const view of VIEWS) {
      expect(calendarHref("unt_7swsefjeb555hhaz", view)).toBe(general("/calendar/:unitId", { unitId: "unt_7swsefjeb555hhaz" }, view));
      expect(panelHref("unt_1", "price", view)).toBe(general("/calendar/:unitId/price", { unitId: "unt_1" }, view));
      expect(panelHref("unt_1", "event/:eventId", view, { eventId: "bkg_2" })).toBe(general("/calendar/:unitId/event/:eventId", { unitId: "unt_1", eventId: "bkg_2" }, view));
      const event = { id: "multi_ext_3", source: "multi", dateFrom: "2026-12-10", dateTo: "2026-12-12" };
      expect(eventHref("unt_1", event, view)).toBe(general("/calendar/:unitId/overlapping/:eventId", { unitId: "unt_1", eventId: "multi_ext_3" }, { ...view, selection: { from: "2026-12-10", to: "2026-12-11" } }));
      const day = calendarDayHref("unt_1", view)({ from: "2026-12-10", to: "2026-12-11" });
      expect(day).toBe(general("/calendar/:unitId", { unitId: "unt_1" }, { ...view, selection: { from: "2026-12-10", to: "2026-12-11" } }));
    }
  });

  it("escape what an id or a value would need escaped, as href and the query string do", () => {
    expect(calendarHref("unt 1/ä", { month: "2026-12&x=1" })).toBe(general("/calendar/:unitId", { unitId: "unt 1/ä" }, { month: "2026-12&x=1" }));
    expect(calendarHref("unt 1/ä", { month: "2026-12&x=1" })).toBe("/calendar/unt%201%2F%C3%A4?month=2026-12%26x%3D1");
    expect(panelHref("unt_1", "event/:eventId", {}, { eventId: "a b" })).toBe("/calendar/unt_1/event/a%20b");
  });

  it("lead Edit to the panel of the marked days' price and availability, its heading named for the browser's focus", () => {
    const view = { month: "2026-12" as const, selection: { from: "2026-12-10", to: "2026-12-14" } };
    expect(editHref("unt_1", view)).toBe("/calendar/unt_1?month=2026-12&from=2026-12-10&to=2026-12-14#calendar-overview-title");
    // The same address as the default panel's with these days: the router follows Edit there with JavaScript.
    expect(editHref("unt_1", view).split("#")[0]).toBe(calendarHref("unt_1", view));
  });
});
