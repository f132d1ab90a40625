import { describe, expect, it } from "vitest";
import {
  BOOKING_STATUSES,
  bookingCodeOf,
  bookingMoney,
  bookingStatusDue,
  bookingStatusesBefore,
  canMoveBooking,
  canMoveInquiry,
  canMoveRequest,
  cancelledBy,
  inquiryRejection,
  inquiryStatusDue,
  instalmentsOf,
  isPending,
  paymentPlanFor,
  paymentPlanOf,
  phoneOrNull,
  REQUEST_STATUSES,
  requestExpiresAt,
  requestRejection,
  stayTimeOf,
} from "./booking";
import { todayIn } from "./dates";
import { timeZoneOf } from "./time-zones";

describe("a stay on its unit's local day (the bookings' tabs)", () => {
  it("is upcoming before its check-in day, current from it until the check-out day, over from the check-out day", () => {
    const stay = { checkIn: "2027-03-07", checkOut: "2027-03-10" };
    expect(stayTimeOf(stay, "2027-03-06")).toBe("upcoming");
    expect(stayTimeOf(stay, "2027-03-07")).toBe("current");
    expect(stayTimeOf(stay, "2027-03-09")).toBe("current");
    expect(stayTimeOf(stay, "2027-03-10")).toBe("over");
  });

  it("leaving today in UTC is still under way in Honolulu, where it is the day before", () => {
    const now = new Date("2027-03-10T05:00:00Z");
    const stay = { checkIn: "2027-03-07", checkOut: "2027-03-10" };
    expect(stayTimeOf(stay, todayIn("UTC", now))).toBe("over");
    expect(stayTimeOf(stay, todayIn(timeZoneOf("US", "HI"), now))).toBe("current");
    expect(bookingStatusDue({ status: "CONFIRMED", checkOut: stay.checkOut }, todayIn(timeZoneOf("US", "HI"), now))).toBeNull();
    // Arriving tomorrow in UTC is arriving today in Athens an hour before midnight UTC.
    expect(stayTimeOf({ checkIn: "2027-03-11", checkOut: "2027-03-12" }, todayIn(timeZoneOf("GR"), new Date("2027-03-10T23:00:00Z")))).toBe("current");
  });
});

describe("booking transitions (§4)", () => {
  it("cancels or completes a confirmed booking, collects reviews after completion, and ends there", () => {
    expect(canMoveBooking("CONFIRMED", "CANCELLED")).toBe(true);
    expect(canMoveBooking("CONFIRMED", "COMPLETED")).toBe(true);
    expect(canMoveBooking("COMPLETED", "IN_REVIEW_COLLECTION")).toBe(true);
    expect(canMoveBooking("IN_REVIEW_COLLECTION", "REVIEW_COLLECTED")).toBe(true);
    expect(canMoveBooking("IN_REVIEW_COLLECTION", "NO_REVIEW_COLLECTED")).toBe(true);
    expect(canMoveBooking("CANCELLED", "CONFIRMED")).toBe(false);
    expect(canMoveBooking("COMPLETED", "CANCELLED")).toBe(false);
    expect(canMoveBooking("CONFIRMED", "IN_REVIEW_COLLECTION")).toBe(false);
    for (const end of ["CANCELLED", "REVIEW_COLLECTED", "NO_REVIEW_COLLECTED"] as const) for (const to of BOOKING_STATUSES) expect(canMoveBooking(end, to)).toBe(false);
    expect(bookingStatusesBefore("CANCELLED")).toEqual(["CONFIRMED"]);
  });

  it("moves a stay on after its check-out, one step at a time, and ends review collection after 14 days", () => {
    const direct = { checkOut: "2027-03-10" };
    expect(bookingStatusDue({ ...direct, status: "CONFIRMED" }, "2027-03-09")).toBeNull();
    expect(bookingStatusDue({ ...direct, status: "CONFIRMED" }, "2027-03-10")).toBe("COMPLETED");
    expect(bookingStatusDue({ ...direct, status: "COMPLETED" }, "2027-03-10")).toBe("IN_REVIEW_COLLECTION");
    expect(bookingStatusDue({ ...direct, status: "IN_REVIEW_COLLECTION" }, "2027-03-23")).toBeNull();
    expect(bookingStatusDue({ ...direct, status: "IN_REVIEW_COLLECTION" }, "2027-03-24")).toBe("NO_REVIEW_COLLECTED");
    expect(bookingStatusDue({ ...direct, status: "CANCELLED" }, "2027-04-24")).toBeNull();
  });

  it("shows a cancellation as by the guest, by the owner or plain", () => {
    expect(cancelledBy("GUEST")).toBe("guest");
    expect(cancelledBy("GUEST_VIA_EXTERNAL_SYSTEM")).toBe("guest");
    expect(cancelledBy("OWNER")).toBe("owner");
    expect(cancelledBy("OWNER_VIA_EXTERNAL_SYSTEM")).toBe("owner");
    expect(cancelledBy("EXTERNAL_SYSTEM")).toBeNull();
    expect(cancelledBy(null)).toBeNull();
  });
});

