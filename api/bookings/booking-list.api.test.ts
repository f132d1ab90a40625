import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, createUser, signIn } from "@api/test/helpers";
import { inDays, publishedUnit, reserve, subscribe } from "@api/test/stays";

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

interface Stay {
  publicId: string;
  code: string;
  status: string;
  customer: { firstName: string };
}
type Entry = { type: "booking"; booking: Stay } | { type: "bookingRequest"; request: Stay };
interface AllTab {
  items: Entry[];
  pagination: { total: number; next: number };
}

const stayOf = (entry: Entry) => (entry.type === "booking" ? entry.booking : entry.request);
/** A row as "name type status", e.g. "Ada booking CONFIRMED". */
const rowsOf = (page: AllTab) => page.items.map((entry) => `${stayOf(entry).customer.firstName} ${entry.type} ${stayOf(entry).status}`);

/**
 * A commission host with an instant unit and a unit on request: Ada booked; Bea's request confirmed
 * (a booking now), Cleo's rejected, Dan's expired (the job not run yet), Eve's and Fay's waiting
 * (Fay's arriving the day Ada does).
 */
async function hostWithAnsweredRequests() {
  const host = await createUser({ commercialModel: "commission" });
  const instant = await publishedUnit(host);
  const onRequest = await publishedUnit(host, { bookingType: "onRequest" });
  expect((await reserve(instant.unitId, { checkIn: inDays(10), checkOut: inDays(12) }, "book", { firstName: "Ada" })).status).toBe(201);
  for (const [from, firstName] of [[20, "Bea"], [30, "Cleo"], [40, "Dan"], [50, "Eve"], [10, "Fay"]] as const) {
    expect((await reserve(onRequest.unitId, { checkIn: inDays(from), checkOut: inDays(from + 2) }, "book", { firstName })).status).toBe(201);
  }
  const { access_token: token } = await signIn(host.email);
  const pending = await json<{ items: Stay[] }>(await api(token, "GET", "/booking-requests?status=pending"));
  const requestOf = (name: string) => pending.items.find((r) => r.customer.firstName === name)!;
  expect((await api(token, "POST", `/booking-requests/${requestOf("Bea").publicId}/confirm`)).status).toBe(200);
  expect((await api(token, "POST", `/booking-requests/${requestOf("Cleo").publicId}/reject`, { reason: "RATES_MISMATCH" })).status).toBe(200);
  await env.DB.prepare("UPDATE booking_requests SET expires_at = ? WHERE public_id = ?").bind(Date.now() - 60_000, requestOf("Dan").publicId).run();
  return { host, token, instant, onRequest, requestOf };
}

