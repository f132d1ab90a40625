import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, addMonthsTo, todayUtc } from "@domain/dates";
import { api, createUser, ownedRowsDigest, payForPlan, signIn, type UserOverrides } from "@api/test/helpers";

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

interface FieldErrorBody {
  message: string;
  errors: { field: string | null; message: string; type: string }[];
}

interface Plan {
  id: string;
  type: string;
  tier: string;
  name: string;
  planItemPriceId: string;
  price: number;
  period: number;
  periodUnit: string;
  available: boolean;
  includedServices: { id: string; label: string }[];
  optionalServices: { id: string; label: string; price: number }[];
}

interface Credits {
  enabled: boolean;
  remaining: number;
  quota: number;
  used: number;
  cost: number;
  state: string | null;
}

interface State {
  currentPlan: (Plan & { subscriptionStatus: string; subscriptionInternalStatus: string; isCancellationScheduled: boolean; isEditable: boolean }) | null;
  upgradeablePlans: Plan[];
  subscription: {
    id: string;
    startDate: string;
    expirationDate: string;
    trialEndDate: string | null;
    period: number;
    periodUnit: string;
    price: number;
    couponCode: string | null;
    discountPercent: number;
    unitIds: string[];
    services: { id: string; included: boolean; price: number; expirationDate: string }[];
    scheduledChange: { planId: string; planItemPriceId: string; effectiveDate: string; couponCode: string | null } | null;
  } | null;
  leads: { enabled: boolean; remaining: number | null; total: number | null; state: string | null };
  unitPublish: Credits;
  boostCredits: Credits;
  boostsInfo: { type: string; expirationDate: string }[];
  boost: { availableItems: number; level: number; scheduledPeriods: { id: string; unitId: string; startDate: string; endDate: string; credits: number }[] };
}

const BASIC = "subscription-basic-EUR-yearly";
const PREMIUM = "subscription-premium-EUR-yearly";
const SPLIT = "split-EUR-yearly";
const HOST_ONLY = "host-only-EUR-yearly";
const DAY = 86_400_000;

/** The date `offsetDays` from today (UTC). */
const isoDay = (offsetDays: number) => addDays(todayUtc(), offsetDays);

/** A signed-in host with a single-unit property. */
async function hostWithUnit(overrides: UserOverrides = {}) {
  const host = await createUser(overrides);
  const { access_token: token } = await signIn(host.email);
  const unitId = await newUnit(token);
  return { host, token, unitId };
}

async function newUnit(token: string): Promise<string> {
  const created = await api(token, "POST", "/properties", { propertyType: "single", title: "Harbour flat" });
  expect(created.status).toBe(201);
  return (await json<{ unitIds: string[] }>(created)).unitIds[0]!;
}

/** Verifies the unit's calendar the way the wizard does: not listed on Vrbo. */
async function verifyCalendar(token: string, unitId: string) {
  expect((await api(token, "POST", `/property-unit/${unitId}/verify-calendar/vrbo/data`, { isListed: false })).status).toBe(200);
  expect((await json<{ status: string }>(await api(token, "GET", `/property-unit/${unitId}/verify-calendar/vrbo/verify`))).status).toBe("verified");
}

async function subscribe(token: string, body: Record<string, unknown>) {
  const response = await api(token, "POST", "/subscriptions", body);
  expect(response.status).toBe(201);
  return json<State>(response);
}

async function state(token: string) {
  const response = await api(token, "GET", "/v2/user/subscription");
  expect(response.status).toBe(200);
  return json<State>(response);
}

async function errorsOf(response: Response): Promise<string[]> {
  expect(response.status).toBe(400);
  return (await json<FieldErrorBody>(response)).errors.map((e) => `${e.field}:${e.type}`);
}

/** Whole months later (or earlier), on the same day or the month's last. */
const monthsLater = (iso: string, months: number) => addMonthsTo(new Date(iso), months).toISOString();

