import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, addYears, todayUtc } from "@domain/dates";
import type { PriceList, PriceListDay } from "@contract/pricing";
import { eq, inArray } from "drizzle-orm";
import { database } from "@api/db/client";
import { propertyUnits, unitPriceConfigurations } from "@api/db/schema";
import { api, createUser, ownedRowsDigest, signIn } from "@api/test/helpers";

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

interface FieldErrorBody {
  message: string;
  errors: { field: string | null; message: string; type: string }[];
}

interface Season {
  id: string;
  dateFrom: string;
  dateTo: string;
  recurrence: string;
  nightlyPrice: number;
  minStay: number | null;
  extraGuestPrice: number | null;
}

interface Configuration {
  currency: string;
  amountUnit: string;
  nightlyPrice: number | null;
  minStay: number;
  maxStay: number;
  seasonsPricing: Season[];
  [key: string]: unknown;
}

/** A signed-in host with a single-unit property. */
async function hostWithUnit() {
  const host = await createUser();
  const { access_token: token } = await signIn(host.email);
  const created = await api(token, "POST", "/properties", { propertyType: "single", title: "Harbour flat" });
  expect(created.status).toBe(201);
  const { unitIds } = await json<{ unitIds: string[] }>(created);
  const unitId = unitIds[0]!;
  return { host, token, unitId, path: `/property-unit/${unitId}` };
}

// Seasons must end within two years of today, so the dates follow the calendar.
const YEAR = Number(todayUtc().slice(0, 4));
const NEXT = YEAR + 1;

const DEFAULTS = {
  currency: "EUR",
  amountUnit: "minor",
  nightlyPrice: null,
  minStay: 1,
  maxStay: 365,
  extraGuestPrice: null,
  extraGuestsCount: null,
  checkInFrom: "15:00",
  checkInTo: "21:00",
  checkOutTo: "11:00",
  checkInDays: [0, 1, 2, 3, 4, 5, 6],
  checkOutDays: [0, 1, 2, 3, 4, 5, 6],
  preparationTime: 0,
  minDaysOfNotice: 2,
  extraCharges: [],
  discounts: [],
  taxes: [],
  seasonsPricing: [],
  securityDeposit: 0,
};

const FULL = {
  nightlyPrice: 12_000,
  minStay: 2,
  maxStay: 60,
  extraGuestPrice: 2_500,
  extraGuestsCount: 4,
  checkInFrom: "14:00",
  checkInTo: "20:00",
  checkOutTo: "10:30",
  checkInDays: [6, 5, 6],
  checkOutDays: [0],
  preparationTime: 1,
  minDaysOfNotice: 3,
  extraCharges: [
    { type: "cleaning", pricingKind: "one_time", amount: 6_000 },
    { type: "breakfast", pricingKind: "recurring", amount: 1_250 },
  ],
  discounts: [
    { lengthType: "monthly", percent: 25 },
    { lengthType: "weekly", minNights: 7, percent: 10 },
    { lengthType: "custom", minNights: 14, percent: 15 },
  ],
  taxes: [{ category: "local_tax", feeType: "per_person_per_day", amount: 150 }],
  seasonsPricing: [
    { dateFrom: `${NEXT}-12-20`, dateTo: `${NEXT + 1}-01-06`, recurrence: "recurring", nightlyPrice: 20_000, minStay: 5, extraGuestPrice: null },
    { id: "summer", dateFrom: `${NEXT}-07-01`, dateTo: `${NEXT}-08-31`, recurrence: "one-time", nightlyPrice: 18_000 },
  ],
  securityDeposit: 30_000,
};