describe("the bookings list's All tab", () => {
  it("lists every booking and every request that did not become one, each once, latest arrival first, filtered as the bookings are", async () => {
    const { token, instant, onRequest, requestOf } = await hostWithAnsweredRequests();
    const page = async (query = "") => json<AllTab>(await api(token, "GET", `/booking-list?${query}`));

    const all = await page();
    expect(rowsOf(all)).toEqual(["Eve bookingRequest REQUESTED", "Dan bookingRequest EXPIRED", "Cleo bookingRequest REJECTED", "Bea booking CONFIRMED", "Ada booking CONFIRMED", "Fay bookingRequest REQUESTED"]);
    expect(all.pagination).toMatchObject({ total: 6, next: 1 });
    // The confirmed request is its booking, with the request's code.
    const bea = all.items.find((entry) => stayOf(entry).customer.firstName === "Bea")!;
    expect(stayOf(bea).code).toBe(requestOf("Bea").code);

    // Pages of two, in the same order.
    const pages = [await page("limit=2"), await page("limit=2&page=2"), await page("limit=2&page=3")];
    expect(pages.flatMap(rowsOf)).toEqual(rowsOf(all));
    expect(pages.map((p) => p.pagination.next)).toEqual([2, 3, 3]);

    expect(rowsOf(await page(`unitId=${instant.unitId}`))).toEqual(["Ada booking CONFIRMED"]);
    expect(rowsOf(await page(`unitId=${onRequest.unitId}`))).toHaveLength(5);
    expect(rowsOf(await page("search=cleo"))).toEqual(["Cleo bookingRequest REJECTED"]);
    expect(rowsOf(await page(`search=${requestOf("Dan").code.slice(0, 5).toLowerCase()}`))).toEqual(["Dan bookingRequest EXPIRED"]);
    expect(rowsOf(await page(`dateFrom=${inDays(15)}&dateTo=${inDays(35)}`))).toEqual(["Cleo bookingRequest REJECTED", "Bea booking CONFIRMED"]);
    // A stay's last day is no night of it.
    expect(rowsOf(await page(`dateFrom=${inDays(52)}`))).toEqual([]);
    expect((await api(token, "GET", `/booking-list?dateFrom=${inDays(9)}&dateTo=${inDays(1)}`)).status).toBe(400);
    expect((await api(token, "GET", "/booking-list?limit=101")).status).toBe(400);

    // Another host has none of these, and another host's unit filters to nothing.
    const other = await createUser({ commercialModel: "commission" });
    const { access_token: otherToken } = await signIn(other.email);
    expect(await json(await api(otherToken, "GET", "/booking-list"))).toMatchObject({ items: [], pagination: { total: 0 } });
    expect((await json<AllTab>(await api(otherToken, "GET", `/booking-list?unitId=${instant.unitId}`))).items).toEqual([]);
  });
});

describe("the bookings list's tab counts", () => {
  it("count each tab's stays as its list does: its total, for every tab", async () => {
    const { host, token, instant } = await hostWithAnsweredRequests();
    // Gus is staying now; Ada's booking is cancelled.
    expect((await reserve(instant.unitId, { checkIn: inDays(60), checkOut: inDays(62) }, "book", { firstName: "Gus" })).status).toBe(201);
    await env.DB.prepare("UPDATE bookings SET check_in = ?, check_out = ? WHERE host_user_id = ? AND guest_first_name = 'Gus'").bind(inDays(-1), inDays(1), host.id).run();
    const ada = (await json<{ items: Stay[] }>(await api(token, "GET", "/bookings?search=ada"))).items[0]!;
    expect((await api(token, "POST", `/bookings/${ada.publicId}/cancel`, { reason: "PROPERTY_UNAVAILABLE" })).status).toBe(200);

    const counts = await json<Record<string, number>>(await api(token, "GET", "/booking-list/tab-counts"));
    expect(counts).toEqual({ requests: 2, upcoming: 1, current: 1, completed: 0, cancelled: 1, all: 7, inquiries: 0 });
    const total = async (path: string) => (await json<{ pagination: { total: number } }>(await api(token, "GET", path))).pagination.total;
    expect(counts.requests).toBe(await total("/booking-requests?status=pending"));
    expect(counts.requests).toBe((await json<{ count: number }>(await api(token, "GET", "/booking-requests-pending-count"))).count);
    for (const tab of ["upcoming", "current", "completed", "cancelled"]) expect({ tab, count: counts[tab] }).toEqual({ tab, count: await total(`/bookings?tab=${tab}`) });
    expect(counts.all).toBe(await total("/booking-list"));
    expect(counts.inquiries).toBe(await total("/booking-inquiries"));

    // A host on subscription counts its inquiries; another host counts none of these.
    const asked = await createUser({ commercialModel: "subscription" });
    const { unitId } = await publishedUnit(asked);
    await subscribe(asked);
    expect((await reserve(unitId, { checkIn: inDays(40), checkOut: inDays(43) }, "ask", { firstName: "Hal" })).status).toBe(201);
    const { access_token: askedToken } = await signIn(asked.email);
    expect(await json(await api(askedToken, "GET", "/booking-list/tab-counts"))).toEqual({ requests: 0, upcoming: 0, current: 0, completed: 0, cancelled: 0, all: 0, inquiries: 1 });
  });
});
