import { describe, expect, it } from "vitest";
import { availabilityOf, TAKEN_NIGHT_KINDS, type TakenNightKind } from "./calendar";
import { rangeState } from "./calendar-month";
import { cellStateAt, cellStateOf, cellStateOfNight, cellsRangeState, dayWindow, encodeCellStates, draggedSelection, earliestStart, isMarked, latestStart, rowDays, rowSelectionAfterClick, rowSelectionOf, WINDOW_DAYS } from "./multi-calendar";

const TODAY = "2026-11-25";

describe("the days the multi-unit calendar shows", () => {
  it("starts today when no day or a bad one is asked for, and shows a month of days", () => {
    for (const requested of [null, undefined, "", "2026-02-30", "tomorrow"]) {
      const window = dayWindow(requested, TODAY);
      expect(window.start).toBe(TODAY);
      expect(window.days).toHaveLength(WINDOW_DAYS);
      expect(window.days[0]).toBe(TODAY);
      expect(window.end).toBe("2026-12-25");
    }
  });

  it("moves by two weeks and by a month, across the year's end", () => {
    const window = dayWindow("2026-12-20", TODAY);
    expect(window.nextWeeks).toBe("2027-01-03");
    expect(window.nextMonth).toBe("2027-01-20");
    expect(window.previousWeeks).toBe("2026-12-06");
    expect(window.previousMonth).toBe("2026-11-20");
    expect(window.days).toContain("2027-01-01");
  });

  it("goes back no further than the current month's first day, and says when it cannot move", () => {
    expect(earliestStart(TODAY)).toBe("2026-11-01");
    expect(dayWindow("2026-10-01", TODAY).start).toBe("2026-11-01");
    const today = dayWindow(TODAY, TODAY);
    expect(today.previousWeeks).toBe("2026-11-11");
    expect(today.previousMonth).toBe("2026-11-01");
    const first = dayWindow("2026-11-01", TODAY);
    expect(first.previousWeeks).toBeNull();
    expect(first.previousMonth).toBeNull();
  });

  it("goes no further than the twelfth month ahead", () => {
    // November 2026 and eleven months more: the last day shown is 31 October 2027.
    expect(latestStart(TODAY)).toBe("2027-10-01");
    const last = dayWindow("2099-01-01", TODAY);
    expect(last.start).toBe("2027-10-01");
    expect(last.end).toBe("2027-10-31");
    expect(last.nextWeeks).toBeNull();
    expect(last.nextMonth).toBeNull();
    expect(dayWindow("2027-09-25", TODAY).nextWeeks).toBe("2027-10-01");
  });

  it("counts 29 February in a leap year", () => {
    const window = dayWindow("2028-02-15", "2028-02-01");
    expect(window.days).toContain("2028-02-29");
    expect(window.end).toBe("2028-03-16");
  });
});