describe("price configuration", () => {
  it("answers every default on a fresh unit, in minor units of the host's currency", async () => {
    const { token, path } = await hostWithUnit();
    const response = await api(token, "GET", `${path}/price-configuration`);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual(DEFAULTS);
  });

  it("replaces everything with PUT, reads it back, and keeps the booking policies on the unit", async () => {
    const { token, path } = await hostWithUnit();
    const put = await api(token, "PUT", `${path}/price-configuration`, FULL);
    expect(put.status).toBe(200);
    const saved = await json<Configuration>(put);
    expect(saved).toMatchObject({
      currency: "EUR",
      amountUnit: "minor",
      nightlyPrice: 12_000,
      checkInDays: [5, 6],
      checkOutDays: [0],
      discounts: [
        { lengthType: "weekly", minNights: 7, percent: 10 },
        { lengthType: "custom", minNights: 14, percent: 15 },
        { lengthType: "monthly", minNights: 28, percent: 25 },
      ],
      securityDeposit: 30_000,
    });
    // Sorted by start; the id sent is kept, a missing one is made.
    expect(saved.seasonsPricing.map((s) => s.dateFrom)).toEqual([`${NEXT}-07-01`, `${NEXT}-12-20`]);
    expect(saved.seasonsPricing[0]).toEqual({ id: "summer", dateFrom: `${NEXT}-07-01`, dateTo: `${NEXT}-08-31`, recurrence: "one-time", nightlyPrice: 18_000, minStay: null, extraGuestPrice: null });
    expect(saved.seasonsPricing[1]!.id).toMatch(/^ssn_/);

    expect(await json(await api(token, "GET", `${path}/price-configuration`))).toEqual(saved);
    const unit = await json<{ bookingPolicies: Record<string, unknown> }>(await api(token, "GET", path));
    expect(unit.bookingPolicies).toMatchObject({ checkInFrom: "14:00", checkInTo: "20:00", checkOutTo: "10:30", preparationTime: 1, minDaysOfNotice: 3 });

    // What GET answers can be sent back as it is.
    const again = await api(token, "PUT", `${path}/price-configuration`, saved);
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(saved);

    // A PUT is a full replacement: whatever it leaves out returns to its default.
    const reset = await api(token, "PUT", `${path}/price-configuration`, { nightlyPrice: 9_000 });
    expect(await json(reset)).toEqual({ ...DEFAULTS, nightlyPrice: 9_000 });
  });

  it("applies a JSON merge patch: members replace, null resets to the default, arrays replace, the rest stays", async () => {
    const { token, path } = await hostWithUnit();
    await api(token, "PUT", `${path}/price-configuration`, FULL);
    const before = await json<Configuration>(await api(token, "GET", `${path}/price-configuration`));

    const patched = await api(
      token,
      "PATCH",
      `${path}/price-configuration`,
      { nightlyPrice: 13_000, minStay: null, checkInFrom: null, extraGuestPrice: null, extraGuestsCount: null, taxes: [], seasonsPricing: [before.seasonsPricing[1]] },
      { "content-type": "application/merge-patch+json" },
    );
    expect(patched.status).toBe(200);
    const after = await json<Configuration>(patched);
    expect(after).toEqual({
      ...before,
      nightlyPrice: 13_000,
      minStay: 1,
      checkInFrom: "15:00",
      extraGuestPrice: null,
      extraGuestsCount: null,
      taxes: [],
      seasonsPricing: [before.seasonsPricing[1]],
    });
    expect(await json(await api(token, "GET", `${path}/price-configuration`))).toEqual(after);

    // An object merges into an object; into a number it replaces it and fails validation.
    const nested = await api(token, "PATCH", `${path}/price-configuration`, { nightlyPrice: { amount: 1 } });
    expect(nested.status).toBe(400);
    expect((await json<FieldErrorBody>(nested)).errors.map((e) => e.field)).toEqual(["nightlyPrice"]);
    // Plain application/json is accepted too; a patch must be an object.
    expect((await api(token, "PATCH", `${path}/price-configuration`, { securityDeposit: null })).status).toBe(200);
    expect((await api(token, "PATCH", `${path}/price-configuration`, [1])).status).toBe(400);
    // The merged result is checked as a whole: minStay 90 against the stored maxStay 60.
    const whole = await api(token, "PATCH", `${path}/price-configuration`, { minStay: 90 });
    expect((await json<FieldErrorBody>(whole)).errors.map((e) => `${e.field}:${e.type}`)).toContain("maxStay:max_stay_below_min");
    expect(await json(await api(token, "GET", `${path}/price-configuration`))).toEqual({ ...after, securityDeposit: 0 });
  });

  it("takes a patch that keeps discounts stored before they had to agree, and checks the discounts a patch writes", async () => {
    const { token, unitId, path } = await hostWithUnit();
    await api(token, "PUT", `${path}/price-configuration`, { nightlyPrice: 10_000 });
    // The API refuses these now (a 28-night stay would get 10 % off, a 7-night one 15 %): they are
    // written as a write from before the rule, or a migration, wrote them, through the database layer.
    const contradicting = [
      { lengthType: "weekly" as const, minNights: 7, percent: 15 },
      { lengthType: "monthly" as const, minNights: 28, percent: 10 },
    ];
    const db = database(env.DB);
    await db
      .update(unitPriceConfigurations)
      .set({ discounts: contradicting })
      .where(inArray(unitPriceConfigurations.unitId, db.select({ id: propertyUnits.id }).from(propertyUnits).where(eq(propertyUnits.publicId, unitId))));
    const read = await api(token, "GET", `${path}/price-configuration`);
    expect((await json<Configuration>(read)).discounts).toEqual(contradicting);

    // A patch without discounts is checked for what it changes, and keeps the discounts as they are.
    const price = await api(token, "PATCH", `${path}/price-configuration`, { nightlyPrice: 13_000 }, { "if-match": read.headers.get("etag")! });
    expect(price.status).toBe(200);
    expect(await json(price)).toMatchObject({ nightlyPrice: 13_000, discounts: contradicting });
    const wrong = await api(token, "PATCH", `${path}/price-configuration`, { minStay: 90, maxStay: 60 });
    expect(wrong.status).toBe(400);
    expect((await json<FieldErrorBody>(wrong)).errors.map((e) => `${e.field}:${e.type}`)).toEqual(["maxStay:max_stay_below_min"]);

    // A patch that writes the discounts answers for them: still contradicting, refused whole.
    const still = await api(token, "PATCH", `${path}/price-configuration`, { nightlyPrice: 14_000, discounts: [...contradicting.slice(0, 1), { lengthType: "monthly", percent: 12 }] });
    expect(still.status).toBe(400);
    expect((await json<FieldErrorBody>(still)).errors).toEqual([
      { field: "discounts.1.percent", type: "discount_below_weekly", message: "Less than the weekly discount of 15%: a longer stay must not get a smaller discount." },
    ]);
    expect(await json(await api(token, "GET", `${path}/price-configuration`))).toMatchObject({ nightlyPrice: 13_000, discounts: contradicting });

    const corrected = await api(token, "PATCH", `${path}/price-configuration`, { discounts: [...contradicting.slice(0, 1), { lengthType: "monthly", percent: 20 }] });
    expect(corrected.status).toBe(200);
    expect(await json(await api(token, "GET", `${path}/price-configuration`))).toMatchObject({
      nightlyPrice: 13_000,
      discounts: [
        { lengthType: "weekly", minNights: 7, percent: 15 },
        { lengthType: "monthly", minNights: 28, percent: 20 },
      ],
    });
  });

  const season = (extra: Record<string, unknown>) => ({ dateFrom: `${NEXT}-05-01`, dateTo: `${NEXT}-05-10`, recurrence: "one-time", nightlyPrice: 15_000, ...extra });
  const farAhead = addDays(addYears(todayUtc(), 2), 1);
  const invalid: [string, Record<string, unknown>, string][] = [
    ["nightly price below 10", { nightlyPrice: 999 }, "nightlyPrice:price_range"],
    ["nightly price above 10,000", { nightlyPrice: 1_000_001 }, "nightlyPrice:price_range"],
    ["nightly price not whole minor units", { nightlyPrice: 1_000.5 }, "nightlyPrice:price_range"],
    ["minimum stay of 0", { minStay: 0 }, "minStay:stay_range"],
    ["maximum stay over 365", { maxStay: 366 }, "maxStay:stay_range"],
    ["maximum below minimum stay", { minStay: 10, maxStay: 5 }, "maxStay:max_stay_below_min"],
    ["extra guest price below 1", { extraGuestPrice: 99, extraGuestsCount: 2 }, "extraGuestPrice:extra_guest_price_range"],
    ["extra guest price above 10,000", { extraGuestPrice: 1_000_001, extraGuestsCount: 2 }, "extraGuestPrice:extra_guest_price_range"],
    ["included guests over 99", { extraGuestPrice: 1_000, extraGuestsCount: 100 }, "extraGuestsCount:guests_range"],
    ["extra guest price without included guests", { extraGuestPrice: 1_000 }, "extraGuestsCount:required"],
    ["malformed time", { checkOutTo: "25:00" }, "checkOutTo:time_invalid"],
    ["check-in ending before it starts", { checkInFrom: "18:00", checkInTo: "16:00" }, "checkInTo:check_in_window_invalid"],
    ["no check-in day", { checkInDays: [] }, "checkInDays:weekdays_invalid"],
    ["weekday 7", { checkOutDays: [7] }, "checkOutDays.0:weekdays_invalid"],
    ["preparation time 3", { preparationTime: 3 }, "preparationTime:preparation_invalid"],
    ["notice of 4 days", { minDaysOfNotice: 4 }, "minDaysOfNotice:notice_invalid"],
    ["unknown service", { extraCharges: [{ type: "spa", pricingKind: "one_time", amount: 100 }] }, "extraCharges.0.type:invalid_choice"],
    ["pricing kind the service lacks", { extraCharges: [{ type: "cleaning", pricingKind: "recurring", amount: 100 }] }, "extraCharges.0.pricingKind:pricing_kind_invalid"],
    ["extra charge of 0", { extraCharges: [{ type: "towels", pricingKind: "one_time", amount: 0 }] }, "extraCharges.0.amount:amount_range"],
    ["service charged twice", { extraCharges: [{ type: "towels", pricingKind: "one_time", amount: 100 }, { type: "towels", pricingKind: "recurring", amount: 100 }] }, "extraCharges.1.type:duplicate"],
    ["discount of 100%", { discounts: [{ lengthType: "weekly", percent: 100 }] }, "discounts.0.percent:percent_range"],
    ["two weekly discounts", { discounts: [{ lengthType: "weekly", percent: 5 }, { lengthType: "weekly", percent: 10 }] }, "discounts.1.lengthType:discount_same_nights_weekly"],
    ["two discounts from 14 nights", { discounts: [{ lengthType: "custom", minNights: 14, percent: 5 }, { lengthType: "custom", minNights: 14, percent: 10 }] }, "discounts.1.minNights:discount_same_nights_custom"],
    ["a monthly discount below the weekly one", { discounts: [{ lengthType: "weekly", percent: 15 }, { lengthType: "monthly", percent: 10 }] }, "discounts.1.percent:discount_below_weekly"],
    ["a weekly discount below one from fewer nights", { discounts: [{ lengthType: "custom", minNights: 3, percent: 12 }, { lengthType: "weekly", percent: 10 }] }, "discounts.1.percent:discount_below_custom"],
    ["monthly discount of 30 nights", { discounts: [{ lengthType: "monthly", minNights: 30, percent: 10 }] }, "discounts.0.minNights:discount_nights_invalid"],
    ["unknown tax category", { taxes: [{ category: "vat", feeType: "per_stay", amount: 100 }] }, "taxes.0.category:invalid_choice"],
    ["unknown tax fee type", { taxes: [{ category: "local_tax", feeType: "per_week", amount: 100 }] }, "taxes.0.feeType:invalid_choice"],
    ["season on 30 February", { seasonsPricing: [season({ dateFrom: `${NEXT}-02-30` })] }, "seasonsPricing.0.dateFrom:date_invalid"],
    ["season ending before it starts", { seasonsPricing: [season({ dateTo: `${NEXT}-04-01` })] }, "seasonsPricing.0.dateTo:season_dates_invalid"],
    ["season ending more than two years ahead", { seasonsPricing: [season({ dateFrom: addDays(farAhead, -3), dateTo: farAhead })] }, "seasonsPricing.0.dateTo:season_too_far"],
    ["season price below 10", { seasonsPricing: [season({ nightlyPrice: 5 })] }, "seasonsPricing.0.nightlyPrice:price_range"],
    ["unknown recurrence", { seasonsPricing: [season({ recurrence: "weekly" })] }, "seasonsPricing.0.recurrence:invalid_choice"],
    ["overlapping seasons", { seasonsPricing: [season({}), season({ dateFrom: `${NEXT}-05-10`, dateTo: `${NEXT}-05-20` })] }, "seasonsPricing.1.dateFrom:season_overlap"],
    ["one-time season inside a recurring one", { seasonsPricing: [season({ recurrence: "recurring" }), season({ dateFrom: `${NEXT + 1}-05-05`, dateTo: `${NEXT + 1}-05-06` })] }, "seasonsPricing.1.dateFrom:season_overlap"],
    ["negative security deposit", { securityDeposit: -1 }, "securityDeposit:deposit_range"],
    ["security deposit over 1,000,000", { securityDeposit: 100_000_001 }, "securityDeposit:deposit_range"],
    ["another currency", { currency: "USD" }, "currency:read_only"],
    ["unknown field", { price: 1 }, "null:unknown_field"],
  ];

  it.each(invalid)("refuses %s with 400 naming the field, and changes nothing", async (_, body, expected) => {
    const { token, path } = await hostWithUnit();
    await api(token, "PUT", `${path}/price-configuration`, { nightlyPrice: 10_000 });
    for (const method of ["PUT", "PATCH"]) {
      const response = await api(token, method, `${path}/price-configuration`, body);
      expect(response.status).toBe(400);
      const { message, errors } = await json<FieldErrorBody>(response);
      expect(message).toBe("Validation failed");
      expect(errors.map((e) => `${e.field}:${e.type}`)).toContain(expected);
      // A code the host reads translated, never zod's English.
      for (const e of errors) expect(e.type).toMatch(/^[a-z0-9_]+$/);
      for (const e of errors) expect(e.message).not.toMatch(/^(Too big|Too small|Invalid input|Unrecognized key)/);
    }
    expect(await json(await api(token, "GET", `${path}/price-configuration`))).toEqual({ ...DEFAULTS, nightlyPrice: 10_000 });
  });

  it("translates message codes into English messages", async () => {
    const { token, path } = await hostWithUnit();
    const { errors } = await json<FieldErrorBody>(await api(token, "PUT", `${path}/price-configuration`, { nightlyPrice: 5, seasonsPricing: [season({}), season({})] }));
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: "nightlyPrice", message: "Enter a nightly price from 10 to 10,000.", type: "price_range" },
        { field: "seasonsPricing.1.dateFrom", message: "This season overlaps another season.", type: "season_overlap" },
      ]),
    );
  });
});

