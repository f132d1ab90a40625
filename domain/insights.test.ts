import { describe, expect, it } from "vitest";
import { activityOf } from "./dac7";
import { BETTER, cancelledStayEarnings, change, changeTone, nightsForSale, occupancyRate, performanceFigures, periodRange, yearBefore } from "./insights";

describe("periods", () => {
  it("this year, the last 12 months, last year and a custom range, each against the same months a year before", () => {
    expect(periodRange("this-year", "2026-11-25")).toMatchObject({ first: "2026-01", last: "2026-12", from: "2026-01-01", to: "2027-01-01" });
    expect(periodRange("last-12-months", "2026-11-25")).toMatchObject({ first: "2025-12", last: "2026-11", to: "2026-12-01" });
    expect(periodRange("last-year", "2026-01-05")).toMatchObject({ first: "2025-01", last: "2025-12" });
    const custom = periodRange("custom", "2026-11-25", { from: "2026-05", to: "2026-02" });
    expect(custom.months).toEqual(["2026-02", "2026-03", "2026-04", "2026-05"]);
    expect(yearBefore(custom)).toMatchObject({ first: "2025-02", last: "2025-05", from: "2025-02-01", to: "2025-06-01" });
    // At most 36 months.
    expect(periodRange("custom", "2026-11-25", { from: "2020-01", to: "2026-06" }).months).toHaveLength(36);
  });
});

describe("figures", () => {
  it("derives conversion, rates and averages from the month's sums", () => {
    // 200 views, 5 bookings (4 made on the listing, 1 brought by a channel manager) of which 1 cancelled;
    // 4 stays of 10 nights for 1,200.00 booked 80 days ahead in all.
    expect(performanceFigures({ views: 200, requests: 2, inquiries: 1, bookings: 5, directBookings: 4, cancelled: 1, nights: 10, revenue: 120_000, leadDays: 80 })).toEqual({
      views: 200,
      requests: 2,
      inquiries: 1,
      bookings: 5,
      conversion: 2,
      averageNightlyRate: 12_000,
      averageLeadTime: 20,
      averageLengthOfStay: 2.5,
      cancellationRate: 20,
    });
    expect(performanceFigures({ views: 0, requests: 0, inquiries: 0, bookings: 0, directBookings: 0, cancelled: 0, nights: 0, revenue: 0, leadDays: 0 }).conversion).toBeNull();
    // A host whose channel manager brings most bookings: 3 bookings from 2 views, none made on the listing.
    expect(performanceFigures({ views: 2, requests: 0, inquiries: 0, bookings: 3, directBookings: 0, cancelled: 0, nights: 6, revenue: 60_000, leadDays: 30 }).conversion).toBe(0);
    expect(change(150, 100)).toBe(50);
    expect(change(5, 0)).toBeNull();
    // A drop that rounds to nothing is no change, not "-0 %".
    expect(Object.is(change(99_999, 100_000), 0)).toBe(true);
  });

  it("reads a change as better or worse by which way the figure is better, and no change as neither", () => {
    // The reviewer's tile: a cancellation rate from 9.1 % to 18.2 % (+100 %) is worse, its drop better.
    expect(changeTone("cancellationRate", 100)).toBe("worse");
    expect(changeTone("cancellationRate", -50)).toBe("better");
    expect(changeTone("views", 33.3)).toBe("better");
    expect(changeTone("payout", -50)).toBe("worse");
    expect(changeTone("rate", -0.1)).toBe("worse");
    // Longer or shorter stays and lead times are neither good nor bad; nor is no change at all.
    expect(changeTone("averageLengthOfStay", 40)).toBe("neutral");
    expect(changeTone("averageLeadTime", -40)).toBe("neutral");
    expect(changeTone("views", 0)).toBe("neutral");
    expect(changeTone("cancellationRate", 0)).toBe("neutral");
    expect(Object.entries(BETTER).filter(([, way]) => way === "down").map(([figure]) => figure)).toEqual(["cancellationRate"]);
    expect(Object.entries(BETTER).filter(([, way]) => way === "neither").map(([figure]) => figure)).toEqual(["averageLeadTime", "averageLengthOfStay", "commission", "available"]);
  });

  it("occupancy leaves blocked and paused nights out of the nights available", () => {
    // Two units for sale all April (60 nights), 10 blocked: 25 booked of 50 available.
    expect(occupancyRate(60, { booked: 25, unavailable: 10 })).toEqual({ available: 50, rate: 50 });
    expect(occupancyRate(0, { booked: 0, unavailable: 0 })).toEqual({ available: 0, rate: null });
  });

  it("a unit's nights are for sale from its span's first day, and until its last once it left", () => {
    const always = { since: "2020-01-01", until: null };
    // Published on 21 April: 10 of April's 30 nights, all of May's, none of March's.
    const published = { since: "2026-04-21", until: null };
    expect(nightsForSale("2026-03", [published])).toEqual({ nights: 0, units: 0 });
    expect(nightsForSale("2026-04", [published])).toEqual({ nights: 10, units: 1 });
    expect(nightsForSale("2026-05", [published])).toEqual({ nights: 31, units: 1 });
    // With a unit for sale all along, each month counts both as far as they were for sale.
    expect(nightsForSale("2026-03", [always, published])).toEqual({ nights: 31, units: 1 });
    expect(nightsForSale("2026-04", [always, published])).toEqual({ nights: 40, units: 2 });
    // Unpublished (or deleted) on 10 February: its nights up to the 9th; none from March. A span of a day is one night.
    const left = { since: "2025-06-15", until: "2026-02-10" };
    expect(nightsForSale("2026-02", [left])).toEqual({ nights: 9, units: 1 });
    expect(nightsForSale("2026-03", [left])).toEqual({ nights: 0, units: 0 });
    expect(nightsForSale("2025-06", [left])).toEqual({ nights: 16, units: 1 });
    expect(nightsForSale("2026-02", [{ since: "2026-02-27", until: "2026-02-28" }])).toEqual({ nights: 1, units: 1 });
    // A span that ends the day it starts (unpublished the day it was published) has no night.
    expect(nightsForSale("2026-02", [{ since: "2026-02-10", until: "2026-02-10" }])).toEqual({ nights: 0, units: 0 });
    // A leap February has 29 nights.
    expect(nightsForSale("2028-02", [always])).toEqual({ nights: 29, units: 1 });
    // Last year's months are not emptied by a unit published this year: the rate of a month counts only the units then for sale.
    const lastApril = nightsForSale("2025-04", [always, published]);
    expect(occupancyRate(lastApril.nights, { booked: 15, unavailable: 0 })).toEqual({ available: 30, rate: 50 });
  });
});

