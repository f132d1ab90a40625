import { describe, expect, it } from "vitest";
import { bookingChange, bookingMonths, countedOnce, shareOfNights, takenNightsMonths, type BookingFacts } from "./insight-months";

const stay: BookingFacts = {
  status: "COMPLETED",
  source: "direct",
  checkIn: "2025-04-30",
  checkOut: "2025-05-03",
  total: 30_000,
  commission: 4_500,
  payout: 25_500,
  bookedAt: new Date("2025-03-10T12:00:00Z"),
  cancelledAt: null,
  instalments: [{ due: "booking", method: "online", amount: 30_000 }],
};

describe("shareOfNights", () => {
  it("shares an amount over the months of a stay's nights in whole minor units that add up to it", () => {
    expect(shareOfNights("2025-04-30", "2025-05-03", [30_000, 100])).toEqual([
      { month: "2025-04", nights: 1, shares: [10_000, 33] },
      { month: "2025-05", nights: 2, shares: [20_000, 67] },
    ]);
    // Within one month: whole; over three months: 1 + 31 + 1 nights of 3 300 = 100, 3 100 and 100.
    expect(shareOfNights("2025-06-10", "2025-06-12", [999])).toEqual([{ month: "2025-06", nights: 2, shares: [999] }]);
    expect(shareOfNights("2025-06-30", "2025-08-02", [3_300]).map((m) => [m.month, m.nights, m.shares[0]])).toEqual([
      ["2025-06", 1, 100],
      ["2025-07", 31, 3_100],
      ["2025-08", 1, 100],
    ]);
    expect(shareOfNights("2025-06-10", "2025-06-10", [100])).toEqual([]);
  });
});

describe("bookingMonths", () => {
  it("counts a kept stay where it was made, by the months of its nights and in its check-in's month", () => {
    expect(Object.fromEntries(bookingMonths(stay))).toEqual({
      // Made on 10 March: 3 nights, 300.00, 51 days ahead.
      "2025-03": { bookings: 1, directBookings: 1, nights: 3, revenue: 30_000, leadDays: 51 },
      "2025-04": { stayGross: 10_000, stayCommission: 1_500, stayPayout: 8_500, stays: 1, bookedNights: 1, payoutGross: 30_000, payoutCommission: 4_500, payoutPayout: 25_500, payoutStays: 1 },
      "2025-05": { stayGross: 20_000, stayCommission: 3_000, stayPayout: 17_000, stays: 1, bookedNights: 2 },
    });
  });

  it("counts a cancelled stay as made and cancelled, with only what its guest had paid: by its check-in's month and the month of the cancellation", () => {
    const cancelled: BookingFacts = {
      ...stay,
      status: "CANCELLED",
      checkIn: "2025-05-20",
      checkOut: "2025-05-23",
      total: 20_000,
      commission: 3_000,
      payout: 17_000,
      cancelledAt: new Date("2025-04-15T09:00:00Z"),
      instalments: [
        { due: "booking", method: "online", amount: 6_000 },
        { due: "2025-05-20", method: "on_arrival", amount: 14_000 },
      ],
    };
    // 60.00 paid at booking; commission 30.00 × 60/200 = 9.00; 51.00 to the host.
    expect(Object.fromEntries(bookingMonths(cancelled))).toEqual({
      "2025-03": { bookings: 1, directBookings: 1, cancelled: 1 },
      "2025-05": { stayGross: 6_000, stayCommission: 900, stayPayout: 5_100 },
      "2025-04": { payoutGross: 6_000, payoutCommission: 900, payoutPayout: 5_100 },
    });
    // Nothing paid: counted as made and cancelled only.
    expect(Object.fromEntries(bookingMonths({ ...cancelled, instalments: [{ due: "2025-05-20", method: "on_arrival", amount: 20_000 }] }))).toEqual({ "2025-03": { bookings: 1, directBookings: 1, cancelled: 1 } });
  });

  it("counts a channel manager's booking as a booking but not as one made on the listing", () => {
    const made = bookingMonths({ ...stay, source: "smoobu" }).get("2025-03");
    expect(made).toEqual({ bookings: 1, directBookings: 0, nights: 3, revenue: 30_000, leadDays: 51 });
  });

  it("a write changes the sums by the booking after less the booking before", () => {
    // Cancelled on 1 April with everything paid at booking: the whole 300.00 is kept, in April (check-in) by stay and by payout.
    const change = bookingChange(stay, { ...stay, status: "CANCELLED", cancelledAt: new Date("2025-04-01T08:00:00Z") });
    expect(Object.fromEntries(change)).toEqual({
      "2025-03": { cancelled: 1, nights: -3, revenue: -30_000, leadDays: -51 },
      "2025-04": { stayGross: 20_000, stayCommission: 3_000, stayPayout: 17_000, stays: -1, bookedNights: -1, payoutStays: -1 },
      "2025-05": { stayGross: -20_000, stayCommission: -3_000, stayPayout: -17_000, stays: -1, bookedNights: -2 },
    });
    expect(bookingChange(stay, stay).size).toBe(0);
  });

  it("counts requests, inquiries and views once in their month (UTC), and a confirmed inquiry's nights by month", () => {
    expect(Object.fromEntries(countedOnce("requests", new Date("2025-02-28T23:30:00Z")))).toEqual({ "2025-02": { requests: 1 } });
    expect(Object.fromEntries(countedOnce("views", "2025-03-01"))).toEqual({ "2025-03": { views: 1 } });
    expect(Object.fromEntries(takenNightsMonths("2025-01-31", "2025-02-02"))).toEqual({ "2025-01": { bookedNights: 1 }, "2025-02": { bookedNights: 1 } });
  });
});
