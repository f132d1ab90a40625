import { describe, expect, it } from "vitest";
import { todayIn } from "./dates";
import { isKnownTimeZone, localDaysAt, timeZoneOf, type LocalDays } from "./time-zones";

/** The day `localDaysAt` gives an address, looked up as the bookings' SQL does (`unitTodaySql`): region, then country, else UTC's. */
function dayOf(days: LocalDays, country: string | null, region: string | null): string {
  const code = (country ?? "").toUpperCase();
  const place = `${code}/${(region ?? "").toUpperCase()}`;
  return days.regions.find((r) => r.places.includes(place))?.day ?? days.countries.find((c) => c.codes.includes(code))?.day ?? days.otherwise;
}

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

  it("groups every address by its local day, as the unit's zone has it, at any hour of a year", () => {
    const addresses: [string | null, string | null][] = [
      ["DE", null], ["de", "BE"], ["PT", null], ["GR", null], ["GB", null], ["ES", "CN"], ["ES", "MD"], ["US", null], ["US", "NY"],
      ["US", "ca"], ["US", "TX"], ["US", "CO"], ["US", "AZ"], ["US", "AK"], ["US", "HI"], [null, null], ["ZZ", "XX"],
    ];
    for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2027, 0, 1); time += 11 * 3_600_000 + 1_000_000) {
      const now = new Date(time);
      const days = localDaysAt(now);
      for (const [country, region] of addresses) expect(dayOf(days, country, region), `${country}/${region} at ${now.toISOString()}`).toBe(todayIn(timeZoneOf(country, region), now));
      expect(days.regions.length + days.countries.length).toBeLessThanOrEqual(6);
      for (const day of [...days.regions, ...days.countries].map((d) => d.day)) expect(days.earliest <= day && day <= days.latest).toBe(true);
    }
  });

  it("names Honolulu's day before UTC's early in the UTC morning, Athens's day after it late in the evening", () => {
    const morning = localDaysAt(new Date("2026-07-10T05:00:00Z"));
    expect(dayOf(morning, "US", "HI")).toBe("2026-07-09");
    expect(dayOf(morning, "DE", null)).toBe("2026-07-10");
    expect(morning.otherwise).toBe("2026-07-10");
    expect([morning.earliest, morning.latest]).toEqual(["2026-07-09", "2026-07-10"]);
    expect(dayOf(localDaysAt(new Date("2026-07-10T22:00:00Z")), "GR", null)).toBe("2026-07-11");
  });
});
