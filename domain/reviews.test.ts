import { describe, expect, it } from "vitest";
import { averageOf, canReply, isReviewable, reviewInputSchema, whyNotReviewable } from "./reviews";

describe("reviews", () => {
  it("a stay can be reviewed from its check-out day for 14 days, unless cancelled or closed", () => {
    const stay = { status: "IN_REVIEW_COLLECTION", checkOut: "2026-03-10" };
    expect(isReviewable(stay, "2026-03-09")).toBe(false);
    expect(isReviewable(stay, "2026-03-10")).toBe(true);
    expect(isReviewable(stay, "2026-03-23")).toBe(true);
    expect(isReviewable(stay, "2026-03-24")).toBe(false);
    expect(isReviewable({ ...stay, status: "CONFIRMED" }, "2026-03-11")).toBe(true);
    expect(isReviewable({ ...stay, status: "CANCELLED" }, "2026-03-11")).toBe(false);
    expect(isReviewable({ ...stay, status: "REVIEW_COLLECTED" }, "2026-03-11")).toBe(false);
  });

  it("says why a guest's stay cannot be reviewed: not a booking, cancelled, not over yet, or its review time ended", () => {
    const booking = { type: "booking", status: "CONFIRMED", checkOut: "2026-03-10" };
    expect(whyNotReviewable({ ...booking, type: "bookingRequest" }, "2026-03-11")).toBe("notBooked");
    expect(whyNotReviewable({ ...booking, status: "CANCELLED" }, "2026-03-11")).toBe("cancelled");
    expect(whyNotReviewable(booking, "2026-03-09")).toBe("notYet");
    expect(whyNotReviewable(booking, "2026-03-10")).toBeNull();
    expect(whyNotReviewable({ ...booking, status: "IN_REVIEW_COLLECTION" }, "2026-03-23")).toBeNull();
    // The review time ended on the 14th day after check-out, whether or not the job closed it yet.
    expect(whyNotReviewable(booking, "2026-03-24")).toBe("ended");
    expect(whyNotReviewable({ ...booking, status: "NO_REVIEW_COLLECTED" }, "2026-03-24")).toBe("ended");
  });

  it("the host may change the answer for 14 days after first answering", () => {
    const answered = new Date("2026-03-01T10:00:00Z");
    expect(canReply(null, answered)).toBe(true);
    expect(canReply(answered, new Date("2026-03-15T09:59:59Z"))).toBe(true);
    expect(canReply(answered, new Date("2026-03-15T10:00:00Z"))).toBe(false);
  });

  it("ratings are whole stars from 1 to 5 for the stay and each category", () => {
    const valid = { rating: "5", cleanliness: 4, accuracy: 4, communication: 5, location: 3, checkIn: 4, value: 4 };
    expect(reviewInputSchema.safeParse(valid).success).toBe(true);
    expect(reviewInputSchema.safeParse({ ...valid, rating: 0 }).success).toBe(false);
    expect(reviewInputSchema.safeParse({ ...valid, value: 4.5 }).success).toBe(false);
    expect(averageOf(14, 3)).toBe(4.7);
    expect(averageOf(0, 0)).toBeNull();
  });
});
