import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, createUser, signIn } from "@api/test/helpers";
import { GUEST, inDays, publicApi, publishedUnit, subscribe } from "@api/test/stays";

/**
 * The guest's language (§2 Guest, the ideal guest's language): sent with a reservation from the
 * public page or a channel, kept on the booking, request or inquiry as a product locale, answered to
 * the host with the guest, and read beside a conversation with the host's ideal guest.
 */

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

interface Customer {
  customer: { fullName: string; language: string | null };
}

const reserveIn = (unitId: string, language: unknown, from: number, intent: "book" | "ask" = "book") =>
  publicApi("POST", `/api/public/stays/${unitId}/reservations`, { intent, guests: 2, checkIn: inDays(from), checkOut: inDays(from + 3), ...GUEST, ...(language === undefined ? {} : { language }) });

async function storedLanguages(table: string, hostId: number) {
  return (await env.DB.prepare(`SELECT guest_language FROM ${table} WHERE host_user_id = ? ORDER BY id`).bind(hostId).all<{ guest_language: string | null }>()).results.map((r) => r.guest_language);
}

describe("the guest's language on a reservation", () => {
  it("keeps a request's language as a product locale, from the locale, its tag or a bare language, and answers it to the host", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const { unitId } = await publishedUnit(host, { bookingType: "onRequest" });
    for (const [sent, from] of [["de_CH", 20], ["fr-FR", 30], ["it", 40], [undefined, 50]] as const) expect((await reserveIn(unitId, sent, from)).status).toBe(201);
    expect(await storedLanguages("booking_requests", host.id)).toEqual(["de_CH", "fr_FR", "it_IT", null]);

    const { access_token: token } = await signIn(host.email);
    const list = await json<{ items: (Customer & { publicId: string; checkIn: string })[] }>(await api(token, "GET", "/booking-requests?status=all"));
    const byCheckIn = Object.fromEntries(list.items.map((r) => [r.checkIn, r]));
    expect(byCheckIn[inDays(20)]!.customer.language).toBe("de_CH");
    expect(byCheckIn[inDays(50)]!.customer.language).toBeNull();
    const detail = await json<Customer>(await api(token, "GET", `/booking-requests/${byCheckIn[inDays(30)]!.publicId}`));
    expect(detail.customer).toMatchObject({ fullName: "Maria Santos", language: "fr_FR" });
  });

  it("keeps an instant booking's and an inquiry's language", async () => {
    const commission = await createUser({ commercialModel: "commission" });
    const booked = await publishedUnit(commission);
    expect((await reserveIn(booked.unitId, "pt-PT", 20)).status).toBe(201);
    expect(await storedLanguages("bookings", commission.id)).toEqual(["pt_PT"]);
    const { access_token: commissionToken } = await signIn(commission.email);
    const bookings = await json<{ items: { publicId: string }[] }>(await api(commissionToken, "GET", "/bookings?tab=upcoming"));
    expect((await json<Customer>(await api(commissionToken, "GET", `/bookings/${bookings.items[0]!.publicId}`))).customer.language).toBe("pt_PT");

    const subscription = await createUser({ commercialModel: "subscription" });
    await subscribe(subscription);
    const asked = await publishedUnit(subscription);
    expect((await reserveIn(asked.unitId, "nl_NL", 30, "ask")).status).toBe(201);
    const { access_token: token } = await signIn(subscription.email);
    const inquiries = await json<{ items: (Customer & { publicId: string })[] }>(await api(token, "GET", "/booking-inquiries"));
    expect(inquiries.items[0]!.customer.language).toBe("nl_NL");
    expect((await json<Customer>(await api(token, "GET", `/booking-inquiries/${inquiries.items[0]!.publicId}`))).customer.language).toBe("nl_NL");
  });

  it("refuses a language that is not a locale of ours with the errors list, writing nothing", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const { unitId } = await publishedUnit(host, { bookingType: "onRequest" });
    for (const garbage of ["klingon", "de_AT", "da", "", "x".repeat(200), 42, ["de"]]) {
      const refused = await reserveIn(unitId, garbage, 20);
      const body = await json<{ message: string; errors: { field: string; message: string; type: string }[] }>(refused);
      expect({ garbage, status: refused.status, errors: body.errors }).toEqual({ garbage, status: 400, errors: [{ field: "language", message: "Choose a language from the list.", type: "language_invalid" }] });
    }
    expect(await storedLanguages("booking_requests", host.id)).toEqual([]);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM conversations WHERE host_user_id = ?").bind(host.id).first<{ n: number }>())!.n).toBe(0);
  });
});

