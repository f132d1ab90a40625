import { describe, expect, it } from "vitest";
import { momentsOf, monthOf, nightsWithin } from "./overview";

describe("the overview's day", () => {
  it("tells arrivals, departures and stays under way by the unit's today", () => {
    expect(momentsOf({ checkIn: "2026-05-10", checkOut: "2026-05-12", today: "2026-05-10" })).toEqual(["checkInToday"]);
    expect(momentsOf({ checkIn: "2026-05-11", checkOut: "2026-05-12", today: "2026-05-10" })).toEqual(["checkInTomorrow"]);
    expect(momentsOf({ checkIn: "2026-05-08", checkOut: "2026-05-10", today: "2026-05-10" })).toEqual(["checkOutToday"]);
    expect(momentsOf({ checkIn: "2026-05-08", checkOut: "2026-05-11", today: "2026-05-10" })).toEqual(["checkOutTomorrow", "stayingNow"]);
    expect(momentsOf({ checkIn: "2026-05-01", checkOut: "2026-05-20", today: "2026-05-10" })).toEqual(["stayingNow"]);
    expect(momentsOf({ checkIn: "2026-05-12", checkOut: "2026-05-20", today: "2026-05-10" })).toEqual([]);
  });

  it("measures a month and the nights of a stay within it", () => {
    expect(monthOf("2026-02-14")).toEqual({ from: "2026-02-01", to: "2026-03-01", days: 28 });
    expect(monthOf("2026-12-31")).toEqual({ from: "2026-12-01", to: "2027-01-01", days: 31 });
    expect(nightsWithin({ checkIn: "2026-01-30", checkOut: "2026-02-03" }, "2026-02-01", "2026-03-01")).toBe(2);
    expect(nightsWithin({ checkIn: "2026-02-27", checkOut: "2026-03-04" }, "2026-02-01", "2026-03-01")).toBe(2);
    expect(nightsWithin({ checkIn: "2026-03-01", checkOut: "2026-03-04" }, "2026-02-01", "2026-03-01")).toBe(0);
  });
});