describe("price list", () => {
  interface Day {
    date: string;
    price: number | null;
    minimalLengthOfStay: number;
    maximalLengthOfStay: number;
  }

  it("resolves each day from the default and the seasons, recurring ones in later years too", async () => {
    const { token, path } = await hostWithUnit();
    await api(token, "PUT", `${path}/price-configuration`, FULL);

    const boundary = await api(token, "GET", `${path}/price-list?dateFrom=${NEXT}-06-30&dateTo=${NEXT}-07-02`);
    expect(boundary.status).toBe(200);
    const free = { closedToArrival: false, closedToDeparture: false, availability: "AVAILABLE", events: [] };
    expect(await json(boundary)).toEqual({
      currency: "EUR",
      amountUnit: "minor",
      dateFrom: `${NEXT}-06-30`,
      dateTo: `${NEXT}-07-02`,
      // A unit without an address is in UTC.
      timeZone: "UTC",
      version: 1,
      calendarAvailability: { status: "AVAILABLE" },
      days: [
        { date: `${NEXT}-06-30`, price: 12_000, minimalLengthOfStay: 2, maximalLengthOfStay: 60, ...free },
        { date: `${NEXT}-07-01`, price: 18_000, minimalLengthOfStay: 2, maximalLengthOfStay: 60, ...free },
        { date: `${NEXT}-07-02`, price: 18_000, minimalLengthOfStay: 2, maximalLengthOfStay: 60, ...free },
      ],
      events: [],
    });
    expect(boundary.headers.get("etag")).toBe('"1"');

    // The recurring season of NEXT-12-20..NEXT+1-01-06 comes back a year later, over new year.
    const later = await json<{ days: Day[] }>(await api(token, "GET", `${path}/price-list?dateFrom=${NEXT + 1}-12-19&dateTo=${NEXT + 2}-01-07`));
    expect(later.days).toHaveLength(20);
    expect(later.days[0]).toMatchObject({ date: `${NEXT + 1}-12-19`, price: 12_000, minimalLengthOfStay: 2, maximalLengthOfStay: 60 });
    expect(later.days.slice(1, 19).every((d) => d.price === 20_000 && d.minimalLengthOfStay === 5)).toBe(true);
    expect(later.days[19]).toMatchObject({ date: `${NEXT + 2}-01-07`, price: 12_000 });
    // The one-time summer season does not come back.
    const summer = await json<{ days: Day[] }>(await api(token, "GET", `${path}/price-list?dateFrom=${NEXT + 1}-07-15&dateTo=${NEXT + 1}-07-15`));
    expect(summer.days[0]!.price).toBe(12_000);
  });

  it("answers null prices on a fresh unit and at most 366 days", async () => {
    const { token, path } = await hostWithUnit();
    const year = await json<{ days: Day[] }>(await api(token, "GET", `${path}/price-list?dateFrom=2028-01-01&dateTo=2028-12-31`));
    expect(year.days).toHaveLength(366);
    expect(year.days.every((d) => d.price === null && d.minimalLengthOfStay === 1 && d.maximalLengthOfStay === 365)).toBe(true);
  });

  it.each([
    ["", "dateFrom:required"],
    ["?dateFrom=2027-01-01", "dateTo:required"],
    ["?dateFrom=2027-01-01&dateTo=2027-02-30", "dateTo:date_invalid"],
    ["?dateFrom=2027-03-01&dateTo=2027-02-01", "dateTo:date_range_invalid"],
    ["?dateFrom=2027-01-01&dateTo=2028-01-02", "dateTo:date_range_too_long"],
  ])("refuses the range %s with 400", async (query, expected) => {
    const { token, path } = await hostWithUnit();
    const response = await api(token, "GET", `${path}/price-list${query}`);
    expect(response.status).toBe(400);
    expect((await json<FieldErrorBody>(response)).errors.map((e) => `${e.field}:${e.type}`)).toContain(expected);
  });
});

