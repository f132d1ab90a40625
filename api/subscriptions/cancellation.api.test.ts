import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "@api/test-worker";
import { api, createUser, ownedRowsDigest, payForPlan, signIn, type UserOverrides } from "@api/test/helpers";

const BASIC = "subscription-basic-EUR-yearly";
const SPLIT = "split-EUR-yearly";

interface State {
  currentPlan: { id: string; subscriptionStatus: string; subscriptionInternalStatus: string; isCancellationScheduled: boolean; isEditable: boolean } | null;
  subscription: { id: string; expirationDate: string; scheduledChange: { planId: string } | null } | null;
}

const cron = (at: Date) => worker.scheduled(createScheduledController({ cron: "*/15 * * * *", scheduledTime: at }), env);
const json = async <T>(response: Response) => (await response.json()) as T;
const errorsOf = async (response: Response) => ((await response.json()) as { errors: { field: string | null; type: string }[] }).errors.map((e) => `${e.field}:${e.type}`);

async function subscribed(overrides: UserOverrides = {}, planItemPriceId = BASIC) {
  const host = await createUser(overrides);
  const { access_token: token } = await signIn(host.email);
  const created = await api(token, "POST", "/properties", { propertyType: "single", title: "Harbour flat" });
  const unitId = ((await created.json()) as { unitIds: string[] }).unitIds[0]!;
  // A host who pays through checkout pays a plan with a price first (decision 036).
  const paid = overrides.features?.includes("subscriptionCheckout") && planItemPriceId !== SPLIT;
  const response = paid ? await payForPlan(token, { planItemPriceId, unitId }) : await api(token, "POST", "/subscriptions", { planItemPriceId, unitId, services: [] });
  expect(response.status).toBe(paid ? 200 : 201);
  const state = await json<State>(response);
  return { host, token, unitId, id: state.subscription!.id, state };
}

describe("cancelling a subscription", () => {
  it("schedules the end with the reason: a trial becomes active and the plan stays editable", async () => {
    const { token, id, state } = await subscribed();
    expect(state.currentPlan).toMatchObject({ subscriptionStatus: "in_trial" });
    expect(await errorsOf(await api(token, "DELETE", "/subscription", { subscriptionId: id, reason: "  " }))).toEqual(["reason:required"]);
    const cancelled = await json<State>(await api(token, "DELETE", "/subscription", { subscriptionId: id, reason: "Selling the flat" }));
    expect(cancelled.currentPlan).toMatchObject({ subscriptionStatus: "active", subscriptionInternalStatus: "cancelled", isCancellationScheduled: true, isEditable: true });
    const scheduled = await json<{ cancellation: { scheduled: boolean; reason: string; effectiveDate: string } }>(await api(token, "GET", `/subscription/${id}/scheduled-changes`));
    expect(scheduled.cancellation).toEqual({ scheduled: true, reason: "Selling the flat", effectiveDate: state.subscription!.expirationDate });
    expect((await api(token, "DELETE", "/subscription", { subscriptionId: id, reason: "Again" })).status).toBe(409);
  });

  it("ends the subscription at its expiration date as cancelled (cron, idempotent)", async () => {
    const { host, token, id, state } = await subscribed({ features: ["subscriptionCheckout"] });
    await api(token, "DELETE", "/subscription", { subscriptionId: id, reason: "Selling the flat" });
    const end = new Date(state.subscription!.expirationDate);
    await cron(new Date(end.getTime() - 60_000));
    expect((await env.DB.prepare("SELECT status, internal_status FROM subscriptions WHERE public_id = ?").bind(id).first())).toEqual({ status: "active", internal_status: "cancelled" });
    await cron(new Date(end.getTime() + 60_000));
    expect((await env.DB.prepare("SELECT status, internal_status FROM subscriptions WHERE public_id = ?").bind(id).first())).toEqual({ status: "cancelled", internal_status: "expired" });
    const digest = await ownedRowsDigest(host.id);
    await Promise.all([cron(new Date(end.getTime() + 120_000)), cron(new Date(end.getTime() + 120_000))]);
    expect(await ownedRowsDigest(host.id)).toBe(digest);
  });

  it("answers another host's subscription as not found and changes nothing", async () => {
    const owner = await subscribed();
    const intruder = await createUser();
    const { access_token: token } = await signIn(intruder.email);
    const before = await ownedRowsDigest(owner.host.id);
    expect((await api(token, "DELETE", "/subscription", { subscriptionId: owner.id, reason: "Intruder" })).status).toBe(404);
    expect(await ownedRowsDigest(owner.host.id)).toBe(before);
  });
});

