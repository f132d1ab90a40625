import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { liveSocketPath } from "@contract/live-protocol";
import { hostApp, publicApp } from "./host-api";
import { isOwnershipGuard } from "./lib/ownership";
import { api, createUser, ownedRowsDigest, signIn, type TestUser } from "./test/helpers";
import { publicApi, publishedUnit } from "./test/stays";

/**
 * Every route of the host API, called by one host with the real ids of another, answers 404 (or
 * 403) and changes nothing. Routes come from the router itself, so a new route is covered the day
 * it is added; a new kind of path parameter needs one line in `ownedIds` below, or this test fails.
 */
interface Owner {
  user: TestUser;
  bookingRequestId: string;
  bookingId: string;
  inquiryId: string;
  apiKeyId: string;
  propertyId: string;
  unitId: string;
  photoId: string;
  documentId: string;
  bankAccountId: string;
  subscriptionId: string;
  feedId: string;
  reviewId: string;
  conversationId: string;
  replyId: string;
}

/** The owner's real id for each path parameter; `id` depends on the resource it follows. */
const ownedIds: Record<string, (owner: Owner, path: string) => string> = {
  userId: (o) => o.user.publicId,
  bookingId: (o) => o.bookingId,
  keyId: (o) => o.apiKeyId,
  feature: () => "bookings",
  tag: () => "hybrid_7",
  propertyId: (o) => o.propertyId,
  unitId: (o) => o.unitId,
  photoId: (o) => o.photoId,
  documentId: (o) => o.documentId,
  action: () => "save",
  provider: () => "airbnb",
  feedId: (o) => o.feedId,
  reviewId: (o) => o.reviewId,
  conversationId: (o) => o.conversationId,
  replyId: (o) => o.replyId,
  // The owner's bookings are in this year; the intruder has none in it.
  year: () => inDays(60).slice(0, 4),
  taskType: () => "welcomeTour",
  id: (o, path) =>
    path.includes("/subscription/")
      ? o.subscriptionId
      : path.includes("/property-unit/")
        ? o.unitId
        : path.includes("/properties/")
          ? o.propertyId
          : path.includes("/booking-inquiries/")
            ? o.inquiryId
            : o.bookingRequestId,
};

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Valid bodies, so that a refusal can only come from ownership, never from validation. */
const bodies: Record<string, unknown> = {
  "PATCH /api/app/user/info": { firstName: "Intruder" },
  "PATCH /api/app/user/profile": { aboutHost: "Intruder" },
  "PUT /api/app/user/interaction": { interactions: [{ interactionType: "helpCenterTooltip", interacted: true }] },
  "PATCH /api/app/user/task/:taskType": { status: "hidden" },
  "PATCH /api/app/user/guest-preferences": { groupSizes: ["couple"] },
  "POST /api/app/user/contact-form": { topic: "other", body: "An intruder writes to support", propertyUnitId: "__unitId__" },
  "POST /api/app/staff/impersonation": { userId: "__userId__" },
  "PUT /api/app/staff/hosts/:userId/features/:feature": { enabled: false },
  "PUT /api/app/staff/hosts/:userId/identity-verification": { applicable: true },
  "POST /api/app/staff/units/:unitId/reject": { reason: "Intruder" },
  "POST /api/app/properties": { propertyType: "single" },
  "PATCH /api/app/properties/:id": { title: "Intruder" },
  "PUT /api/app/properties/:id/location": { location: { countryCode: "DE", city: "Berlin", street: "Unter den Linden", houseNumberOrName: "1", postalCode: "10117" } },
  "PUT /api/app/properties/:id/location/:action": { location: { countryCode: "DE", city: "Berlin", street: "Unter den Linden", houseNumberOrName: "1", postalCode: "10117" } },
  "POST /api/app/properties/:propertyId/units": { title: "Intruder" },
  "PATCH /api/app/property-unit/:id": { title: "Intruder" },
  "POST /api/app/property-unit/:id/calendar-action": { status: "PAUSED", dateFrom: inDays(40), dateTo: inDays(45) },
  "POST /api/app/properties/:unitId/unavailabilities/block": { dateFrom: inDays(40), dateTo: inDays(45) },
  "POST /api/app/properties/:unitId/unavailabilities/unblock": { dateFrom: inDays(40), dateTo: inDays(45) },
  "PATCH /api/app/property-unit/:id/calendar-price-configuration": { dateFrom: inDays(40), dateTo: inDays(45), price: 1000 },
  "POST /api/app/property-units/change-booking-preference": { unitIds: ["__unitId__"], bookingType: "onRequest" },
  "POST /api/app/property-units/publish": { unitIds: ["__unitId__"] },
  "POST /api/app/property-units/unpublish": { propertyIds: ["__propertyId__"] },
  "POST /api/app/properties/delete": { propertyIds: ["__propertyId__"] },
  "PATCH /api/app/property-unit/:id/regional-requirements": { registrationNumber: "INTRUDER" },
  "PUT /api/app/property-unit/:id/listing-progress": { steps: ["property"] },
  "POST /api/app/user/init-onboarding": { countryCode: "DE", hostRole: "owner" },
  "PUT /api/app/property-unit/:id/photos/order": { photoIds: ["__photoId__"] },
  "PATCH /api/app/property-unit/:id/photos/:photoId": { isCover: true },
  "PUT /api/app/property-unit/:id/price-configuration": { nightlyPrice: 1000 },
  "PATCH /api/app/property-unit/:id/price-configuration": { nightlyPrice: 1000 },
  "POST /api/app/property-unit/:id/promotion": { type: "long-stay", state: "ACTIVE" },
  "POST /api/app/user/onboarding/saveIndividualDetails": {
    firstName: "Intruder",
    lastName: "Host",
    dateOfBirth: "1980-01-01",
    nationality: "DE",
    phoneNumber: "+49 30 1234567",
    address: { countryCode: "DE", city: "Berlin", street: "Unter den Linden", houseNumberOrName: "1" },
  },
  "POST /api/app/user/onboarding/saveBusinessDetails": {
    legalBusinessName: "Intruder GmbH",
    registrationNumber: "HRB 1",
    userHasVatId: false,
    address: { countryCode: "DE", city: "Berlin", street: "Unter den Linden", houseNumberOrName: "1" },
    sameAddress: true,
    businessEmail: "intruder@test.example",
    phoneNumber: "+49 30 1234567",
  },
  // Claims the owner's account by its id, to take over its IBAN.
  "POST /api/app/user/onboarding/saveBankAccounts": { accounts: [{ id: "__bankAccountId__", holderName: "Intruder", currency: "EUR" }] },
  // Subscribes with the owner's unit, changes the owner's subscription, boosts the owner's unit.
  "POST /api/app/subscriptions": { planItemPriceId: "subscription-basic-EUR-yearly", unitId: "__unitId__", services: [] },
  "POST /api/app/subscription/:id/change-plan": { planItemPriceId: "split-EUR-yearly" },
  "PUT /api/app/subscription/:id/services": { services: ["ad_banner"] },
  "POST /api/app/subscription/:id/units": { unitId: "__unitId__" },
  "POST /api/app/user/subscription/coin/boost": { unitId: "__unitId__", startDate: inDays(1), endDate: inDays(3) },
  "DELETE /api/app/subscription": { subscriptionId: "__subscriptionId__", reason: "Intruder" },
  "DELETE /api/app/subscription/:id/scheduled-changes": { reason: "Intruder" },
  "POST /api/app/subscriptions/checkout": { planItemPriceId: "subscription-premium-EUR-yearly", subscriptionId: "__subscriptionId__" },
  "POST /api/app/staff/hosts/:userId/verification/decision": { checks: { identity: "passed", bank_account: "passed", documents: "passed" }, documentsExpireOn: "2099-01-01" },
  "POST /api/app/property-unit/:id/verify-calendar/:provider/data": { isListed: true, url: "https://www.airbnb.com/rooms/12345678" },
  "POST /api/app/bookings/:bookingId/cancel": { reason: "OTHER", explanation: "Intruder" },
  "POST /api/app/booking-requests/:id/reject": { reason: "OTHER", explanation: "Intruder" },
  "POST /api/app/booking-inquiries/:id/reject": { reason: "OTHER", explanation: "Intruder", message: "Intruder" },
  "POST /api/app/property-unit/:id/ical-feeds": { name: "Intruder", url: "https://calendar.example.com/intruder.ics" },
  "PATCH /api/app/property-unit/:id/ical-feeds/:feedId": { name: "Intruder" },
  "POST /api/app/property-unit/:id/ical-feeds/:feedId/sync": { acceptEmpty: true },
  "POST /api/app/reviews/reply/:reviewId": { text: "Intruder" },
  "POST /api/app/channel-api-keys": { name: "Intruder" },
  "POST /api/app/messaging/conversation": { type: "booking", id: "__bookingId__" },
  "PATCH /api/app/messaging/conversations/:conversationId": { archived: true, favourite: true },
  "POST /api/app/messaging/conversations/:conversationId/messages": { text: "Intruder", clientMessageId: "intruder" },
  "POST /api/app/messaging/saved-replies": { title: "Intruder", body: "Intruder" },
  "PATCH /api/app/messaging/saved-replies/:replyId": { title: "Intruder", body: "Intruder" },
};