describe("booking requests", () => {
  it("answers or expires only a pending request, which stays pending until its expiration time", () => {
    for (const to of REQUEST_STATUSES) expect(canMoveRequest("REQUESTED", to)).toBe(to !== "REQUESTED");
    for (const from of ["CONFIRMED", "REJECTED", "EXPIRED"] as const) for (const to of REQUEST_STATUSES) expect(canMoveRequest(from, to)).toBe(false);
    const created = new Date("2027-01-01T10:00:00Z");
    const expiresAt = requestExpiresAt(created);
    expect(expiresAt.toISOString()).toBe("2027-01-02T10:00:00.000Z");
    // An arrival sooner ends the wait when the arrival day begins, though never within the first two hours.
    expect(requestExpiresAt(created, new Date("2027-01-05T23:00:00Z")).toISOString()).toBe("2027-01-02T10:00:00.000Z");
    expect(requestExpiresAt(created, new Date("2027-01-01T23:00:00Z")).toISOString()).toBe("2027-01-01T23:00:00.000Z");
    expect(requestExpiresAt(created, new Date("2027-01-01T11:00:00Z")).toISOString()).toBe("2027-01-01T12:00:00.000Z");
    expect(requestExpiresAt(created, new Date("2026-12-31T23:00:00Z")).toISOString()).toBe("2027-01-01T12:00:00.000Z");
    expect(isPending({ status: "REQUESTED", expiresAt }, new Date("2027-01-02T09:59:59Z"))).toBe(true);
    expect(isPending({ status: "REQUESTED", expiresAt }, expiresAt)).toBe(false);
    expect(isPending({ status: "CONFIRMED", expiresAt }, created)).toBe(false);
  });

  it("keeps a rejection's explanation only for OTHER (where it is required) or with a sub-reason (§5)", () => {
    expect(requestRejection({ reason: "OTHER" })).toEqual({ rejection: null, problem: "explanation_required" });
    expect(requestRejection({ reason: "OTHER", explanation: "  " }).problem).toBe("explanation_required");
    expect(requestRejection({ reason: "OTHER", explanation: " Renovation " }).rejection).toEqual({ reason: "OTHER", subReason: null, explanation: "Renovation" });
    expect(requestRejection({ reason: "RATES_MISMATCH", explanation: "Too cheap" }).rejection).toEqual({ reason: "RATES_MISMATCH", subReason: null, explanation: null });
    expect(requestRejection({ reason: "RATES_MISMATCH", subReason: "season", explanation: "Too cheap" }).rejection).toEqual({ reason: "RATES_MISMATCH", subReason: "season", explanation: "Too cheap" });
  });
});