describe("a range marked on one row", () => {
  it("is read from the query only with a unit and a real first day; an end before the start is dropped", () => {
    expect(rowSelectionOf("unt_a1", "2026-12-03", "2026-12-05")).toEqual({ unitId: "unt_a1", from: "2026-12-03", to: "2026-12-05" });
    expect(rowSelectionOf("unt_a1", "2026-12-03", "2026-12-01")).toEqual({ unitId: "unt_a1", from: "2026-12-03", to: null });
    expect(rowSelectionOf(null, "2026-12-03", null)).toBeNull();
    expect(rowSelectionOf("unt a1/../", "2026-12-03", null)).toBeNull();
    expect(rowSelectionOf("unt_a1", "2026-13-03", null)).toBeNull();
  });

  it("starts with the first click and ends with the second on the same row", () => {
    const start = rowSelectionAfterClick(null, "unt_a", "2026-12-03");
    expect(start).toEqual({ unitId: "unt_a", from: "2026-12-03", to: null });
    expect(rowSelectionAfterClick(start, "unt_a", "2026-12-05")).toEqual({ unitId: "unt_a", from: "2026-12-03", to: "2026-12-05" });
    // The same day again: a range of one day.
    expect(rowSelectionAfterClick(start, "unt_a", "2026-12-03")).toEqual({ unitId: "unt_a", from: "2026-12-03", to: "2026-12-03" });
  });

  it("starts again on another row, before the start, or once whole", () => {
    const start = { unitId: "unt_a", from: "2026-12-03", to: null };
    expect(rowSelectionAfterClick(start, "unt_b", "2026-12-05")).toEqual({ unitId: "unt_b", from: "2026-12-05", to: null });
    expect(rowSelectionAfterClick(start, "unt_a", "2026-12-01")).toEqual({ unitId: "unt_a", from: "2026-12-01", to: null });
    expect(rowSelectionAfterClick({ ...start, to: "2026-12-05" }, "unt_a", "2026-12-08")).toEqual({ unitId: "unt_a", from: "2026-12-08", to: null });
  });

  it("is dragged either way", () => {
    expect(draggedSelection("unt_a", "2026-12-09", "2026-12-04")).toEqual({ unitId: "unt_a", from: "2026-12-04", to: "2026-12-09" });
    expect(draggedSelection("unt_a", "2026-12-04", "2026-12-09")).toEqual({ unitId: "unt_a", from: "2026-12-04", to: "2026-12-09" });
  });

  it("marks its days on its row only", () => {
    const selection = { unitId: "unt_a", from: "2026-12-03", to: "2026-12-05" };
    expect(isMarked(selection, "unt_a", "2026-12-03")).toBe(true);
    expect(isMarked(selection, "unt_a", "2026-12-05")).toBe(true);
    expect(isMarked(selection, "unt_a", "2026-12-06")).toBe(false);
    expect(isMarked(selection, "unt_b", "2026-12-04")).toBe(false);
    expect(isMarked(null, "unt_a", "2026-12-04")).toBe(false);
    expect(rowDays({ unitId: "unt_a", from: "2026-12-03", to: null })).toEqual({ from: "2026-12-03", to: "2026-12-03" });
  });
});

describe("what a cell says", () => {
  it("names what took the night, a booking first", () => {
    expect(cellStateOf("BLOCKED", ["booking"])).toBe("booked");
    expect(cellStateOf("BLOCKED", ["external"])).toBe("imported");
    expect(cellStateOf("BLOCKED", ["manual"])).toBe("blocked");
    expect(cellStateOf("PAUSED", ["pause"])).toBe("paused");
    // The whole calendar paused: no night taken, still paused.
    expect(cellStateOf("PAUSED", [])).toBe("paused");
    expect(cellStateOf("AVAILABLE", [])).toBe("available");
    expect(cellStateOf("NEUTRAL", [])).toBe("noPrice");
  });
});

describe("a cell from what took its night (the shell's cells of a page)", () => {
  const nights: (TakenNightKind | undefined)[] = [undefined, ...TAKEN_NIGHT_KINDS];
  const days = nights.flatMap((taken) => [false, true].flatMap((paused) => [null, 12_000].map((price) => ({ taken, paused, price }))));

  it("says what the day's availability and its event say", () => {
    for (const { taken, paused, price } of days) expect(cellStateOfNight(taken, paused, price)).toBe(cellStateOf(availabilityOf(taken, paused, price), taken ? [taken] : []));
    expect(cellStateOfNight("booking", true, null)).toBe("booked");
    expect(cellStateOfNight(undefined, false, null)).toBe("noPrice");
  });

  it("says a range of cells booked, blocked, paused, available or mixed as the range's days say it", () => {
    // Every pair of two days and every day alone, as the price list's availability would say them.
    for (const a of days) {
      for (const b of [...days, null]) {
        const range = b ? [a, b] : [a];
        expect(cellsRangeState(range.map((d) => cellStateOfNight(d.taken, d.paused, d.price)))).toBe(rangeState(range.map((d) => ({ availability: availabilityOf(d.taken, d.paused, d.price), eventKinds: d.taken ? [d.taken] : [] }))));
      }
    }
    expect(cellsRangeState([])).toBeNull();
  });
});

describe("a row's states, sent as a string", () => {
  it("keep every state of every day", () => {
    const states = ["available", "booked", "imported", "blocked", "paused", "noPrice", "available"] as const;
    const encoded = encodeCellStates(states);
    expect(encoded).toHaveLength(states.length);
    expect(states.map((_, i) => cellStateAt(encoded, i))).toEqual(states);
    expect(cellStateAt(encoded, 99)).toBe("noPrice");
  });
});
