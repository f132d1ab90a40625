import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { daysBetween, todayIn, todayUtc } from "@domain/dates";
import { addDays } from "@domain/days";
import { occupancyRate } from "@domain/insights";
import { monthOf, nightsWithin } from "@domain/overview";
import type { GuestPreferences, Notification, Overview } from "@contract/home";
import { api, createUser, signIn } from "@api/test/helpers";
import { inDays, moveUnitsBooking, publishedUnit, recountMonths, reserve, subscribe } from "@api/test/stays";

type Shell = { notifications: Notification[]; overview?: Overview; pendingCount: number; unreadConversations: number };

async function shellOf(token: string, query = "?overview=true"): Promise<Shell> {
  const response = await api(token, "GET", `/shell${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Shell;
}

/** The guests of a list of the overview's stays, in its order. */
const names = (list: { guestName: string }[]) => list.map((stay) => stay.guestName);

describe("the overview (GET /shell?overview=true)", () => {
  it("counts this month's nights of a stay that began long before it, and not its payout", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const { unitId } = await publishedUnit(host);
    const today = todayIn("Europe/Lisbon");
    expect((await reserve(unitId, { checkIn: inDays(40), checkOut: inDays(42) })).status).toBe(201);
    // The stay, moved to 300 nights ago until tomorrow: every night of this month up to today is booked.
    await moveUnitsBooking(unitId, { checkIn: addDays(today, -300), checkOut: addDays(today, 1) });
    await recountMonths(host.id);
    const { overview } = await shellOf((await signIn(host.email)).access_token);
    expect(overview!.month.bookedNights).toBe(Number(today.slice(8, 10)));
    expect(overview!.month.earnings.amount).toBe(0);
  });

  it("reads this month's occupancy as the occupancy page does: a unit from its publication, the nights the host blocked left out", async () => {
    const host = await createUser({ commercialModel: "commission", features: ["bookings", "earnings"] });
    const always = await publishedUnit(host);
    const midway = await publishedUnit(host);
    const today = todayIn("Europe/Lisbon");
    const { from, to, days } = monthOf(today);
    await env.DB.batch([
      env.DB.prepare("UPDATE property_units SET published_at = ? WHERE public_id = ?").bind(Date.now() - 90 * 86_400_000, always.unitId),
      // Published today: its nights count from today (UTC), not from the 1st.
      env.DB.prepare("UPDATE property_units SET published_at = ? WHERE public_id = ?").bind(Date.now(), midway.unitId),
      // The host blocked the month's first two nights of the unit for sale all along.
      ...[from, addDays(from, 1)].map((night) =>
        env.DB.prepare("INSERT INTO taken_nights (unit_id, night, host_user_id, kind, owner_id) SELECT id, ?, host_user_id, 'manual', ? FROM property_units WHERE public_id = ?").bind(night, `blk_${night}`, always.unitId),
      ),
    ]);
    const stay = { checkIn: today, checkOut: addDays(today, 3) };
    expect((await reserve(midway.unitId, stay)).status).toBe(201);
    const { access_token } = await signIn(host.email);

    const { overview } = await shellOf(access_token);
    expect(overview!.month.from).toBe(from);
    const month = from.slice(0, 7);
    const page = (await (await api(access_token, "GET", `/insights/occupancy?from=${month}&to=${month}`)).json()) as { months: { month: string; booked: number; unavailable: number; nights: number }[] };
    const nights = page.months.find((m) => m.month === month)!;
    // By hand: the unit for sale all along brings the whole month, the one published today the nights from today.
    const booked = nightsWithin(stay, from, to);
    const forSale = days + daysBetween(todayUtc() > from ? todayUtc() : from, to);
    expect(nights).toMatchObject({ booked, unavailable: 2, nights: forSale });
    expect(overview!.month.bookedNights).toBe(booked);
    expect(overview!.month.occupancyPercent).toBe(occupancyRate(nights.nights, nights).rate);
    expect(overview!.month.occupancyPercent).toBe(Math.round((booked / (forSale - 2)) * 1000) / 10);
  });

  it("places each confirmed stay around today by its days: leaving today or tomorrow, staying, arriving tomorrow; not one that ended or was cancelled", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const today = todayIn("Europe/Lisbon");
    // Each stay on a unit of its own, booked ahead and then moved (with its nights) to its days around today.
    const stays = {
      leavingToday: { checkIn: addDays(today, -3), checkOut: today },
      leavingTomorrow: { checkIn: addDays(today, -1), checkOut: addDays(today, 1) },
      staying: { checkIn: addDays(today, -20), checkOut: addDays(today, 10) },
      arrivingTomorrow: { checkIn: addDays(today, 1), checkOut: addDays(today, 4) },
      ended: { checkIn: addDays(today, -9), checkOut: addDays(today, -1) },
      cancelled: { checkIn: addDays(today, -2), checkOut: addDays(today, 2) },
    };
    const units: Record<string, string> = {};
    for (const [name, stay] of Object.entries(stays)) {
      const { unitId } = await publishedUnit(host);
      units[name] = unitId;
      expect((await reserve(unitId, { checkIn: inDays(40), checkOut: inDays(42) }, "book", { firstName: name, lastName: "Guest" })).status).toBe(201);
      await moveUnitsBooking(unitId, stay);
    }
    // Cancelled as the services cancel: the status, and its nights given back.
    await env.DB.batch([
      env.DB.prepare("UPDATE bookings SET status = 'CANCELLED' WHERE unit_id = (SELECT id FROM property_units WHERE public_id = ?)").bind(units.cancelled),
      env.DB.prepare("DELETE FROM taken_nights WHERE unit_id = (SELECT id FROM property_units WHERE public_id = ?)").bind(units.cancelled),
    ]);
    const { overview } = await shellOf((await signIn(host.email)).access_token);
    expect(names(overview!.checkOutsToday)).toEqual(["leavingToday Guest"]);
    expect(names(overview!.checkOutsTomorrow)).toEqual(["leavingTomorrow Guest"]);
    expect(names(overview!.checkInsTomorrow)).toEqual(["arrivingTomorrow Guest"]);
    expect(names(overview!.checkInsToday)).toEqual([]);
    expect(names(overview!.stayingNow)).toEqual(expect.arrayContaining(["staying Guest"]));
    expect(names(overview!.stayingNow)).not.toContain("ended Guest");
    expect(names(overview!.stayingNow)).not.toContain("cancelled Guest");
    expect(overview!.stayingNow.find((stay) => stay.guestName === "staying Guest")).toMatchObject({ unitId: units.staying, ...stays.staying });
  });

  it("lists today's arrival by the unit's date, the waiting requests by expiry, listing issues and the month's earnings, in the shell's one call", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const { unitId } = await publishedUnit(host);
    const { unitId: onRequest } = await publishedUnit(host, { bookingType: "onRequest" });
    const today = todayIn("Europe/Lisbon");
    expect((await reserve(unitId, { checkIn: today, checkOut: addDays(today, 3) }, "book", { firstName: "Ana", lastName: "Lima" })).status).toBe(201);
    expect((await reserve(unitId, { checkIn: addDays(today, 5), checkOut: addDays(today, 6) })).status).toBe(201);
    expect((await reserve(onRequest, { checkIn: inDays(20), checkOut: inDays(22) })).status).toBe(201);
    await env.DB.prepare("UPDATE property_units SET state = 'REJECTED_BY_STAFF', rejection_reason = 'Photos of another place' WHERE public_id = ?").bind(onRequest).run();
    const { access_token } = await signIn(host.email);

    const { overview, pendingCount, unreadConversations } = await shellOf(access_token);
    expect(overview!.today).toBe(today);
    expect(overview!.timeZone).toBe("Europe/Lisbon");
    expect(overview!.checkInsToday).toEqual([expect.objectContaining({ kind: "booking", guestName: "Ana Lima", unitId, checkIn: today })]);
    expect(overview!.checkInsTomorrow).toEqual([]);
    expect(overview!.stayingNow).toEqual([]);
    expect(overview!.requests).toEqual([expect.objectContaining({ kind: "request", unitId: onRequest, expirationTime: expect.any(String) })]);
    expect(pendingCount).toBe(1);
    expect(overview!.inquiries).toBeNull();
    // Portugal asks for a registration number the other flat lacks: action needed.
    expect(overview!.listingIssues).toEqual([
      expect.objectContaining({ unitId: onRequest, issue: "rejected", rejectionReason: "Photos of another place" }),
      expect.objectContaining({ unitId, issue: "actionNeeded", field: "registrationNumber" }),
    ]);
    expect(overview!.subscription).toBeNull();
    expect(overview!.month.earnings.amount).toBeGreaterThan(0);
    expect(overview!.month.bookedNights).toBeGreaterThanOrEqual(1);
    expect(overview!.tasks.map((t) => t.taskType)).toEqual(["welcomeTour", "describeIdealGuest", "activatePromotion", "syncCalendar"]);
    // Each stay opened its conversation with the guest's message: the inbox's unread count, as the navigation shows it.
    expect(unreadConversations).toBeGreaterThan(0);
    expect(overview!.unreadMessages).toBe(unreadConversations);

    // Without `overview` the shell carries none of it.
    expect((await shellOf(access_token, "")).overview).toBeUndefined();
  });

  it("tells a subscription host's open inquiries and the plan's credits", async () => {
    const host = await createUser({ commercialModel: "subscription" });
    const { unitId } = await publishedUnit(host);
    await subscribe(host, "subscription-basic", 0);
    expect((await reserve(unitId, { checkIn: inDays(30), checkOut: inDays(33) }, "ask")).status).toBe(201);
    const { access_token } = await signIn(host.email);
    const { overview } = await shellOf(access_token);
    expect(overview!.inquiries).toMatchObject({ count: 1, items: [{ kind: "inquiry", unitId }] });
    expect(overview!.requests).toEqual([]);
    expect(overview!.unreadMessages).toBeNull();
    expect(overview!.subscription).toMatchObject({ expiry: "ok", leads: { state: expect.any(String) }, unitPublish: { quota: expect.any(Number) } });
  });

  it("has real empty states: a new host's day is empty", async () => {
    const host = await createUser({ onboardingStatus: "in_progress" });
    const { access_token } = await signIn(host.email);
    const { overview, notifications } = await shellOf(access_token);
    expect(overview).toMatchObject({ checkInsToday: [], checkOutsToday: [], stayingNow: [], requests: [], listingIssues: [], month: { bookedNights: 0, earnings: { amount: 0 }, occupancyPercent: null } });
    expect(notifications).toEqual([]);
  });
});

describe("notifications (GET /user/interactions, PUT /user/interaction)", () => {
  it("raises notifications from the units, marks one read and all read, and refuses one that is not raised", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const { unitId } = await publishedUnit(host, { bookingType: "onRequest" });
    const { access_token } = await signIn(host.email);
    const { notifications } = (await (await api(access_token, "GET", "/user/interactions")).json()) as { notifications: Notification[] };
    expect(notifications.map((n) => [n.type, n.unitId, n.read]).sort()).toEqual(
      [
        ["describeIdealGuest", null, false],
        ["discountPromotion", unitId, false],
        ["instantBooking", unitId, false],
      ].sort(),
    );

    const one = await api(access_token, "PUT", "/user/interaction", { interactions: [{ interactionType: "instantBooking", unitId, interacted: true }] });
    expect(one.status).toBe(200);
    const afterOne = ((await one.json()) as { notifications: Notification[] }).notifications;
    expect(afterOne.filter((n) => n.read).map((n) => n.type)).toEqual(["instantBooking"]);
    expect((await shellOf(access_token, "")).notifications.filter((n) => !n.read)).toHaveLength(2);

    const all = await api(access_token, "PUT", "/user/interaction", { interactions: afterOne.map((n) => ({ interactionType: n.type, ...(n.unitId ? { unitId: n.unitId } : {}), interacted: true })) });
    expect(((await all.json()) as { notifications: Notification[] }).notifications.every((n) => n.read)).toBe(true);

    // Instant booking switched on: that notification is no longer raised, so it cannot be marked.
    await env.DB.prepare("UPDATE property_units SET booking_type = 'onLine' WHERE public_id = ?").bind(unitId).run();
    expect((await api(access_token, "PUT", "/user/interaction", { interactions: [{ interactionType: "instantBooking", unitId, interacted: true }] })).status).toBe(404);
    expect((await api(access_token, "PUT", "/user/interaction", { interactions: [{ interactionType: "welcomeTour", unitId, interacted: true }] })).status).toBe(404);
  });

  it("suggests a promotion only to hosts who can have one: a subscription host taking bookings is not, a hybrid host is", async () => {
    const subscriber = await createUser({ commercialModel: "subscription", features: ["bookings", "inquiries"] });
    await subscribe(subscriber);
    const { unitId } = await publishedUnit(subscriber);
    const subscriberToken = (await signIn(subscriber.email)).access_token;
    const { notifications } = (await (await api(subscriberToken, "GET", "/user/interactions")).json()) as { notifications: Notification[] };
    expect(notifications.map((n) => n.type)).toEqual(["describeIdealGuest"]);
    expect((await shellOf(subscriberToken, "")).notifications.map((n) => n.type)).toEqual(["describeIdealGuest"]);
    expect((await api(subscriberToken, "PUT", "/user/interaction", { interactions: [{ interactionType: "discountPromotion", unitId, interacted: true }] })).status).toBe(404);

    const hybrid = await createUser({ commercialModel: "commission", biddingTag: "hybrid_7" });
    const hybridUnit = await publishedUnit(hybrid);
    const hybridToken = (await signIn(hybrid.email)).access_token;
    expect((await shellOf(hybridToken, "")).notifications).toContainEqual(expect.objectContaining({ type: "discountPromotion", unitId: hybridUnit.unitId, propertyId: hybridUnit.propertyId }));
  });

  it("tells a subscription host taking bookings nothing about instant booking, which is not theirs to switch on: no notification, task or help article", async () => {
    const subscriber = await createUser({ commercialModel: "subscription", features: ["bookings", "inquiries"] });
    await subscribe(subscriber);
    const { unitId } = await publishedUnit(subscriber, { bookingType: "onRequest" });
    await publishedUnit(subscriber, { bookingType: "onRequest" });
    const { access_token } = await signIn(subscriber.email);
    const { notifications } = (await (await api(access_token, "GET", "/user/interactions")).json()) as { notifications: Notification[] };
    expect(notifications.map((n) => n.type)).toEqual(["describeIdealGuest"]);
    const shell = await shellOf(access_token);
    expect(shell.notifications.map((n) => n.type)).toEqual(["describeIdealGuest"]);
    expect(shell.overview!.tasks.map((t) => t.taskType)).toEqual(["welcomeTour", "describeIdealGuest", "syncCalendar"]);
    for (const type of ["instantBooking", "instantBookingAll", "instantBookingSome"]) {
      expect((await api(access_token, "PUT", "/user/interaction", { interactions: [{ interactionType: type, ...(type === "instantBooking" ? { unitId } : {}), interacted: true }] })).status).toBe(404);
    }
    const articles = (await (await api(access_token, "GET", "/user/knowledge-articles?categories=properties")).json()) as { articles: { id: string }[] };
    expect(articles.articles.map((a) => a.id)).toEqual(["editProperty"]);

    // A hybrid host's guests book: the same units on request raise instant booking, and its article is there.
    const hybrid = await createUser({ commercialModel: "commission", biddingTag: "hybrid_7" });
    await publishedUnit(hybrid, { bookingType: "onRequest" });
    await publishedUnit(hybrid, { bookingType: "onRequest" });
    const hybridToken = (await signIn(hybrid.email)).access_token;
    expect((await shellOf(hybridToken, "")).notifications.map((n) => n.type)).toContain("instantBookingAll");
    const hybridArticles = (await (await api(hybridToken, "GET", "/user/knowledge-articles?categories=properties")).json()) as { articles: { id: string }[] };
    expect(hybridArticles.articles.map((a) => a.id)).toEqual(["editProperty", "instantBooking"]);
  });

  it("never marks another host's notification: the owner's Italian unit without its CIN answers 404 to an intruder", async () => {
    const owner = await createUser();
    const { unitId } = await publishedUnit(owner);
    await env.DB.prepare("UPDATE properties SET country_code = 'IT' WHERE host_user_id = ?").bind(owner.id).run();
    const ownerToken = (await signIn(owner.email)).access_token;
    expect((await shellOf(ownerToken, "")).notifications).toContainEqual(expect.objectContaining({ type: "requiredCodiceIdentificationNumber", unitId, read: false }));
    const intruder = await createUser();
    const { access_token } = await signIn(intruder.email);
    const response = await api(access_token, "PUT", "/user/interaction", { interactions: [{ interactionType: "requiredCodiceIdentificationNumber", unitId, interacted: true }] });
    expect(response.status).toBe(404);
    expect((await shellOf(ownerToken, "")).notifications.every((n) => !n.read)).toBe(true);
  });
});

describe("tasks (PATCH /user/task/{taskType})", () => {
  it("starts, hides and lists tasks; work already there counts as done", async () => {
    const host = await createUser();
    const { access_token } = await signIn(host.email);
    const started = await api(access_token, "PATCH", "/user/task/welcomeTour", { status: "in_progress" });
    expect(started.status).toBe(200);
    expect(((await started.json()) as { tasks: unknown[] }).tasks).toEqual([
      { taskType: "welcomeTour", status: "in_progress" },
      { taskType: "describeIdealGuest", status: "not_started" },
    ]);
    const hidden = await api(access_token, "PATCH", "/user/task/describeIdealGuest", { status: "hidden" });
    expect(((await hidden.json()) as { tasks: { status: string }[] }).tasks[1]!.status).toBe("hidden");
    await api(access_token, "PUT", "/user/interaction", { interactions: [{ interactionType: "welcomeTour", interacted: true }] });
    expect((await shellOf(access_token)).overview!.tasks[0]).toEqual({ taskType: "welcomeTour", status: "done" });
    expect((await api(access_token, "PATCH", "/user/task/nope", { status: "done" })).status).toBe(400);
    expect((await api(access_token, "PATCH", "/user/task/welcomeTour", { status: "later" })).status).toBe(400);
  });
});

describe("the ideal guest (GET/PATCH /user/guest-preferences)", () => {
  it("saves step by step, refuses to confirm an incomplete profile and confirms a whole one", async () => {
    const host = await createUser({ commercialModel: "commission" });
    await publishedUnit(host);
    const { access_token } = await signIn(host.email);
    const empty = (await (await api(access_token, "GET", "/user/guest-preferences")).json()) as GuestPreferences;
    expect(empty).toMatchObject({ bookingTimes: [], language: null, completed: false });
    expect(empty.hostLanguages[0]).toBe("en");

    expect((await api(access_token, "PATCH", "/user/guest-preferences", { bookingTimes: ["fewWeeks"], stayDurations: ["week"] })).status).toBe(200);
    const refused = await api(access_token, "PATCH", "/user/guest-preferences", { completed: true });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(["startOfStay", "groupSizes", "language"]);
    expect((await api(access_token, "PATCH", "/user/guest-preferences", { bookingTimes: [] })).status).toBe(400);
    expect((await api(access_token, "PATCH", "/user/guest-preferences", { groupSizes: ["couple", "couple"] })).status).toBe(400);

    const done = await api(access_token, "PATCH", "/user/guest-preferences", { startOfStay: ["saturday"], groupSizes: ["family"], language: "none", completed: true });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ bookingTimes: ["fewWeeks"], stayDurations: ["week"], startOfStay: ["saturday"], groupSizes: ["family"], language: "none", completed: true });
    const { notifications, overview } = await shellOf(access_token);
    expect(notifications.map((n) => n.type)).not.toContain("describeIdealGuest");
    expect(overview!.tasks.find((t) => t.taskType === "describeIdealGuest")!.status).toBe("done");
  });

  it("offers the languages of the host's profile that guests speak here, and refuses another", async () => {
    // A host using the app in English who speaks German, Japanese and English: German and English, English first.
    const host = await createUser({ commercialModel: "commission" });
    const { access_token } = await signIn(host.email);
    expect((await api(access_token, "PATCH", "/user/profile", { hostLanguages: ["de", "ja", "en"] })).status).toBe(200);
    const offered = (await (await api(access_token, "GET", "/user/guest-preferences")).json()) as GuestPreferences;
    expect(offered.hostLanguages).toEqual(["en", "de"]);
    const refused = await api(access_token, "PATCH", "/user/guest-preferences", { language: "fr" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: { field: string; type: string }[] }).errors).toEqual([expect.objectContaining({ field: "language", type: "invalid_choice" })]);
    expect((await api(access_token, "PATCH", "/user/guest-preferences", { language: "en" })).status).toBe(200);
    expect((await api(access_token, "PATCH", "/user/guest-preferences", { language: "none" })).status).toBe(200);
  });
});

describe("the ideal guest on requests and inquiries", () => {
  it("a request and an inquiry carry the host's confirmed ideal guest, and none before it is confirmed", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const { unitId } = await publishedUnit(host, { bookingType: "onRequest" });
    expect((await reserve(unitId, { checkIn: inDays(20), checkOut: inDays(23), guests: 2 })).status).toBe(201);
    const { access_token } = await signIn(host.email);
    const [request] = ((await (await api(access_token, "GET", "/booking-requests")).json()) as { items: { publicId: string }[] }).items;
    const requestOf = async () => ((await (await api(access_token, "GET", `/booking-requests/${request!.publicId}`)).json()) as { idealGuest: unknown }).idealGuest;
    expect(await requestOf()).toBeNull();
    // Answered but not confirmed: still none.
    expect((await api(access_token, "PATCH", "/user/guest-preferences", { bookingTimes: ["fewWeeks"], stayDurations: ["short"] })).status).toBe(200);
    expect(await requestOf()).toBeNull();
    expect((await api(access_token, "PATCH", "/user/guest-preferences", { startOfStay: ["saturday"], groupSizes: ["couple"], language: "none", completed: true })).status).toBe(200);
    expect(await requestOf()).toEqual({ bookingTimes: ["fewWeeks"], stayDurations: ["short"], startOfStay: ["saturday"], groupSizes: ["couple"], language: "none" });

    const other = await createUser({ commercialModel: "subscription" });
    const { unitId: asked } = await publishedUnit(other);
    await subscribe(other, "subscription-basic", 0);
    expect((await reserve(asked, { checkIn: inDays(30), checkOut: inDays(33) }, "ask")).status).toBe(201);
    const { access_token: otherToken } = await signIn(other.email);
    const [inquiry] = ((await (await api(otherToken, "GET", "/booking-inquiries")).json()) as { items: { publicId: string }[] }).items;
    const inquiryOf = async () => ((await (await api(otherToken, "GET", `/booking-inquiries/${inquiry!.publicId}`)).json()) as { idealGuest: unknown }).idealGuest;
    expect(await inquiryOf()).toBeNull();
    expect((await api(otherToken, "PATCH", "/user/guest-preferences", { bookingTimes: ["farAhead"], stayDurations: ["week"], startOfStay: ["monday"], groupSizes: ["solo"], language: "fr", completed: true })).status).toBe(200);
    expect(await inquiryOf()).toMatchObject({ bookingTimes: ["farAhead"], language: "fr" });
    // Each host's own: the first host's request does not carry the second host's profile, and the second host does not see the request.
    expect(await requestOf()).toMatchObject({ bookingTimes: ["fewWeeks"] });
    expect((await api(otherToken, "GET", `/booking-requests/${request!.publicId}`)).status).toBe(404);
  });
});

/** The steps of a category's help articles (the account's unless told), as a new host of the model (and switches) reads them. */
async function accountArticleSteps(model: "commission" | "subscription", { category = "account", features }: { category?: string; features?: string[] } = {}) {
  const { access_token } = await signIn((await createUser({ commercialModel: model, features })).email);
  const { articles } = (await (await api(access_token, "GET", `/user/knowledge-articles?categories=${category}`)).json()) as { articles: { steps: string[] }[] };
  return articles.flatMap((a) => a.steps).join(" ");
}

describe("help and support", () => {
  it("answers translated topics and articles by category, and refuses an unknown category", async () => {
    const host = await createUser();
    const { access_token } = await signIn(host.email);
    const topics = (await (await api(access_token, "GET", "/user/contact-form/topics?type=listing&hl=de_DE")).json()) as { topics: { name: string; value: string }[] };
    expect(topics.topics[0]).toEqual({ value: "listing", name: expect.any(String) });
    expect(topics.topics[0]!.name).not.toBe("help:topics.listing");
    const general = (await (await api(access_token, "GET", "/user/contact-form/topics")).json()) as { topics: unknown[] };
    expect(general.topics.length).toBeGreaterThan(topics.topics.length);

    const articles = (await (await api(access_token, "GET", "/user/knowledge-articles?categories=calendar,bookings")).json()) as { articles: { category: string; title: string; steps: string[] }[] };
    expect(new Set(articles.articles.map((a) => a.category))).toEqual(new Set(["calendar", "bookings"]));
    expect(articles.articles.every((a) => a.steps.length > 0 && !a.title.startsWith("help:"))).toBe(true);
    expect((await api(access_token, "GET", "/user/knowledge-articles?categories=nope")).status).toBe(400);
  });

  it("tells a host on commission of their payout accounts, and a host on a subscription, whom the guest pays, of none", async () => {
    expect(await accountArticleSteps("commission")).toContain("payout accounts");
    const subscription = await accountArticleSteps("subscription");
    expect(subscription).toContain("Your account holds your name and billing details.");
    expect(subscription).not.toMatch(/payout/i);
  });

  it("names the earnings and occupancy tabs only to a host whose statistics have them: a host on a subscription reads of the tabs it has", async () => {
    expect(await accountArticleSteps("commission", { category: "insights", features: ["bookings", "earnings"] })).toContain("Statistics show views, bookings, earnings and occupancy per unit.");
    for (const [model, features] of [["subscription", ["inquiries", "earnings"]], ["commission", ["bookings"]]] as const) {
      const steps = await accountArticleSteps(model, { category: "insights", features: [...features] });
      expect(steps).toContain("Statistics show listing views, performance and reviews per unit.");
      expect(steps).not.toMatch(/earnings|occupancy/i);
    }
  });

  it("stores a message with its page and unit, validates it, and shows it to staff only", async () => {
    const host = await createUser();
    const { access_token } = await signIn(host.email);
    expect((await api(access_token, "POST", "/user/contact-form", { topic: "other", body: "" })).status).toBe(400);
    expect((await api(access_token, "POST", "/user/contact-form", { topic: "nothing", body: "A long enough question" })).status).toBe(400);
    const sent = await api(access_token, "POST", "/user/contact-form", { topic: "calendar", body: "My calendar shows a blocked day I did not block.", pageId: "/calendar/unt_x", propertyUnitId: "unt_x" });
    expect(sent.status).toBe(201);
    const { publicId } = (await sent.json()) as { publicId: string };

    expect((await api(access_token, "GET", "/staff/contact-messages")).status).toBe(404);
    const staff = await createUser({ role: "staff" });
    const staffToken = (await signIn(staff.email)).access_token;
    const page = (await (await api(staffToken, "GET", "/staff/contact-messages")).json()) as { items: { publicId: string; pageId: string; propertyUnitId: string; host: { userId: string } }[] };
    expect(page.items.find((m) => m.publicId === publicId)).toMatchObject({ pageId: "/calendar/unt_x", propertyUnitId: "unt_x", host: { userId: host.publicId } });
  });
});
