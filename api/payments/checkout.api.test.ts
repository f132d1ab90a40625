import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, BASE, createUser, ownedRowsDigest, signIn } from "@api/test/helpers";
import { signPayload, SIGNATURE_HEADER } from "./signature";

const BASIC = "subscription-basic-EUR-yearly";
const SPLIT = "split-EUR-yearly";

interface State {
  currentPlan: { id: string; subscriptionStatus: string; subscriptionInternalStatus: string } | null;
  subscription: { id: string; price: number; couponCode: string | null } | null;
}
interface Checkout {
  hostedPageId: string;
  url: string;
  status: string;
  amount: number;
  declineReason: string | null;
}

const errorsOf = async (response: Response) => ((await response.json()) as { errors: { field: string | null; type: string }[] }).errors.map((e) => `${e.field}:${e.type}`);
const json = async <T>(response: Response) => (await response.json()) as T;

/** A host who pays through checkout, on the free split plan, with one unit. */
async function payingHostOnSplit() {
  const host = await createUser({ features: ["subscriptionCheckout"] });
  const { access_token: token } = await signIn(host.email);
  const created = await api(token, "POST", "/properties", { propertyType: "single", title: "Harbour flat" });
  const unitId = ((await created.json()) as { unitIds: string[] }).unitIds[0]!;
  const subscribed = await api(token, "POST", "/subscriptions", { planItemPriceId: SPLIT, unitId, services: [] });
  expect(subscribed.status).toBe(201);
  const subscriptionId = (await json<State>(subscribed)).subscription!.id;
  return { host, token, unitId, subscriptionId };
}

/** The host on the provider's page chooses an outcome; the provider sends the host back (303). */
async function onProviderPage(url: string, outcome: string) {
  const response = await SELF.fetch(`${BASE}${url}`, { method: "POST", body: new URLSearchParams({ outcome }), redirect: "manual" });
  return response;
}

async function state(token: string) {
  return json<State>(await api(token, "GET", "/v2/user/subscription"));
}

