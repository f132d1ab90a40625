import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, createUser, signIn } from "@api/test/helpers";
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
