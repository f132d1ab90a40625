import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import type { UnitsCalendar, UnitsCalendarCells } from "@contract/pricing";
import { cellStateOf, encodeCellStates } from "@domain/multi-calendar";
import { api, createUser, signIn } from "@api/test/helpers";
import { png } from "@api/test/png";
import { inDays, publishedUnit, reserve, subscribe } from "@api/test/stays";

it("answers the shell's user, interactions and pending requests in one call, as the three separate calls do", async () => {
  const host = await createUser({ commercialModel: "commission" });
  const { unitId } = await publishedUnit(host, { bookingType: "onRequest" });
  expect((await reserve(unitId, { checkIn: inDays(10), checkOut: inDays(15) })).status).toBe(201);
  await env.DB.prepare("INSERT INTO user_interactions (user_id, interaction_type, interacted) VALUES (?, 'helpCenterTooltip', 1), (?, 'welcomeTour', 0)").bind(host.id, host.id).run();
  const { access_token } = await signIn(host.email);
  const response = await api(access_token, "GET", "/shell");
  expect(response.status).toBe(200);
  const shell = (await response.json()) as { user: unknown; interactions: unknown; pendingCount: unknown };
  const [user, interactions, pending, unread] = await Promise.all(
    ["/user/info", "/user/interactions", "/booking-requests-pending-count", "/messaging/unread-count"].map(async (path) => (await api(access_token, "GET", path)).json()),
  );
  const { interactions: seen, notifications } = interactions as { interactions: unknown; notifications: unknown };
  expect(shell).toEqual({ user, interactions: seen, notifications, pendingCount: (pending as { count: number }).count, unreadConversations: (unread as { count: number }).count });
  expect(shell.pendingCount).toBe(1);
  // The guest wrote with the request: its conversation has a message the host has not read.
  expect(unread).toEqual({ count: 1 });
  expect(shell.interactions).toMatchObject([
    { interactionType: "helpCenterTooltip", interacted: true },
    { interactionType: "welcomeTour", interacted: false },
  ]);
});

it("refuses a call without a token", async () => {
  const response = await api("", "GET", "/shell");
  expect(response.status).toBe(401);
});

it("answers the impersonated host's shell to staff acting for them, and refuses without an active impersonation", async () => {
  const staff = await createUser({ role: "staff" });
  const host = await createUser();
  await env.DB.prepare("INSERT INTO user_interactions (user_id, interaction_type, interacted) VALUES (?, 'helpCenterTooltip', 1)").bind(host.id).run();
  const { access_token } = await signIn(staff.email);
  const acting = { "x-impersonate-user": host.publicId };
  expect((await api(access_token, "GET", "/shell", undefined, acting)).status).toBe(403);
  expect((await api(access_token, "POST", "/staff/impersonation", { userId: host.publicId })).status).toBe(201);
  const shell = (await (await api(access_token, "GET", "/shell", undefined, acting)).json()) as { user: { userId: string; isImpersonating: boolean }; interactions: unknown };
  expect(shell.user).toMatchObject({ userId: host.publicId, isImpersonating: true });
  expect(shell.interactions).toMatchObject([{ interactionType: "helpCenterTooltip", interacted: true }]);
  const own = (await (await api(access_token, "GET", "/shell")).json()) as { user: { userId: string }; interactions: unknown };
  expect(own.user.userId).toBe(staff.publicId);
  expect(own.interactions).toEqual([]);
});