/** A booking, request or inquiry of the owner's unit, as the booking services write them. */
function stayRow(table: "bookings" | "booking_requests" | "booking_inquiries", publicId: string, unitId: string, checkIn: string, checkOut: string) {
  const extra = {
    bookings: ["payment_plan, instalments, payout, booked_at", "'online_100', '[]', 10000, 0"],
    booking_requests: ["payment_plan, instalments, payout, expires_at", `'online_100', '[]', 10000, ${Date.now() + 86_400_000}`],
    booking_inquiries: ["subscription_id", "NULL"],
  }[table];
  return env.DB.prepare(
    `INSERT INTO ${table} (public_id, code, host_user_id, unit_id, check_in, check_out, guest_first_name, guest_last_name, guest_email, guests, currency, total, price_breakdown, ${extra[0]})
     SELECT ?, ?, host_user_id, id, ?, ?, 'Owner', 'Guest', 'owner-guest@test.example', 2, 'EUR', 10000, '{}', ${extra[1]} FROM property_units WHERE public_id = ?`,
  ).bind(publicId, publicId.slice(4, 12).toUpperCase(), checkIn, checkOut, unitId);
}

/** Path parameters that name no object of a host: a route with only these acts on the caller's own data. */
const notIds = new Set(["action", "provider", "feature", "tag", "year", "taskType"]);