describe("checkout of a paid plan", () => {
  it("starts the plan with its coupon only once the provider confirms the payment", async () => {
    const { token, subscriptionId } = await payingHostOnSplit();
    const opened = await api(token, "POST", "/subscriptions/checkout", { planItemPriceId: BASIC, couponCode: "welcome10", subscriptionId, returnUrl: "/properties?from=checkout" });
    expect(opened.status).toBe(201);
    const checkout = await json<Checkout>(opened);
    expect(checkout).toMatchObject({ status: "open", amount: 26_910 });
    expect(checkout.url).toBe(`/api/payments/test-provider/pages/${checkout.hostedPageId}`);
    // Nothing changed before the payment.
    expect((await state(token)).currentPlan?.id).toBe("split");

    const page = await SELF.fetch(`${BASE}${checkout.url}`);
    expect(await page.text()).toContain("Pay, bank confirms later");
    const back = await onProviderPage(checkout.url, "pay");
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`/properties?from=checkout&hostedPageId=${checkout.hostedPageId}`);

    const after = await json<{ checkout: Checkout; state: State }>(await api(token, "POST", "/subscription/in_progress", { hostedPageId: checkout.hostedPageId }));
    expect(after.checkout.status).toBe("paid");
    expect(after.state.currentPlan).toMatchObject({ id: "subscription-basic", subscriptionStatus: "active", subscriptionInternalStatus: "active" });
    expect(after.state.subscription).toMatchObject({ id: subscriptionId, price: 26_910, couponCode: "WELCOME10" });
    const status = await json<{ status: string; provider: string }>(await api(token, "GET", "/subscriptions/payment-source/status"));
    expect(status).toMatchObject({ status: "valid", provider: "test" });
  });

  it("keeps the plan when the card is declined, saying so", async () => {
    const { token, subscriptionId } = await payingHostOnSplit();
    const checkout = await json<Checkout>(await api(token, "POST", "/subscriptions/checkout", { planItemPriceId: BASIC, subscriptionId }));
    expect((await onProviderPage(checkout.url, "decline")).status).toBe(303);
    const after = await json<{ checkout: Checkout; state: State }>(await api(token, "POST", "/subscription/in_progress", { hostedPageId: checkout.hostedPageId }));
    expect(after.checkout).toMatchObject({ status: "declined", declineReason: "card_declined" });
    expect(after.state.currentPlan).toMatchObject({ id: "split", subscriptionInternalStatus: "active" });
    expect(await json<{ status: string }>(await api(token, "GET", "/subscriptions/payment-source/status"))).toMatchObject({ status: "missing" });
  });

  it("is in progress while the bank has not confirmed, and starts the plan when it does", async () => {
    const { token, subscriptionId } = await payingHostOnSplit();
    const checkout = await json<Checkout>(await api(token, "POST", "/subscriptions/checkout", { planItemPriceId: BASIC, subscriptionId }));
    expect((await onProviderPage(checkout.url, "pay_later")).status).toBe(303);
    const waiting = await json<{ checkout: Checkout; state: State }>(await api(token, "POST", "/subscription/in_progress", { hostedPageId: checkout.hostedPageId }));
    expect(waiting.checkout.status).toBe("in_progress");
    expect(waiting.state.currentPlan).toMatchObject({ id: "split", subscriptionInternalStatus: "in_progress" });
    // While the checkout runs the subscription cannot be changed another way.
    expect((await api(token, "POST", `/subscription/${subscriptionId}/change-plan`, { planItemPriceId: BASIC })).status).toBe(409);

    expect((await onProviderPage(checkout.url, "confirm")).status).toBe(200);
    expect((await state(token)).currentPlan).toMatchObject({ id: "subscription-basic", subscriptionInternalStatus: "active" });
  });

  it("starts a first subscription for a unit once paid", async () => {
    const host = await createUser({ features: ["subscriptionCheckout"] });
    const { access_token: token } = await signIn(host.email);
    const created = await api(token, "POST", "/properties", { propertyType: "single", title: "Harbour flat" });
    const unitId = ((await created.json()) as { unitIds: string[] }).unitIds[0]!;
    const checkout = await json<Checkout>(await api(token, "POST", "/subscriptions/checkout", { planItemPriceId: BASIC, unitId }));
    expect((await state(token)).currentPlan).toBeNull();
    await onProviderPage(checkout.url, "pay");
    expect((await state(token)).currentPlan).toMatchObject({ id: "subscription-basic", subscriptionStatus: "active" });
  });

  it("refuses what needs no payment or cannot start now, and hosts who do not pay through checkout", async () => {
    const { token, subscriptionId } = await payingHostOnSplit();
    expect(await errorsOf(await api(token, "POST", "/subscriptions/checkout", { planItemPriceId: SPLIT, subscriptionId }))).toEqual(["planItemPriceId:plan_change_not_immediate"]);
    const newHost = await createUser({ features: ["subscriptionCheckout"] });
    const { access_token: newToken } = await signIn(newHost.email);
    const unitId = ((await (await api(newToken, "POST", "/properties", { propertyType: "single", title: "Loft" })).json()) as { unitIds: string[] }).unitIds[0]!;
    expect(await errorsOf(await api(newToken, "POST", "/subscriptions/checkout", { planItemPriceId: SPLIT, unitId }))).toEqual(["planItemPriceId:plan_nothing_to_pay"]);
    expect(await errorsOf(await api(token, "POST", "/subscriptions/checkout", { planItemPriceId: BASIC }))).toEqual(["null:checkout_target_required"]);
    expect(await errorsOf(await api(token, "POST", "/subscriptions/checkout", { planItemPriceId: BASIC, subscriptionId, couponCode: "NOPE" }))).toEqual(["couponCode:coupon_invalid"]);
    const trialHost = await createUser();
    const { access_token: other } = await signIn(trialHost.email);
    expect((await api(other, "POST", "/subscriptions/checkout", { planItemPriceId: BASIC, subscriptionId })).status).toBe(403);
    expect(await json<{ status: string }>(await api(other, "GET", "/subscriptions/payment-source/status"))).toMatchObject({ status: "not_required" });
  });

  it("answers another host's checkout and subscription as not found", async () => {
    const owner = await payingHostOnSplit();
    const checkout = await json<Checkout>(await api(owner.token, "POST", "/subscriptions/checkout", { planItemPriceId: BASIC, subscriptionId: owner.subscriptionId }));
    const intruder = await createUser({ features: ["subscriptionCheckout"] });
    const { access_token: token } = await signIn(intruder.email);
    const before = await ownedRowsDigest(owner.host.id);
    expect((await api(token, "POST", "/subscription/in_progress", { hostedPageId: checkout.hostedPageId })).status).toBe(404);
    expect((await api(token, "POST", "/subscriptions/checkout", { planItemPriceId: BASIC, subscriptionId: owner.subscriptionId })).status).toBe(404);
    expect(await ownedRowsDigest(owner.host.id)).toBe(before);
  });
});

