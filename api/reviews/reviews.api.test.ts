import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newPublicId } from "@api/lib/ids";
import { api, createUser, signIn, type TestUser } from "@api/test/helpers";
import { GUEST, inDays, publicApi, publishedUnit, reserve } from "@api/test/stays";

/** A guest's booking of a unit, moved on to `status` as the cron's jobs would, and the guest signed in. */
async function stayOf(status: "CONFIRMED" | "IN_REVIEW_COLLECTION" | "NO_REVIEW_COLLECTED", checkedOutDaysAgo = 2) {
  const host = await createUser({ commercialModel: "commission" });
  const { unitId } = await publishedUnit(host);
  const email = `guest-${crypto.randomUUID().slice(0, 8)}@guest.example`;
  const reserved = await reserve(unitId, { checkIn: inDays(30), checkOut: inDays(33) }, "book", { email });
  expect(reserved.status).toBe(201);
  const { code } = (await reserved.json()) as { code: string };
  // The stay as it stands after its check-out (the booking was made for later; its nights no longer matter here).
  if (checkedOutDaysAgo >= 0) await env.DB.prepare("UPDATE bookings SET status = ?, check_in = ?, check_out = ? WHERE code = ?").bind(status, inDays(-checkedOutDaysAgo - 3), inDays(-checkedOutDaysAgo), code).run();
  const session = await publicApi("POST", "/api/guest/session", { code, email }, { "cf-connecting-ip": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  const { token } = (await session.json()) as { token: string };
  const { access_token } = await signIn(host.email);
  return { host, unitId, code, guestToken: token, hostToken: access_token };
}

const asGuest = (token: string, method: string, body?: unknown) => publicApi(method, "/api/guest/review", body, { authorization: `Bearer ${token}` });
const review = { rating: 5, cleanliness: 5, accuracy: 4, communication: 5, location: 3, checkIn: 4, value: 4, text: 'Lovely flat, "quiet" at night.' };

/**
 * `texts.length` reviews of one unit of a new host, the first the oldest, each of a past stay of its
 * own, written as the guest area leaves them (the guest's side is tested above); the guests are
 * named `Guest 1`, `Guest 2`… unless `names` says otherwise.
 */
async function unitWithReviews(texts: string[], names: Record<number, string> = {}) {
  const host: TestUser = await createUser({ commercialModel: "commission" });
  const { unitId } = await publishedUnit(host);
  const statements = texts.flatMap((text, i) => {
    const booking = newPublicId("bkg");
    const day = inDays(-200 + i * 10);
    return [
      env.DB.prepare(
        `INSERT INTO bookings (public_id, code, host_user_id, unit_id, check_in, check_out, guest_first_name, guest_last_name, guest_email, guests, currency, total, price_breakdown, status, payment_plan, instalments, commission, payout, booked_at)
         SELECT ?, ?, ?, id, ?, ?, 'G', 'H', 'g@guest.example', 2, 'EUR', 10000, '{}', 'REVIEW_COLLECTED', 'online_100', '[]', 0, 10000, ? FROM property_units WHERE public_id = ?`,
      ).bind(booking, booking.slice(4, 12).toUpperCase(), host.id, day, inDays(-198 + i * 10), Date.now() - 300 * 86_400_000, unitId),
      env.DB.prepare(
        `INSERT INTO reviews (public_id, host_user_id, unit_id, booking_id, guest_name, rating, cleanliness, accuracy, communication, location, check_in, value, text, created_at, updated_at)
         SELECT ?, b.host_user_id, b.unit_id, b.id, ?, 4, 4, 4, 4, 4, 4, 4, ?, ?, ? FROM bookings b WHERE b.public_id = ?`,
      ).bind(newPublicId("rev"), names[i] ?? `Guest ${i + 1}`, text, Date.now() - (texts.length - i) * 60_000, Date.now(), booking),
    ];
  });
  await env.DB.batch(statements);
  const { access_token } = await signIn(host.email);
  return { unitId, token: access_token };
}

type ReviewsPage = { items: { guestName: string; text: string }[]; pagination: { current: number; next: number; total: number; pageSize: number }; rating: { count: number } };

describe("reviews", () => {
  it("a guest reviews the stay after check-out; the booking's review is collected; the host reads, rates, answers and marks it seen", async () => {
    const { unitId, code, guestToken, hostToken } = await stayOf("IN_REVIEW_COLLECTION");
    expect(await (await asGuest(guestToken, "GET")).json()).toEqual({ reviewable: true, review: null });
    const created = await asGuest(guestToken, "POST", review);
    expect(created.status).toBe(201);
    const written = (await created.json()) as { publicId: string };
    expect(written).toMatchObject({ guestName: GUEST.firstName, rating: 5, categories: { cleanliness: 5, accuracy: 4, communication: 5, location: 3, checkIn: 4, value: 4 }, text: review.text, reply: null });
    expect(await env.DB.prepare("SELECT status FROM bookings WHERE code = ?").bind(code).first("status")).toBe("REVIEW_COLLECTED");
    // One review per stay.
    expect((await asGuest(guestToken, "POST", review)).status).toBe(409);

    expect(await (await api(hostToken, "GET", "/reviews/new")).json()).toEqual({ count: 1, units: [{ unitId, count: 1 }] });
    const list = (await (await api(hostToken, "GET", `/reviews/${unitId}?page=1&limit=10`)).json()) as { items: { publicId: string; seen: boolean }[]; pagination: object };
    expect(list.items.map((r) => r.publicId)).toEqual([written.publicId]);
    expect(list.pagination).toEqual({ current: 1, next: 1, total: 1, pageSize: 10 });
    const found = async (search: string) => ((await (await api(hostToken, "GET", `/reviews/${unitId}?search=${encodeURIComponent(search)}`)).json()) as { pagination: { total: number } }).pagination.total;
    // The text or the guest's name, any case; `%` matches itself; a search as long as the contract allows (D1 refuses a LIKE pattern over 50 bytes).
    expect([await found("QUIET"), await found(GUEST.firstName.toLowerCase()), await found("%"), await found(`${review.text} `.repeat(4).slice(0, 100))]).toEqual([1, 1, 0, 0]);
    expect(await (await api(hostToken, "GET", `/reviews/rating/${unitId}`)).json()).toEqual({ count: 1, rating: 5, categories: { cleanliness: 5, accuracy: 4, communication: 5, location: 3, checkIn: 4, value: 4 } });

    const replied = await api(hostToken, "POST", `/reviews/reply/${written.publicId}`, { text: "Thank you, come again!" });
    expect(replied.status).toBe(200);
    expect(await replied.json()).toMatchObject({ reply: "Thank you, come again!", replyEditable: true });
    // The answer can be changed for a while; the guest sees it.
    await api(hostToken, "POST", `/reviews/reply/${written.publicId}`, { text: "Thank you!" });
    expect(await (await asGuest(guestToken, "GET")).json()).toMatchObject({ reviewable: false, review: { reply: "Thank you!" } });

    expect((await api(hostToken, "PUT", `/reviews/new/${unitId}`)).status).toBe(204);
    expect(await (await api(hostToken, "GET", "/reviews/new")).json()).toEqual({ count: 0, units: [] });
  });

  it("refuses a review before check-out, after the review time ended, and bad ratings; keeps an old answer", async () => {
    const upcoming = await stayOf("CONFIRMED", -1);
    expect(await (await asGuest(upcoming.guestToken, "GET")).json()).toEqual({ reviewable: false, review: null });
    expect((await asGuest(upcoming.guestToken, "POST", review)).status).toBe(409);
    const late = await stayOf("NO_REVIEW_COLLECTED", 20);
    expect((await asGuest(late.guestToken, "POST", review)).status).toBe(409);
    // A stay over 14 days ago that the job has not moved on yet: its review time has ended all the same.
    const unmoved = await stayOf("CONFIRMED", 15);
    expect((await asGuest(unmoved.guestToken, "POST", review)).status).toBe(409);
    // One that ended yesterday and is still CONFIRMED (the job runs later) can be reviewed.
    const fresh = await stayOf("CONFIRMED", 1);
    expect((await asGuest(fresh.guestToken, "POST", review)).status).toBe(201);
    const open = await stayOf("IN_REVIEW_COLLECTION");
    expect((await asGuest(open.guestToken, "POST", { ...review, rating: 6 })).status).toBe(400);
    expect((await asGuest(open.guestToken, "POST", { ...review, value: undefined })).status).toBe(400);
    const { publicId } = (await (await asGuest(open.guestToken, "POST", review)).json()) as { publicId: string };
    // Answered 15 days ago: the answer stays as it is.
    await env.DB.prepare("UPDATE reviews SET reply = 'Thanks', replied_at = ? WHERE public_id = ?").bind(Date.now() - 15 * 86_400_000, publicId).run();
    expect((await api(open.hostToken, "POST", `/reviews/reply/${publicId}`, { text: "Changed" })).status).toBe(409);
  });

  it("the shell's call answers the reviews tab as its endpoint does (one call for the page), and null for another host's unit", async () => {
    const { unitId, guestToken, hostToken } = await stayOf("IN_REVIEW_COLLECTION");
    const { publicId } = (await (await asGuest(guestToken, "POST", review)).json()) as { publicId: string };
    // The tab's badge counts the review not yet seen, for all units and for its unit; the selector counts the host's one unit.
    type Counts = { newReviews: number; units: { pagination: { total: number } } };
    for (const shellQuery of ["", `&insightsUnit=${unitId}`]) {
      const { insightsReviews } = (await (await api(hostToken, "GET", `/shell?insights=reviews${shellQuery}`)).json()) as { insightsReviews: Counts };
      expect([insightsReviews.newReviews, insightsReviews.units.pagination.total]).toEqual([1, 1]);
    }
    await api(hostToken, "POST", `/reviews/reply/${publicId}`, { text: "Thank you!" });
    // Answered, it is seen.
    expect(((await (await api(hostToken, "GET", "/insights/reviews")).json()) as Counts).newReviews).toBe(0);
    // All units, the unit, and its second page (empty): each as the endpoint answers it.
    for (const [query, shellQuery, reviews] of [
      ["", "", 1],
      [`?unitId=${unitId}`, `&insightsUnit=${unitId}`, 1],
      [`?unitId=${unitId}&page=2`, `&insightsUnit=${unitId}&insightsPage=2`, 0],
    ] as [string, string, number][]) {
      const own = (await (await api(hostToken, "GET", `/insights/reviews${query}`)).json()) as { items: unknown[] };
      const shell = (await (await api(hostToken, "GET", `/shell?insights=reviews${shellQuery}`)).json()) as Record<string, unknown>;
      expect(shell.insightsReviews).toEqual(own);
      expect(own.items).toHaveLength(reviews);
    }
    // Asked for nothing else, the shell's answer carries no reviews.
    expect(await (await api(hostToken, "GET", "/shell")).json()).not.toHaveProperty("insightsReviews");
    const intruder = await createUser();
    const { access_token } = await signIn(intruder.email);
    const foreign = (await (await api(access_token, "GET", `/shell?insights=reviews&insightsUnit=${unitId}`)).json()) as Record<string, unknown>;
    expect(foreign.insightsReviews).toBeNull();
  });

  it("pages a unit's reviews as §3 says (more exists while current < next), newest first", async () => {
    const { unitId, token } = await unitWithReviews(Array.from({ length: 12 }, (_, i) => `Stay ${i + 1}`));
    const page = async (query: string) => (await (await api(token, "GET", `/reviews/${unitId}${query}`)).json()) as ReviewsPage;
    const first = await page("?page=1&limit=5");
    expect(first.pagination).toEqual({ current: 1, next: 2, total: 12, pageSize: 5 });
    expect(first.items.map((r) => r.text)).toEqual(["Stay 12", "Stay 11", "Stay 10", "Stay 9", "Stay 8"]);
    // The last page: no more after it.
    const last = await page("?page=3&limit=5");
    expect(last.pagination).toEqual({ current: 3, next: 3, total: 12, pageSize: 5 });
    expect(last.items.map((r) => r.text)).toEqual(["Stay 2", "Stay 1"]);
    // Without a page, the first (§9: review page initial 1), ten a page.
    expect((await page("")).pagination).toEqual({ current: 1, next: 2, total: 12, pageSize: 10 });
  });

  it("the reviews tab lists ten a page and finds reviews by the words of their text or the guest's name; the rating stays that of every review", async () => {
    const texts = Array.from({ length: 12 }, (_, i) => (i % 4 === 0 ? `A QUIET street, stay ${i + 1}` : `Lovely, stay ${i + 1}`));
    const { unitId, token } = await unitWithReviews(texts, { 5: "Noémie" });
    const tab = async (query: string) => (await (await api(token, "GET", `/insights/reviews${query}`)).json()) as ReviewsPage;
    for (const scope of ["?", `?unitId=${unitId}&`]) {
      const first = await tab(`${scope}page=1`);
      expect(first.items).toHaveLength(10);
      expect(first.pagination).toEqual({ current: 1, next: 2, total: 12, pageSize: 10 });
      expect((await tab(`${scope}page=2`)).pagination).toEqual({ current: 2, next: 2, total: 12, pageSize: 10 });
      // Any case; newest first; the summary still counts all twelve.
      const quiet = await tab(`${scope}search=quiet`);
      expect(quiet.items.map((r) => r.text)).toEqual(["A QUIET street, stay 9", "A QUIET street, stay 5", "A QUIET street, stay 1"]);
      expect(quiet.pagination).toEqual({ current: 1, next: 1, total: 3, pageSize: 10 });
      expect(quiet.rating.count).toBe(12);
      expect((await tab(`${scope}search=${encodeURIComponent("noémie")}`)).items.map((r) => r.guestName)).toEqual(["Noémie"]);
      // `%` and `_` match themselves, not any text.
      expect((await tab(`${scope}search=%25`)).pagination.total).toBe(0);
      expect((await tab(`${scope}search=_`)).pagination.total).toBe(0);
    }
    // The shell's call answers a search as the endpoint does.
    for (const [query, shellQuery] of [
      ["?search=quiet", "&insightsSearch=quiet"],
      [`?unitId=${unitId}&search=lovely&page=2`, `&insightsUnit=${unitId}&insightsSearch=lovely&insightsPage=2`],
    ]) {
      const shell = (await (await api(token, "GET", `/shell?insights=reviews${shellQuery}`)).json()) as { insightsReviews: unknown };
      expect(shell.insightsReviews).toEqual(await tab(query!));
    }
    // 101 characters are refused as the reviews list's search is.
    expect((await api(token, "GET", `/insights/reviews?search=${"a".repeat(101)}`)).status).toBe(400);
  });

  it("another host's review and unit answer 404", async () => {
    const { unitId, guestToken } = await stayOf("IN_REVIEW_COLLECTION");
    const { publicId } = (await (await asGuest(guestToken, "POST", review)).json()) as { publicId: string };
    const intruder = await createUser();
    const { access_token } = await signIn(intruder.email);
    expect((await api(access_token, "POST", `/reviews/reply/${publicId}`, { text: "Intruder" })).status).toBe(404);
    expect((await api(access_token, "GET", `/reviews/${unitId}`)).status).toBe(404);
    expect((await api(access_token, "GET", `/reviews/rating/${unitId}`)).status).toBe(404);
    expect((await api(access_token, "PUT", `/reviews/new/${unitId}`)).status).toBe(404);
    expect(await (await api(access_token, "GET", `/insights/reviews?unitId=${unitId}`)).status).toBe(404);
  });
});