describe("promotions", () => {
  interface Promotion {
    type: string;
    state: string;
    data: { discount: number };
  }

  it("lists the offered types with their discounts and text keys", async () => {
    const { token, path } = await hostWithUnit();
    const { items } = await json<{ items: { type: string; discount: number; texts: { title: string; bullets: string[] } }[] }>(await api(token, "GET", `${path}/promotions/configuration`));
    expect(items.map((i) => i.type)).toEqual(["early-booker", "last-minute", "long-stay"]);
    expect(items[0]).toMatchObject({ discount: 10, texts: { title: "promotions:earlyBooker.title" } });
    expect(items[0]!.texts.bullets).toHaveLength(3);
  });

  it("switches a promotion on and off", async () => {
    const { token, path } = await hostWithUnit();
    const initial = await json<{ items: Promotion[] }>(await api(token, "GET", `${path}/promotions`));
    expect(initial.items).toEqual([
      { type: "early-booker", state: "INACTIVE", data: { discount: 10 } },
      { type: "last-minute", state: "INACTIVE", data: { discount: 15 } },
      { type: "long-stay", state: "INACTIVE", data: { discount: 10 } },
    ]);

    const on = await api(token, "POST", `${path}/promotion`, { type: "last-minute", state: "ACTIVE" });
    expect(on.status).toBe(200);
    expect(await json(on)).toEqual({ type: "last-minute", state: "ACTIVE", data: { discount: 15 } });
    const active = await json<{ items: Promotion[] }>(await api(token, "GET", `${path}/promotions`));
    expect(active.items.map((p) => `${p.type}:${p.state}`)).toEqual(["early-booker:INACTIVE", "last-minute:ACTIVE", "long-stay:INACTIVE"]);

    await api(token, "POST", `${path}/promotion`, { type: "last-minute", state: "INACTIVE" });
    const off = await json<{ items: Promotion[] }>(await api(token, "GET", `${path}/promotions`));
    expect(off.items.every((p) => p.state === "INACTIVE")).toBe(true);
  });

  it("refuses an unknown type or state with 400 and an unknown unit with 404", async () => {
    const { token, path } = await hostWithUnit();
    const badType = await api(token, "POST", `${path}/promotion`, { type: "flash-sale", state: "ACTIVE" });
    expect(badType.status).toBe(400);
    expect((await json<FieldErrorBody>(badType)).errors.map((e) => e.field)).toEqual(["type"]);
    const badState = await api(token, "POST", `${path}/promotion`, { type: "long-stay", state: "ON" });
    expect((await json<FieldErrorBody>(badState)).errors.map((e) => e.field)).toEqual(["state"]);
    expect((await api(token, "POST", "/property-unit/unt_missing/promotion", { type: "long-stay", state: "ACTIVE" })).status).toBe(404);
    expect((await api(token, "GET", "/property-unit/unt_missing/promotions")).status).toBe(404);
  });
});

