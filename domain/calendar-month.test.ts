import { describe, expect, it } from "vitest";
import { isIsoDate, weekdayOf } from "./dates";
import { isDay } from "./days";
import type { DayAvailability } from "./calendar";
import { addMonthsToMonth, packDays, unpackDays, dayStateOf, isSelected, lastDayOf, monthWeeks, nightsOfDays, orderedDays, rangeState, selectionAfterClick, selectionOf, upcomingEvents, visibleMonths, weekBars, yearMonths } from "./calendar-month";

/** A day of a marked range: its availability and the kinds of the events on it. */
const day = (availability: DayAvailability, ...eventKinds: string[]) => ({ availability, eventKinds });

describe("months", () => {
  it("knows a month's last day, leap years included", () => {
    expect(lastDayOf("2028-02")).toBe("2028-02-29");
    expect(lastDayOf("2027-02")).toBe("2027-02-28");
    expect(lastDayOf("2026-12")).toBe("2026-12-31");
    expect(addMonthsToMonth("2026-12", 1)).toBe("2027-01");
    expect(addMonthsToMonth("2027-01", -1)).toBe("2026-12");
  });

  it("shows two months from the one asked for, within the current month and the twelfth ahead", () => {
    expect(visibleMonths(null, "2026-11-25")).toEqual({ months: ["2026-11", "2026-12"], previous: null, next: "2026-12" });
    expect(visibleMonths("2026-12", "2026-11-25")).toEqual({ months: ["2026-12", "2027-01"], previous: "2026-11", next: "2027-01" });
    expect(visibleMonths("2025-01", "2026-11-25").months).toEqual(["2026-11", "2026-12"]);
    expect(visibleMonths("2030-01", "2026-11-25")).toEqual({ months: ["2027-09", "2027-10"], previous: "2027-08", next: null });
    expect(visibleMonths("2026-13", "2026-11-25").months[0]).toBe("2026-11");
  });

  it("lays a month out in weeks from Monday", () => {
    // 1 November 2026 is a Sunday.
    const weeks = monthWeeks("2026-11");
    expect(weeks[0]).toEqual([null, null, null, null, null, null, "2026-11-01"]);
    expect(weeks.at(-1)).toEqual(["2026-11-30", null, null, null, null, null, null]);
    expect(weeks).toHaveLength(6);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    // February 2027 starts on a Monday and fills four weeks exactly.
    expect(monthWeeks("2027-02")).toHaveLength(4);
  });
});

describe("selection by links", () => {
  it("reads the query, refusing an end before the start", () => {
    expect(selectionOf("2026-12-03", "2026-12-05")).toEqual({ from: "2026-12-03", to: "2026-12-05" });
    expect(selectionOf("2026-12-03", "2026-12-01")).toEqual({ from: "2026-12-03", to: null });
    expect(selectionOf("2026-02-30", null)).toBeNull();
    expect(selectionOf(null, "2026-12-05")).toBeNull();
  });

  it("starts on the first click, ends on the second, starts again after", () => {
    const start = selectionAfterClick(null, "2026-12-03");
    expect(start).toEqual({ from: "2026-12-03", to: null });
    const whole = selectionAfterClick(start, "2026-12-05");
    expect(whole).toEqual({ from: "2026-12-03", to: "2026-12-05" });
    expect(selectionAfterClick(start, "2026-12-03")).toEqual({ from: "2026-12-03", to: "2026-12-03" });
    expect(selectionAfterClick(start, "2026-12-01")).toEqual({ from: "2026-12-01", to: null });
    expect(selectionAfterClick(whole, "2026-12-10")).toEqual({ from: "2026-12-10", to: null });
  });

  it("marks the days of the range, both ends included; a start alone is one day", () => {
    expect(isSelected({ from: "2026-12-03", to: "2026-12-05" }, "2026-12-05")).toBe(true);
    expect(isSelected({ from: "2026-12-03", to: "2026-12-05" }, "2026-12-06")).toBe(false);
    expect(isSelected({ from: "2026-12-03", to: null }, "2026-12-03")).toBe(true);
    expect(isSelected(null, "2026-12-03")).toBe(false);
  });

  it("turns days into the nights they stand for: up to the morning after the last day", () => {
    expect(nightsOfDays({ from: "2026-12-31", to: "2026-12-31" })).toEqual({ dateFrom: "2026-12-31", dateTo: "2027-01-01" });
    expect(nightsOfDays({ from: "2028-02-27", to: "2028-02-28" })).toEqual({ dateFrom: "2028-02-27", dateTo: "2028-02-29" });
  });
});

