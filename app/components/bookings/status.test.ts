import { describe, expect, it } from "vitest";
import { bookingStatusWords, inquiryStatusWords, requestStatusWords } from "./status";

/** Answers the key it is asked for: what a page's `t` and a loader's look up. */
const t = (key: string) => key;

describe("status words", () => {
  it("word a cancelled booking by who cancelled it, in the error colour", () => {
    expect(bookingStatusWords(t, "CANCELLED", "guest")).toEqual({ label: "bookings:status.booking.CANCELLED_guest", tone: "error" });
    expect(bookingStatusWords(t, "CANCELLED", null)).toEqual({ label: "bookings:status.booking.CANCELLED", tone: "error" });
    expect(bookingStatusWords(t, "CONFIRMED", null)).toEqual({ label: "bookings:status.booking.CONFIRMED", tone: "success" });
  });

  it("show what waits for the host in the warning colour, and a status without a colour in gray", () => {
    expect(requestStatusWords(t, "REQUESTED")).toEqual({ label: "bookings:status.request.REQUESTED", tone: "warning" });
    expect(inquiryStatusWords(t, "ACTION_NEEDED")).toEqual({ label: "bookings:status.inquiry.ACTION_NEEDED", tone: "warning" });
    expect(requestStatusWords(t, "SOMETHING_NEW")).toEqual({ label: "bookings:status.request.SOMETHING_NEW", tone: "neutral" });
  });
});
