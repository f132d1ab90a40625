import { and, eq, inArray } from "drizzle-orm";
import { todayUtc } from "@domain/dates";
import { isSettled, type CheckoutStatus } from "@domain/checkout";
import { couponFor, planByItemPriceId } from "@domain/subscription-plans";
import type { Database } from "@api/db/client";
import { paymentCheckouts, subscriptions, users } from "@api/db/schema";
import { findUnit } from "@api/properties/queries";
import { unitCalendarStatus } from "@api/subscriptions/queries";
import { createSubscription, startPlanNow } from "@api/subscriptions/services";
import type { CheckoutRow } from "./queries";
import type { WebhookEvent } from "./provider";

/**
 * The subscription's internal status while its checkout runs (§3 subscriptionInternalStatus
 * in_progress), and back when the payment was declined.
 */
export function markSubscriptionInProgress(db: Database, checkout: CheckoutRow, now: Date) {
  if (!checkout.subscriptionId) return [];
  return [
    db
      .update(subscriptions)
      .set({ internalStatus: "in_progress", updatedAt: now })
      .where(and(eq(subscriptions.id, checkout.subscriptionId), eq(subscriptions.hostUserId, checkout.hostUserId), inArray(subscriptions.internalStatus, ["active", "cancelled"]))),
  ];
}

function restoreSubscription(db: Database, checkout: CheckoutRow, now: Date) {
  if (!checkout.subscriptionId) return [];
  const own = and(eq(subscriptions.id, checkout.subscriptionId), eq(subscriptions.hostUserId, checkout.hostUserId), eq(subscriptions.internalStatus, "in_progress"));
  return [
    db.update(subscriptions).set({ internalStatus: "cancelled", updatedAt: now }).where(and(own, eq(subscriptions.isCancellationScheduled, true))),
    db.update(subscriptions).set({ internalStatus: "active", updatedAt: now }).where(and(own, eq(subscriptions.isCancellationScheduled, false))),
  ];
}

/**
 * A webhook event settles its checkout once: the checkout is claimed in one statement (only while it
 * is not settled, so a repeated or concurrent delivery finds nothing to do), then a confirmed payment
 * starts the plan. When starting it fails, the claim is given back and the error answers 500, so the
 * provider delivers the event again.
 */
export async function settleCheckout(d1: D1Database, db: Database, checkout: CheckoutRow, event: WebhookEvent, now: Date): Promise<"settled" | "repeated"> {
  if (isSettled(checkout.status)) return "repeated";
  const paid = event.type === "payment_succeeded";
  const status: CheckoutStatus = paid ? "paid" : "declined";
  const claim = db
    .update(paymentCheckouts)
    .set({ status, confirmedAt: paid ? now : null, declineReason: paid ? null : (event.reason ?? "declined"), updatedAt: now })
    .where(and(eq(paymentCheckouts.id, checkout.id), inArray(paymentCheckouts.status, ["open", "in_progress"])))
    .returning({ id: paymentCheckouts.id });
  if (!paid) {
    const [claimed] = await db.batch([claim, ...restoreSubscription(db, checkout, now)]);
    return claimed.length ? "settled" : "repeated";
  }
  const claimed = await claim;
  if (!claimed.length) return "repeated";
  try {
    await startPaidPlan(d1, db, checkout, now);
  } catch (error) {
    await db.update(paymentCheckouts).set({ status: checkout.status, confirmedAt: null, updatedAt: now }).where(eq(paymentCheckouts.id, checkout.id));
    throw error;
  }
  return "settled";
}

async function startPaidPlan(d1: D1Database, db: Database, checkout: CheckoutRow, now: Date): Promise<void> {
  const user = await db.query.users.findFirst({ where: eq(users.id, checkout.hostUserId) });
  const plan = planByItemPriceId(checkout.planItemPriceId);
  if (!user || !plan) throw new Error(`Checkout ${checkout.hostedPageId}: its host or plan is gone`);
  const coupon = checkout.couponCode ? couponFor(checkout.couponCode, plan, todayUtc(now)) : null;
  if (checkout.subscriptionId) {
    const sub = await db.query.subscriptions.findFirst({ where: and(eq(subscriptions.id, checkout.subscriptionId), eq(subscriptions.hostUserId, user.id)) });
    if (!sub) throw new Error(`Checkout ${checkout.hostedPageId}: its subscription is gone`);
    await startPlanNow(db, user, sub, plan, coupon, now);
    return;
  }
  const unitPublicId = checkout.unitId
    ? (await db.query.propertyUnits.findFirst({ where: (u, { eq: equals }) => equals(u.id, checkout.unitId!) }))?.publicId
    : undefined;
  if (!unitPublicId) throw new Error(`Checkout ${checkout.hostedPageId}: its unit is gone`);
  const { unit } = await findUnit(db, user.id, unitPublicId);
  await createSubscription(d1, user, unit, await unitCalendarStatus(db, user.id, unit.id), { planItemPriceId: plan.planItemPriceId, couponCode: coupon?.code, services: [] }, now, true);
}