it("answers a unit's page's unit and photos with the shell, as the unit's own calls do, and null for another host's or a deleted unit", async () => {
  const host = await createUser({ onboardingStatus: "in_progress" });
  const { access_token } = await signIn(host.email);
  const created = await api(access_token, "POST", "/properties", { propertyType: "single", accommodationType: "apartment", title: "Sea view flat" });
  const unitId = ((await created.json()) as { unitIds: string[] }).unitIds[0]!;
  const form = new FormData();
  form.append("photos", new File([png(1200, 800)], "photo.png", { type: "image/png" }));
  expect((await api(access_token, "POST", `/property-unit/${unitId}/photos`, form)).status).toBe(201);

  const shell = (await (await api(access_token, "GET", `/shell?unit=${unitId}`)).json()) as { unit: unknown; unitPhotos: unknown[]; user: unknown };
  const unit = await (await api(access_token, "GET", `/property-unit/${unitId}`)).json();
  const photos = (await (await api(access_token, "GET", `/property-unit/${unitId}/photos`)).json()) as { items: unknown[] };
  expect(shell.unit).toEqual(unit);
  expect(shell.unitPhotos).toEqual(photos.items);
  expect(shell.unitPhotos).toHaveLength(1);
  // Without `unit`, the answer carries neither.
  expect(Object.keys((await (await api(access_token, "GET", "/shell")).json()) as object).sort()).toEqual(["interactions", "notifications", "pendingCount", "unreadConversations", "user"]);

  const other = await createUser();
  const { access_token: otherToken } = await signIn(other.email);
  const foreign = (await (await api(otherToken, "GET", `/shell?unit=${unitId}`)).json()) as { unit: unknown; unitPhotos: unknown; user: { userId: string } };
  expect(foreign).toMatchObject({ unit: null, unitPhotos: null, user: { userId: other.publicId } });

  expect((await api(access_token, "DELETE", `/property-unit/${unitId}`)).status).toBe(204);
  expect((await (await api(access_token, "GET", `/shell?unit=${unitId}`)).json()) as object).toMatchObject({ unit: null, unitPhotos: null });
});

it("answers the property list's page with the shell, as GET property-list does, with the host's own properties only", async () => {
  const host = await createUser({ onboardingStatus: "in_progress" });
  const { access_token } = await signIn(host.email);
  for (const title of ["Harbour loft", "Old town flat"]) {
    expect((await api(access_token, "POST", "/properties", { propertyType: "single", accommodationType: "apartment", title })).status).toBe(201);
  }
  const other = await createUser({ onboardingStatus: "in_progress" });
  const { access_token: otherToken } = await signIn(other.email);
  expect((await api(otherToken, "POST", "/properties", { propertyType: "single", accommodationType: "apartment", title: "Someone else's house" })).status).toBe(201);

  const shell = (await (await api(access_token, "GET", "/shell?propertyListPage=1")).json()) as { propertyList: { items: { title: string }[] } };
  const list = await (await api(access_token, "GET", "/property-list?page=1")).json();
  expect(shell.propertyList).toEqual(list);
  expect(shell.propertyList.items.map((item) => item.title).sort()).toEqual(["Harbour loft", "Old town flat"]);
  // A page past the last is empty, as the list's own call answers it; a page that is no number is refused.
  expect(((await (await api(access_token, "GET", "/shell?propertyListPage=2")).json()) as { propertyList: unknown }).propertyList).toEqual(await (await api(access_token, "GET", "/property-list?page=2")).json());
  expect((await api(access_token, "GET", "/shell?propertyListPage=0")).status).toBe(400);
});

