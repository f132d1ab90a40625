import { describe, expect, it } from "vitest";
import { encodeCellStates } from "@domain/multi-calendar";
import { escapeHtml, lanesOf, rowBars, rowHtml, type RowEvent, type RowHtmlInput } from "./multi-row-html";

const texts = {
  states: { booked: "Booked", imported: "Imported booking", blocked: "Blocked", paused: "Paused", available: "Available", noPrice: "No price" },
  today: "today",
  selected: "selected",
  untitled: "Untitled unit",
  paused: "Calendar paused",
  named: (event: RowEvent) => `${event.guest}, ${event.source === "inquiry" ? "Inquiry" : "Booking request"}`,
  nights: (event: RowEvent) => `${event.dateFrom} until the morning of ${event.dateTo}`,
};
const days = ["2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27"];

function input(overrides: Partial<RowHtmlInput> = {}): RowHtmlInput {
  return {
    row: { id: "unt_a1", title: "Flat A1", propertyTitle: "Harbour block A", paused: false, prices: [10_000, 11_000, null, 12_550], states: encodeCellStates(["available", "available", "noPrice", "blocked"]) },
    days,
    today: "2026-11-25",
    selection: null,
    dragged: null,
    base: "/calendar?start=2026-11-24",
    unitHref: "/calendar/unt_a1",
    price: new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }),
    texts,
    ...overrides,
  };
}

/** The row as a browser parses it: its cells' classes, texts and links (the day's, the cell's first child), and the bars that start in them. */
function cells(html: string) {
  return [...html.matchAll(/<td class="([^"]*)">(<a href="([^"]*)">|<span>)(.*?)<\/(a|span)>(.*?)<\/td>/g)].map((m) => ({
    className: m[1]!,
    href: m[3]?.replaceAll("&amp;", "&") ?? null,
    text: m[4]!.replace(/<[^>]+>/g, ""),
    bars: [...m[6]!.matchAll(/<a class="([^"]*)" style="([^"]*)" href="([^"]*)" aria-label="([^"]*)">([^<]*)<\/a>/g)].map((b) => ({ className: b[1]!, style: b[2]!, href: b[3]!.replaceAll("&amp;", "&"), label: b[4]!, text: b[5]! })),
  }));
}

describe("a row of the multi-unit calendar", () => {
  it("names the unit and its property, linked to the unit's calendar", () => {
    const html = rowHtml(input());
    expect(html).toContain('<th scope="row" class="mcal-unit"><a class="mcal-unit__title" href="/calendar/unt_a1">Flat A1</a><span class="mcal-unit__property">Harbour block A</span></th>');
  });

  it("gives each day its price and state; past days have no link, the others mark a range from there", () => {
    const row = cells(rowHtml(input()));
    expect(row).toHaveLength(4);
    expect(row[0]).toEqual({ className: "s-available is-past", href: null, text: "100, Available", bars: [] });
    expect(row[1]).toEqual({ className: "s-available is-today", href: "?start=2026-11-24&unit=unt_a1&from=2026-11-25", text: "110, Available, today", bars: [] });
    expect(row[2]).toMatchObject({ className: "s-noPrice", text: "–, No price" });
    expect(row[3]).toMatchObject({ className: "s-blocked", text: "125.5, Blocked" });
  });

  it("ends the range marked on the row at the next day followed, and shows the marked days", () => {
    const row = cells(rowHtml(input({ selection: { unitId: "unt_a1", from: "2026-11-25", to: null } })));
    expect(row[1]).toMatchObject({ className: "s-available is-marked is-today", text: "110, Available, today, selected" });
    expect(row[3]!.href).toBe("?start=2026-11-24&unit=unt_a1&from=2026-11-25&to=2026-11-27");
  });

  it("draws a pending request and an open inquiry as bars across their nights, in lanes where they overlap, each day saying whose it is", () => {
    const events: RowEvent[] = [
      // From before the days shown to the morning of the third day: its first night is not shown.
      { id: "brq_1", dateFrom: "2026-11-20", dateTo: "2026-11-26", source: "booking_request", guest: "Ada" },
      // Beyond the last day shown: its last night is not shown.
      { id: "inq_1", dateFrom: "2026-11-25", dateTo: "2026-11-29", source: "inquiry", guest: "Bea" },
    ];
    const withEvents = input({ row: { ...input().row, events } });
    const bars = rowBars(withEvents.row, days);
    expect(lanesOf(bars)).toBe(2);
    expect(lanesOf(rowBars(input().row, days))).toBe(0);
    const row = cells(rowHtml(withEvents));
    // The request's bar starts on the first day shown (a past day, which is no link: its bar still is), the inquiry's in the lane below.
    expect(row[0]).toMatchObject({ className: "s-available is-past has-bar", href: null, text: "100, Available, Ada, Booking request" });
    expect(row[0]!.bars).toEqual([
      {
        className: "mcal-bar mcal-bar--booking_request is-last",
        style: "--span:2;--lane:0",
        href: "/calendar/unt_a1/event/brq_1?month=2026-11&from=2026-11-20&to=2026-11-25",
        label: "Ada, Booking request, 2026-11-20 until the morning of 2026-11-26",
        text: "Ada",
      },
    ]);
    expect(row[1]).toMatchObject({ className: "s-available is-today has-bar", text: "110, Available, today, Ada, Booking request, Bea, Inquiry" });
    expect(row[1]!.bars).toEqual([
      {
        className: "mcal-bar mcal-bar--inquiry is-first",
        style: "--span:3;--lane:1",
        href: "/calendar/unt_a1/event/inq_1?month=2026-11&from=2026-11-25&to=2026-11-28",
        label: "Bea, Inquiry, 2026-11-25 until the morning of 2026-11-29",
        text: "Bea",
      },
    ]);
    // A day under a bar that starts elsewhere says whose it is, and still marks a range.
    expect(row[2]).toMatchObject({ className: "s-noPrice", href: "?start=2026-11-24&unit=unt_a1&from=2026-11-26", text: "–, No price, Bea, Inquiry", bars: [] });
    expect(row[3]).toMatchObject({ className: "s-blocked", text: "125.5, Blocked, Bea, Inquiry", bars: [] });
  });

  it("escapes every text a host or a translation brings", () => {
    const html = rowHtml(
      input({
        row: { id: "unt_a1", title: '<script>alert("x")</script>', propertyTitle: "A & B's", paused: true, prices: [null], states: encodeCellStates(["noPrice"]) },
        days: ["2026-11-26"],
        texts: { ...texts, paused: "<b>paused</b>", states: { ...texts.states, noPrice: "<i>none</i>" } },
      }),
    );
    expect(html).not.toMatch(/<script|<b>|<i>/);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("A &amp; B&#39;s");
    expect(escapeHtml(`<>&"'`)).toBe("&lt;&gt;&amp;&quot;&#39;");
  });
});
