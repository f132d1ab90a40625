import { describe, expect, it } from "vitest";
import { todayUtc } from "@domain/dates";
import { api, createUser, ownedRowsDigest, signIn } from "@api/test/helpers";

/**
 * What the unit's price section (`/properties/…/units/…/price-and-availability`) sends: one part of
 * the configuration per form as a merge patch, with the price list's version as If-Match.
 */

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

interface Errors {
  errors: { field: string | null; type: string }[];
}

interface Configuration {
  nightlyPrice: number | null;
  discounts: { lengthType: string; minNights: number; percent: number }[];
  extraCharges: { type: string; pricingKind: string; amount: number }[];
  taxes: { feeType: string; amount: number; maxNights?: number; maxAmount?: number }[];
  seasonsPricing: { id: string; nightlyPrice: number; checkInDays?: number[] }[];
  checkInDays: number[];
}

async function hostWithUnit() {
  const host = await createUser();
  const { access_token: token } = await signIn(host.email);
  const created = await api(token, "POST", "/properties", { propertyType: "single", title: "Dune house" });
  expect(created.status).toBe(201);
  const { unitIds } = await json<{ unitIds: string[] }>(created);
  return { host, token, path: `/property-unit/${unitIds[0]!}` };
}

const NEXT = Number(todayUtc().slice(0, 4)) + 1;

/** The unit's price version as the section reads it: the price list's, for today. */
async function versionOf(token: string, path: string) {
  const today = todayUtc();
  const list = await api(token, "GET", `${path}/price-list?dateFrom=${today}&dateTo=${today}`);
  expect(list.status).toBe(200);
  const { version } = await json<{ version: number }>(list);
  expect(list.headers.get("etag")).toBe(`"${version}"`);
  return `"${version}"`;
}