it("answers a unit's price list with the shell as GET price-list does with seasons, per-day values, a booking, an inquiry and a block in its days", async () => {
  // A host with a plan takes inquiries (§6), and bookings of a unit booked at once.
  const host = await createUser({ commercialModel: "subscription" });
  const { unitId } = await publishedUnit(host);
  await subscribe(host, "subscription-basic", 0);
  const { access_token } = await signIn(host.email);
  const path = `/property-unit/${unitId}`;
  // Two seasons (one in the days, one recurring) and per-day values: the day rules come from all three.
  const seasonsPricing = [
    { dateFrom: inDays(2), dateTo: inDays(4), recurrence: "one-time", nightlyPrice: 18_000, minStay: 2, extraGuestPrice: null },
    { dateFrom: inDays(14), dateTo: inDays(16), recurrence: "recurring", nightlyPrice: 21_000, minStay: 3, extraGuestPrice: null },
  ];
  expect((await api(access_token, "PATCH", `${path}/price-configuration`, { nightlyPrice: 14_000, seasonsPricing })).status).toBe(200);
  expect((await api(access_token, "PATCH", `${path}/calendar-price-configuration`, { dateFrom: inDays(6), dateTo: inDays(7), price: 25_000, minStay: 4, closedToArrival: true })).status).toBe(200);
  expect((await reserve(unitId, { checkIn: inDays(8), checkOut: inDays(10) })).status).toBe(201);
  expect((await reserve(unitId, { checkIn: inDays(12), checkOut: inDays(14) }, "ask", { email: "jonas@guest.example", firstName: "Jonas" })).status).toBe(201);
  expect((await api(access_token, "POST", `/properties/${unitId}/unavailabilities/block`, { dateFrom: inDays(17), dateTo: inDays(18) })).status).toBe(201);

  const days = `dateFrom=${inDays(0)}&dateTo=${inDays(20)}`;
  type PriceList = { days: { date: string; price: number; minimalLengthOfStay: number; closedToArrival: boolean }[]; events: { source: string }[] };
  const shell = (await (await api(access_token, "GET", `/shell?priceListUnit=${unitId}&calendarFrom=${inDays(0)}&calendarTo=${inDays(20)}`)).json()) as { priceList: PriceList };
  expect(shell.priceList).toEqual(await (await api(access_token, "GET", `${path}/price-list?${days}`)).json());
  // What each read gave: the seasons' and the days' prices and rules, the booking, the inquiry and the block.
  const on = (offset: number) => shell.priceList.days.find((d) => d.date === inDays(offset))!;
  expect([on(0).price, on(3).price, on(6).price, on(15).price]).toEqual([14_000, 18_000, 25_000, 21_000]);
  expect([on(3).minimalLengthOfStay, on(6).minimalLengthOfStay, on(6).closedToArrival, on(15).minimalLengthOfStay]).toEqual([2, 4, true, 3]);
  expect(shell.priceList.events.map((e) => e.source).sort()).toEqual(["booking", "inquiry", "manual"]);
});

/** A guest of its own, by first name. */
const guest = (firstName: string) => ({ firstName, email: `${firstName.toLowerCase()}@guest.example` });

/** The events of a unit of the full calendar of all units that its cells' page draws as bars: pending requests and open inquiries, with the guest's first name. */
const pendingEventsOf = (events: UnitsCalendar["units"][number]["events"]) =>
  events
    .filter((event) => event.kind === "request" || event.kind === "inquiry")
    .map(({ id, dateFrom, dateTo, source, bookingRequest, inquiry }) => ({ id, dateFrom, dateTo, source, guest: (bookingRequest ?? inquiry)!.customer.firstName }));