describe("plan catalogue", () => {
  it("offers a subscription host the standard plans and shows the better ones locked, with translated names", async () => {
    const { token } = await hostWithUnit();
    const response = await api(token, "GET", "/subscriptions/plans?hl=de_DE");
    expect(response.status).toBe(200);
    const body = await json<{ currency: string; calendarVerificationStatus: string | null; plans: Plan[]; services: { id: string; label: string }[] }>(response);
    expect(body.currency).toBe("EUR");
    expect(body.calendarVerificationStatus).toBeNull();
    expect(body.plans.map((p) => [p.id, p.available])).toEqual([
      ["split", true],
      ["host-only", true],
      ["subscription-basic", true],
      ["host-only-14-5", false],
      ["subscription-premium", false],
    ]);
    const basic = body.plans.find((p) => p.id === "subscription-basic")!;
    expect(basic).toMatchObject({ type: "subscription", name: "Basis-Abo", period: 12, periodUnit: "month", price: 29_900, planItemPriceId: BASIC, trialDays: 30, leadsQuota: 100 });
    expect(basic.includedServices).toEqual([
      { id: "show_phone_number", label: "Telefonnummer anzeigen" },
      { id: "display_guest_email", label: "E-Mail-Adresse des Gastes anzeigen" },
    ]);
    expect(body.services.map((s) => s.id)).toEqual(["show_phone_number", "display_guest_email", "visibility_boost", "ad_banner", "social_package", "diamond", "direct_email_marketing"]);
  });

  it("unlocks the better plans for a unit whose calendar is verified", async () => {
    const { token, unitId } = await hostWithUnit();
    const before = await json<{ calendarVerificationStatus: string; plans: Plan[] }>(await api(token, "GET", `/subscriptions/plans?unitId=${unitId}`));
    expect(before.calendarVerificationStatus).toBe("not_started");
    expect(before.plans.filter((p) => p.available).map((p) => p.id)).toEqual(["split", "host-only", "subscription-basic"]);
    await verifyCalendar(token, unitId);
    const after = await json<{ calendarVerificationStatus: string; plans: Plan[] }>(await api(token, "GET", `/subscriptions/plans?unitId=${unitId}`));
    expect(after.calendarVerificationStatus).toBe("verified");
    expect(after.plans.every((p) => p.available)).toBe(true);
  });

  it("offers a hybrid host the plans of its bidding tag and a commission host none", async () => {
    const hybrid = await hostWithUnit({ commercialModel: "commission", biddingTag: "hybrid_7" });
    const plans = await json<{ plans: Plan[] }>(await api(hybrid.token, "GET", "/subscriptions/plans"));
    expect(plans.plans.map((p) => [p.id, p.type, p.available])).toEqual([
      ["hybrid-7", "hybrid_7", true],
      ["hybrid-7-plus", "hybrid_7", false],
    ]);
    // Named by its booking fee, written as the host's language writes a percentage.
    expect(plans.plans[0]!.name).toBe("Hybrid 7%");
    expect((await json<{ plans: Plan[] }>(await api(hybrid.token, "GET", "/subscriptions/plans?hl=de_DE"))).plans[0]!.name).toBe("Hybridtarif 7\u00a0%");

    const commission = await hostWithUnit({ commercialModel: "commission" });
    expect((await json<{ plans: Plan[] }>(await api(commission.token, "GET", "/subscriptions/plans"))).plans).toEqual([]);
  });

  it("answers 404 for another host's unit", async () => {
    const owner = await hostWithUnit();
    const intruder = await hostWithUnit();
    expect((await api(intruder.token, "GET", `/subscriptions/plans?unitId=${owner.unitId}`)).status).toBe(404);
  });
});