describe("inquiries", () => {
  it("confirms or rejects an open inquiry, expires it at check-out, and collects reviews after a confirmed stay", () => {
    expect(canMoveInquiry("REQUESTED", "CONFIRMED")).toBe(true);
    expect(canMoveInquiry("ACTION_NEEDED", "REJECTED")).toBe(true);
    expect(canMoveInquiry("CONFIRMED", "REJECTED")).toBe(false);
    expect(canMoveInquiry("REJECTED", "CONFIRMED")).toBe(false);
    expect(inquiryStatusDue({ status: "REQUESTED", checkOut: "2027-05-05" }, "2027-05-05")).toBe("EXPIRED_CHECKOUT");
    expect(inquiryStatusDue({ status: "CONFIRMED", checkOut: "2027-05-05" }, "2027-05-05")).toBe("IN_REVIEW_COLLECTION");
    expect(inquiryStatusDue({ status: "IN_REVIEW_COLLECTION", checkOut: "2027-05-05" }, "2027-05-19")).toBe("NO_REVIEW_COLLECTED");
    expect(inquiryStatusDue({ status: "REJECTED", checkOut: "2027-05-05" }, "2027-06-05")).toBeNull();
  });

  it("keeps the explanation of a rejection only for OTHER, and the message always (§5)", () => {
    expect(inquiryRejection({ reason: "OTHER", message: "Sorry" }).problem).toBe("explanation_required");
    expect(inquiryRejection({ reason: "OVERBOOKING", explanation: "Double", message: " Sorry " }).rejection).toEqual({ reason: "OVERBOOKING", explanation: null, message: "Sorry" });
    expect(inquiryRejection({ reason: "OTHER", explanation: "Closed for works" }).rejection).toEqual({ reason: "OTHER", explanation: "Closed for works", message: null });
  });
});

describe("money", () => {
  it("charges commission on the total without taxes, rounded half up, and pays the host the rest", () => {
    const quote = { total: 50_333, taxes: [{ amount: 333 }] };
    expect(bookingMoney(quote, 15)).toEqual({ total: 50_333, commissionBase: 50_000, commissionPercent: 15, commission: 7_500, payout: 42_833 });
    expect(bookingMoney({ total: 10_005, taxes: [] }, 7)).toMatchObject({ commission: 700, payout: 9_305 });
    expect(bookingMoney({ total: 10_050, taxes: [] }, 3).commission).toBe(302);
    expect(bookingMoney(quote, null)).toMatchObject({ commissionPercent: null, commission: 0, payout: 50_333 });
  });

  it("sells a stay within 30 days all online, a later one 30 % now and 70 % before arrival", () => {
    expect(paymentPlanFor({ checkIn: "2027-01-31", checkOut: "2027-02-02" }, "2027-01-01")).toBe("online_100");
    expect(paymentPlanFor({ checkIn: "2027-02-01", checkOut: "2027-02-03" }, "2027-01-01")).toBe("online_30_70_split");
  });

  it("splits a total into instalments that add up to it", () => {
    expect(instalmentsOf("online_100", 10_001, "2027-06-01")).toEqual([{ due: "booking", method: "online", amount: 10_001 }]);
    expect(instalmentsOf("online_30_70_split", 10_001, "2027-06-01")).toEqual([
      { due: "booking", method: "online", amount: 3_000 },
      { due: "2027-05-02", method: "online", amount: 7_001 },
    ]);
    expect(instalmentsOf("online_50", 9_999, "2027-06-01")).toEqual([
      { due: "booking", method: "online", amount: 5_000 },
      { due: "2027-06-01", method: "on_arrival", amount: 4_999 },
    ]);
    expect(instalmentsOf("online_30", 100, "2027-06-01").map((i) => i.amount)).toEqual([30, 70]);
    expect(paymentPlanOf("online50")).toBe("online_50");
    expect(paymentPlanOf("online_30_70_split")).toBe("online_30_70_split");
    expect(paymentPlanOf("cash")).toBeNull();
  });
});

describe("guests", () => {
  it("keeps a phone number only when it has a digit, and makes codes of unambiguous characters", () => {
    expect(phoneOrNull(" +351 21 000 ")).toBe("+351 21 000");
    expect(phoneOrNull("n/a")).toBeNull();
    expect(phoneOrNull(undefined)).toBeNull();
    const code = bookingCodeOf(new Uint8Array([0, 1, 2, 30, 31, 62, 200, 255]));
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(code.slice(0, 3)).toBe("234");
  });
});