it("answers a unit's price list and the calendar of all units with the shell, as their own calls do, null for another host's unit, and checks their days as they do", async () => {
  const host = await createUser({ commercialModel: "commission" });
  const { unitId } = await publishedUnit(host, { bookingType: "onRequest" });
  const instant = await publishedUnit(host);
  expect((await reserve(unitId, { checkIn: inDays(3), checkOut: inDays(6) })).status).toBe(201);
  const { access_token } = await signIn(host.email);
  const days = `calendarFrom=${inDays(0)}&calendarTo=${inDays(20)}`;
  expect((await api(access_token, "POST", `/properties/${unitId}/unavailabilities/block`, { dateFrom: inDays(8), dateTo: inDays(10) })).status).toBe(201);

  const shell = (await (await api(access_token, "GET", `/shell?priceListUnit=${unitId}&propertyListPage=1&${days}`)).json()) as { priceList: { events: unknown[] }; propertyList: unknown };
  expect(shell.priceList).toEqual(await (await api(access_token, "GET", `/property-unit/${unitId}/price-list?dateFrom=${inDays(0)}&dateTo=${inDays(20)}`)).json());
  // The request's stay and the block are among its events; its days are dates where the unit is (Lisbon).
  expect(shell.priceList.events).toHaveLength(2);
  expect(shell.priceList).toMatchObject({ timeZone: "Europe/Lisbon" });
  expect(shell.propertyList).toEqual(await (await api(access_token, "GET", "/property-list?page=1")).json());

  const all = (await (await api(access_token, "GET", `/shell?unitsCalendarPage=1&${days}`)).json()) as { unitsCalendar: { units: unknown[] } };
  expect(all.unitsCalendar).toEqual(await (await api(access_token, "GET", `/property-units/calendar?dateFrom=${inDays(0)}&dateTo=${inDays(20)}&page=1`)).json());
  expect(all.unitsCalendar.units).toHaveLength(2);

  // The calendar of all units' page asks for its cells: each day's price and a digit for what its
  // cell shows, as the full answer's days and events give them (with a booking, a block, a request).
  expect((await reserve(instant.unitId, { checkIn: inDays(12), checkOut: inDays(14) })).status).toBe(201);
  // Prices of single days, and a day with stay limits of its own but no price of its own (its cell keeps the unit's price).
  const dayPath = `/property-unit/${instant.unitId}/calendar-price-configuration`;
  expect((await api(access_token, "PATCH", dayPath, { dateFrom: inDays(1), dateTo: inDays(2), price: 25_000 })).status).toBe(200);
  expect((await api(access_token, "PATCH", dayPath, { dateFrom: inDays(4), dateTo: inDays(4), price: null, minStay: 3 })).status).toBe(200);
  const full = (await (await api(access_token, "GET", `/shell?unitsCalendarPage=1&${days}`)).json()) as { unitsCalendar: UnitsCalendar };
  const cells = (await (await api(access_token, "GET", `/shell?unitsCalendarPage=1&unitsCalendarCells=true&${days}`)).json()) as { unitsCalendar?: unknown; unitsCalendarCells: UnitsCalendarCells };
  expect(cells.unitsCalendar).toBeUndefined();
  const { units, currency, amountUnit, dateFrom, dateTo, pagination } = full.unitsCalendar;
  expect(cells.unitsCalendarCells).toEqual({
    currency,
    amountUnit,
    dateFrom,
    dateTo,
    pagination,
    units: units.map(({ unitId: id, title, propertyId, propertyTitle, timeZone, version, calendarAvailability, days: unitDays, events }) => {
      const kindOf = new Map(events.map((e) => [e.id, e.kind]));
      const states = unitDays.map((d) => cellStateOf(d.availability, d.events.map((event) => kindOf.get(event) ?? "")));
      return { unitId: id, title, propertyId, propertyTitle, timeZone, version, calendarAvailability, prices: unitDays.map((d) => d.price), states: encodeCellStates(states), pendingEvents: pendingEventsOf(events) };
    }),
  });
  expect(cells.unitsCalendarCells.units.map((u) => [...new Set(u.states)].sort())).toEqual([["2", "4"], ["0", "4"]]);
  const instantPrices = cells.unitsCalendarCells.units[1]!.prices;
  expect([instantPrices[1], instantPrices[2]]).toEqual([25_000, 25_000]);
  expect(instantPrices[4]).toBe(instantPrices[5]);

  const other = await createUser();
  const { access_token: otherToken } = await signIn(other.email);
  expect(((await (await api(otherToken, "GET", `/shell?priceListUnit=${unitId}&${days}`)).json()) as { priceList: unknown }).priceList).toBeNull();
  expect(((await (await api(otherToken, "GET", `/shell?unitsCalendarPage=1&${days}`)).json()) as { unitsCalendar: { units: unknown[] } }).unitsCalendar.units).toEqual([]);
  expect(((await (await api(otherToken, "GET", `/shell?unitsCalendarPage=1&unitsCalendarCells=true&${days}`)).json()) as { unitsCalendarCells: { units: unknown[] } }).unitsCalendarCells.units).toEqual([]);

  // Days the calendars refuse: the end before the start, more than the price list's 366 or the units' 62 days, none at all.
  const refused = async (query: string) => {
    const response = await api(access_token, "GET", `/shell?${query}`);
    expect(response.status).toBe(400);
    return ((await response.json()) as { errors: { type: string }[] }).errors.map((e) => e.type);
  };
  expect(await refused(`priceListUnit=${unitId}&calendarFrom=${inDays(5)}&calendarTo=${inDays(1)}`)).toContain("date_range_invalid");
  expect(await refused(`priceListUnit=${unitId}&calendarFrom=${inDays(0)}&calendarTo=${inDays(400)}`)).toContain("date_range_too_long");
  expect(await refused(`unitsCalendarPage=1&calendarFrom=${inDays(0)}&calendarTo=${inDays(70)}`)).toContain("units_calendar_too_long");
  await refused(`priceListUnit=${unitId}`);

  // A unit without a price configuration (it comes with the unit's row): the defaults, version 0, as its own call answers.
  const bare = await publishedUnit(host, { state: "IN_PROGRESS" });
  await env.DB.prepare("DELETE FROM unit_price_configurations WHERE unit_id = (SELECT id FROM property_units WHERE public_id = ?)").bind(bare.unitId).run();
  const bareShell = (await (await api(access_token, "GET", `/shell?priceListUnit=${bare.unitId}&${days}`)).json()) as { priceList: { version: number } };
  expect(bareShell.priceList).toEqual(await (await api(access_token, "GET", `/property-unit/${bare.unitId}/price-list?dateFrom=${inDays(0)}&dateTo=${inDays(20)}`)).json());
  expect(bareShell.priceList.version).toBe(0);
});