describe("the host's subscription", () => {
  it("is empty, never 404, before the host subscribes", async () => {
    const { token } = await hostWithUnit();
    const body = await state(token);
    expect(body).toMatchObject({
      currentPlan: null,
      subscription: null,
      leads: { enabled: false, remaining: 0, total: 0 },
      unitPublish: { enabled: false, remaining: 0, quota: 0, used: 0, cost: 0 },
      boostCredits: { enabled: false, remaining: 0, quota: 0, used: 0, cost: 0 },
      boostsInfo: [],
      boost: { availableItems: 0, level: 0, scheduledPeriods: [] },
    });
    expect(body.upgradeablePlans.map((p) => p.id)).toEqual(["split", "host-only", "subscription-basic"]);
  });

  it("starts in the trial when checkout is not available, for a year, with the chosen services", async () => {
    const { token, unitId } = await hostWithUnit();
    const created = await subscribe(token, { planItemPriceId: BASIC, unitId, services: ["visibility_boost", "show_phone_number"] });
    expect(created.currentPlan).toMatchObject({ id: "subscription-basic", subscriptionStatus: "in_trial", subscriptionInternalStatus: "active", isCancellationScheduled: false, isEditable: true });
    const sub = created.subscription!;
    expect(sub.id).toMatch(/^sub_/);
    expect(sub).toMatchObject({ period: 12, periodUnit: "month", price: 29_900, couponCode: null, unitIds: [unitId] });
    expect(sub.expirationDate).toBe(monthsLater(sub.startDate, 12));
    expect(new Date(sub.trialEndDate!).getTime() - new Date(sub.startDate).getTime()).toBe(30 * DAY);
    expect(sub.services.map((s) => [s.id, s.included, s.price])).toEqual([
      ["show_phone_number", true, 0],
      ["display_guest_email", true, 0],
      ["visibility_boost", false, 4_900],
    ]);
    expect(created.leads).toMatchObject({ enabled: true, remaining: 100, total: 100, state: "ok" });
    // Credits are the coin subscription's; without the feature they are not in use.
    expect(created.unitPublish).toMatchObject({ enabled: false, quota: 1, used: 1, remaining: 0 });
    expect(created.boostsInfo).toEqual([{ type: "visibility_boost", expirationDate: sub.expirationDate }]);
    expect(created.boost.level).toBe(1);
    expect(created.upgradeablePlans.map((p) => p.id)).toEqual([]);
    expect(await state(token)).toEqual(created);
  });

  it("starts a paid plan only through checkout where the host pays so, then active; a plan without a price at once", async () => {
    const paid = await hostWithUnit({ features: ["subscriptionCheckout"] });
    const refused = await api(paid.token, "POST", "/subscriptions", { planItemPriceId: BASIC, unitId: paid.unitId, couponCode: "WELCOME10" });
    expect(await errorsOf(refused)).toEqual(["planItemPriceId:plan_checkout_required"]);
    expect((await state(paid.token)).currentPlan).toBeNull();
    const active = await json<State>(await payForPlan(paid.token, { planItemPriceId: BASIC, unitId: paid.unitId }));
    expect(active.currentPlan!.subscriptionStatus).toBe("active");
    expect(active.subscription!.trialEndDate).toBeNull();
    const onSplit = await hostWithUnit({ features: ["subscriptionCheckout"] });
    expect((await subscribe(onSplit.token, { planItemPriceId: SPLIT, unitId: onSplit.unitId })).currentPlan).toMatchObject({ id: "split", subscriptionStatus: "active" });

    const free = await hostWithUnit();
    const split = await subscribe(free.token, { planItemPriceId: SPLIT, unitId: free.unitId, services: [] });
    expect(split.currentPlan).toMatchObject({ id: "split", subscriptionStatus: "active" });
    expect(split.subscription!.price).toBe(0);
    expect(split.upgradeablePlans.map((p) => p.id)).toEqual(["subscription-basic"]);
  });

  it("takes a coupon off the price", async () => {
    const { token, unitId } = await hostWithUnit();
    const created = await subscribe(token, { planItemPriceId: BASIC, unitId, couponCode: "welcome10" });
    expect(created.subscription).toMatchObject({ price: 26_910, couponCode: "WELCOME10", discountPercent: 10 });
  });

  it("refuses plans, services and coupons it does not offer", async () => {
    const { token, unitId } = await hostWithUnit();
    expect(await errorsOf(await api(token, "POST", "/subscriptions", { planItemPriceId: "gold-EUR-yearly", unitId }))).toEqual(["planItemPriceId:plan_invalid"]);
    expect(await errorsOf(await api(token, "POST", "/subscriptions", { planItemPriceId: "hybrid-7-EUR-yearly", unitId }))).toEqual(["planItemPriceId:plan_invalid"]);
    expect(await errorsOf(await api(token, "POST", "/subscriptions", { planItemPriceId: PREMIUM, unitId }))).toEqual(["planItemPriceId:plan_requires_verified_calendar"]);
    expect(await errorsOf(await api(token, "POST", "/subscriptions", { planItemPriceId: BASIC, unitId, services: ["ad_banner", "diamond"] }))).toEqual(["services.1:service_not_available"]);
    expect(await errorsOf(await api(token, "POST", "/subscriptions", { planItemPriceId: BASIC, unitId, services: ["gold"] }))).toEqual(["services.0:service_not_available"]);
    expect(await errorsOf(await api(token, "POST", "/subscriptions", { planItemPriceId: BASIC, unitId, services: ["ad_banner", "ad_banner"] }))).toEqual(["services:duplicate"]);
    expect(await errorsOf(await api(token, "POST", "/subscriptions", { planItemPriceId: BASIC, unitId, couponCode: "FREE100" }))).toEqual(["couponCode:coupon_invalid"]);
    expect(await errorsOf(await api(token, "POST", "/subscriptions", { planItemPriceId: BASIC, unitId, couponCode: "  " }))).toEqual(["couponCode:coupon_invalid"]);
    expect(await errorsOf(await api(token, "POST", "/subscriptions", { planItemPriceId: BASIC, unitId, couponCode: "PREMIUM20" }))).toEqual(["couponCode:coupon_invalid"]);
    expect(await errorsOf(await api(token, "POST", "/subscriptions", { planItemPriceId: SPLIT, unitId, couponCode: "WELCOME10" }))).toEqual(["couponCode:coupon_invalid"]);
    const missing = await api(token, "POST", "/subscriptions", {});
    expect(await errorsOf(missing)).toEqual(["planItemPriceId:required", "unitId:required"]);
    const english = await api(token, "POST", "/subscriptions", { planItemPriceId: BASIC, unitId, couponCode: "FREE100" });
    expect((await json<FieldErrorBody>(english)).errors[0]!.message).toBe("This coupon code is not valid for this plan.");
    expect((await state(token)).currentPlan).toBeNull();
  });

  it("makes one running subscription per host, answers 404 for another host's unit and 403 where subscriptions do not apply", async () => {
    const { token, unitId } = await hostWithUnit();
    await subscribe(token, { planItemPriceId: BASIC, unitId });
    const again = await api(token, "POST", "/subscriptions", { planItemPriceId: BASIC, unitId: await newUnit(token) });
    expect(again.status).toBe(409);

    const intruder = await hostWithUnit();
    expect((await api(intruder.token, "POST", "/subscriptions", { planItemPriceId: BASIC, unitId })).status).toBe(404);

    const commission = await hostWithUnit({ commercialModel: "commission" });
    expect((await api(commission.token, "POST", "/subscriptions", { planItemPriceId: BASIC, unitId: commission.unitId })).status).toBe(403);
  });

  it("tells the plan, services and expiration a unit is published under", async () => {
    const { token, unitId } = await hostWithUnit();
    const other = await newUnit(token);
    expect(await json(await api(token, "GET", `/subscription/info/${unitId}`))).toEqual({
      unitId,
      calendarVerificationStatus: "not_started",
      subscriptionId: null,
      subscriptionStatus: null,
      plan: null,
      services: [],
      expirationDate: null,
      boosts: [],
    });
    const created = await subscribe(token, { planItemPriceId: BASIC, unitId, services: ["ad_banner"] });
    const info = await json<{ subscriptionId: string; subscriptionStatus: string; plan: Plan; services: { id: string }[]; expirationDate: string }>(await api(token, "GET", `/subscription/info/${unitId}?hl=fr_FR`));
    expect(info).toMatchObject({ subscriptionId: created.subscription!.id, subscriptionStatus: "in_trial", expirationDate: created.subscription!.expirationDate });
    expect(info.plan).toMatchObject({ id: "subscription-basic", name: "Abonnement Basic" });
    expect(info.services.map((s) => s.id)).toEqual(["show_phone_number", "display_guest_email", "ad_banner"]);
    expect((await json<{ plan: null }>(await api(token, "GET", `/subscription/info/${other}`))).plan).toBeNull();

    const intruder = await hostWithUnit();
    expect((await api(intruder.token, "GET", `/subscription/info/${unitId}`)).status).toBe(404);
  });
});

