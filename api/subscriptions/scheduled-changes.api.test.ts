import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addMonthsTo } from "@domain/dates";
import worker from "@api/test-worker";
import { api, createUser, ownedRowsDigest, payForPlan, signIn } from "@api/test/helpers";

const BASIC = "subscription-basic-EUR-yearly";
const SPLIT = "split-EUR-yearly";
/** The cron of wrangler.jsonc. */
const CRON = "*/15 * * * *";

interface State {
  currentPlan: { id: string; subscriptionStatus: string } | null;
  subscription: {
    id: string;
    startDate: string;
    expirationDate: string;
    price: number;
    couponCode: string | null;
    services: { id: string; included: boolean; expirationDate: string }[];
    scheduledChange: { planId: string } | null;
  } | null;
  leads: { remaining: number | null; total: number | null };
}

async function state(token: string): Promise<State> {
  const response = await api(token, "GET", "/v2/user/subscription");
  expect(response.status).toBe(200);
  return (await response.json()) as State;
}

/** A paying host on the basic plan with two optional services and a downgrade to split scheduled. */
async function hostWithScheduledDowngrade() {
  const host = await createUser({ features: ["subscriptionCheckout"] });
  const { access_token: token } = await signIn(host.email);
  const created = await api(token, "POST", "/properties", { propertyType: "single", title: "Harbour flat" });
  const unitId = ((await created.json()) as { unitIds: string[] }).unitIds[0]!;
  // The host pays through checkout: the plan starts once paid (decision 036), its services are chosen after.
  const subscribed = await payForPlan(token, { planItemPriceId: BASIC, unitId, couponCode: "WELCOME10" });
  expect(subscribed.status).toBe(200);
  const id = ((await subscribed.json()) as State).subscription!.id;
  expect((await api(token, "PUT", `/subscription/${id}/services`, { services: ["visibility_boost", "ad_banner"] })).status).toBe(200);
  expect((await api(token, "POST", `/subscription/${id}/change-plan`, { planItemPriceId: SPLIT })).status).toBe(200);
  const before = await state(token);
  expect(before.subscription!.scheduledChange).toMatchObject({ planId: "split" });
  return { host, token, before, termEnd: new Date(before.subscription!.expirationDate) };
}

/** Fires the Worker's cron trigger as the platform does, at `scheduledTime`; fails when a job failed. */
async function cron(scheduledTime: Date) {
  await worker.scheduled(createScheduledController({ cron: CRON, scheduledTime }), env);
}

describe("scheduled plan changes (cron)", () => {
  it("take effect when the term ends: a new term on the new plan, its services only, fresh leads; a second run changes nothing", async () => {
    const { host, token, before, termEnd } = await hostWithScheduledDowngrade();

    // Before the term ends, the run leaves the subscription alone.
    await cron(new Date(termEnd.getTime() - 60_000));
    expect(await state(token)).toEqual(before);

    await cron(new Date(termEnd.getTime() + 60_000));
    const after = await state(token);
    const nextTermEnd = addMonthsTo(termEnd, 12).toISOString();
    expect(after.currentPlan).toMatchObject({ id: "split", subscriptionStatus: "active" });
    expect(after.subscription).toMatchObject({
      id: before.subscription!.id,
      startDate: termEnd.toISOString(),
      expirationDate: nextTermEnd,
      price: 0,
      scheduledChange: null,
    });
    // The split plan offers the visibility boost, not the ad banner.
    expect(after.subscription!.services.filter((s) => !s.included)).toEqual([expect.objectContaining({ id: "visibility_boost", expirationDate: nextTermEnd })]);

    // Repeated (a retried or overlapping run): nothing changes twice.
    const digest = await ownedRowsDigest(host.id);
    await cron(new Date(termEnd.getTime() + 120_000));
    expect(await ownedRowsDigest(host.id)).toBe(digest);
  });

  it("leave a subscription whose cancellation is scheduled to end: no new plan or term, it ends as cancelled", async () => {
    const { host, token, before, termEnd } = await hostWithScheduledDowngrade();
    await env.DB.prepare("UPDATE subscriptions SET is_cancellation_scheduled = 1 WHERE host_user_id = ?").bind(host.id).run();
    await cron(new Date(termEnd.getTime() + 60_000));
    const after = await state(token);
    expect(after.subscription!.expirationDate).toBe(before.subscription!.expirationDate);
    expect(after.currentPlan).toMatchObject({ id: before.currentPlan!.id, subscriptionStatus: "cancelled" });
    expect(await env.DB.prepare("SELECT plan_id, status, internal_status FROM subscriptions WHERE host_user_id = ?").bind(host.id).first()).toEqual({ plan_id: before.currentPlan!.id, status: "cancelled", internal_status: "expired" });
    const digest = await ownedRowsDigest(host.id);
    await cron(new Date(termEnd.getTime() + 120_000));
    expect(await ownedRowsDigest(host.id)).toBe(digest);
  });
});
