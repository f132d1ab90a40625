/**
 * Where a unit is in time: the IANA time zone of its address, from the country (and, where a
 * country spans several zones, its region). Units store no zone of their own; an address without a
 * country is in UTC. Nights are calendar dates of this zone: an imported stay from 15:00 to 11:00
 * local time takes the nights of its local dates.
 */

/** The zone of the countries we serve that lie in one zone. */
const COUNTRY_ZONES: Record<string, string> = {
  AT: "Europe/Vienna",
  BE: "Europe/Brussels",
  CH: "Europe/Zurich",
  CZ: "Europe/Prague",
  DE: "Europe/Berlin",
  DK: "Europe/Copenhagen",
  ES: "Europe/Madrid",
  FR: "Europe/Paris",
  GB: "Europe/London",
  GR: "Europe/Athens",
  HR: "Europe/Zagreb",
  IT: "Europe/Rome",
  NL: "Europe/Amsterdam",
  PT: "Europe/Lisbon",
  SI: "Europe/Ljubljana",
  US: "America/New_York",
};

/** Regions in a zone other than their country's (USPS state codes; Spain's Canary Islands). */
const REGION_ZONES: Record<string, Record<string, string>> = {
  ES: { CN: "Atlantic/Canary" },
  US: {
    ...Object.fromEntries(["AL", "AR", "IL", "IA", "KS", "LA", "MN", "MS", "MO", "NE", "ND", "OK", "SD", "TN", "TX", "WI"].map((s) => [s, "America/Chicago"])),
    ...Object.fromEntries(["CO", "MT", "NM", "UT", "WY", "ID"].map((s) => [s, "America/Denver"])),
    ...Object.fromEntries(["CA", "NV", "OR", "WA"].map((s) => [s, "America/Los_Angeles"])),
    AZ: "America/Phoenix",
    AK: "America/Anchorage",
    HI: "Pacific/Honolulu",
  },
};

export const DEFAULT_TIME_ZONE = "UTC";

/** The time zone of a unit at this address. */
export function timeZoneOf(countryCode: string | null | undefined, region?: string | null): string {
  if (!countryCode) return DEFAULT_TIME_ZONE;
  const code = countryCode.toUpperCase();
  return (region && REGION_ZONES[code]?.[region.toUpperCase()]) || COUNTRY_ZONES[code] || DEFAULT_TIME_ZONE;
}

/** Whether the runtime knows `zone` as an IANA time zone. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
}