describe("changing the plan", () => {
  it("changes at once in the trial, keeping the term", async () => {
    const { token, unitId } = await hostWithUnit();
    const created = await subscribe(token, { planItemPriceId: BASIC, unitId, services: ["visibility_boost", "social_package"] });
    const id = created.subscription!.id;
    const response = await api(token, "POST", `/subscription/${id}/change-plan`, { planItemPriceId: HOST_ONLY });
    expect(response.status).toBe(200);
    const changed = await json<State>(response);
    expect(changed.currentPlan).toMatchObject({ id: "host-only", subscriptionStatus: "active" });
    expect(changed.subscription).toMatchObject({ id, startDate: created.subscription!.startDate, expirationDate: created.subscription!.expirationDate, price: 0, scheduledChange: null });
    // host-only offers the visibility boost but no social package.
    expect(changed.subscription!.services.filter((s) => !s.included).map((s) => s.id)).toEqual(["visibility_boost"]);
  });

  it("upgrades an active subscription at once to a plan the verified calendar unlocks, with a coupon, once paid through checkout", async () => {
    const { token, unitId } = await hostWithUnit({ features: ["subscriptionCheckout"] });
    const created = await json<State>(await payForPlan(token, { planItemPriceId: BASIC, unitId }));
    const id = created.subscription!.id;
    expect((await api(token, "PUT", `/subscription/${id}/services`, { services: ["visibility_boost"] })).status).toBe(200);
    expect(await errorsOf(await api(token, "POST", `/subscription/${id}/change-plan`, { planItemPriceId: PREMIUM }))).toEqual(["planItemPriceId:plan_requires_verified_calendar"]);

    await verifyCalendar(token, unitId);
    expect((await state(token)).upgradeablePlans.map((p) => p.id)).toEqual(["subscription-premium"]);
    expect(await errorsOf(await api(token, "POST", `/subscription/${id}/change-plan`, { planItemPriceId: PREMIUM, couponCode: "HYBRID15" }))).toEqual(["couponCode:coupon_invalid"]);
    // The upgrade starts now and has a price: it is paid first, and starts with the provider's confirmation.
    expect(await errorsOf(await api(token, "POST", `/subscription/${id}/change-plan`, { planItemPriceId: PREMIUM, couponCode: "PREMIUM20" }))).toEqual(["planItemPriceId:plan_checkout_required"]);
    expect((await state(token)).currentPlan!.id).toBe("subscription-basic");
    const upgraded = await json<State>(await payForPlan(token, { planItemPriceId: PREMIUM, couponCode: "PREMIUM20", subscriptionId: id }));
    expect(upgraded.currentPlan).toMatchObject({ id: "subscription-premium", subscriptionStatus: "active" });
    expect(upgraded.subscription).toMatchObject({ price: 35_920, couponCode: "PREMIUM20", discountPercent: 20, scheduledChange: null });
    // A new term starts; the visibility boost is now part of the plan.
    expect(new Date(upgraded.subscription!.startDate).getTime()).toBeGreaterThanOrEqual(new Date(created.subscription!.startDate).getTime());
    expect(upgraded.subscription!.expirationDate).toBe(monthsLater(upgraded.subscription!.startDate, 12));
    expect(upgraded.subscription!.services.every((s) => s.included)).toBe(true);
    expect(upgraded.leads).toMatchObject({ enabled: false, remaining: null, total: null });
  });

  it("schedules a downgrade of an active subscription for the end of the term, and drops it when the current plan is chosen again", async () => {
    const { token, unitId } = await hostWithUnit({ features: ["subscriptionCheckout"] });
    const created = await json<State>(await payForPlan(token, { planItemPriceId: BASIC, unitId }));
    const id = created.subscription!.id;
    const scheduled = await json<State>(await api(token, "POST", `/subscription/${id}/change-plan`, { planItemPriceId: SPLIT }));
    expect(scheduled.currentPlan!.id).toBe("subscription-basic");
    expect(scheduled.subscription!.scheduledChange).toMatchObject({ planId: "split", planItemPriceId: SPLIT, effectiveDate: created.subscription!.expirationDate });
    expect(scheduled.subscription!.expirationDate).toBe(created.subscription!.expirationDate);

    const kept = await json<State>(await api(token, "POST", `/subscription/${id}/change-plan`, { planItemPriceId: BASIC, couponCode: "WELCOME10" }));
    expect(kept.subscription).toMatchObject({ scheduledChange: null, price: 26_910, couponCode: "WELCOME10", startDate: created.subscription!.startDate });
  });

  it("refuses a plan that does not cover the subscription's units", async () => {
    const { token, unitId } = await hostWithUnit();
    const created = await subscribe(token, { planItemPriceId: BASIC, unitId });
    await env.DB.prepare("INSERT INTO subscription_units (subscription_id, unit_id, host_user_id) SELECT s.id, u.id, s.host_user_id FROM subscriptions s, property_units u WHERE s.public_id = ? AND u.public_id = ?")
      .bind(created.subscription!.id, await newUnit(token))
      .run();
    expect(await errorsOf(await api(token, "POST", `/subscription/${created.subscription!.id}/change-plan`, { planItemPriceId: HOST_ONLY }))).toEqual(["planItemPriceId:plan_unit_quota_too_small"]);
  });

  it("answers 404 for another host's subscription and changes nothing", async () => {
    const owner = await hostWithUnit();
    const created = await subscribe(owner.token, { planItemPriceId: BASIC, unitId: owner.unitId });
    const intruder = await hostWithUnit();
    const before = await ownedRowsDigest(owner.host.id);
    const id = created.subscription!.id;
    expect((await api(intruder.token, "POST", `/subscription/${id}/change-plan`, { planItemPriceId: SPLIT })).status).toBe(404);
    expect((await api(intruder.token, "PUT", `/subscription/${id}/services`, { services: [] })).status).toBe(404);
    expect((await api(intruder.token, "POST", "/user/subscription/coin/boost", { unitId: owner.unitId, startDate: isoDay(1), endDate: isoDay(3) })).status).toBe(404);
    expect(await ownedRowsDigest(owner.host.id)).toEqual(before);
  });
});

