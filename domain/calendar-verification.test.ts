import { describe, expect, it } from "vitest";
import {
  CALENDAR_PROVIDER_IDS,
  CALENDAR_PROVIDERS,
  isCalendarProviderId,
  isCalendarVerified,
  LISTING_URL_MAX_LENGTH,
  parseListingUrl,
  unitCalendarStatus,
  verificationOutcome,
  weakestCalendarStatus,
} from "./calendar-verification";

describe("calendar providers", () => {
  it("are Airbnb, Booking.com and Vrbo, each with a listing and an iCal link whose examples it accepts", () => {
    expect(CALENDAR_PROVIDERS.map((p) => p.id)).toEqual([...CALENDAR_PROVIDER_IDS]);
    for (const provider of CALENDAR_PROVIDERS) {
      expect(provider.urlPatterns.map((u) => u.kind)).toEqual(["listing", "ical"]);
      for (const u of provider.urlPatterns) expect(parseListingUrl(provider.id, u.example)?.kind).toBe(u.kind);
    }
  });

  it("knows its ids", () => {
    expect(isCalendarProviderId("booking_com")).toBe(true);
    expect(isCalendarProviderId("expedia")).toBe(false);
    expect(isCalendarProviderId(undefined)).toBe(false);
  });
});

describe("parseListingUrl", () => {
  it("reads the listing number of Airbnb rooms and calendar links, in any country domain and case", () => {
    expect(parseListingUrl("airbnb", "https://www.airbnb.com/rooms/12345678")).toEqual({ kind: "listing", listingId: "12345678" });
    expect(parseListingUrl("airbnb", "  https://www.airbnb.de/rooms/12345678?adults=2&check_in=2027-01-01 ")).toEqual({ kind: "listing", listingId: "12345678" });
    expect(parseListingUrl("airbnb", "https://airbnb.co.uk/rooms/plus/987654")).toEqual({ kind: "listing", listingId: "987654" });
    expect(parseListingUrl("airbnb", "HTTPS://WWW.AIRBNB.IT/ROOMS/12345678")).toEqual({ kind: "listing", listingId: "12345678" });
    expect(parseListingUrl("airbnb", "https://www.airbnb.com/calendar/ical/12345678.ics?s=abc")).toEqual({ kind: "ical", listingId: "12345678" });
  });

  it("reads Booking.com hotel pages (language suffix dropped) and calendar export tokens", () => {
    expect(parseListingUrl("booking_com", "https://www.booking.com/hotel/de/harbour-flat.de.html?aid=1")).toEqual({ kind: "listing", listingId: "hotel:de/harbour-flat" });
    expect(parseListingUrl("booking_com", "https://www.booking.com/hotel/pt/casa-azul.en-gb.html")).toEqual({ kind: "listing", listingId: "hotel:pt/casa-azul" });
    expect(parseListingUrl("booking_com", "https://www.booking.com/hotel/pt/Casa-Azul.html")).toEqual({ kind: "listing", listingId: "hotel:pt/casa-azul" });
    expect(parseListingUrl("booking_com", "https://ical.booking.com/v1/export?t=0A1B2C3D-4E5F")).toEqual({ kind: "ical", listingId: "ical:0a1b2c3d-4e5f" });
  });

  it("reads Vrbo property numbers and calendar export ids", () => {
    expect(parseListingUrl("vrbo", "https://www.vrbo.com/1234567ha")).toEqual({ kind: "listing", listingId: "1234567" });
    expect(parseListingUrl("vrbo", "https://www.vrbo.com/1234567?unitId=2")).toEqual({ kind: "listing", listingId: "1234567" });
    expect(parseListingUrl("vrbo", "http://www.vrbo.com/icalendar/0123456789ABCDEF0123456789abcdef.ics")).toEqual({ kind: "ical", listingId: "ical:0123456789abcdef0123456789abcdef" });
  });

  it("refuses links of another platform, look-alike hosts and anything that is not such a link", () => {
    expect(parseListingUrl("vrbo", "https://www.airbnb.com/rooms/12345678")).toBeNull();
    expect(parseListingUrl("airbnb", "https://www.airbnb.com.evil.example/rooms/12345678")).toBeNull();
    expect(parseListingUrl("airbnb", "https://evilairbnb.com/rooms/12345678")).toBeNull();
    expect(parseListingUrl("airbnb", "https://www.airbnb.com/users/show/12345678")).toBeNull();
    expect(parseListingUrl("airbnb", "javascript:alert(1)//www.airbnb.com/rooms/12345678")).toBeNull();
    expect(parseListingUrl("booking_com", "https://www.booking.com/searchresults.html")).toBeNull();
    expect(parseListingUrl("airbnb", "")).toBeNull();
    expect(parseListingUrl("airbnb", `https://www.airbnb.com/rooms/12345678?x=${"a".repeat(LISTING_URL_MAX_LENGTH)}`)).toBeNull();
  });
});

describe("verificationOutcome", () => {
  const airbnb = { provider: "airbnb" as const, isClaimedElsewhere: false };

  it("verifies a unit the host says is not listed on the platform", () => {
    expect(verificationOutcome({ ...airbnb, isListed: false, url: null })).toEqual({ status: "verified", listingId: null, failureReason: null });
  });

  it("validates a listed unit whose link is accepted and whose listing no other unit holds", () => {
    expect(verificationOutcome({ ...airbnb, isListed: true, url: "https://www.airbnb.com/rooms/555111" })).toEqual({ status: "validated", listingId: "555111", failureReason: null });
  });

  it("fails a listing another unit holds, and a link that is not accepted", () => {
    expect(verificationOutcome({ ...airbnb, isListed: true, url: "https://www.airbnb.com/rooms/555111", isClaimedElsewhere: true })).toEqual({
      status: "failed",
      listingId: "555111",
      failureReason: "listing_claimed",
    });
    expect(verificationOutcome({ ...airbnb, isListed: true, url: "https://www.vrbo.com/1234567" })).toEqual({ status: "failed", listingId: null, failureReason: "url_invalid" });
    expect(verificationOutcome({ ...airbnb, isListed: true, url: null })).toEqual({ status: "failed", listingId: null, failureReason: "url_invalid" });
  });
});

describe("statuses", () => {
  it("count verified and validated as a verified calendar", () => {
    expect(isCalendarVerified("verified")).toBe(true);
    expect(isCalendarVerified("validated")).toBe(true);
    for (const s of ["not_started", "pending", "failed", null, undefined] as const) expect(isCalendarVerified(s)).toBe(false);
  });

  it("take a unit's most advanced status over its platforms", () => {
    expect(unitCalendarStatus([])).toBe("not_started");
    expect(unitCalendarStatus(["failed", "pending"])).toBe("pending");
    expect(unitCalendarStatus(["failed", "validated", "verified"])).toBe("validated");
  });

  it("take the least advanced status over several units", () => {
    expect(weakestCalendarStatus([])).toBe("not_started");
    expect(weakestCalendarStatus(["validated", "verified"])).toBe("verified");
    expect(weakestCalendarStatus(["validated", "pending"])).toBe("pending");
  });
});