describe("another host's unit", () => {
  it("is not found on every pricing route, and nothing of it changes", async () => {
    const owner = await hostWithUnit();
    await api(owner.token, "PUT", `${owner.path}/price-configuration`, FULL);
    await api(owner.token, "POST", `${owner.path}/promotion`, { type: "long-stay", state: "ACTIVE" });
    const before = await ownedRowsDigest(owner.host.id);

    const intruder = await hostWithUnit();
    const calls: [string, string, unknown?][] = [
      ["GET", "/price-configuration"],
      ["PUT", "/price-configuration", { nightlyPrice: 1_000 }],
      ["PATCH", "/price-configuration", { nightlyPrice: 1_000 }],
      ["GET", "/price-list?dateFrom=2027-01-01&dateTo=2027-01-31"],
      ["GET", "/promotions/configuration"],
      ["GET", "/promotions"],
      ["POST", "/promotion", { type: "long-stay", state: "INACTIVE" }],
    ];
    for (const [method, suffix, body] of calls) {
      const response = await api(intruder.token, method, `${owner.path}${suffix}`, body);
      expect(response.status, `${method} ${suffix}`).toBe(404);
    }
    expect(await ownedRowsDigest(owner.host.id)).toBe(before);
    expect((await json<Configuration>(await api(owner.token, "GET", `${owner.path}/price-configuration`))).nightlyPrice).toBe(12_000);
  });
});

/** A day of the price list in one line: date, price, stay limits and what is closed. */
const day = (d: PriceListDay) => `${d.date.slice(5)} ${d.price} ${d.minimalLengthOfStay}-${d.maximalLengthOfStay}${d.closedToArrival ? " no-arrival" : ""}${d.closedToDeparture ? " no-departure" : ""}`;

describe("prices of single days (calendar-price-configuration)", () => {

  it("sets price and stay rules for a range of days over seasons and defaults, and null gives them back", async () => {
    const { token, path } = await hostWithUnit();
    await api(token, "PUT", `${path}/price-configuration`, { ...FULL, minStay: 2, maxStay: 60 });

    const set = await api(token, "PATCH", `${path}/calendar-price-configuration`, { dateFrom: `${NEXT}-06-30`, dateTo: `${NEXT}-07-01`, price: 25_000, minStay: 3, closedToDeparture: true });
    expect(set.status).toBe(200);
    const body = await json<PriceList>(set);
    expect(body.days.map(day)).toEqual(["06-30 25000 3-60 no-departure", "07-01 25000 3-60 no-departure"]);
    expect(set.headers.get("etag")).toBe(`"${body.version}"`);

    // A field left out stays; null returns to the season's or the default's.
    await api(token, "PATCH", `${path}/calendar-price-configuration`, { dateFrom: `${NEXT}-07-01`, dateTo: `${NEXT}-07-02`, price: null, maxStay: 14 });
    const list = await json<PriceList>(await api(token, "GET", `${path}/price-list?dateFrom=${NEXT}-06-29&dateTo=${NEXT}-07-03`));
    expect(list.days.map(day)).toEqual([
      "06-29 12000 2-60",
      "06-30 25000 3-60 no-departure",
      "07-01 18000 3-14 no-departure",
      "07-02 18000 2-14",
      "07-03 18000 2-60",
    ]);

    // A day with nothing of its own left has no row.
    await api(token, "PATCH", `${path}/calendar-price-configuration`, { dateFrom: `${NEXT}-06-30`, dateTo: `${NEXT}-07-02`, price: null, minStay: null, maxStay: null, closedToDeparture: false });
    const { results } = await env.DB.prepare("SELECT COUNT(*) AS n FROM unit_day_overrides WHERE unit_id = (SELECT id FROM property_units WHERE public_id = ?)").bind(path.split("/")[2]).all<{ n: number }>();
    expect(results[0]!.n).toBe(0);
  });

  it("sets a whole year of days in one request", async () => {
    const { token, path } = await hostWithUnit();
    const response = await api(token, "PATCH", `${path}/calendar-price-configuration`, { dateFrom: `${NEXT}-01-01`, dateTo: `${NEXT}-12-31`, price: 11_000 });
    expect(response.status).toBe(200);
    const { days } = await json<PriceList>(response);
    expect(days).toHaveLength(NEXT % 4 === 0 ? 366 : 365);
    expect(days.every((d) => d.price === 11_000)).toBe(true);
  });

  it.each([
    ["price below 10", { price: 999 }, "price:price_range"],
    ["price above 10,000", { price: 1_000_001 }, "price:price_range"],
    ["minimum stay of 0", { minStay: 0 }, "minStay:stay_range"],
    ["maximum stay over 365", { maxStay: 366 }, "maxStay:stay_range"],
    ["maximum below minimum", { minStay: 10, maxStay: 5 }, "maxStay:max_stay_below_min"],
    ["nothing to set", {}, "null:change_required"],
    ["end before start", { dateTo: `${NEXT}-04-30`, price: 10_000 }, "dateTo:date_range_invalid"],
    ["more than two years", { dateTo: `${NEXT + 2}-05-02`, price: 10_000 }, "dateTo:period_too_long"],
    ["an unknown field", { price: 10_000, currency: "USD" }, "null:unknown_field"],
  ])("refuses %s with 400 and changes nothing", async (_, change, expected) => {
    const { token, path } = await hostWithUnit();
    const response = await api(token, "PATCH", `${path}/calendar-price-configuration`, { dateFrom: `${NEXT}-05-01`, dateTo: `${NEXT}-05-03`, ...change });
    expect(response.status).toBe(400);
    expect((await json<FieldErrorBody>(response)).errors.map((e) => `${e.field}:${e.type}`)).toContain(expected);
    const list = await json<PriceList>(await api(token, "GET", `${path}/price-list?dateFrom=${NEXT}-05-01&dateTo=${NEXT}-05-03`));
    expect(list.version).toBe(0);
    expect(list.days.every((d) => d.price === null)).toBe(true);
  });

  it("answers 404 for an unknown unit", async () => {
    const { token } = await hostWithUnit();
    expect((await api(token, "PATCH", "/property-unit/unt_missing/calendar-price-configuration", { dateFrom: `${NEXT}-05-01`, dateTo: `${NEXT}-05-03`, price: 10_000 })).status).toBe(404);
  });
});