it("answers the pending requests and open inquiries of the calendar of all units with its cells, as the full answer's events, and no other stays", async () => {
  // A hybrid host takes both: requests for a unit booked on request, and inquiries.
  const host = await createUser({ commercialModel: "commission", biddingTag: "hybrid_7" });
  await subscribe(host);
  const onRequest = await publishedUnit(host, { bookingType: "onRequest" });
  const instant = await publishedUnit(host);
  expect((await reserve(onRequest.unitId, { checkIn: inDays(3), checkOut: inDays(6) }, "book", guest("Ada"))).status).toBe(201);
  expect((await reserve(onRequest.unitId, { checkIn: inDays(4), checkOut: inDays(8) }, "ask", guest("Bea"))).status).toBe(201);
  expect((await reserve(instant.unitId, { checkIn: inDays(10), checkOut: inDays(12) }, "ask", guest("Cleo"))).status).toBe(201);
  // Not drawn as bars: a booking (its cells say it), a request that has expired, one after the days shown, another host's.
  expect((await reserve(instant.unitId, { checkIn: inDays(14), checkOut: inDays(16) }, "book", guest("Dan"))).status).toBe(201);
  expect((await reserve(onRequest.unitId, { checkIn: inDays(12), checkOut: inDays(13) }, "book", guest("Eve"))).status).toBe(201);
  await env.DB.prepare("UPDATE booking_requests SET expires_at = ? WHERE guest_first_name = 'Eve' AND unit_id = (SELECT id FROM property_units WHERE public_id = ?)").bind(Date.now() - 1000, onRequest.unitId).run();
  expect((await reserve(onRequest.unitId, { checkIn: inDays(30), checkOut: inDays(32) }, "book", guest("Fay"))).status).toBe(201);
  const other = await createUser({ commercialModel: "commission" });
  const theirs = await publishedUnit(other, { bookingType: "onRequest" });
  expect((await reserve(theirs.unitId, { checkIn: inDays(3), checkOut: inDays(6) }, "book", guest("Gus"))).status).toBe(201);

  const { access_token } = await signIn(host.email);
  const days = `calendarFrom=${inDays(0)}&calendarTo=${inDays(20)}`;
  const full = (await (await api(access_token, "GET", `/shell?unitsCalendarPage=1&${days}`)).json()) as { unitsCalendar: UnitsCalendar };
  const cells = (await (await api(access_token, "GET", `/shell?unitsCalendarPage=1&unitsCalendarCells=true&${days}`)).json()) as { unitsCalendarCells: UnitsCalendarCells };
  // The events of sources booking_request and inquiry the full answer (each unit's price list) gives, with the guest's first name.
  expect(cells.unitsCalendarCells.units.map((unit) => unit.pendingEvents)).toEqual(full.unitsCalendar.units.map((unit) => pendingEventsOf(unit.events)));
  expect(cells.unitsCalendarCells.units.map((unit) => unit.pendingEvents.map((event) => `${event.guest} ${event.source} ${event.dateFrom}..${event.dateTo}`))).toEqual([
    [`Ada booking_request ${inDays(3)}..${inDays(6)}`, `Bea inquiry ${inDays(4)}..${inDays(8)}`],
    [`Cleo inquiry ${inDays(10)}..${inDays(12)}`],
  ]);
});