describe("units of a subscription", () => {
  it("takes a further unit in within the plan's unit-publish credits, once", async () => {
    const { token, unitId } = await hostWithUnit({ features: ["coinSubscription"] });
    await verifyCalendar(token, unitId);
    const created = await subscribe(token, { planItemPriceId: PREMIUM, unitId });
    const id = created.subscription!.id;
    const second = await newUnit(token);
    const added = await api(token, "POST", `/subscription/${id}/units`, { unitId: second });
    expect(added.status).toBe(200);
    const after = await json<State>(added);
    expect(after.subscription!.unitIds).toEqual([unitId, second]);
    expect(after.unitPublish).toMatchObject({ quota: 3, used: 2, remaining: 1 });
    // Again: the unit is already under it; nothing is spent twice.
    expect((await json<State>(await api(token, "POST", `/subscription/${id}/units`, { unitId: second }))).unitPublish.used).toBe(2);
    expect((await api(token, "POST", `/subscription/${id}/units`, { unitId: await newUnit(token) })).status).toBe(200);
    expect(await errorsOf(await api(token, "POST", `/subscription/${id}/units`, { unitId: await newUnit(token) }))).toEqual(["null:unit_publish_credits_empty"]);
    expect((await state(token)).unitPublish).toMatchObject({ used: 3, remaining: 0 });
  });

  it("refuses a unit beyond the plan's credits and a body without a unit", async () => {
    const { token, unitId } = await hostWithUnit();
    const created = await subscribe(token, { planItemPriceId: BASIC, unitId });
    const id = created.subscription!.id;
    expect(await errorsOf(await api(token, "POST", `/subscription/${id}/units`, { unitId: await newUnit(token) }))).toEqual(["null:unit_publish_credits_empty"]);
    expect(await errorsOf(await api(token, "POST", `/subscription/${id}/units`, {}))).toEqual(["unitId:required"]);
    expect((await state(token)).subscription!.unitIds).toEqual([unitId]);
  });

  it("answers 404 for another host's subscription or unit and changes nothing", async () => {
    const owner = await hostWithUnit();
    const created = await subscribe(owner.token, { planItemPriceId: BASIC, unitId: owner.unitId });
    const intruder = await hostWithUnit();
    const own = await subscribe(intruder.token, { planItemPriceId: BASIC, unitId: intruder.unitId });
    const before = await ownedRowsDigest(owner.host.id);
    expect((await api(intruder.token, "POST", `/subscription/${created.subscription!.id}/units`, { unitId: intruder.unitId })).status).toBe(404);
    expect((await api(intruder.token, "POST", `/subscription/${own.subscription!.id}/units`, { unitId: owner.unitId })).status).toBe(404);
    expect(await ownedRowsDigest(owner.host.id)).toEqual(before);
  });
});

