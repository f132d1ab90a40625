import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DayState } from "@domain/calendar-month";
import { MonthWeekRows } from "./month-grid";
import { monthRowsHtml } from "./month-html";
import type { GridDay, GridEvent, MonthInput } from "./month-input";

const STATES: Record<DayState, string> = { booked: "Booked", blocked: "Blocked", paused: "Paused", available: "Available", noPrice: "No price" };
const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "EUR" });
const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

function days(from: number, to: number, price: number | null, state: DayState): [string, GridDay][] {
  return Array.from({ length: to - from + 1 }, (_, i) => {
    const date = `2026-12-${String(from + i).padStart(2, "0")}`;
    return [date, { date, price, state }];
  });
}

function input(overrides: Partial<MonthInput> = {}): MonthInput {
  return {
    month: "2026-12",
    byDate: new Map([...days(1, 9, 12_000, "available"), ...days(10, 12, 12_000, "booked"), ...days(13, 31, null, "noPrice")]),
    selection: null,
    today: "2026-12-03",
    events: [],
    compact: false,
    dayHref: ({ from, to }) => `/calendar/unt_1?month=2026-12&from=${from}${to ? `&to=${to}` : ""}`,
    eventHref: (event) => `/calendar/unt_1/event/${event.id}`,
    texts: {
      states: STATES,
      today: "today",
      selected: "selected",
      named: (event) => (event.guest ? `${event.guest}, Booking` : "Blocked by you"),
      label: (event) => event.guest ?? "Blocked by you",
      nights: (event) => `${event.dateFrom} until the morning of ${event.dateTo}`,
    },
    formats: { date: (date: string) => longDate.format(new Date(`${date}T00:00:00Z`)), money: (amount: number) => money.format(amount / 100), whole: (amount: number) => String(Math.round(amount / 100)) },
    ...overrides,
  };
}

/** The cells as a browser reads them: their classes, link, and text (what screen readers hear included). */
function cells(rows: { html: string }[]) {
  const html = rows.map((r) => r.html).join("");
  return [...html.matchAll(/<td class="([^"]*)">(.*?)<\/td>/g)].map((m) => ({
    className: m[1]!,
    href: /<a class="cal-day__inner" href="([^"]*)"/.exec(m[2]!)?.[1]?.replaceAll("&amp;", "&") ?? null,
    text: m[2]!.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim(),
    html: m[2]!,
  }));
}