it("answers the inbox's page with the shell, as GET messaging/conversations does, and checks its query as it does", async () => {
  const host = await createUser({ commercialModel: "commission" });
  const { unitId } = await publishedUnit(host);
  for (const [from, firstName] of [[20, "Ada"], [30, "Bea"]] as const) expect((await reserve(unitId, { checkIn: inDays(from), checkOut: inDays(from + 2) }, "book", { firstName, message: `Hello from ${firstName}` })).status).toBe(201);
  const other = await createUser({ commercialModel: "commission" });
  const { unitId: otherUnit } = await publishedUnit(other);
  expect((await reserve(otherUnit, { checkIn: inDays(20), checkOut: inDays(22) }, "book", { firstName: "Cleo", message: "Not yours" })).status).toBe(201);
  const { access_token } = await signIn(host.email);
  const list = async (query: string) => (await api(access_token, "GET", `/messaging/conversations?${query}`)).json() as Promise<{ items: { id: string; guest: { firstName: string } }[]; unreadConversations: number }>;
  const shellWith = async (query: string) => (await api(access_token, "GET", `/shell?inbox=${encodeURIComponent(query)}`)).json() as Promise<{ inbox: unknown; unreadConversations: number }>;

  const all = await list("status=all&page=1");
  expect(all.items.map((c) => c.guest.firstName)).toEqual(["Bea", "Ada"]);
  expect((await shellWith("status=all&page=1")).inbox).toEqual(all);
  expect((await shellWith("status=all&search=bea&unread=true&page=1")).inbox).toEqual(await list("status=all&search=bea&unread=true&page=1"));
  // A page that opens a conversation counts it read, in the list and the navigation alike.
  const opening = await shellWith(`status=all&page=1&opened=${all.items[1]!.id}`);
  expect(opening).toMatchObject({ inbox: { unreadConversations: 1 }, unreadConversations: 1 });
  expect((await shellWith("status=all&page=1")).unreadConversations).toBe(2);
  expect((await api(access_token, "GET", `/shell?inbox=${encodeURIComponent("status=elsewhere")}`)).status).toBe(400);
  expect((await api(access_token, "GET", `/shell?inbox=${encodeURIComponent("limit=51")}`)).status).toBe(400);
});

it("answers a unit's price configuration and promotions with the shell, as their own calls do, null for another host's unit", async () => {
  const host = await createUser({ commercialModel: "commission" });
  const { unitId } = await publishedUnit(host);
  const { access_token } = await signIn(host.email);
  // A saved configuration (version 1) with a season, and a promotion switched on.
  const path = `/property-unit/${unitId}`;
  expect((await api(access_token, "PATCH", `${path}/price-configuration`, { nightlyPrice: 14_000, seasonsPricing: [{ dateFrom: inDays(30), dateTo: inDays(60), recurrence: "one-time", nightlyPrice: 18_000, minStay: 2 }] })).status).toBe(200);
  expect((await api(access_token, "POST", `${path}/promotion`, { type: "last-minute", state: "ACTIVE" })).status).toBe(200);

  const own = await api(access_token, "GET", `${path}/price-configuration`);
  const shell = (await (await api(access_token, "GET", `/shell?priceConfigurationUnit=${unitId}&promotionsUnit=${unitId}`)).json()) as {
    priceConfiguration: { configuration: unknown; version: number };
    promotions: { offers: unknown; items: { type: string; state: string }[] };
  };
  expect(shell.priceConfiguration).toEqual({ configuration: await own.json(), version: Number(own.headers.get("ETag")!.replaceAll('"', "")) });
  expect(shell.priceConfiguration.version).toBeGreaterThan(0);
  expect(shell.promotions).toEqual({
    offers: ((await (await api(access_token, "GET", `${path}/promotions/configuration`)).json()) as { items: unknown }).items,
    items: ((await (await api(access_token, "GET", `${path}/promotions`)).json()) as { items: unknown }).items,
  });
  expect(shell.promotions.items.find((p) => p.type === "last-minute")).toMatchObject({ state: "ACTIVE" });
  // Asked for nothing, the shell carries neither.
  expect(await (await api(access_token, "GET", "/shell")).json()).not.toHaveProperty("priceConfiguration");

  const other = await createUser();
  const { access_token: otherToken } = await signIn(other.email);
  const foreign = (await (await api(otherToken, "GET", `/shell?priceConfigurationUnit=${unitId}&promotionsUnit=${unitId}`)).json()) as { priceConfiguration: unknown; promotions: unknown };
  expect(foreign).toMatchObject({ priceConfiguration: null, promotions: null });
});