describe("plan services", () => {
  it("replaces the optional services of the plan", async () => {
    const { token, unitId } = await hostWithUnit();
    const created = await subscribe(token, { planItemPriceId: BASIC, unitId, services: ["visibility_boost"] });
    const path = `/subscription/${created.subscription!.id}/services`;
    const response = await api(token, "PUT", path, { services: ["social_package", "ad_banner"] });
    expect(response.status).toBe(200);
    const updated = await json<State>(response);
    expect(updated.subscription!.services.filter((s) => !s.included).map((s) => [s.id, s.price])).toEqual([
      ["ad_banner", 9_900],
      ["social_package", 7_900],
    ]);
    expect(updated.boostsInfo.map((b) => b.type)).toEqual(["ad_banner", "social_package"]);
    expect(updated.boost.level).toBe(0);

    expect(await errorsOf(await api(token, "PUT", path, { services: ["diamond"] }))).toEqual(["services.0:service_not_available"]);
    expect(await errorsOf(await api(token, "PUT", path, {}))).toEqual(["services:required"]);
    const cleared = await json<State>(await api(token, "PUT", path, { services: [] }));
    expect(cleared.subscription!.services.every((s) => s.included)).toBe(true);
    expect(cleared.boostsInfo).toEqual([]);
  });
});

