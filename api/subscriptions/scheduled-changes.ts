import { and, eq, isNotNull, isNull, lte, notInArray, sql } from "drizzle-orm";
import { todayUtc } from "../../domain/dates";
import { addPeriod, couponFor, discountedPrice, planById } from "../../domain/subscription-plans";
import type { Database } from "../db/client";
import { subscriptions, subscriptionServices } from "../db/schema";

/**
 * A plan change scheduled for the end of the term (a downgrade, see change-plan) takes effect once
 * the term has ended: the subscription starts its next term on the new plan, at the new plan's price
 * with the coupon given with the change (else the current one, when it applies to the new plan),
 * with fresh leads; optional services the new plan does not offer end. A subscription whose
 * cancellation is scheduled ends instead. Returns how many changes took effect.
 *
 * Idempotent: each change is one D1 batch that applies only while the subscription still has this
 * change scheduled and this term's end, so a repeated or overlapping run changes nothing more.
 */
export async function applyScheduledPlanChanges(db: Database, now: Date): Promise<number> {
  const due = await db.query.subscriptions.findMany({
    where: and(isNotNull(subscriptions.scheduledPlanId), lte(subscriptions.expiresAt, now), eq(subscriptions.isCancellationScheduled, false), isNull(subscriptions.cancelledAt)),
  });
  let applied = 0;
  for (const sub of due) {
    const plan = planById(sub.scheduledPlanId!);
    // A plan no longer offered cannot start: the change stays visible to the host and support.
    if (!plan) continue;
    const termEnd = sub.expiresAt;
    const day = todayUtc(termEnd);
    const coupon = (sub.scheduledCouponCode ? couponFor(sub.scheduledCouponCode, plan, day) : null) ?? (sub.couponCode ? couponFor(sub.couponCode, plan, day) : null);
    const expiresAt = addPeriod(termEnd, plan.period, plan.periodUnit);
    const kept = plan.optionalServices.map((s) => s.id);
    // The services follow only when the subscription took this change (not after another change).
    const changed = sql`exists (select 1 from ${subscriptions} where ${subscriptions.id} = ${sub.id} and ${subscriptions.planId} = ${plan.id} and ${subscriptions.expiresAt} = ${expiresAt.getTime()})`;
    const ownServices = and(eq(subscriptionServices.subscriptionId, sub.id), eq(subscriptionServices.hostUserId, sub.hostUserId), changed);
    const [updated] = await db.batch([
      db
        .update(subscriptions)
        .set({
          planId: plan.id,
          planItemPriceId: plan.planItemPriceId,
          period: plan.period,
          periodUnit: plan.periodUnit,
          status: "active",
          startedAt: termEnd,
          expiresAt,
          price: discountedPrice(plan.price, coupon?.percentOff ?? 0),
          couponCode: coupon?.code ?? null,
          discountPercent: coupon?.percentOff ?? 0,
          leadsUsed: 0,
          scheduledPlanId: null,
          scheduledCouponCode: null,
          updatedAt: now,
        })
        .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.scheduledPlanId, plan.id), eq(subscriptions.expiresAt, termEnd)))
        .returning({ id: subscriptions.id }),
      db.delete(subscriptionServices).where(kept.length ? and(ownServices, notInArray(subscriptionServices.service, kept)) : ownServices),
      db.update(subscriptionServices).set({ expiresAt }).where(ownServices),
    ]);
    if (updated.length) applied++;
  }
  return applied;
}
