import { todayIn, type IsoDate } from "./dates";

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

/**
 * Every address's local day at `now`, as `todayIn(timeZoneOf(country, region))` answers it, grouped
 * by day: units store no zone, so a query that compares a stay with its unit's today (the bookings'
 * tabs, the completion of stays) names the countries and regions of each day instead. Regions
 * (`"US/CA"`, in a zone other than their country's) come before their countries; any other address
 * is in `otherwise` (UTC's day). The zones served lie within a day of UTC, so there are at most three days.
 */
export interface LocalDays {
  regions: { day: IsoDate; places: string[] }[];
  countries: { day: IsoDate; codes: string[] }[];
  otherwise: IsoDate;
  /** The earliest and the latest of the days: every address's today lies between them. */
  earliest: IsoDate;
  latest: IsoDate;
}

export function localDaysAt(now: Date): LocalDays {
  const group = <K extends string>(entries: [string, string][], key: K) => {
    const byDay = new Map<string, string[]>();
    for (const [name, zone] of entries) {
      const day = todayIn(zone, now);
      byDay.set(day, [...(byDay.get(day) ?? []), name]);
    }
    return [...byDay].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, names]) => ({ day, [key]: names }) as { day: string } & Record<K, string[]>);
  };
  const regions = group(
    Object.entries(REGION_ZONES).flatMap(([country, zones]) => Object.entries(zones).map(([region, zone]) => [`${country}/${region}`, zone] as [string, string])),
    "places",
  );
  const countries = group(Object.entries(COUNTRY_ZONES), "codes");
  const otherwise = todayIn(DEFAULT_TIME_ZONE, now);
  const days = [otherwise, ...regions.map((r) => r.day), ...countries.map((c) => c.day)].sort();
  return { regions, countries, otherwise, earliest: days[0]!, latest: days.at(-1)! };
}