describe("what the days are", () => {
  it("says whether a range is all available, all blocked or mixed", () => {
    expect(rangeState([day("AVAILABLE"), day("NEUTRAL")])).toBe("available");
    expect(rangeState([day("BLOCKED", "manual"), day("BLOCKED", "manual")])).toBe("blocked");
    expect(rangeState([day("BLOCKED", "manual"), day("AVAILABLE")])).toBe("mixed");
    expect(rangeState([])).toBeNull();
  });

  it("tells a guest's stay and a pause from the host's block", () => {
    // A booking, an imported event and a pending request (which takes no night) are a guest's.
    expect(rangeState([day("BLOCKED", "booking"), day("BLOCKED", "external"), day("AVAILABLE", "request")])).toBe("booked");
    // An imported event over a block (a multi event's children) is still the guest's.
    expect(rangeState([day("BLOCKED", "manual", "external")])).toBe("booked");
    expect(rangeState([day("PAUSED", "pause"), day("PAUSED")])).toBe("paused");
    expect(rangeState([day("BLOCKED", "manual"), day("PAUSED", "pause")])).toBe("mixed");
    expect(rangeState([day("BLOCKED", "booking"), day("BLOCKED", "manual")])).toBe("mixed");
    // An open inquiry takes nothing: the night is open.
    expect(rangeState([day("AVAILABLE", "inquiry")])).toBe("available");
  });

  it("names a booked night before a blocked one", () => {
    expect(dayStateOf("BLOCKED", ["booking"])).toBe("booked");
    expect(dayStateOf("BLOCKED", ["manual"])).toBe("blocked");
    expect(dayStateOf("PAUSED", ["pause"])).toBe("paused");
    expect(dayStateOf("AVAILABLE", [])).toBe("available");
    expect(dayStateOf("NEUTRAL", [])).toBe("noPrice");
  });
});

describe("events as bars", () => {
  // The week of Monday 30 November 2026 in December's grid: two days of November are outside it.
  const week = [null, "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06"];

  it("draws an event over its nights in the row, not over the morning it ends", () => {
    const [bar] = weekBars(week, [{ id: "a", dateFrom: "2026-12-02", dateTo: "2026-12-05" }]);
    expect(bar).toMatchObject({ start: 2, span: 3, lane: 0, first: true, last: true });
  });

  it("cuts an event that runs on into the next weeks, and one that began before the month", () => {
    const [before, after] = weekBars(week, [
      { id: "b", dateFrom: "2026-11-20", dateTo: "2026-12-03" },
      { id: "c", dateFrom: "2026-12-05", dateTo: "2026-12-20" },
    ]);
    expect(before).toMatchObject({ start: 1, span: 2, first: false, last: true });
    expect(after).toMatchObject({ start: 5, span: 2, first: true, last: false });
    // Consecutive events share a lane: the second starts the day the first ends.
    expect(after!.lane).toBe(0);
  });

  it("puts overlapping events in lanes one under the other, and leaves out those outside the row", () => {
    const bars = weekBars(week, [
      { id: "d", dateFrom: "2026-12-01", dateTo: "2026-12-04" },
      { id: "e", dateFrom: "2026-12-03", dateTo: "2026-12-06" },
      { id: "f", dateFrom: "2026-12-10", dateTo: "2026-12-12" },
    ]);
    expect(bars.map((b) => [b.event.id, b.lane])).toEqual([
      ["d", 0],
      ["e", 1],
    ]);
  });

  it("lists the events of the next 30 days by their first night, the one under way included", () => {
    const events = [
      { id: "later", dateFrom: "2026-12-30", dateTo: "2027-01-02" },
      { id: "now", dateFrom: "2026-11-20", dateTo: "2026-11-27" },
      { id: "gone", dateFrom: "2026-11-01", dateTo: "2026-11-25" },
      { id: "soon", dateFrom: "2026-12-24", dateTo: "2026-12-26" },
    ];
    expect(upcomingEvents(events, "2026-11-25").map((e) => e.id)).toEqual(["now", "soon"]);
  });
});

describe("marking with JavaScript and the year", () => {
  it("orders a range dragged backwards", () => {
    expect(orderedDays("2026-12-05", "2026-12-02")).toEqual({ from: "2026-12-02", to: "2026-12-05" });
    expect(orderedDays("2026-12-02", "2026-12-02")).toEqual({ from: "2026-12-02", to: "2026-12-02" });
  });

  it("shows twelve months from the current one in the year view, across the year's end", () => {
    const months = yearMonths("2026-11-25");
    expect(months).toHaveLength(12);
    expect([months[0], months[2], months[11]]).toEqual(["2026-11", "2027-01", "2027-10"]);
  });
});

describe("the page's own day arithmetic", () => {
  it("answers as domain/dates does, across month and year ends, leap days and DST changes", () => {
    for (const date of ["2026-02-28", "2028-02-28", "2028-02-29", "2026-03-29", "2026-10-25", "2026-12-31", "2027-01-01"]) {
      expect(monthWeeks(date.slice(0, 7)).flat().find(Boolean)).toBe(`${date.slice(0, 7)}-01`);
    }
    for (const value of ["2026-02-29", "2028-02-29", "2026-13-01", "2026-04-31", "2026-4-1", "2026-12-31"]) expect(isDay(value)).toBe(isIsoDate(value));
    expect(weekdayOf("2026-11-01")).toBe(0);
    expect(addMonthsToMonth("2026-11", 14)).toBe("2028-01");
    expect(addMonthsToMonth("2027-01", -13)).toBe("2025-12");
  });
});

describe("days packed for the browser", () => {
  it("come back as they were", () => {
    const days = [
      { date: "2026-12-30", price: 12_000, state: "available" as const },
      { date: "2026-12-31", price: null, state: "noPrice" as const },
      { date: "2027-01-01", price: 9_000, state: "booked" as const },
      { date: "2027-01-02", price: 9_000, state: "paused" as const },
      { date: "2027-01-03", price: 9_000, state: "blocked" as const },
    ];
    expect(packDays(days)).toEqual({ from: "2026-12-30", prices: [12_000, null, 9_000, 9_000, 9_000], states: "ankpb" });
    expect(unpackDays(packDays(days))).toEqual(days);
  });
});