describe("scheduled changes", () => {
  it("shows the plan change due at the end of the term, and withdraws it with a reason", async () => {
    const { token, id } = await subscribed({ features: ["subscriptionCheckout"] });
    expect(await json(await api(token, "GET", `/subscription/${id}/scheduled-changes`))).toMatchObject({ items: [], cancellation: { scheduled: false, reason: null } });
    expect((await api(token, "DELETE", `/subscription/${id}/scheduled-changes`, { reason: "Nothing to withdraw" })).status).toBe(409);
    await api(token, "POST", `/subscription/${id}/change-plan`, { planItemPriceId: SPLIT });
    const listed = await json<{ items: { type: string; planId: string; name: string; effectiveDate: string }[] }>(await api(token, "GET", `/subscription/${id}/scheduled-changes`));
    expect(listed.items).toEqual([expect.objectContaining({ type: "plan_change", planId: "split", name: expect.any(String) })]);
    expect(await errorsOf(await api(token, "DELETE", `/subscription/${id}/scheduled-changes`, { reason: "" }))).toEqual(["reason:required"]);
    const kept = await json<State>(await api(token, "DELETE", `/subscription/${id}/scheduled-changes`, { reason: "Staying on basic" }));
    expect(kept.subscription!.scheduledChange).toBeNull();
    expect(await env.DB.prepare("SELECT scheduled_change_cancel_reason AS reason FROM subscriptions WHERE public_id = ?").bind(id).first()).toEqual({ reason: "Staying on basic" });
  });
});

describe("renewal plans and the payment source", () => {
  it("lists the plans a unit can renew onto, priced with a coupon only when one is given", async () => {
    const { token, unitId } = await subscribed();
    const plain = await json<{ plans: { id: string; price: number; priceAfterCoupon: number }[]; coupon: null }>(await api(token, "GET", `/subscription/self-renewal/plans/${unitId}`));
    expect(plain.coupon).toBeNull();
    const basic = plain.plans.find((p) => p.id === "subscription-basic")!;
    expect(basic.priceAfterCoupon).toBe(basic.price);
    const discounted = await json<{ plans: { id: string; price: number; priceAfterCoupon: number }[]; coupon: { code: string; percentOff: number } }>(
      await api(token, "GET", `/subscription/self-renewal/plans/${unitId}?couponId=welcome10`),
    );
    expect(discounted.coupon).toEqual({ code: "WELCOME10", percentOff: 10 });
    expect(discounted.plans.find((p) => p.id === "subscription-basic")!.priceAfterCoupon).toBe(Math.round(basic.price * 0.9));
    expect(discounted.plans.find((p) => p.id === "split")!.priceAfterCoupon).toBe(0);
    expect(await errorsOf(await api(token, "GET", `/subscription/self-renewal/plans/${unitId}?couponId=NOPE`))).toEqual(["couponId:coupon_invalid"]);
  });

  it("says no payment source is needed where plans are not paid through checkout", async () => {
    const { token } = await subscribed();
    expect(await json(await api(token, "GET", "/subscriptions/payment-source/status"))).toEqual({ status: "not_required", provider: null, lastPaymentAt: null });
  });
});
