import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { api, createUser, signIn } from "@api/test/helpers";
import { inDays, publishedUnit, reserve, subscribe } from "@api/test/stays";

interface Event {
  id: string;
  dateFrom: string;
  dateTo: string;
  source: string;
  kind: string;
  booking?: { customer: { firstName: string; lastName: string }; code: string; duration: number };
  bookingRequest?: { customer: { firstName: string }; expirationTime: string | null };
  inquiry?: { customer: { firstName: string }; state: string };
}

it("shows the calendar's bookings, pending requests and inquiries with their guests' names", async () => {
  const host = await createUser({ commercialModel: "subscription" });
  await subscribe(host);
  const { unitId } = await publishedUnit(host);
  const { access_token: token } = await signIn(host.email);
  expect((await reserve(unitId, { checkIn: inDays(30), checkOut: inDays(33) }, "book", { firstName: "Ada" })).status).toBe(201);
  expect((await reserve(unitId, { checkIn: inDays(40), checkOut: inDays(42) }, "ask", { firstName: "Bea" })).status).toBe(201);
  expect((await reserve(unitId, { checkIn: inDays(50), checkOut: inDays(52) }, "ask", { firstName: "Cleo" })).status).toBe(201);
  const { items } = (await (await api(token, "GET", "/booking-inquiries?status=open")).json()) as { items: { publicId: string; customer: { firstName: string } }[] };
  const cleo = items.find((i) => i.customer.firstName === "Cleo")!.publicId;
  expect((await api(token, "POST", `/booking-inquiries/${cleo}/confirm`)).status).toBe(200);
  await env.DB.prepare("UPDATE property_units SET booking_type = 'onRequest' WHERE public_id = ?").bind(unitId).run();
  expect((await reserve(unitId, { checkIn: inDays(60), checkOut: inDays(62) }, "book", { firstName: "Dora" })).status).toBe(201);
  // A request past its expiry and a cancelled booking are not shown.
  expect((await reserve(unitId, { checkIn: inDays(64), checkOut: inDays(66) }, "book", { firstName: "Eve" })).status).toBe(201);
  await env.DB.prepare("UPDATE booking_requests SET expires_at = ? WHERE guest_first_name = 'Eve' AND host_user_id = ?").bind(Date.now() - 1, host.id).run();

  const list = (await (await api(token, "GET", `/property-unit/${unitId}/price-list?dateFrom=${inDays(25)}&dateTo=${inDays(70)}`)).json()) as { events: Event[]; days: { date: string; events: string[]; availability: string }[] };
  expect(list.events.map((e) => [e.source, e.kind, e.booking?.customer.firstName ?? e.bookingRequest?.customer.firstName ?? e.inquiry?.customer.firstName])).toEqual([
    ["booking", "booking", "Ada"],
    ["inquiry", "inquiry", "Bea"],
    ["inquiry_confirmed", "booking", "Cleo"],
    ["booking_request", "request", "Dora"],
  ]);
  const [ada, bea, , dora] = list.events;
  expect(ada).toMatchObject({ dateFrom: inDays(30), dateTo: inDays(33), booking: { customer: { lastName: "Santos" }, duration: 3 } });
  // A request's expiry as it is kept (the one statement's rows are read as the requests' are).
  const expiresAt = await env.DB.prepare("SELECT expires_at FROM booking_requests WHERE guest_first_name = 'Dora' AND host_user_id = ?").bind(host.id).first<number>("expires_at");
  expect(dora!.bookingRequest!.expirationTime).toBe(new Date(expiresAt!).toISOString());
  expect(bea!.inquiry!.state).toBe("REQUESTED");
  // Requests and open inquiries take no night: their days stay available.
  expect(list.days.find((d) => d.date === inDays(40))).toMatchObject({ availability: "AVAILABLE", events: [] });
  expect(list.days.find((d) => d.date === inDays(30))).toMatchObject({ availability: "BLOCKED", events: [ada!.id] });
});

it("shows each unit's guests on the calendar of all units", async () => {
  const host = await createUser({ commercialModel: "commission" });
  const a = await publishedUnit(host);
  const b = await publishedUnit(host, { bookingType: "onRequest" });
  const { access_token: token } = await signIn(host.email);
  expect((await reserve(a.unitId, { checkIn: inDays(10), checkOut: inDays(12) }, "book", { firstName: "Ada" })).status).toBe(201);
  expect((await reserve(b.unitId, { checkIn: inDays(10), checkOut: inDays(13) }, "book", { firstName: "Bea" })).status).toBe(201);
  const calendar = (await (await api(token, "GET", `/property-units/calendar?dateFrom=${inDays(5)}&dateTo=${inDays(30)}`)).json()) as { units: { unitId: string; events: Event[] }[] };
  const byUnit = new Map(calendar.units.map((u) => [u.unitId, u.events.map((e) => [e.source, e.booking?.customer.firstName ?? e.bookingRequest?.customer.firstName])]));
  expect(byUnit.get(a.unitId)).toEqual([["booking", "Ada"]]);
  expect(byUnit.get(b.unitId)).toEqual([["booking_request", "Bea"]]);
});
