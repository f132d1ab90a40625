import { describe, expect, it } from "vitest";
import { formatDateTime as format } from "./format";
import { isTimeZone, timeZoneOfRequest } from "./time-zone";

// ICU versions differ in the space before AM/PM (narrow no-break or plain).
const formatDateTime = (...args: Parameters<typeof format>) => format(...args).replace(/\s/g, " ");

describe("the viewer's time zone", () => {
  it("is the zone the cookie names when Intl knows it, else UTC", () => {
    expect(timeZoneOfRequest("a=1; tz=Europe%2FRome; b=2")).toBe("Europe/Rome");
    expect(timeZoneOfRequest("tz=America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
    expect(timeZoneOfRequest(null)).toBe("UTC");
    expect(timeZoneOfRequest("utz=Europe/Rome")).toBe("UTC");
    expect(timeZoneOfRequest("tz=Mars/Olympus_Mons")).toBe("UTC");
    expect(timeZoneOfRequest("tz=%E0%A4%A")).toBe("UTC");
    expect(isTimeZone(`Europe/${"x".repeat(80)}`)).toBe(false);
  });

  it("shows a moment in that zone, named, and in UTC named so without one", () => {
    // 22:00 UTC on 27 November is 23:00 in Rome (winter time) and noon in Honolulu.
    expect(formatDateTime("2026-11-27T22:00:00Z", "en_US")).toBe("Nov 27, 2026, 10:00 PM UTC");
    expect(formatDateTime("2026-11-27T22:00:00Z", "en_US", "Europe/Rome")).toBe("Nov 27, 2026, 11:00 PM GMT+1");
    expect(formatDateTime("2026-11-27T22:00:00Z", "de_DE", "Europe/Berlin")).toBe("27.11.2026, 23:00 MEZ");
    expect(formatDateTime("2026-07-01T22:00:00Z", "de_DE", "Europe/Berlin")).toBe("02.07.2026, 00:00 MESZ");
    expect(formatDateTime("2026-11-27T22:00:00Z", "en_US", "Pacific/Honolulu")).toBe("Nov 27, 2026, 12:00 PM HST");
  });
});
