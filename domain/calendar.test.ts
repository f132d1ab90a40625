import { describe, expect, it } from "vitest";
import { availabilityOf, dayRangeProblem, eventsOf, nightRangeProblem, type TakenNight } from "./calendar";

describe("ranges", () => {
  it.each([
    ["2027-07-03", "2027-07-05", null],
    ["2027-07-03", "2027-07-04", null],
    ["2027-07-03", "2027-07-03", "period_invalid"],
    ["2027-07-05", "2027-07-03", "period_invalid"],
    ["2027-02-29", "2027-03-02", "date_invalid"],
    // Two years with a leap day are 731 nights.
    ["2027-01-01", "2029-01-01", null],
    ["2028-01-01", "2030-01-01", null],
    ["2028-01-01", "2030-01-02", "period_too_long"],
  ])("nights from %s up to %s: %s", (dateFrom, dateTo, problem) => {
    expect(nightRangeProblem({ dateFrom, dateTo })).toBe(problem);
    expect(nightRangeProblem({ checkIn: dateFrom, checkOut: dateTo })).toBe(problem);
  });

  it.each([
    ["2027-07-03", "2027-07-03", null],
    ["2027-07-05", "2027-07-03", "date_range_invalid"],
    ["2028-01-01", "2029-12-31", null],
    ["2028-01-01", "2030-01-01", "period_too_long"],
    ["2028-02-30", "2028-03-01", "date_invalid"],
  ])("days from %s to %s: %s", (dateFrom, dateTo, problem) => {
    expect(dayRangeProblem(dateFrom, dateTo)).toBe(problem);
  });
});

const night = (date: string, kind: TakenNight["kind"], ownerId: string): TakenNight => ({ night: date, kind, ownerId });

describe("eventsOf", () => {
  it("joins an owner's consecutive nights into one event ending the morning after its last night", () => {
    const events = eventsOf([
      night("2027-12-31", "booking", "bkg_1"),
      night("2027-12-30", "booking", "bkg_1"),
      night("2028-01-01", "manual", "blk_1"),
      night("2028-02-28", "pause", "pse_1"),
      night("2028-02-29", "pause", "pse_1"),
    ]);
    expect(events).toEqual([
      { id: "bkg_1", dateFrom: "2027-12-30", dateTo: "2028-01-01", source: "booking", kind: "booking", children: [] },
      { id: "blk_1", dateFrom: "2028-01-01", dateTo: "2028-01-02", source: "manual", kind: "manual", children: [] },
      { id: "pse_1", dateFrom: "2028-02-28", dateTo: "2028-03-01", source: "manual", kind: "pause", children: [] },
    ]);
  });

  it("back-to-back stays are two events: one leaves the morning the next arrives", () => {
    const events = eventsOf([night("2027-03-28", "booking", "a"), night("2027-03-29", "booking", "b"), night("2027-03-30", "booking", "b")]);
    expect(events.map((e) => `${e.id} ${e.dateFrom}..${e.dateTo}`)).toEqual(["a 2027-03-28..2027-03-29", "b 2027-03-29..2027-03-31"]);
  });
});

describe("availabilityOf", () => {
  it.each([
    [undefined, false, 10_000, "AVAILABLE"],
    [undefined, false, null, "NEUTRAL"],
    ["booking", false, 10_000, "BLOCKED"],
    ["manual", true, 10_000, "BLOCKED"],
    ["external", false, null, "BLOCKED"],
    ["pause", false, 10_000, "PAUSED"],
    [undefined, true, 10_000, "PAUSED"],
  ] as const)("taken by %s, calendar paused %s, price %s: %s", (taken, paused, price, availability) => {
    expect(availabilityOf(taken, paused, price)).toBe(availability);
  });
});