describe("a cancelled stay in the earnings", () => {
  // 1,000.00 in a 30/70 split: 300.00 at booking on 10 March, 700.00 due on 2 May; commission 150.00.
  const split = {
    checkIn: "2025-06-01",
    checkOut: "2025-06-08",
    bookedOn: "2025-03-10",
    total: 100_000,
    commission: 15_000,
    instalments: [
      { due: "booking" as const, method: "online" as const, amount: 30_000 },
      { due: "2025-05-02", method: "online" as const, amount: 70_000 },
    ],
  };

  it("counts what the guest had paid: the commission's share of it and the rest kept by the host, paid out on the day of the cancellation", () => {
    // 300.00 paid; commission 150.00 × 300/1000 = 45.00; the host keeps 255.00.
    expect(cancelledStayEarnings({ ...split, cancelledOn: "2025-04-20" })).toEqual({ gross: 30_000, commission: 4_500, payout: 25_500, stayMonth: "2025-06", payoutMonth: "2025-04" });
    // After the balance was due: both payments, the whole commission.
    expect(cancelledStayEarnings({ ...split, cancelledOn: "2025-05-20" })).toEqual({ gross: 100_000, commission: 15_000, payout: 85_000, stayMonth: "2025-06", payoutMonth: "2025-05" });
  });

  it("counts nothing when nothing was paid: a payment on arrival is never made for a stay cancelled before it", () => {
    const onArrival = { ...split, instalments: [{ due: "2025-06-01", method: "on_arrival" as const, amount: 100_000 }] };
    expect(cancelledStayEarnings({ ...onArrival, cancelledOn: "2025-05-20" })).toBeNull();
  });

  it("rounds the commission's share half up to a cent", () => {
    // 49.99 × 100/200 = 24.995 → 25.00.
    const odd = { ...split, total: 20_000, commission: 4_999, instalments: [{ due: "booking" as const, method: "online" as const, amount: 10_000 }] };
    expect(cancelledStayEarnings({ ...odd, cancelledOn: "2025-04-01" })).toMatchObject({ gross: 10_000, commission: 2_500, payout: 7_500 });
  });

  it("is the money the DAC7 report credits for it, in the same month", () => {
    const earnings = cancelledStayEarnings({ ...split, cancelledOn: "2025-04-20" })!;
    const activity = activityOf({ ...split, status: "CANCELLED", cancelledOn: "2025-04-20" }, 2025, "2026-01-15")!;
    expect({ payout: earnings.payout, commission: earnings.commission, month: earnings.payoutMonth }).toEqual({ payout: activity.consideration, commission: activity.fees, month: activity.creditedOn!.slice(0, 7) });
  });
});