describe("the unit's price section", () => {
  it("saves one part at a time from the price list's version; the other parts stay as they were", async () => {
    const { token, path } = await hostWithUnit();
    const season = { id: "summer", dateFrom: `${NEXT}-07-01`, dateTo: `${NEXT}-08-31`, recurrence: "recurring", nightlyPrice: 18_000, checkInDays: [6] };
    expect((await api(token, "PATCH", `${path}/price-configuration`, { nightlyPrice: 10_000, seasonsPricing: [season] }, { "if-match": await versionOf(token, path) })).status).toBe(200);

    const discounts = [{ lengthType: "weekly", percent: 5 }, { lengthType: "monthly", percent: 15 }, { lengthType: "custom", minNights: 14, percent: 10 }];
    const saved = await api(token, "PATCH", `${path}/price-configuration`, { discounts }, { "if-match": await versionOf(token, path) });
    expect(saved.status).toBe(200);
    const afterDiscounts = await json<Configuration>(saved);
    expect(afterDiscounts.discounts).toEqual([
      { lengthType: "weekly", minNights: 7, percent: 5 },
      { lengthType: "custom", minNights: 14, percent: 10 },
      { lengthType: "monthly", minNights: 28, percent: 15 },
    ]);
    expect(afterDiscounts.nightlyPrice).toBe(10_000);

    const extraCharges = [{ type: "cleaning", pricingKind: "one_time", amount: 4_000 }, { type: "towels", pricingKind: "recurring", amount: 500 }];
    const taxes = [{ category: "local_tax", feeType: "per_person_per_day", amount: 250, maxNights: 7 }, { category: "local_tax", feeType: "per_stay", amount: 1_000, maxAmount: 1_000 }];
    const both = await json<Configuration>(await api(token, "PATCH", `${path}/price-configuration`, { extraCharges, taxes }, { "if-match": await versionOf(token, path) }));
    expect(both.extraCharges).toEqual(extraCharges);
    expect(both.taxes).toEqual(taxes);

    // A season edited from the section keeps its id and its own arrival days.
    const edited = await json<Configuration>(
      await api(token, "PATCH", `${path}/price-configuration`, { seasonsPricing: [{ ...season, nightlyPrice: 19_000 }] }, { "if-match": await versionOf(token, path) }),
    );
    expect(edited.seasonsPricing).toMatchObject([{ id: "summer", nightlyPrice: 19_000, checkInDays: [6] }]);
    expect(edited.discounts).toHaveLength(3);
    expect(edited.extraCharges).toHaveLength(2);
  });

  it("refuses what the section's forms could send wrong, with the codes they show, and changes nothing", async () => {
    const { token, path } = await hostWithUnit();
    const patch = async (body: unknown) => {
      const response = await api(token, "PATCH", `${path}/price-configuration`, body, { "if-match": await versionOf(token, path) });
      expect(response.status).toBe(400);
      return (await json<Errors>(response)).errors.map((e) => `${e.field}: ${e.type}`);
    };
    expect(await patch({ nightlyPrice: 999, minStay: 0, maxStay: 366 })).toEqual(["nightlyPrice: price_range", "minStay: stay_range", "maxStay: stay_range"]);
    expect(await patch({ extraGuestPrice: 0, extraGuestsCount: 2 })).toEqual(["extraGuestPrice: extra_guest_price_range"]);
    expect(await patch({ minStay: 10, maxStay: 5 })).toEqual(["maxStay: max_stay_below_min"]);
    expect(await patch({ checkInDays: [] })).toEqual(["checkInDays: weekdays_invalid"]);
    expect(await patch({ discounts: [{ lengthType: "custom", minNights: 14, percent: 100 }, { lengthType: "custom", minNights: 1, percent: 5 }] })).toEqual([
      "discounts.0.percent: percent_range",
      "discounts.1.minNights: discount_nights_invalid",
    ]);
    expect(await patch({ discounts: [{ lengthType: "custom", minNights: 7, percent: 5 }, { lengthType: "weekly", percent: 10 }] })).toEqual(["discounts.1.lengthType: discount_same_nights_weekly"]);
    // The rules over several fields are answered with the fields' own errors, over the values valid on their own.
    expect(await patch({ nightlyPrice: "ninety", minStay: 10, maxStay: 5 })).toEqual(["nightlyPrice: price_range", "maxStay: max_stay_below_min"]);
    expect(await patch({ minStay: 400, maxStay: 5 })).toEqual(["minStay: stay_range"]);
    expect(await patch({ discounts: [{ lengthType: "weekly", percent: 100 }, { lengthType: "monthly", percent: 20 }] })).toEqual(["discounts.0.percent: percent_range"]);
    expect(await patch({ extraCharges: [{ type: "breakfast", pricingKind: "one_time", amount: 1_000 }] })).toEqual(["extraCharges.0.pricingKind: pricing_kind_invalid"]);
    expect(await patch({ taxes: [{ category: "local_tax", feeType: "per_day", amount: 0 }] })).toEqual(["taxes.0.amount: amount_range"]);
    expect(await patch({ securityDeposit: -1 })).toEqual(["securityDeposit: deposit_range"]);
    expect(await patch({ seasonsPricing: [{ dateFrom: `${NEXT}-08-31`, dateTo: `${NEXT}-07-01`, recurrence: "one-time", nightlyPrice: 18_000 }] })).toEqual([
      "seasonsPricing.0.dateTo: season_dates_invalid",
    ]);
    const config = await json<Configuration>(await api(token, "GET", `${path}/price-configuration`));
    expect(config).toMatchObject({ nightlyPrice: null, discounts: [], extraCharges: [], taxes: [], seasonsPricing: [] });
  });

  it("refuses discounts that contradict each other, naming the other discount, and keeps the saved ones", async () => {
    const { token, path } = await hostWithUnit();
    const kept = [{ lengthType: "weekly", percent: 10 }];
    expect((await api(token, "PATCH", `${path}/price-configuration`, { nightlyPrice: 10_000, discounts: kept }, { "if-match": await versionOf(token, path) })).status).toBe(200);
    const version = await versionOf(token, path);
    const refused = async (method: "PUT" | "PATCH", discounts: unknown[]) => {
      const response = await api(token, method, `${path}/price-configuration`, { nightlyPrice: 10_000, discounts }, { "if-match": version });
      expect(response.status).toBe(400);
      return json<Errors & { message: string; errors: { message: string }[] }>(response);
    };
    for (const method of ["PUT", "PATCH"] as const) {
      // A 30-night stay would get 8 % off, a 7-night one 15 %.
      expect(await refused(method, [{ lengthType: "weekly", percent: 15 }, { lengthType: "monthly", percent: 8 }])).toEqual({
        message: "Validation failed",
        errors: [{ field: "discounts.1.percent", type: "discount_below_weekly", message: "Less than the weekly discount of 15%: a longer stay must not get a smaller discount." }],
      });
      expect((await refused(method, [{ lengthType: "custom", minNights: 5, percent: 20 }, { lengthType: "weekly", percent: 15 }, { lengthType: "custom", minNights: 5, percent: 25 }])).errors).toEqual([
        { field: "discounts.2.minNights", type: "discount_same_nights_custom", message: "The discount of 20% already starts at 5 nights, and two discounts cannot start at the same number of nights." },
        { field: "discounts.1.percent", type: "discount_below_custom", message: "Less than the discount of 20% from 5 nights: a longer stay must not get a smaller discount." },
      ]);
      expect((await refused(method, [{ lengthType: "monthly", percent: 20 }, { lengthType: "custom", minNights: 28, percent: 25 }])).errors).toEqual([
        { field: "discounts.1.minNights", type: "discount_same_nights_monthly", message: "The monthly discount (20%) already starts at 28 nights, and two discounts cannot start at the same number of nights." },
      ]);
    }
    // Nothing was saved: the same version, the same discounts.
    expect(await versionOf(token, path)).toBe(version);
    expect((await json<Configuration>(await api(token, "GET", `${path}/price-configuration`))).discounts).toEqual([{ lengthType: "weekly", minNights: 7, percent: 10 }]);
    // The same percentage from more nights is no contradiction.
    const equal = await api(token, "PATCH", `${path}/price-configuration`, { discounts: [...kept, { lengthType: "monthly", percent: 10 }] }, { "if-match": version });
    expect(equal.status).toBe(200);
  });

  it("answers another host's unit with 404, with or without a version, and changes nothing", async () => {
    const owner = await hostWithUnit();
    await api(owner.token, "PATCH", `${owner.path}/price-configuration`, { nightlyPrice: 12_000 });
    const before = await ownedRowsDigest(owner.host.id);
    const intruder = await hostWithUnit();
    for (const headers of [{}, { "if-match": '"1"' }, { "if-match": "*" }] as Record<string, string>[]) {
      expect((await api(intruder.token, "PATCH", `${owner.path}/price-configuration`, { nightlyPrice: 1_000 }, headers)).status).toBe(404);
    }
    expect((await api(intruder.token, "GET", `${owner.path}/price-list?dateFrom=${todayUtc()}&dateTo=${todayUtc()}`)).status).toBe(404);
    expect(await ownedRowsDigest(owner.host.id)).toBe(before);
  });
});