async function channelKey(token: string) {
  return (await json<{ secret: string }>(await api(token, "POST", "/channel-api-keys", { name: "Channel manager" }))).secret;
}
const channel = (secret: string, body: unknown, key: string) => publicApi("POST", "/api/channel/reservations", body, { authorization: `Bearer ${secret}`, "idempotency-key": key });
const reservation = (unitId: string, reservationId: string, from: number, language?: unknown) => ({
  unitId,
  reservationId,
  checkIn: inDays(from),
  checkOut: inDays(from + 3),
  guests: 2,
  guest: { firstName: GUEST.firstName, lastName: GUEST.lastName, email: GUEST.email, ...(language === undefined ? {} : { language }) },
});

describe("the guest's language from a channel", () => {
  it("keeps the guest's language a channel sends, none when it sends none, and refuses garbage naming guest.language", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const { unitId } = await publishedUnit(host);
    const { access_token: token } = await signIn(host.email);
    const secret = await channelKey(token);
    expect((await channel(secret, reservation(unitId, "CM-1", 20, "hr"), "k1")).status).toBe(201);
    expect((await channel(secret, reservation(unitId, "CM-2", 30), "k2")).status).toBe(201);
    const refused = await channel(secret, reservation(unitId, "CM-3", 40, "xx_YY"), "k3");
    expect(refused.status).toBe(400);
    expect((await json<{ errors: unknown[] }>(refused)).errors).toEqual([{ field: "guest.language", message: "Choose a language from the list.", type: "language_invalid" }]);
    expect(await storedLanguages("bookings", host.id)).toEqual(["hr_HR", null]);
  });
});

describe("the guest's language beside a conversation", () => {
  it("answers the guest's language, when they asked and the host's ideal guest with the conversation, and no ideal guest before one is confirmed", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const { unitId } = await publishedUnit(host, { bookingType: "onRequest" });
    const before = Date.now();
    expect((await reserveIn(unitId, "de_DE", 20)).status).toBe(201);
    const { access_token: token } = await signIn(host.email);
    const inbox = await json<{ items: { id: string; guest: { language: string | null }; stay: { createdAt: string | null } }[] }>(await api(token, "GET", "/messaging/conversations"));
    expect(inbox.items[0]!.guest.language).toBe("de_DE");
    const asked = Date.parse(inbox.items[0]!.stay.createdAt!);
    expect(asked).toBeGreaterThanOrEqual(before - 1_000);
    expect(asked).toBeLessThanOrEqual(Date.now() + 1_000);

    const id = inbox.items[0]!.id;
    expect(await json(await api(token, "GET", `/messaging/conversations/${id}`))).toMatchObject({ guest: { language: "de_DE" }, idealGuest: null });
    const profile = { bookingTimes: ["fewWeeks"], stayDurations: ["short"], startOfStay: ["monday"], groupSizes: ["couple"], language: "de" };
    expect((await api(token, "PATCH", "/user/guest-preferences", { ...profile, completed: true })).status).toBe(200);
    expect(await json(await api(token, "GET", `/messaging/conversations/${id}`))).toMatchObject({ guest: { language: "de_DE" }, stay: { createdAt: inbox.items[0]!.stay.createdAt }, idealGuest: profile });
  });
});
