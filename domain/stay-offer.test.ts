import { describe, expect, it } from "vitest";
import { howGuestsBook } from "./stay-offer";

const commission = { commissionApplicable: true, bookingsAvailable: true, inquiriesAvailable: false };
const subscription = { commissionApplicable: false, bookingsAvailable: true, inquiriesAvailable: true };

describe("howGuestsBook", () => {
  it("books a commission or hybrid host's unit instantly or on request, by its booking type", () => {
    expect(howGuestsBook(commission, "onLine")).toBe("instant");
    expect(howGuestsBook(commission, "onRequest")).toBe("request");
    // A hybrid host has inquiries too, and still takes bookings.
    expect(howGuestsBook({ ...commission, inquiriesAvailable: true }, "onRequest")).toBe("request");
  });

  it("asks a subscription host, whatever the unit's booking type", () => {
    expect(howGuestsBook(subscription, "onLine")).toBe("inquiry");
    expect(howGuestsBook(subscription, "onRequest")).toBe("inquiry");
  });

  it("offers nothing where the host takes neither bookings nor inquiries", () => {
    expect(howGuestsBook({ ...commission, bookingsAvailable: false, inquiriesAvailable: true }, "onLine")).toBeNull();
    expect(howGuestsBook({ ...subscription, inquiriesAvailable: false }, "onLine")).toBeNull();
  });
});
