import { describe, expect, it } from "vitest";
import { encodeCellStates } from "@domain/multi-calendar";
import { escapeHtml, rowHtml, type RowHtmlInput } from "./multi-row-html";

const texts = {
  states: { booked: "Booked", imported: "Imported booking", blocked: "Blocked", paused: "Paused", available: "Available", noPrice: "No price" },
  today: "today",
  selected: "selected",
  untitled: "Untitled unit",
  paused: "Calendar paused",
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

/** The row as a browser parses it: its cells' classes, texts and links. */
function cells(html: string) {
  return [...html.matchAll(/<td class="([^"]*)">(<a href="([^"]*)">|<span>)(.*?)<\/(a|span)><\/td>/g)].map((m) => ({ className: m[1]!, href: m[3]?.replaceAll("&amp;", "&") ?? null, text: m[4]!.replace(/<[^>]+>/g, "") }));
}

describe("a row of the multi-unit calendar", () => {
  it("names the unit and its property, linked to the unit's calendar", () => {
    const html = rowHtml(input());
    expect(html).toContain('<th scope="row" class="mcal-unit"><a class="mcal-unit__title" href="/calendar/unt_a1">Flat A1</a><span class="mcal-unit__property">Harbour block A</span></th>');
  });

  it("gives each day its price and state; past days have no link, the others mark a range from there", () => {
    const row = cells(rowHtml(input()));
    expect(row).toHaveLength(4);
    expect(row[0]).toEqual({ className: "s-available is-past", href: null, text: "100, Available" });
    expect(row[1]).toEqual({ className: "s-available is-today", href: "?start=2026-11-24&unit=unt_a1&from=2026-11-25", text: "110, Available, today" });
    expect(row[2]).toMatchObject({ className: "s-noPrice", text: "–, No price" });
    expect(row[3]).toMatchObject({ className: "s-blocked", text: "125.5, Blocked" });
  });

  it("ends the range marked on the row at the next day followed, and shows the marked days", () => {
    const row = cells(rowHtml(input({ selection: { unitId: "unt_a1", from: "2026-11-25", to: null } })));
    expect(row[1]).toMatchObject({ className: "s-available is-marked is-today", text: "110, Available, today, selected" });
    expect(row[3]!.href).toBe("?start=2026-11-24&unit=unt_a1&from=2026-11-25&to=2026-11-27");
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