it("answers a page of the bookings with the shell, as GET bookings does, the host's own only, and checks its query as it does", async () => {
  const host = await createUser({ commercialModel: "commission" });
  const { unitId } = await publishedUnit(host);
  for (const [from, firstName] of [[20, "Ada"], [30, "Bea"], [40, "Cleo"]] as const) expect((await reserve(unitId, { checkIn: inDays(from), checkOut: inDays(from + 2) }, "book", { firstName })).status).toBe(201);
  const other = await createUser({ commercialModel: "commission" });
  const { unitId: otherUnit } = await publishedUnit(other);
  expect((await reserve(otherUnit, { checkIn: inDays(20), checkOut: inDays(22) }, "book", { firstName: "Dora" })).status).toBe(201);
  const { access_token } = await signIn(host.email);
  const list = async (query: string) => (await api(access_token, "GET", `/bookings?${query}`)).json() as Promise<{ items: { customer: { fullName: string } }[] }>;
  const shellWith = async (query: string) => ((await (await api(access_token, "GET", `/shell?bookings=${encodeURIComponent(query)}`)).json()) as { bookings: unknown }).bookings;

  const all = await list("tab=all&page=1");
  expect(all.items.map((b) => b.customer.fullName.split(" ")[0])).toEqual(["Cleo", "Bea", "Ada"]);
  expect(await shellWith("tab=all&page=1")).toEqual(all);
  for (const query of ["tab=upcoming&page=1", "tab=all&search=bea&page=1", `tab=all&unitId=${unitId}&page=1`, `tab=upcoming&dateFrom=${inDays(25)}&dateTo=${inDays(35)}&page=1`, "tab=all&page=2&limit=2"]) {
    expect({ query, page: await shellWith(query) }).toEqual({ query, page: await list(query) });
  }
  // Another host's unit filters to nothing, as the list's own call answers it.
  expect(await shellWith(`tab=all&unitId=${otherUnit}&page=1`)).toEqual(await list(`tab=all&unitId=${otherUnit}&page=1`));
  expect((await api(access_token, "GET", `/shell?bookings=${encodeURIComponent("tab=elsewhere")}`)).status).toBe(400);
  expect((await api(access_token, "GET", `/shell?bookings=${encodeURIComponent(`dateFrom=${inDays(9)}&dateTo=${inDays(1)}`)}`)).status).toBe(400);
});