describe("boost credits", () => {
  const coin = { features: ["coinSubscription"] };

  it("spends one credit per started week until none remain", async () => {
    const { token, unitId } = await hostWithUnit(coin);
    const created = await subscribe(token, { planItemPriceId: BASIC, unitId });
    expect(created.boostCredits).toMatchObject({ enabled: true, remaining: 2, quota: 2, used: 0, cost: 1_500, state: "ok" });
    expect(created.unitPublish).toMatchObject({ enabled: true, remaining: 0, quota: 1, used: 1, cost: 9_900, state: "empty" });

    const first = await api(token, "POST", "/user/subscription/coin/boost", { unitId, startDate: isoDay(1), endDate: isoDay(7) });
    expect(first.status).toBe(201);
    const spent = await json<{ boostPeriod: { id: string; credits: number; unitId: string }; boostCredits: Credits; boost: State["boost"] }>(first);
    expect(spent.boostPeriod).toMatchObject({ unitId, startDate: isoDay(1), endDate: isoDay(7), credits: 1 });
    expect(spent.boostCredits).toMatchObject({ remaining: 1, used: 1 });
    expect(spent.boost).toMatchObject({ availableItems: 1, scheduledPeriods: [{ id: spent.boostPeriod.id, unitId, startDate: isoDay(1), endDate: isoDay(7), credits: 1 }] });

    expect(await errorsOf(await api(token, "POST", "/user/subscription/coin/boost", { unitId, startDate: isoDay(10), endDate: isoDay(17) }))).toEqual(["null:boost_credits_insufficient"]);
    expect(await errorsOf(await api(token, "POST", "/user/subscription/coin/boost", { unitId, startDate: isoDay(7), endDate: isoDay(8) }))).toEqual(["startDate:boost_overlap"]);
    expect((await api(token, "POST", "/user/subscription/coin/boost", { unitId, startDate: isoDay(8), endDate: isoDay(14) })).status).toBe(201);
    const empty = await api(token, "POST", "/user/subscription/coin/boost", { unitId, startDate: isoDay(20), endDate: isoDay(21) });
    expect(await errorsOf(empty)).toEqual(["null:boost_credits_empty"]);

    const after = await state(token);
    expect(after.boostCredits).toMatchObject({ remaining: 0, used: 2, state: "empty" });
    expect(after.boost.availableItems).toBe(0);
    expect(after.boost.scheduledPeriods.map((p) => p.startDate)).toEqual([isoDay(1), isoDay(8)]);
    const info = await json<{ boosts: { startDate: string }[] }>(await api(token, "GET", `/subscription/info/${unitId}`));
    expect(info.boosts.map((b) => b.startDate)).toEqual([isoDay(1), isoDay(8)]);
  });

  it("checks the dates and the unit", async () => {
    const { token, unitId } = await hostWithUnit(coin);
    await subscribe(token, { planItemPriceId: BASIC, unitId });
    const boost = (body: Record<string, unknown>) => api(token, "POST", "/user/subscription/coin/boost", { unitId, ...body });
    expect(await errorsOf(await boost({ startDate: isoDay(-1), endDate: isoDay(3) }))).toEqual(["startDate:date_in_past"]);
    expect(await errorsOf(await boost({ startDate: isoDay(5), endDate: isoDay(4) }))).toEqual(["endDate:date_range_invalid"]);
    expect(await errorsOf(await boost({ startDate: isoDay(1), endDate: isoDay(91) }))).toEqual(["endDate:boost_too_long"]);
    expect(await errorsOf(await boost({ startDate: "2027-02-30", endDate: "tomorrow" }))).toEqual(["startDate:date_invalid", "endDate:date_invalid"]);
    expect(await errorsOf(await boost({ startDate: isoDay(1) }))).toEqual(["endDate:required"]);
    expect(await errorsOf(await api(token, "POST", "/user/subscription/coin/boost", { unitId: await newUnit(token), startDate: isoDay(1), endDate: isoDay(2) }))).toEqual(["unitId:unit_not_in_subscription"]);
    // Today is allowed, and a 90-day boost too (13 credits: too many for this plan).
    expect(await errorsOf(await boost({ startDate: isoDay(0), endDate: isoDay(89) }))).toEqual(["null:boost_credits_insufficient"]);
    expect((await boost({ startDate: isoDay(0), endDate: isoDay(0) })).status).toBe(201);
  });

  it("must end before the subscription expires", async () => {
    const { host, token, unitId } = await hostWithUnit(coin);
    await subscribe(token, { planItemPriceId: BASIC, unitId });
    await env.DB.prepare("UPDATE subscriptions SET expires_at = ? WHERE host_user_id = ?").bind(Date.now() + 5 * DAY, host.id).run();
    expect(await errorsOf(await api(token, "POST", "/user/subscription/coin/boost", { unitId, startDate: isoDay(1), endDate: isoDay(7) }))).toEqual(["endDate:boost_beyond_subscription"]);
  });

  it("needs the coin subscription and a running subscription", async () => {
    const plain = await hostWithUnit();
    await subscribe(plain.token, { planItemPriceId: BASIC, unitId: plain.unitId });
    expect((await api(plain.token, "POST", "/user/subscription/coin/boost", { unitId: plain.unitId, startDate: isoDay(1), endDate: isoDay(2) })).status).toBe(403);

    const none = await hostWithUnit(coin);
    expect((await api(none.token, "POST", "/user/subscription/coin/boost", { unitId: none.unitId, startDate: isoDay(1), endDate: isoDay(2) })).status).toBe(404);
  });
});