describe("stale edits (ETag and If-Match)", () => {
  interface Stale<T> extends FieldErrorBody {
    current: T;
  }

  it("carries the price version as the ETag and refuses a configuration saved from an older one with 409 and the current values", async () => {
    const { token, path } = await hostWithUnit();
    const fresh = await api(token, "GET", `${path}/price-configuration`);
    expect(fresh.headers.get("etag")).toBe('"0"');

    const first = await api(token, "PUT", `${path}/price-configuration`, { nightlyPrice: 10_000 }, { "if-match": '"0"' });
    expect(first.status).toBe(200);
    expect(first.headers.get("etag")).toBe('"1"');

    // A second tab still holds version 0.
    for (const method of ["PUT", "PATCH"]) {
      const stale = await api(token, method, `${path}/price-configuration`, { nightlyPrice: 20_000 }, { "if-match": '"0"' });
      expect(stale.status).toBe(409);
      expect(stale.headers.get("etag")).toBe('"1"');
      const body = await json<Stale<Configuration>>(stale);
      expect(body.errors).toEqual([{ field: null, message: "This was changed in the meantime. Here is the current version; make your change again.", type: "stale_version" }]);
      expect(body.current).toEqual({ ...DEFAULTS, nightlyPrice: 10_000 });
    }
    expect((await json<Configuration>(await api(token, "GET", `${path}/price-configuration`))).nightlyPrice).toBe(10_000);

    // The current version, a weak one or `*` pass; no If-Match at all passes as before.
    expect((await api(token, "PATCH", `${path}/price-configuration`, { nightlyPrice: 11_000 }, { "if-match": 'W/"1"' })).headers.get("etag")).toBe('"2"');
    expect((await api(token, "PUT", `${path}/price-configuration`, { nightlyPrice: 12_000 }, { "if-match": "*" })).status).toBe(200);
    expect((await api(token, "PUT", `${path}/price-configuration`, { nightlyPrice: 13_000 })).headers.get("etag")).toBe('"4"');
    expect((await api(token, "PUT", `${path}/price-configuration`, { nightlyPrice: 14_000 }, { "if-match": "garbage" })).status).toBe(409);
  });

  it("refuses a change of days made from an older version, also one made before a configuration change", async () => {
    const { token, path } = await hostWithUnit();
    const list = await api(token, "GET", `${path}/price-list?dateFrom=${NEXT}-05-01&dateTo=${NEXT}-05-02`);
    const version = list.headers.get("etag")!;
    const change = { dateFrom: `${NEXT}-05-01`, dateTo: `${NEXT}-05-02`, price: 15_000 };

    const first = await api(token, "PATCH", `${path}/calendar-price-configuration`, change, { "if-match": version });
    expect(first.status).toBe(200);
    const stale = await api(token, "PATCH", `${path}/calendar-price-configuration`, { ...change, price: 16_000 }, { "if-match": version });
    expect(stale.status).toBe(409);
    const body = await json<Stale<{ version: number; days: { price: number }[] }>>(stale);
    expect(body.errors.map((e) => e.type)).toEqual(["stale_version"]);
    expect(body.current.days.map((d) => d.price)).toEqual([15_000, 15_000]);
    expect(stale.headers.get("etag")).toBe(`"${body.current.version}"`);

    // One version for all of a unit's prices: a configuration saved in between makes the calendar's stale.
    const current = first.headers.get("etag")!;
    await api(token, "PUT", `${path}/price-configuration`, { nightlyPrice: 9_000 });
    expect((await api(token, "PATCH", `${path}/calendar-price-configuration`, change, { "if-match": current })).status).toBe(409);
  });

  it("moves the version when the unit's page changes the check-in times, notice or preparation the configuration shows", async () => {
    const { token, path } = await hostWithUnit();
    const etag = (await api(token, "GET", `${path}/price-configuration`)).headers.get("etag")!;
    await api(token, "PATCH", path, { title: "Renamed" });
    expect((await api(token, "GET", `${path}/price-configuration`)).headers.get("etag")).toBe(etag);
    await api(token, "PATCH", path, { bookingPolicies: { minDaysOfNotice: 7 } });
    const stale = await api(token, "PUT", `${path}/price-configuration`, { nightlyPrice: 10_000 }, { "if-match": etag });
    expect(stale.status).toBe(409);
    expect((await json<{ current: Configuration }>(stale)).current.minDaysOfNotice).toBe(7);
  });

  it("lets one of two simultaneous saves from the same version through", async () => {
    const { token, path } = await hostWithUnit();
    const saves = await Promise.all(
      [10_000, 20_000, 30_000].map((nightlyPrice) => api(token, "PUT", `${path}/price-configuration`, { nightlyPrice }, { "if-match": '"0"' })),
    );
    expect(saves.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    await Promise.all(saves.map((r) => r.body?.cancel()));
  });
});

describe("seasons as rows", () => {
  it("keeps a season's own arrival days and a tax's caps, and answers them only where set", async () => {
    const { token, path } = await hostWithUnit();
    const saved = await json<Configuration>(
      await api(token, "PUT", `${path}/price-configuration`, {
        nightlyPrice: 10_000,
        taxes: [{ category: "local_tax", feeType: "per_person_per_day", amount: 200, maxNights: 10 }],
        seasonsPricing: [
          { dateFrom: `${NEXT}-07-01`, dateTo: `${NEXT}-07-31`, recurrence: "one-time", nightlyPrice: 15_000, checkInDays: [6, 6, 0] },
          { dateFrom: `${NEXT}-09-01`, dateTo: `${NEXT}-09-30`, recurrence: "one-time", nightlyPrice: 12_000, checkInDays: null },
        ],
      }),
    );
    expect(saved.taxes).toEqual([{ category: "local_tax", feeType: "per_person_per_day", amount: 200, maxNights: 10 }]);
    expect(saved.seasonsPricing.map((s) => (s as { checkInDays?: number[] }).checkInDays)).toEqual([[0, 6], undefined]);
    expect(await json(await api(token, "GET", `${path}/price-configuration`))).toEqual(saved);
    const { results } = await env.DB.prepare("SELECT date_from, recurrence, nightly_price FROM unit_seasons WHERE unit_id = (SELECT id FROM property_units WHERE public_id = ?) ORDER BY date_from").bind(path.split("/")[2]).all();
    expect(results).toEqual([
      { date_from: `${NEXT}-07-01`, recurrence: "one-time", nightly_price: 15_000 },
      { date_from: `${NEXT}-09-01`, recurrence: "one-time", nightly_price: 12_000 },
    ]);
  });
});

describe("quote", () => {
  interface QuoteBody {
    currency: string;
    bookable: boolean;
    takenNights: string[];
    refusals: { rule: string }[];
    quote: { nights: { date: string; price: number; extraGuests: number }[]; accommodation: number; discount: { amount: number } | null; extraCharges: { amount: number }[]; taxes: { amount: number }[]; total: number; securityDeposit: number } | null;
  }

  it("prices a stay from the defaults, seasons and days, as a guest would book it", async () => {
    const { token, path } = await hostWithUnit();
    await api(token, "PUT", `${path}/price-configuration`, { ...FULL, checkInDays: [0, 1, 2, 3, 4, 5, 6], checkOutDays: [0, 1, 2, 3, 4, 5, 6] });
    await api(token, "PATCH", `${path}/calendar-price-configuration`, { dateFrom: `${NEXT}-07-02`, dateTo: `${NEXT}-07-02`, price: 30_000 });

    // Five guests, four included; two nights before the summer season, five in it (one at its own price).
    const response = await api(token, "GET", `${path}/quote?checkIn=${NEXT}-06-29&checkOut=${NEXT}-07-06&guests=5`);
    expect(response.status).toBe(200);
    const body = await json<QuoteBody>(response);
    expect(body).toMatchObject({ currency: "EUR", bookable: true, takenNights: [], refusals: [] });
    expect(body.quote!.nights.map((n) => n.price)).toEqual([12_000, 12_000, 18_000, 30_000, 18_000, 18_000, 18_000]);
    expect(body.quote!.nights.every((n) => n.extraGuests === 2_500)).toBe(true);
    const accommodation = 2 * 12_000 + 4 * 18_000 + 30_000 + 7 * 2_500;
    expect(body.quote!.accommodation).toBe(accommodation);
    // Weekly 10 %; cleaning once, breakfast per night; 1.50 per person per night.
    const discount = Math.round(accommodation * 0.1);
    expect(body.quote!.discount!.amount).toBe(discount);
    expect(body.quote!.total).toBe(accommodation - discount + 6_000 + 7 * 1_250 + 5 * 7 * 150);
    expect(body.quote!.securityDeposit).toBe(30_000);
  });

  it("names the rules that refuse a stay and the nights already taken", async () => {
    const { token, path, unitId } = await hostWithUnit();
    await api(token, "PUT", `${path}/price-configuration`, { nightlyPrice: 10_000, minStay: 3 });
    await api(token, "POST", `/properties/${unitId}/unavailabilities/block`, { dateFrom: `${NEXT}-05-02`, dateTo: `${NEXT}-05-03` });
    const body = await json<QuoteBody>(await api(token, "GET", `${path}/quote?checkIn=${NEXT}-05-01&checkOut=${NEXT}-05-03`));
    expect(body).toMatchObject({ bookable: false, takenNights: [`${NEXT}-05-02`], refusals: [{ rule: "stay_too_short", minNights: 3 }] });
    expect(body.quote!.total).toBe(20_000);

    const unpriced = await hostWithUnit();
    expect(await json<QuoteBody>(await api(unpriced.token, "GET", `${unpriced.path}/quote?checkIn=${NEXT}-05-01&checkOut=${NEXT}-05-03`))).toMatchObject({
      bookable: false,
      refusals: [{ rule: "price_missing", dates: [`${NEXT}-05-01`, `${NEXT}-05-02`] }],
      quote: null,
    });
  });

  it.each([
    ["?checkIn=2027-05-03&checkOut=2027-05-01", "checkOut:period_invalid"],
    ["?checkIn=2027-05-01&checkOut=2030-05-01", "checkOut:period_too_long"],
    ["?checkIn=2027-05-01", "checkOut:required"],
    ["?checkIn=2027-05-01&checkOut=2027-05-03&guests=0", "guests:guests_range"],
    ["?checkIn=2027-05-01&checkOut=2027-05-03&guests=many", "guests:guests_range"],
  ])("refuses %s with 400", async (query, expected) => {
    const { token, path } = await hostWithUnit();
    const response = await api(token, "GET", `${path}/quote${query}`);
    expect(response.status).toBe(400);
    expect((await json<FieldErrorBody>(response)).errors.map((e) => `${e.field}:${e.type}`)).toContain(expected);
  });

  it("answers 404 for an unknown unit", async () => {
    const { token } = await hostWithUnit();
    expect((await api(token, "GET", "/property-unit/unt_missing/quote?checkIn=2027-05-01&checkOut=2027-05-03")).status).toBe(404);
  });
});

describe("the calendar of all units", () => {
  interface UnitsCalendar {
    units: { unitId: string; title: string; propertyTitle: string; version: number; days: { date: string; price: number | null; availability: string; events: string[] }[]; events: { id: string }[] }[];
    pagination: { current: number; next: number; total: number; pageSize: number };
  }

  it("answers every unit of the host, in the order of their properties, each with its days and events", async () => {
    const { token, path, unitId } = await hostWithUnit();
    const multi = await json<{ id: string; unitIds: string[] }>(await api(token, "POST", "/properties", { propertyType: "multi", title: "Residence" }));
    const second = await json<{ propertyUnitPublicId: string }>(await api(token, "POST", `/properties/${multi.id}/units`, { title: "Suite" }));
    await api(token, "PUT", `${path}/price-configuration`, { nightlyPrice: 10_000 });
    await api(token, "PATCH", `/property-unit/${second.propertyUnitPublicId}/calendar-price-configuration`, { dateFrom: `${NEXT}-07-02`, dateTo: `${NEXT}-07-02`, price: 20_000 });
    const block = await json<{ id: string }>(await api(token, "POST", `/properties/${unitId}/unavailabilities/block`, { dateFrom: `${NEXT}-06-30`, dateTo: `${NEXT}-07-02` }));
    // Another host's units never show.
    const other = await hostWithUnit();
    await api(other.token, "PUT", `${other.path}/price-configuration`, { nightlyPrice: 50_000 });

    const response = await api(token, "GET", `/property-units/calendar?dateFrom=${NEXT}-07-01&dateTo=${NEXT}-07-03`);
    expect(response.status).toBe(200);
    const body = await json<UnitsCalendar>(response);
    expect(body.pagination).toEqual({ current: 1, next: 1, total: 3, pageSize: 50 });
    expect(body.units.map((u) => `${u.propertyTitle}/${u.title}`)).toEqual(["Harbour flat/Harbour flat", "Residence/", "Residence/Suite"]);
    const [flat, , suite] = body.units;
    expect(flat!.unitId).toBe(unitId);
    expect(flat!.days.map((d) => `${d.price} ${d.availability} ${d.events.join(",")}`)).toEqual([`10000 BLOCKED ${block.id}`, "10000 AVAILABLE ", "10000 AVAILABLE "]);
    // The block is read whole, from the night before the range.
    expect(flat!.events).toMatchObject([{ id: block.id, dateFrom: `${NEXT}-06-30`, dateTo: `${NEXT}-07-02` }]);
    expect(suite!.days.map((d) => `${d.price} ${d.availability}`)).toEqual(["null NEUTRAL", "20000 AVAILABLE", "null NEUTRAL"]);
    expect(suite!.version).toBe(1);
  });

  it("prices each unit's days as its price list does: seasons, weekdays and per-day values, whatever charges, discounts and taxes it has", async () => {
    const { token, path, unitId } = await hostWithUnit();
    expect((await api(token, "PUT", `${path}/price-configuration`, FULL)).status).toBe(200);
    await api(token, "PATCH", `${path}/calendar-price-configuration`, { dateFrom: `${NEXT}-07-10`, dateTo: `${NEXT}-07-11`, price: 25_000, minStay: 4, closedToArrival: true });
    const days = `dateFrom=${NEXT}-06-25&dateTo=${NEXT}-07-15`;
    const all = await json<UnitsCalendar>(await api(token, "GET", `/property-units/calendar?${days}`));
    const list = await json<{ days: unknown[]; version: number }>(await api(token, "GET", `${path}/price-list?${days}`));
    const unit = all.units.find((u) => u.unitId === unitId)!;
    expect(unit.days).toEqual(list.days);
    expect(unit.version).toBe(list.version);
    // The season's price and minimum stay, and the per-day values, show.
    expect(new Set(unit.days.map((d) => d.price)).size).toBeGreaterThan(1);
  });

  it("pages by 50 units", async () => {
    const { token } = await hostWithUnit();
    const { id } = await json<{ id: string }>(await api(token, "POST", "/properties", { propertyType: "multi", title: "Tower" }));
    for (let i = 0; i < 50; i++) await api(token, "POST", `/properties/${id}/units`, { title: `Flat ${i + 1}` });
    const first = await json<UnitsCalendar>(await api(token, "GET", `/property-units/calendar?dateFrom=${NEXT}-07-01&dateTo=${NEXT}-07-31`));
    expect(first.units).toHaveLength(50);
    expect(first.units[0]!.days).toHaveLength(31);
    expect(first.pagination).toEqual({ current: 1, next: 2, total: 52, pageSize: 50 });
    const second = await json<UnitsCalendar>(await api(token, "GET", `/property-units/calendar?dateFrom=${NEXT}-07-01&dateTo=${NEXT}-07-31&page=2`));
    expect(second.units.map((u) => u.title)).toEqual(["Flat 49", "Flat 50"]);
  }, 60_000);

  it.each([
    ["?dateFrom=2027-03-01&dateTo=2027-02-01", "dateTo:date_range_invalid"],
    ["?dateFrom=2027-03-01&dateTo=2027-05-02", "dateTo:units_calendar_too_long"],
    ["?dateFrom=2027-03-01", "dateTo:required"],
  ])("refuses %s with 400", async (query, expected) => {
    const { token } = await hostWithUnit();
    const response = await api(token, "GET", `/property-units/calendar${query}`);
    expect(response.status).toBe(400);
    expect((await json<FieldErrorBody>(response)).errors.map((e) => `${e.field}:${e.type}`)).toContain(expected);
  });
});