it("answers a page of the requests and of the inquiries with the shell, as their own lists do, and checks their queries as they do", async () => {
  const host = await createUser({ commercialModel: "commission" });
  const { unitId } = await publishedUnit(host, { bookingType: "onRequest" });
  for (const [from, firstName] of [[20, "Ada"], [30, "Bea"]] as const) expect((await reserve(unitId, { checkIn: inDays(from), checkOut: inDays(from + 2) }, "book", { firstName })).status).toBe(201);
  const { access_token } = await signIn(host.email);
  const shellWith = async (name: string, query: string) => ((await (await api(access_token, "GET", `/shell?${name}=${encodeURIComponent(query)}`)).json()) as Record<string, unknown>)[name];
  const own = async (path: string, query: string) => (await api(access_token, "GET", `${path}?${query}`)).json() as Promise<{ items: unknown[] }>;

  const pending = await own("/booking-requests", "status=pending&page=1");
  expect(pending.items).toHaveLength(2);
  for (const query of ["status=pending&page=1", "status=all&search=bea&page=1", `status=pending&unitId=${unitId}&checkOut.from=${inDays(25)}&page=1`, "status=pending&page=2&limit=1"]) {
    expect({ query, page: await shellWith("requests", query) }).toEqual({ query, page: await own("/booking-requests", query) });
  }

  const subscriptionHost = await createUser({ commercialModel: "subscription" });
  const { unitId: askedUnit } = await publishedUnit(subscriptionHost);
  await subscribe(subscriptionHost);
  expect((await reserve(askedUnit, { checkIn: inDays(40), checkOut: inDays(43) }, "ask", { firstName: "Cleo" })).status).toBe(201);
  const { access_token: subscriptionToken } = await signIn(subscriptionHost.email);
  const inquiries = async (query: string) => [
    ((await (await api(subscriptionToken, "GET", `/shell?inquiries=${encodeURIComponent(query)}`)).json()) as { inquiries: unknown }).inquiries,
    await (await api(subscriptionToken, "GET", `/booking-inquiries?${query}`)).json(),
  ];
  for (const query of ["status=all&page=1", "status=open&search=cleo&page=1", "status=rejected&page=1"]) {
    const [fromShell, fromList] = await inquiries(query);
    expect({ query, page: fromShell }).toEqual({ query, page: fromList });
  }
  expect(((await inquiries("status=all&page=1"))[0] as { items: unknown[] }).items).toHaveLength(1);
  // The other host's requests are not among these, nor these among theirs.
  expect(((await (await api(subscriptionToken, "GET", `/shell?requests=${encodeURIComponent("status=all&page=1")}`)).json()) as { requests: { items: unknown[] } }).requests.items).toEqual([]);

  expect((await api(access_token, "GET", `/shell?requests=${encodeURIComponent("status=elsewhere")}`)).status).toBe(400);
  expect((await api(access_token, "GET", `/shell?inquiries=${encodeURIComponent("limit=500")}`)).status).toBe(400);
});

it("answers the bookings list's All tab and its tabs' counts with the shell, as their own endpoints do", async () => {
  const host = await createUser({ commercialModel: "commission" });
  const instant = await publishedUnit(host);
  const onRequest = await publishedUnit(host, { bookingType: "onRequest" });
  expect((await reserve(instant.unitId, { checkIn: inDays(20), checkOut: inDays(22) }, "book", { firstName: "Ada" })).status).toBe(201);
  for (const [from, firstName] of [[30, "Bea"], [40, "Cleo"]] as const) expect((await reserve(onRequest.unitId, { checkIn: inDays(from), checkOut: inDays(from + 2) }, "book", { firstName })).status).toBe(201);
  const { access_token } = await signIn(host.email);
  const [bea] = ((await (await api(access_token, "GET", "/booking-requests?search=bea")).json()) as { items: { publicId: string }[] }).items;
  expect((await api(access_token, "POST", `/booking-requests/${bea!.publicId}/reject`, { reason: "RATES_MISMATCH" })).status).toBe(200);
  const shellWith = async (query: string) => (await (await api(access_token, "GET", `/shell?${query}`)).json()) as Record<string, unknown>;
  const own = async (path: string) => (await api(access_token, "GET", path)).json() as Promise<{ items: unknown[] }>;

  expect((await own("/booking-list?page=1")).items).toHaveLength(3);
  for (const query of ["page=1", "search=bea&page=1", `unitId=${onRequest.unitId}&page=1`, `dateFrom=${inDays(25)}&dateTo=${inDays(35)}&page=1`, "page=2&limit=2"]) {
    expect({ query, page: (await shellWith(`bookingList=${encodeURIComponent(query)}`)).bookingList }).toEqual({ query, page: await own(`/booking-list?${query}`) });
  }
  const counted = await shellWith("bookingTabCounts=true");
  expect(counted.bookingTabCounts).toEqual(await own("/booking-list/tab-counts"));
  expect(counted.bookingTabCounts).toMatchObject({ requests: 1, upcoming: 1, all: 3 });
  expect(await shellWith("")).not.toHaveProperty("bookingTabCounts");
  expect((await api(access_token, "GET", `/shell?bookingList=${encodeURIComponent(`dateFrom=${inDays(9)}&dateTo=${inDays(1)}`)}`)).status).toBe(400);
});
