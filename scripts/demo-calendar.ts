/**
 * A year of prices and some blocks for a demo unit, made as a host makes them in the calendar and
 * the price section: the defaults and a summer season (price configuration), per-day prices for
 * weekends and the year-end holidays (calendar-price-configuration), and manual blocks
 * (unavailabilities/block). Also the bench's host with 50 units (`seedBenchHost`), whose page of the
 * multi-unit calendar `npm run bench` measures. Everything goes through the host API.
 */

/** What the seed's API client offers: a call as the signed-in host. */
export interface HostCaller {
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

const DAY_MS = 86_400_000;

/** A day counted from today (UTC), ISO. */
function day(offset: number, from = Date.now()): string {
  return new Date(from + offset * DAY_MS).toISOString().slice(0, 10);
}

/** A price in whole units of the currency (minor units rounded to 100). */
const whole = (cents: number) => Math.round(cents / 100) * 100;

/** The next summer (15 June to 15 September, every year): this year's until it is over. */
function summerSeason(nightlyPrice: number) {
  const now = new Date();
  const year = now.getUTCMonth() > 8 || (now.getUTCMonth() === 8 && now.getUTCDate() > 15) ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  return { dateFrom: `${year}-06-15`, dateTo: `${year}-09-15`, recurrence: "recurring", nightlyPrice: whole(nightlyPrice * 1.3), minStay: 3 };
}

/** The next Fridays, `count` of them, from tomorrow on. */
function nextFridays(count: number): string[] {
  const fridays: string[] = [];
  for (let offset = 1; fridays.length < count; offset++) {
    const date = day(offset);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 5) fridays.push(date);
  }
  return fridays;
}

/** 24 December to 1 January of the coming year-end (this one, unless it is already past the 24th). */
function yearEnd(): { dateFrom: string; dateTo: string } {
  const now = new Date();
  const late = now.getUTCMonth() === 11 && now.getUTCDate() > 24;
  const year = now.getUTCFullYear() + (late ? 1 : 0);
  return { dateFrom: `${year}-12-24`, dateTo: `${year + 1}-01-01` };
}

/**
 * A unit's year: the defaults with a summer season, higher prices on the next `weekends` weekends
 * (Friday and Saturday nights) and over the year-end holidays (with a three-night minimum), and
 * `blocks` manual blocks of a few nights, placed by the unit's `position` so that units differ.
 */
export async function seedCalendarYear(host: HostCaller, unitId: string, nightlyPrice: number, position: number, { weekends = 8, blocks = 2 } = {}) {
  await host.call("PATCH", `/property-unit/${unitId}/price-configuration`, { nightlyPrice, seasonsPricing: [summerSeason(nightlyPrice)] });
  for (const friday of nextFridays(weekends)) {
    await host.call("PATCH", `/property-unit/${unitId}/calendar-price-configuration`, { dateFrom: friday, dateTo: day(1, Date.parse(`${friday}T00:00:00Z`)), price: whole(nightlyPrice * 1.15) });
  }
  await host.call("PATCH", `/property-unit/${unitId}/calendar-price-configuration`, { ...yearEnd(), price: whole(nightlyPrice * 1.5), minStay: 3 });
  const starts = [4 + (position % 5) * 3, 38 + (position % 7) * 4, 95 + (position % 4) * 6].slice(0, blocks);
  for (const [i, start] of starts.entries()) {
    await host.call("POST", `/properties/${unitId}/unavailabilities/block`, { dateFrom: day(start), dateTo: day(start + 3 + i) });
  }
}

export const BENCH_HOST_EMAIL = "bench@demo.stayhost.example";
const BENCH_PROPERTIES = 5;
const BENCH_UNITS_PER_PROPERTY = 10;

/**
 * The bench's host (only with `seed.ts --bench-host`): five multi-unit properties of ten units each,
 * every unit priced with a season, a weekend of its own prices and a block, all through the API.
 */
export async function seedBenchHost(signUp: (body: object) => Promise<HostCaller>, password: string) {
  const host = await signUp({ type: "individual", firstName: "Bea", lastName: "Bench", email: BENCH_HOST_EMAIL, password, locale: "en_US" });
  await host.call("POST", "/user/init-onboarding", { countryCode: "DE", hostRole: "owner" });
  for (let p = 0; p < BENCH_PROPERTIES; p++) {
    const created = await host.call<{ id: string; unitIds: string[] }>("POST", "/properties", { propertyType: "multi", accommodationType: "apartment", title: `Harbour block ${String.fromCharCode(65 + p)}` });
    for (let u = 0; u < BENCH_UNITS_PER_PROPERTY; u++) {
      const title = `Flat ${String.fromCharCode(65 + p)}${u + 1}`;
      const unitId = u === 0 ? created.unitIds[0]! : (await host.call<{ propertyUnitPublicId: string }>("POST", `/properties/${created.id}/units`, { title })).propertyUnitPublicId;
      if (u === 0) await host.call("PATCH", `/property-unit/${unitId}`, { title });
      await seedCalendarYear(host, unitId, 8_000 + (p * BENCH_UNITS_PER_PROPERTY + u) * 100, p * BENCH_UNITS_PER_PROPERTY + u, { weekends: 1, blocks: 1 });
    }
  }
}