/** Routes that name the owner's objects in their body: they must refuse outright too. */
const BULK_ROUTES = ["/api/app/messaging/conversation", "/api/app/subscription", "/api/app/subscriptions/checkout", "/api/app/property-units/change-booking-preference", "/api/app/property-units/publish", "/api/app/property-units/unpublish", "/api/app/properties/delete"];

function routes() {
  const seen = new Set<string>();
  return hostApp.routes
    .filter((r) => r.method !== "ALL")
    .map((r) => ({ method: r.method, path: r.path }))
    .filter((r) => {
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

async function makeOwner(): Promise<Owner> {
  const user = await createUser({ type: "company", companyName: "Owner Co" });
  const bookingRequestId = `brq_${crypto.randomUUID()}`;
  const bookingId = `bkg_${crypto.randomUUID()}`;
  const inquiryId = `inq_${crypto.randomUUID()}`;
  const apiKeyId = `key_${crypto.randomUUID()}`;
  const propertyId = `prp_${crypto.randomUUID()}`;
  const unitId = `unt_${crypto.randomUUID()}`;
  const photoId = `pho_${crypto.randomUUID()}`;
  const documentId = `doc_${crypto.randomUUID()}`;
  const bankAccountId = `bac_${crypto.randomUUID()}`;
  const subscriptionId = `sub_${crypto.randomUUID()}`;
  const feedId = `icf_${crypto.randomUUID()}`;
  const reviewId = `rev_${crypto.randomUUID()}`;
  const conversationId = `cnv_${crypto.randomUUID()}`;
  const replyId = `rpl_${crypto.randomUUID()}`;
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO properties (public_id, host_user_id, property_type, state, title, country_code, city, street, house_number_or_name) VALUES (?, ?, 'multi', 'PUBLISHED', 'Owner Villa', 'IT', 'Roma', 'Via Appia', '1')").bind(propertyId, user.id),
    env.DB.prepare("INSERT INTO property_units (public_id, property_id, host_user_id, state, title) SELECT ?, id, ?, 'PUBLISHED', 'Owner Suite' FROM properties WHERE public_id = ?").bind(unitId, user.id, propertyId),
    env.DB.prepare("INSERT INTO unit_photos (public_id, unit_id, host_user_id, storage_key, mime_type, width, height, bytes, position, is_cover) SELECT ?, id, ?, 'photos/owner', 'image/png', 1200, 800, 10, 0, 1 FROM property_units WHERE public_id = ?").bind(photoId, user.id, unitId),
    env.DB.prepare("INSERT INTO host_documents (public_id, host_user_id, document_type, side, mime_type, bytes, storage_key) VALUES (?, ?, 'passport', 'front', 'image/png', 10, 'documents/owner')").bind(documentId, user.id),
    env.DB.prepare("INSERT INTO host_bank_accounts (public_id, host_user_id, position, holder_name, iban, currency, is_default) VALUES (?, ?, 0, 'Owner Co', 'GB82WEST12345698765432', 'GBP', 1)").bind(bankAccountId, user.id),
    env.DB.prepare("INSERT INTO subscriptions (public_id, host_user_id, plan_id, plan_item_price_id, status, period, price, started_at, expires_at) VALUES (?, ?, 'subscription-basic', 'subscription-basic-EUR-yearly', 'active', 12, 29900, ?, ?)").bind(subscriptionId, user.id, now, now + 365 * 86_400_000),
    env.DB.prepare("INSERT INTO subscription_units (subscription_id, unit_id, host_user_id) SELECT s.id, u.id, s.host_user_id FROM subscriptions s, property_units u WHERE s.public_id = ? AND u.public_id = ?").bind(subscriptionId, unitId),
    env.DB.prepare("INSERT INTO subscription_services (subscription_id, service, host_user_id, price, expires_at) SELECT id, 'visibility_boost', host_user_id, 4900, expires_at FROM subscriptions WHERE public_id = ?").bind(subscriptionId),
    env.DB.prepare("INSERT INTO subscription_boosts (public_id, subscription_id, unit_id, host_user_id, start_date, end_date, credits) SELECT ?, s.id, u.id, s.host_user_id, ?, ?, 1 FROM subscriptions s, property_units u WHERE s.public_id = ? AND u.public_id = ?").bind(`bst_${crypto.randomUUID()}`, inDays(10), inDays(12), subscriptionId, unitId),
    env.DB.prepare("INSERT INTO taken_nights (unit_id, night, host_user_id, kind, owner_id) SELECT id, ?, host_user_id, 'manual', 'blk_owner' FROM property_units WHERE public_id = ?").bind(inDays(42), unitId),
    env.DB.prepare("INSERT INTO unit_day_overrides (unit_id, date, host_user_id, price) SELECT id, ?, host_user_id, 20000 FROM property_units WHERE public_id = ?").bind(inDays(41), unitId),
    env.DB.prepare("INSERT INTO unit_seasons (public_id, unit_id, host_user_id, date_from, date_to, recurrence, nightly_price) SELECT 'ssn_owner', id, host_user_id, ?, ?, 'one-time', 15000 FROM property_units WHERE public_id = ?").bind(inDays(30), inDays(60), unitId),
    stayRow("booking_requests", bookingRequestId, unitId, inDays(50), inDays(53)),
    stayRow("bookings", bookingId, unitId, inDays(60), inDays(63)),
    env.DB.prepare("INSERT INTO taken_nights (unit_id, night, host_user_id, kind, owner_id) SELECT id, ?, host_user_id, 'booking', ? FROM property_units WHERE public_id = ?").bind(inDays(60), bookingId, unitId),
    stayRow("booking_inquiries", inquiryId, unitId, inDays(70), inDays(73)),
    env.DB.prepare("INSERT INTO channel_api_keys (public_id, host_user_id, name, key_hash, prefix) VALUES (?, ?, 'Owner channel', ?, 'shk_owner')").bind(apiKeyId, user.id, `hash-${apiKeyId}`),
    env.DB.prepare("INSERT INTO ical_feeds (public_id, unit_id, host_user_id, name, url, status, event_count, next_sync_at) SELECT ?, id, host_user_id, 'Owner Airbnb', 'https://calendar.example.com/owner.ics', 'ok', 1, 9e15 FROM property_units WHERE public_id = ?").bind(feedId, unitId),
    env.DB.prepare("INSERT INTO ical_exports (unit_id, host_user_id, token) SELECT id, host_user_id, ? FROM property_units WHERE public_id = ?").bind(`ics_${crypto.randomUUID().replaceAll("-", "")}`, unitId),
    env.DB.prepare("INSERT INTO unit_calendar_verifications (unit_id, provider, host_user_id, is_listed, url, status) SELECT id, 'airbnb', host_user_id, 0, NULL, 'verified' FROM property_units WHERE public_id = ?").bind(unitId),
    env.DB.prepare(
      "INSERT INTO conversations (public_id, host_user_id, unit_id, type, stay_public_id, stay_code, guest_first_name, guest_last_name, guest_email, message_count, host_unread, last_activity_at) SELECT ?, host_user_id, unit_id, 'booking', public_id, code, guest_first_name, guest_last_name, guest_email, 1, 1, ? FROM bookings WHERE public_id = ?",
    ).bind(conversationId, now, bookingId),
    env.DB.prepare("INSERT INTO messages (public_id, conversation_id, seq, sender, text, client_message_id) SELECT ?, id, 1, 'guest', 'Owner secret', 'owner-1' FROM conversations WHERE public_id = ?").bind(`msg_${crypto.randomUUID()}`, conversationId),
    env.DB.prepare("INSERT INTO saved_replies (public_id, host_user_id, title, body) VALUES (?, ?, 'Owner reply', 'Owner secret reply')").bind(replyId, user.id),
    env.DB.prepare(
      "INSERT INTO reviews (public_id, host_user_id, unit_id, booking_id, guest_name, rating, cleanliness, accuracy, communication, location, check_in, value, text) SELECT ?, host_user_id, unit_id, id, 'Owner', 5, 5, 5, 5, 5, 5, 5, 'Owner secret review' FROM bookings WHERE public_id = ?",
    ).bind(reviewId, bookingId),
  ]);
  return { user, bookingRequestId, bookingId, inquiryId, apiKeyId, propertyId, unitId, photoId, documentId, bankAccountId, subscriptionId, feedId, conversationId, replyId, reviewId };
}

describe("cross-tenant isolation", () => {
  it("knows every path parameter of the API", () => {
    const params = new Set(routes().flatMap((r) => [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]!)));
    const unknown = [...params].filter((p) => !(p in ownedIds));
    expect(unknown, "add an owned id for these path parameters").toEqual([]);
  });

  it("GET /api/app/shell counts and shows only the caller's own user, interactions and requests", async () => {
    const owner = await makeOwner();
    await env.DB.prepare("INSERT INTO user_interactions (user_id, interaction_type, interacted) VALUES (?, 'helpCenterTooltip', 1)").bind(owner.user.id).run();
    const intruder = await createUser();
    const { access_token } = await signIn(intruder.email);
    const response = await api(access_token, "GET", "/shell");
    expect(await response.json()).toMatchObject({ user: { userId: intruder.publicId }, interactions: [], pendingCount: 0 });
  });

  it("loads every host-owned object a path names through an ownership guard, before validation and handler", () => {
    const guarded = new Set(hostApp.routes.filter((r) => isOwnershipGuard(r.handler)).map((r) => `${r.method} ${r.path}`));
    const unguarded = routes()
      // Staff act on any host by design; their routes refuse everyone else (403, below).
      .filter((r) => !r.path.startsWith("/api/app/staff/"))
      .filter((r) => [...r.path.matchAll(/:(\w+)/g)].some((m) => !notIds.has(m[1]!)))
      .map((r) => `${r.method} ${r.path}`)
      .filter((route) => !guarded.has(route));
    expect(unguarded, "give these routes an ownership guard (api/lib/ownership.ts)").toEqual([]);
  });

  for (const route of routes()) {
    // A route that names an object, or a staff route, must refuse outright; the rest act only on the caller.
    const refuses = [...route.path.matchAll(/:(\w+)/g)].some((m) => !notIds.has(m[1]!)) || route.path.startsWith("/api/app/staff") || BULK_ROUTES.includes(route.path);
    it(`${route.method} ${route.path} never serves or changes another host's data`, async () => {
      const owner = await makeOwner();
      const intruder = await createUser();
      const { access_token } = await signIn(intruder.email);
      const path = route.path
        .replace(/:(\w+)\??/g, (_, name: string) => encodeURIComponent(ownedIds[name]!(owner, route.path)))
        .replace(/^\/api\/app/, "");
      const template = bodies[`${route.method} ${route.path}`];
      const body = template === undefined ? undefined : JSON.parse(JSON.stringify(template).replace("__userId__", owner.user.publicId).replace("__unitId__", owner.unitId).replace("__propertyId__", owner.propertyId).replace("__photoId__", owner.photoId).replace("__bookingId__", owner.bookingId).replace("__bankAccountId__", owner.bankAccountId).replace("__subscriptionId__", owner.subscriptionId));
      const before = await ownedRowsDigest(owner.user.id);
      const response = await api(access_token, route.method, path, body);
      const text = await response.text();
      const after = await ownedRowsDigest(owner.user.id);
      expect(refuses ? [403, 404].includes(response.status) : response.status < 500, `answered ${response.status}`).toBe(true);
      expect(text).not.toContain(owner.user.publicId);
      expect(text).not.toContain(owner.user.email);
      expect(text).not.toContain("Owner secret");
      for (const id of [owner.bookingRequestId, owner.bookingId, owner.inquiryId, owner.apiKeyId, owner.propertyId, owner.unitId, owner.photoId, owner.documentId, owner.bankAccountId, owner.subscriptionId, owner.feedId, owner.conversationId, owner.replyId, owner.reviewId]) expect(text).not.toContain(id);
      // The intruder may change its own rows; never one of the owner's.
      expect(after).toEqual(before);
    });
  }
});

