import { describe, expect, it } from "vitest";
import { isKnownTimeZone, timeZoneOf } from "./time-zones";

describe("a unit's time zone", () => {
  it("follows the country, and the region where a country spans zones", () => {
    expect(timeZoneOf("DE")).toBe("Europe/Berlin");
    expect(timeZoneOf("pt")).toBe("Europe/Lisbon");
    expect(timeZoneOf("ES", "CN")).toBe("Atlantic/Canary");
    expect(timeZoneOf("ES", "MD")).toBe("Europe/Madrid");
    expect(timeZoneOf("US", "CA")).toBe("America/Los_Angeles");
    expect(timeZoneOf("US", "NY")).toBe("America/New_York");
    expect(timeZoneOf(null)).toBe("UTC");
    expect(timeZoneOf("ZZ")).toBe("UTC");
  });

  it("names only zones the runtime knows", () => {
    for (const zone of ["Europe/Berlin", "Atlantic/Canary", "America/Phoenix", "Pacific/Honolulu", "UTC"]) expect(isKnownTimeZone(zone)).toBe(true);
    expect(isKnownTimeZone("Eastern Standard Time")).toBe(false);
  });
});