describe("expiry", () => {
  it("warns from 3 months before the expiration, then tells it has expired", async () => {
    const { host, token, unitId } = await hostWithUnit();
    expect(await json(await api(token, "GET", "/subscription/expiring"))).toMatchObject({ subscriptionId: null, expiring: false, expired: false, expirationDate: null });

    const created = await subscribe(token, { planItemPriceId: BASIC, unitId });
    const fresh = await json<{ state: string; expiring: boolean; warningFrom: string; warningUnits: number; periodUnit: string }>(await api(token, "GET", "/subscription/expiring"));
    expect(fresh).toMatchObject({ subscriptionId: created.subscription!.id, state: "ok", expiring: false, expired: false, warningUnits: 3, periodUnit: "month" });
    expect(fresh.warningFrom).toBe(monthsLater(created.subscription!.expirationDate, -3));

    await env.DB.prepare("UPDATE subscriptions SET expires_at = ? WHERE host_user_id = ?").bind(Date.now() + 30 * DAY, host.id).run();
    expect(await json(await api(token, "GET", "/subscription/expiring"))).toMatchObject({ state: "expiring", expiring: true, expired: false });

    await env.DB.prepare("UPDATE subscriptions SET expires_at = ? WHERE host_user_id = ?").bind(Date.now() - DAY, host.id).run();
    expect(await json(await api(token, "GET", "/subscription/expiring"))).toMatchObject({ state: "expired", expiring: false, expired: true });

    const expired = await state(token);
    expect(expired.currentPlan).toMatchObject({ subscriptionStatus: "expired", subscriptionInternalStatus: "expired", isEditable: false });
    expect(expired.leads.enabled).toBe(false);
    expect(expired.boostsInfo).toEqual([]);
    expect((await api(token, "POST", `/subscription/${created.subscription!.id}/change-plan`, { planItemPriceId: SPLIT })).status).toBe(409);
    expect((await api(token, "PUT", `/subscription/${created.subscription!.id}/services`, { services: [] })).status).toBe(409);

    // After expiry the host can subscribe again.
    const renewed = await subscribe(token, { planItemPriceId: SPLIT, unitId });
    expect(renewed.subscription!.id).not.toBe(created.subscription!.id);
    expect(renewed.currentPlan!.subscriptionStatus).toBe("active");
  });

  it("calls leads low at a quarter of the quota", async () => {
    const { host, token, unitId } = await hostWithUnit();
    await subscribe(token, { planItemPriceId: BASIC, unitId });
    await env.DB.prepare("UPDATE subscriptions SET leads_used = 75 WHERE host_user_id = ?").bind(host.id).run();
    expect((await state(token)).leads).toMatchObject({ enabled: true, remaining: 25, total: 100, state: "low" });
    await env.DB.prepare("UPDATE subscriptions SET leads_used = 100 WHERE host_user_id = ?").bind(host.id).run();
    expect((await state(token)).leads).toMatchObject({ remaining: 0, state: "empty" });
  });
});