/**
 * The guest's side (§6 guest role): a guest token names one stay, so a guest reaches only that
 * stay and its conversation. Every guest route (taken from the router) is called with guest A's
 * token while guest B's stay has a conversation with messages: A's answers hold nothing of B's and
 * B's rows do not change; a host's token on a guest route and a guest's token on every host route
 * answer 401; A's live token does not open B's conversation.
 */
function guestRoutes() {
  const seen = new Set<string>();
  return publicApp.routes
    .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/guest/") && r.path !== "/api/guest/session")
    .filter((r) => {
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const guestBodies: Record<string, unknown> = {
  "POST /api/guest/conversation/messages": { text: "Intruder", clientMessageId: "intruder-1" },
  "POST /api/guest/review": { rating: 1, cleanliness: 1, accuracy: 1, communication: 1, location: 1, checkIn: 1, value: 1, text: "Intruder" },
};

async function guestOf(host: TestUser, unitId: string, checkIn: number) {
  const email = `guest-${crypto.randomUUID()}@guest.example`;
  const reserved = await publicApi("POST", `/api/public/stays/${unitId}/reservations`, { intent: "book", checkIn: inDays(checkIn), checkOut: inDays(checkIn + 2), guests: 2, firstName: "Gina", lastName: "Guest", email, message: `Secret of ${email}` });
  const { code } = (await reserved.json()) as { code: string };
  const session = await publicApi("POST", "/api/guest/session", { code, email }, { "cf-connecting-ip": `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  const { token } = (await session.json()) as { token: string };
  const conversation = await env.DB.prepare("SELECT public_id AS id, stay_public_id AS stay FROM conversations WHERE stay_code = ? AND host_user_id = ?").bind(code, host.id).first<{ id: string; stay: string }>();
  return { email, code, token, conversationId: conversation!.id, stayId: conversation!.stay };
}

async function messagesOf(conversationId: string) {
  return JSON.stringify((await env.DB.prepare("SELECT m.* FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE c.public_id = ? ORDER BY m.seq").bind(conversationId).all()).results);
}

describe("guest isolation", () => {
  it("covers every guest route", () => {
    expect(guestRoutes().length).toBeGreaterThanOrEqual(5);
  });

  for (const route of guestRoutes()) {
    it(`${route.method} ${route.path} serves guest A nothing of guest B's and changes nothing of B's`, async () => {
      const hostA = await createUser({ commercialModel: "commission" });
      const hostB = await createUser({ commercialModel: "commission" });
      const unitA = await publishedUnit(hostA);
      const unitB = await publishedUnit(hostB);
      const a = await guestOf(hostA, unitA.unitId, 30);
      const b = await guestOf(hostB, unitB.unitId, 30);
      // B's conversation has more than the first message.
      await publicApi("POST", "/api/guest/conversation/messages", { text: "B's second secret", clientMessageId: "b-2" }, { authorization: `Bearer ${b.token}` });
      const before = [await ownedRowsDigest(hostB.id), await messagesOf(b.conversationId)];
      const body = guestBodies[`${route.method} ${route.path}`];
      // A's own stay is over, so that A may review it: the review is A's, never B's.
      if (route.path === "/api/guest/review") await env.DB.prepare("UPDATE bookings SET check_in = ?, check_out = ? WHERE code = ?").bind(inDays(-3), inDays(-1), a.code).run();
      // Cursors that name B's messages by number change nothing: they count within A's own conversation.
      const path = route.method === "GET" && route.path === "/api/guest/conversation" ? `${route.path}?after=0&limit=100` : route.path;
      const response = await publicApi(route.method, path, body, { authorization: `Bearer ${a.token}` });
      const text = await response.text();
      expect(response.status < 300 ? "ok" : text).toBe("ok");
      for (const secret of [b.email, b.code, b.conversationId, b.stayId, `Secret of ${b.email}`, "B's second secret", hostB.publicId, hostB.email, unitB.unitId]) expect(text).not.toContain(secret);
      expect([await ownedRowsDigest(hostB.id), await messagesOf(b.conversationId)]).toEqual(before);
      // A host's token is no guest token.
      const { access_token } = await signIn(hostB.email);
      expect((await publicApi(route.method, route.path, body, { authorization: `Bearer ${access_token}` })).status).toBe(401);
    });
  }

  it("a guest's token opens no host route, and a guest's live token no other conversation", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const other = await createUser({ commercialModel: "commission" });
    const a = await guestOf(host, (await publishedUnit(host)).unitId, 30);
    const b = await guestOf(other, (await publishedUnit(other)).unitId, 30);
    for (const route of routes()) {
      const path = route.path.replace(/:(\w+)\??/g, "x").replace(/^\/api\/app/, "");
      const response = await SELF.fetch(`http://localhost:5173/api/app${path}`, { method: route.method, headers: { authorization: `Bearer ${a.token}` } });
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
    }
    const live = (await (await publicApi("GET", "/api/guest/messaging/token", undefined, { authorization: `Bearer ${a.token}` })).json()) as { token: string };
    const opened = await SELF.fetch(`http://localhost:5173${liveSocketPath(b.conversationId, { token: live.token, after: 0 })}`, { headers: { Upgrade: "websocket" } });
    expect(opened.status).toBe(404);
  });
});