async function deliver(body: unknown, signature?: string) {
  const text = JSON.stringify(body);
  return SELF.fetch(`${BASE}/api/payments/webhook/test`, {
    method: "POST",
    headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signature ?? (await signPayload(env.PAYMENT_WEBHOOK_SECRET, text)) },
    body: text,
  });
}

describe("payment webhook", () => {
  it("refuses an unsigned, forged or stale event and changes nothing", async () => {
    const { host, token, subscriptionId } = await payingHostOnSplit();
    const checkout = await json<Checkout>(await api(token, "POST", "/subscriptions/checkout", { planItemPriceId: BASIC, subscriptionId }));
    const event = { id: "evt_1", type: "payment_succeeded", hostedPageId: checkout.hostedPageId };
    const before = await ownedRowsDigest(host.id);
    expect((await deliver(event, "t=1,v1=00")).status).toBe(401);
    expect((await deliver(event, await signPayload("another secret", JSON.stringify(event)))).status).toBe(401);
    expect((await deliver(event, await signPayload(env.PAYMENT_WEBHOOK_SECRET, JSON.stringify(event), new Date(Date.now() - 3_600_000)))).status).toBe(401);
    expect((await SELF.fetch(`${BASE}/api/payments/webhook/test`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(event) })).status).toBe(401);
    expect(await ownedRowsDigest(host.id)).toBe(before);
    expect((await state(token)).currentPlan?.id).toBe("split");
  });

  it("settles a checkout once: a repeated or simultaneous event changes nothing more", async () => {
    const { host, token, subscriptionId } = await payingHostOnSplit();
    const checkout = await json<Checkout>(await api(token, "POST", "/subscriptions/checkout", { planItemPriceId: BASIC, subscriptionId }));
    const event = { id: "evt_2", type: "payment_succeeded", hostedPageId: checkout.hostedPageId };
    const answers = await Promise.all([deliver(event), deliver(event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const after = await state(token);
    expect(after.currentPlan?.id).toBe("subscription-basic");
    const digest = await ownedRowsDigest(host.id);
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver({ ...event, type: "payment_failed" })).status).toBe(200);
    expect(await ownedRowsDigest(host.id)).toBe(digest);
  });

  it("acknowledges an event for an unknown page and answers another provider as not found", async () => {
    expect((await deliver({ id: "evt_3", type: "payment_succeeded", hostedPageId: "hp_unknown" })).status).toBe(200);
    const text = JSON.stringify({ id: "evt_4", type: "payment_succeeded", hostedPageId: "hp_unknown" });
    expect((await SELF.fetch(`${BASE}/api/payments/webhook/other`, { method: "POST", headers: { [SIGNATURE_HEADER]: await signPayload(env.PAYMENT_WEBHOOK_SECRET, text) }, body: text })).status).toBe(404);
  });
});