describe("a month of the unit calendar as HTML", () => {
  it("has a row per week, Monday first, with empty cells outside the month", () => {
    const rows = monthRowsHtml(input());
    expect(rows.map((r) => r.key)).toEqual(["2026-12-01", "2026-12-07", "2026-12-14", "2026-12-21", "2026-12-28"]);
    const all = cells(rows);
    expect(all).toHaveLength(35);
    // 1 December 2026 is a Tuesday.
    expect(all[0]!.className).toBe("cal-day cal-day--outside");
    expect(all[1]!.text).toContain("December 1, 2026");
  });

  it("gives each day its date, price and state; past days have no link, today and later mark a range from there", () => {
    const all = cells(monthRowsHtml(input()));
    const [past, today, later, noPrice] = [all[2]!, all[3]!, all[4]!, all[20]!];
    expect(past.className).toBe("cal-day cal-day--available cal-day--past");
    expect(past.href).toBeNull();
    expect(past.text).toBe("2 December 2, 2026");
    expect(today.className).toBe("cal-day cal-day--available cal-day--today");
    expect(today.html).toContain('aria-current="date"');
    expect(today.text).toBe("3 €120.00 120 Available December 3, 2026, today");
    expect(today.href).toBe("/calendar/unt_1?month=2026-12&from=2026-12-03");
    expect(later.href).toBe("/calendar/unt_1?month=2026-12&from=2026-12-04");
    expect(noPrice.text).toBe("20 – No price December 20, 2026");
    expect(noPrice.html).not.toContain("cal-day__short");
  });

  it("marks the selected days, and their links end or start a range as a click would", () => {
    const all = cells(monthRowsHtml(input({ selection: { from: "2026-12-05", to: null } })));
    expect(all[5]!.className).toContain("cal-day--selected");
    expect(all[5]!.text).toContain("December 5, 2026, selected");
    expect(all[7]!.href).toBe("/calendar/unt_1?month=2026-12&from=2026-12-05&to=2026-12-07");
    expect(all[4]!.href).toBe("/calendar/unt_1?month=2026-12&from=2026-12-04");
    const range = cells(monthRowsHtml(input({ selection: { from: "2026-12-05", to: "2026-12-08" } })));
    expect(range.filter((c) => c.className.includes("cal-day--selected")).map((c) => c.text.split(" ")[0])).toEqual(["5", "6", "7", "8"]);
  });

  it("draws an event as a bar per week across its nights, named with its guest and nights, and escapes every text", () => {
    const stay: GridEvent = { id: "bkg_1", dateFrom: "2026-12-10", dateTo: "2026-12-16", source: "booking", kind: "booking", guest: 'Zoë <b>"Z"</b>' };
    const rows = monthRowsHtml(input({ events: [stay] }));
    const bars = rows.flatMap((r) => [...r.html.matchAll(/<a class="(cal-bar[^"]*)" style="([^"]*)" href="([^"]*)" aria-label="([^"]*)">([^<]*)<\/a>/g)]);
    expect(bars.map((b) => [b[1], b[2]])).toEqual([
      ["cal-bar cal-bar--booking cal-bar--first", "--span:4;--lane:0"],
      ["cal-bar cal-bar--booking cal-bar--last", "--span:2;--lane:0"],
    ]);
    expect(bars[0]![3]).toBe("/calendar/unt_1/event/bkg_1");
    expect(bars[0]![4]).toBe("Zoë &lt;b&gt;&quot;Z&quot;&lt;/b&gt;, Booking, 2026-12-10 until the morning of 2026-12-16");
    expect(bars[0]![5]).toBe("Zoë &lt;b&gt;&quot;Z&quot;&lt;/b&gt;");
    const barred = cells(rows).filter((c) => c.className.includes("cal-day--barred"));
    expect(barred).toHaveLength(6);
    expect(rows.map((r) => r.html).join("")).not.toContain("<b>");
  });

  it("shows the date alone in the year view and says price and state to screen readers, without bars", () => {
    const stay: GridEvent = { id: "bkg_1", dateFrom: "2026-12-10", dateTo: "2026-12-12", source: "booking", kind: "booking", guest: "Zoë" };
    const all = cells(monthRowsHtml(input({ compact: true, events: [stay] })));
    expect(all[10]!.text).toBe("10 December 10, 2026, €120.00, Booked");
    expect(all[10]!.html).toContain('<span class="cal-day__date" aria-hidden="true">10</span>');
    expect(all.some((c) => c.html.includes("cal-bar"))).toBe(false);
  });

  it("is written by the server as the browser draws it, so that the page hydrates", () => {
    const stay: GridEvent = { id: "bkg_1", dateFrom: "2026-12-01", dateTo: "2026-12-16", source: "booking", kind: "booking", guest: `O'Brien & <Co> "x"` };
    const block: GridEvent = { id: "blk_1", dateFrom: "2026-12-14", dateTo: "2026-12-20", source: "manual", kind: "manual" };
    for (const overrides of [{ events: [stay, block] }, { events: [stay], compact: true }, { selection: { from: "2026-12-04", to: "2026-12-09" } }, { today: "2026-12-31" }]) {
      const month = input(overrides);
      const elements = renderToStaticMarkup(
        <tbody>
          <MonthWeekRows {...month} />
        </tbody>,
      );
      expect(elements.replaceAll("&#x27;", "&#39;")).toBe(`<tbody>${monthRowsHtml(month).map((row) => `<tr>${row.html}</tr>`).join("")}</tbody>`);
    }
  });
});
