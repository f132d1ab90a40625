import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { startOfDayIn, todayUtc } from "@domain/dates";
import { api, createUser, signIn } from "@api/test/helpers";
import { GUEST, inDays, publicApi, publishedUnit, reserve, subscribe } from "@api/test/stays";

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function countRows(table: string, hostId: number) {
  return (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE host_user_id = ?`).bind(hostId).first<{ n: number }>())!.n;
}

interface Receipt {
  type: string;
  code: string;
  status: string;
  totalAmount: number;
  expirationTime: string | null;
}

describe("a guest books on the public page", () => {
  it("confirms an instant booking, takes its nights in the same batch, and shows it to the host with its money", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const { unitId } = await publishedUnit(host, { nightlyPrice: 12_000 });
    const response = await reserve(unitId, { checkIn: inDays(40), checkOut: inDays(43), guests: 2 });
    expect(response.status).toBe(201);
    const receipt = await json<Receipt>(response);
    expect(receipt).toMatchObject({ type: "booking", status: "CONFIRMED", totalAmount: 36_000, expirationTime: null });
    expect(receipt.code).toMatch(/^[2-9A-Z]{8}$/);

    const nights = await env.DB.prepare("SELECT night, kind, owner_id FROM taken_nights WHERE host_user_id = ? ORDER BY night").bind(host.id).all<{ night: string; kind: string; owner_id: string }>();
    expect(nights.results.map((n) => n.night)).toEqual([inDays(40), inDays(41), inDays(42)]);

    const { access_token: token } = await signIn(host.email);
    const list = await json<{ items: { publicId: string; code: string; customer: { fullName: string } }[]; pagination: { total: number } }>(await api(token, "GET", "/bookings?tab=upcoming"));
    expect(list.pagination.total).toBe(1);
    expect(list.items[0]).toMatchObject({ code: receipt.code, customer: { fullName: "Maria Santos" } });
    expect(nights.results.every((n) => n.kind === "booking" && n.owner_id === list.items[0]!.publicId)).toBe(true);

    const booking = await json<Record<string, unknown>>(await api(token, "GET", `/bookings/${list.items[0]!.publicId}`));
    expect(booking).toMatchObject({
      status: "CONFIRMED",
      checkIn: inDays(40),
      nights: 3,
      guests: 2,
      totalAmount: 36_000,
      paymentPlan: "online_30_70_split",
      commission: { percent: 15, amount: 5_400 },
      payout: 30_600,
      customer: { email: GUEST.email, phoneNumber: GUEST.phone, message: GUEST.message },
      propertyUnitSummary: { publicId: unitId },
    });
    expect((booking.priceBreakdown as { accommodation: number }).accommodation).toBe(36_000);
  });

  it("refuses a stay whose night is taken, a stay the rules refuse and too many guests, writing nothing", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const { unitId } = await publishedUnit(host, { maxGuests: 2, minDaysOfNotice: 3 });
    expect((await reserve(unitId, { checkIn: inDays(20), checkOut: inDays(25) })).status).toBe(201);
    const before = { bookings: await countRows("bookings", host.id), nights: await countRows("taken_nights", host.id) };

    const taken = await reserve(unitId, { checkIn: inDays(24), checkOut: inDays(27) });
    expect(taken.status).toBe(409);
    expect((await json<{ errors: { type: string }[] }>(taken)).errors.map((e) => e.type)).toEqual(["nights_taken"]);

    const refused = await reserve(unitId, { checkIn: inDays(1), checkOut: inDays(2), guests: 3 });
    expect(refused.status).toBe(409);
    const errors = (await json<{ errors: { field: string; type: string; message: string }[] }>(refused)).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "checkIn", type: "notice_too_short", message: "Book at least 3 days before arrival." }),
        expect.objectContaining({ field: "guests", type: "too_many_guests", message: "This place sleeps at most 2 guests." }),
      ]),
    );
    expect({ bookings: await countRows("bookings", host.id), nights: await countRows("taken_nights", host.id) }).toEqual(before);
  });

  it("answers a bad body with the fields, and an unpublished unit with 404", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const { unitId } = await publishedUnit(host);
    const bad = await publicApi("POST", `/api/public/stays/${unitId}/reservations`, { intent: "book", checkIn: inDays(5), checkOut: inDays(4), guests: 0, firstName: "", lastName: "S", email: "nope" });
    expect(bad.status).toBe(400);
    const fields = (await json<{ errors: { field: string }[] }>(bad)).errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["checkOut", "guests", "firstName", "email"]));
    const draft = await publishedUnit(host, { state: "IN_PROGRESS" });
    expect((await reserve(draft.unitId, { checkIn: inDays(40), checkOut: inDays(42) })).status).toBe(404);
    expect((await publicApi("GET", `/api/public/stays/${draft.unitId}`)).status).toBe(404);
  });

  it("makes a request of a unit on request: pending for 24 hours, no nights taken, counted for the host", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const { unitId } = await publishedUnit(host, { bookingType: "onRequest" });
    const started = Date.now();
    const receipt = await json<Receipt>(await reserve(unitId, { checkIn: inDays(30), checkOut: inDays(33) }));
    expect(receipt).toMatchObject({ type: "booking_request", status: "REQUESTED" });
    const expiry = Date.parse(receipt.expirationTime!);
    expect(expiry - started).toBeGreaterThanOrEqual(24 * 3_600_000 - 1_000);
    expect(expiry - started).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);
    expect(await countRows("taken_nights", host.id)).toBe(0);
    const { access_token: token } = await signIn(host.email);
    expect(await json(await api(token, "GET", "/booking-requests-pending-count"))).toEqual({ count: 1 });

    // A guest arriving tomorrow: the request ends when tomorrow begins where the unit is (Lisbon),
    // though never less than two hours after it arrived, and never later than 24 hours after.
    const before = Date.now();
    const soon = await json<Receipt>(await reserve(unitId, { checkIn: inDays(1), checkOut: inDays(3) }));
    const after = Date.now();
    const tomorrowBegins = startOfDayIn(inDays(1), "Europe/Lisbon").getTime();
    const expected = (arrived: number) => Math.max(arrived + 2 * 3_600_000, Math.min(arrived + 24 * 3_600_000, tomorrowBegins));
    const soonExpiry = Date.parse(soon.expirationTime!);
    expect(soonExpiry).toBeGreaterThanOrEqual(expected(before) - 1_000);
    expect(soonExpiry).toBeLessThanOrEqual(expected(after) + 1_000);
    expect(soonExpiry).toBeLessThan(expiry);
  });

  it("sends an inquiry to a host on subscription, using one of its leads, and refuses once none is left", async () => {
    const host = await createUser({ commercialModel: "subscription" });
    await subscribe(host, "split", 24);
    const { unitId } = await publishedUnit(host);
    const stay = await json<{ offer: string | null }>(await publicApi("GET", `/api/public/stays/${unitId}`));
    expect(stay.offer).toBe("inquiry");
    const receipt = await json<Receipt>(await reserve(unitId, { checkIn: inDays(30), checkOut: inDays(33) }, "ask"));
    expect(receipt).toMatchObject({ type: "inquiry", status: "REQUESTED" });
    expect(await countRows("taken_nights", host.id)).toBe(0);
    const used = await env.DB.prepare("SELECT leads_used FROM subscriptions WHERE host_user_id = ?").bind(host.id).first<{ leads_used: number }>();
    expect(used!.leads_used).toBe(25);
    const none = await reserve(unitId, { checkIn: inDays(50), checkOut: inDays(53) }, "ask");
    expect(none.status).toBe(409);
    expect((await json<{ errors: { type: string }[] }>(none)).errors[0]!.type).toBe("no_leads");
    expect(await countRows("booking_inquiries", host.id)).toBe(1);
  });
});

describe("the host's bookings", () => {
  it("filters by tab, unit, dates and guest name or code, a page at a time", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const a = await publishedUnit(host);
    const b = await publishedUnit(host);
    const codes: string[] = [];
    for (const [unit, from, name] of [
      [a.unitId, 10, "Ada"],
      [a.unitId, 20, "Bea"],
      [b.unitId, 30, "Cleo"],
    ] as const) {
      codes.push((await json<Receipt>(await reserve(unit, { checkIn: inDays(from), checkOut: inDays(from + 2) }, "book", { firstName: name, lastName: "Lovelace" }))).code);
    }
    const { access_token: token } = await signIn(host.email);
    const page = async (query: string) => json<{ items: { code: string; customer: { firstName: string } }[]; pagination: { total: number; next: number } }>(await api(token, "GET", `/bookings?${query}`));
    expect((await page("tab=upcoming")).items.map((i) => i.customer.firstName)).toEqual(["Ada", "Bea", "Cleo"]);
    expect((await page(`unitId=${b.unitId}`)).items.map((i) => i.customer.firstName)).toEqual(["Cleo"]);
    expect((await page(`dateFrom=${inDays(15)}&dateTo=${inDays(25)}`)).items.map((i) => i.customer.firstName)).toEqual(["Bea"]);
    expect((await page("search=bea%20love")).items.map((i) => i.customer.firstName)).toEqual(["Bea"]);
    expect((await page(`search=${codes[2]!.slice(0, 5).toLowerCase()}`)).items.map((i) => i.code)).toEqual([codes[2]]);
    expect((await page("search=100%25")).pagination.total).toBe(0);
    // A search as long as the contract allows (D1 refuses a LIKE pattern over 50 bytes).
    expect((await page(`search=${encodeURIComponent("Bea Lovelace ".repeat(7) + "x".repeat(9))}`)).pagination.total).toBe(0);
    expect((await page(`search=${encodeURIComponent(`${codes[1]} `.repeat(11).trim().slice(0, 100))}`)).pagination.total).toBe(0);
    const first = await page("tab=all&limit=2");
    expect(first).toMatchObject({ pagination: { total: 3, next: 2 } });
    expect((await page("tab=all&limit=2&page=2")).items).toHaveLength(1);
    expect((await page("tab=cancelled")).pagination.total).toBe(0);
    expect((await api(token, "GET", "/bookings?limit=101")).status).toBe(400);
  });
});

describe("the bookings' tabs on each unit's local day", () => {
  it("at 05:00 UTC a stay in Honolulu leaving today (UTC's day) is still under way and one arriving today is still to come, as it is the day before there; in Lisbon it is today", async () => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(new Date(`${todayUtc()}T05:00:00Z`));
    try {
      const host = await createUser({ commercialModel: "commission" });
      const lisbon = await publishedUnit(host);
      const honolulu = await publishedUnit(host);
      await env.DB.prepare("UPDATE properties SET country_code = 'US', state_or_province = 'HI' WHERE public_id = ?").bind(honolulu.propertyId).run();
      const stays = [
        [lisbon.unitId, 10, "Lia", -2, 0],
        [lisbon.unitId, 20, "Leo", 0, 2],
        [honolulu.unitId, 10, "Hana", -2, 0],
        [honolulu.unitId, 20, "Hoku", 0, 2],
      ] as const;
      for (const [unit, from, name, checkIn, checkOut] of stays) {
        expect((await reserve(unit, { checkIn: inDays(from), checkOut: inDays(from + 2) }, "book", { firstName: name })).status).toBe(201);
        await env.DB.prepare("UPDATE bookings SET check_in = ?, check_out = ? WHERE host_user_id = ? AND guest_first_name = ?").bind(inDays(checkIn), inDays(checkOut), host.id, name).run();
      }
      const { access_token: token } = await signIn(host.email);
      const names = async (tab: string) => (await json<{ items: { customer: { firstName: string } }[] }>(await api(token, "GET", `/bookings?tab=${tab}`))).items.map((i) => i.customer.firstName).sort();
      expect(await names("current")).toEqual(["Hana", "Leo"]);
      expect(await names("upcoming")).toEqual(["Hoku"]);
      expect(await names("all")).toEqual(["Hana", "Hoku", "Leo", "Lia"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
