import { and, eq, isNotNull, isNull, lte, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { CalendarVerificationStatus } from "@domain/calendar-verification";
import { addDaysTo, todayUtc } from "@domain/dates";
import {
  addPeriod,
  boostCreditsFor,
  boostPeriodProblems,
  cancelledState,
  couponFor,
  endedState,
  discountedPrice,
  initialStatus,
  isEditable,
  isUpgrade,
  needsPayment,
  periodsOverlap,
  planAvailability,
  planByItemPriceId,
  planById,
  remainingOf,
  type Coupon,
  type OptionalService,
  type PlanHost,
  type PlanService,
  type SubscriptionPlan,
} from "@domain/subscription-plans";
import { deriveUserFlags } from "@domain/user-flags";
import type { UserRow } from "@api/context";
import type { Database } from "@api/db/client";
import { propertyUnits, subscriptionBoosts, subscriptions, subscriptionServices, subscriptionUnits } from "@api/db/schema";
import { ApiError, validationFailed, type FieldError } from "@api/lib/errors";
import { newPublicId } from "@api/lib/ids";
import { translator } from "@api/lib/translate";
import { boostCreditsUsed, isLive, type Details, type SubscriptionRow } from "./queries";

/*
 * Writes of subscriptions (issue 10 §3): one function per change a host (or the cron) makes. Each
 * first decides from what the route loaded (choose…, assertEditable: refusals as field errors),
 * then writes in one D1 batch or one statement, so that it happens entirely or not at all; checks
 * that concurrent requests could race are repeated inside the statement.
 */

const english = translator("en_US");

export function fieldError(field: string | null, code: string): FieldError {
  return { field, message: english(`validation.${code}`), type: code };
}

const dialect = new SQLiteAsyncDialect();

/**
 * Raw SQL as a D1 statement, for D1's own batch (one transaction): drizzle's batch cannot run raw
 * SQL that has parameters.
 */
function statement(d1: D1Database, query: SQL): D1PreparedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return d1.prepare(text).bind(...params);
}

/** Refuses a subscription that has expired or whose internal status is not editable (§4). */
/** The columns a subscription takes from the plan it moves to; a scheduled change is then spent. */
function onPlan(plan: SubscriptionPlan) {
  return { planId: plan.id, planItemPriceId: plan.planItemPriceId, period: plan.period, periodUnit: plan.periodUnit, scheduledPlanId: null, scheduledCouponCode: null };
}

/** Optional services the new plan does not offer (or now includes) end with the change; the others run to its end. */
function servicesFollow(db: Database, plan: SubscriptionPlan, ownServices: SQL | undefined, expiresAt: Date) {
  const kept = plan.optionalServices.map((s) => s.id);
  return [
    db.delete(subscriptionServices).where(kept.length ? and(ownServices, notInArray(subscriptionServices.service, kept)) : ownServices),
    db.update(subscriptionServices).set({ expiresAt }).where(ownServices),
  ] as const;
}

export function assertEditable(sub: SubscriptionRow, now: Date): void {
  if (!isLive(sub, now)) throw new ApiError(409, "The subscription has expired");
  // in_progress: a checkout is open (later work); expired: see above.
  if (!isEditable(sub.internalStatus)) throw new ApiError(409, "The subscription cannot be changed in its current state");
}

// ---------------------------------------------------------------------------------------------
// Choosing
// ---------------------------------------------------------------------------------------------

export function choosePlan(id: string, host: PlanHost, calendarStatus: CalendarVerificationStatus | null): SubscriptionPlan {
  const plan = planByItemPriceId(id);
  const availability = plan ? planAvailability(plan, host, calendarStatus) : "not_offered";
  if (!plan || availability === "not_offered") throw validationFailed([fieldError("planItemPriceId", "plan_invalid")]);
  if (availability === "calendar_verification_required") throw validationFailed([fieldError("planItemPriceId", "plan_requires_verified_calendar")]);
  return plan;
}

export function chooseCoupon(code: string | undefined, plan: SubscriptionPlan, today: string): Coupon | null {
  if (code === undefined) return null;
  const coupon = couponFor(code, plan, today);
  if (!coupon) throw validationFailed([fieldError("couponCode", "coupon_invalid")]);
  return coupon;
}

/** The optional services asked for; services the plan includes anyway are accepted and not stored. */
function chooseServices(plan: SubscriptionPlan, requested: readonly PlanService[]): OptionalService[] {
  const errors = requested.flatMap((id, index) =>
    plan.includedServices.includes(id) || plan.optionalServices.some((s) => s.id === id) ? [] : [fieldError(`services.${index}`, "service_not_available")],
  );
  if (errors.length) throw validationFailed(errors);
  return plan.optionalServices.filter((s) => requested.includes(s.id));
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

export interface NewSubscription {
  planItemPriceId: string;
  couponCode?: string;
  services: readonly PlanService[];
}

/**
 * Refuses to start a plan that must be paid first (decision 036): for a host who pays through
 * checkout, a plan with a price after its coupon starts only when the payment provider confirmed the
 * payment (POST /subscriptions/checkout, then the provider's webhook).
 */
function assertPaidFor(plan: SubscriptionPlan, coupon: Coupon | null, checkoutAvailable: boolean, paid: boolean): void {
  if (!paid && needsPayment(plan, coupon?.percentOff ?? 0, checkoutAvailable)) throw validationFailed([fieldError("planItemPriceId", "plan_checkout_required")]);
}

/**
 * The first subscription of a host (or the next after one expired), with the unit being listed
 * and the chosen optional services. `paid`: the payment provider confirmed the plan's payment (the
 * checkout's webhook); otherwise a plan to be paid through checkout is refused.
 */
export async function createSubscription(d1: D1Database, user: UserRow, unit: { id: number }, calendarStatus: CalendarVerificationStatus, body: NewSubscription, now: Date, paid = false): Promise<void> {
  const flags = deriveUserFlags(user);
  if (!flags.subscriptionApplicable) throw new ApiError(403, "Subscriptions do not apply to this account");
  const plan = choosePlan(body.planItemPriceId, flags, calendarStatus);
  const coupon = chooseCoupon(body.couponCode, plan, todayUtc(now));
  assertPaidFor(plan, coupon, flags.isSubscriptionCheckoutAvailable, paid);
  const chosen = chooseServices(plan, body.services);

  const publicId = newPublicId("sub");
  const status = initialStatus(plan, flags.isSubscriptionCheckoutAvailable);
  const expiresAt = addPeriod(now, plan.period, plan.periodUnit).getTime();
  const trialEndsAt = status === "in_trial" ? addDaysTo(now, plan.trialDays).getTime() : null;
  const price = discountedPrice(plan.price, coupon?.percentOff ?? 0);
  const ofNew = sql`from ${subscriptions} where ${subscriptions.publicId} = ${publicId}`;
  // One transaction; the subscription is inserted only while the host has none that runs, so that
  // two requests cannot both make one (the other rows then find no subscription to attach to).
  const [created] = await d1.batch<{ id: number }>([
    statement(d1, sql`insert into ${subscriptions}
        (public_id, host_user_id, plan_id, plan_item_price_id, status, internal_status, period, period_unit, price, currency, coupon_code, discount_percent, started_at, trial_ends_at, expires_at)
      select ${publicId}, ${user.id}, ${plan.id}, ${plan.planItemPriceId}, ${status}, 'active', ${plan.period}, ${plan.periodUnit}, ${price}, ${plan.currency},
        ${coupon?.code ?? null}, ${coupon?.percentOff ?? 0}, ${now.getTime()}, ${trialEndsAt}, ${expiresAt}
      where not exists (select 1 from ${subscriptions} where ${subscriptions.hostUserId} = ${user.id} and ${subscriptions.expiresAt} > ${now.getTime()})
      returning id`),
    statement(d1, sql`insert into ${subscriptionUnits} (subscription_id, unit_id, host_user_id) select ${subscriptions.id}, ${unit.id}, ${user.id} ${ofNew}`),
    ...chosen.map((s) =>
      statement(d1, sql`insert into ${subscriptionServices} (subscription_id, service, host_user_id, price, expires_at) select ${subscriptions.id}, ${s.id}, ${user.id}, ${s.price}, ${expiresAt} ${ofNew}`),
    ),
  ]);
  if (!created?.results.length) throw new ApiError(409, "The host has a subscription already; change its plan instead");
}

/**
 * Changes the plan. In the trial, and for an upgrade, at once (an upgrade starts a new term); any
 * other change is scheduled for the end of the term (applyScheduledPlanChanges makes it take effect).
 * Choosing the current plan keeps the term, applies a coupon and drops a scheduled change.
 */
export async function changePlan(db: Database, user: UserRow, sub: SubscriptionRow, details: Details, calendarStatus: CalendarVerificationStatus, body: { planItemPriceId: string; couponCode?: string }, now: Date): Promise<void> {
  assertEditable(sub, now);
  const flags = deriveUserFlags(user);
  const plan = choosePlan(body.planItemPriceId, flags, calendarStatus);
  const today = todayUtc(now);
  const given = chooseCoupon(body.couponCode, plan, today);
  // Without a code, the current coupon carries over when it also applies to the new plan.
  const coupon = given ?? (sub.couponCode ? couponFor(sub.couponCode, plan, today) : null);
  if (plan.unitPublish.quota < details.units.length) throw validationFailed([fieldError("planItemPriceId", "plan_unit_quota_too_small")]);

  const current = planById(sub.planId);
  const own = and(eq(subscriptions.id, sub.id), eq(subscriptions.hostUserId, user.id));
  const priced = { price: discountedPrice(plan.price, coupon?.percentOff ?? 0), couponCode: coupon?.code ?? null, discountPercent: coupon?.percentOff ?? 0 };
  if (current?.id === plan.id) {
    await db.update(subscriptions).set({ ...priced, scheduledPlanId: null, scheduledCouponCode: null, updatedAt: now }).where(own);
    return;
  }
  const inTrial = sub.status === "in_trial";
  if (!inTrial && current && !isUpgrade(current, plan)) {
    await db.update(subscriptions).set({ scheduledPlanId: plan.id, scheduledCouponCode: given?.code ?? null, updatedAt: now }).where(own);
    return;
  }
  // A plan that starts now and has a price is paid through checkout first, where the host pays so.
  assertPaidFor(plan, coupon, flags.isSubscriptionCheckoutAvailable, false);
  await startPlanNow(db, user, sub, plan, coupon, now);
}

/**
 * The plan starts at once (the trial's change, an upgrade, or a plan the provider confirmed the
 * payment of): in the trial the term stays, else a new term starts now; the optional services the
 * plan does not offer end. A checkout that was open on the subscription is over (active again).
 */
export async function startPlanNow(db: Database, user: UserRow, sub: SubscriptionRow, plan: SubscriptionPlan, coupon: Coupon | null, now: Date): Promise<void> {
  const flags = deriveUserFlags(user);
  const inTrial = sub.status === "in_trial";
  const startedAt = inTrial ? sub.startedAt : now;
  const expiresAt = addPeriod(startedAt, plan.period, plan.periodUnit);
  const status = inTrial ? initialStatus(plan, flags.isSubscriptionCheckoutAvailable) : "active";
  const own = and(eq(subscriptions.id, sub.id), eq(subscriptions.hostUserId, user.id));
  const priced = { price: discountedPrice(plan.price, coupon?.percentOff ?? 0), couponCode: coupon?.code ?? null, discountPercent: coupon?.percentOff ?? 0 };
  const ownServices = and(eq(subscriptionServices.subscriptionId, sub.id), eq(subscriptionServices.hostUserId, user.id));
  await db.batch([
    db
      .update(subscriptions)
      .set({ ...onPlan(plan), status, internalStatus: "active", startedAt, expiresAt, ...priced, isCancellationScheduled: false, cancellationReason: null, updatedAt: now })
      .where(own),
    ...servicesFollow(db, plan, ownServices, expiresAt),
  ]);
}

/**
 * Cancels the subscription (§4): the cancellation is scheduled, the subscription runs to its
 * expiration date (a trial becomes active) and a scheduled plan change is dropped.
 */
export async function cancelSubscription(db: Database, user: UserRow, sub: SubscriptionRow, reason: string, now: Date): Promise<void> {
  assertEditable(sub, now);
  if (sub.isCancellationScheduled) throw new ApiError(409, "The subscription's cancellation is scheduled already");
  await db
    .update(subscriptions)
    .set({ ...cancelledState(sub.status), cancellationReason: reason, scheduledPlanId: null, scheduledCouponCode: null, updatedAt: now })
    .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.hostUserId, user.id), eq(subscriptions.isCancellationScheduled, false)));
}

/** Withdraws the scheduled plan change, keeping why; the subscription renews on its plan. */
export async function cancelScheduledChange(db: Database, user: UserRow, sub: SubscriptionRow, reason: string, now: Date): Promise<void> {
  assertEditable(sub, now);
  if (!sub.scheduledPlanId) throw new ApiError(409, "No plan change is scheduled");
  await db
    .update(subscriptions)
    .set({ scheduledPlanId: null, scheduledCouponCode: null, scheduledChangeCancelReason: reason, updatedAt: now })
    .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.hostUserId, user.id)));
}

/**
 * Subscriptions whose term ended with no change to take (§4): stored as cancelled (the host
 * cancelled) or expired, internal status expired. Idempotent: only a subscription that does not say
 * so yet is written, so a repeated or overlapping run changes nothing more. Returns how many ended.
 */
export async function expireSubscriptions(db: Database, now: Date): Promise<number> {
  const due = and(
    lte(subscriptions.expiresAt, now),
    ne(subscriptions.internalStatus, "expired"),
    // A plan change still to take effect is applyScheduledPlanChanges's, unless the host cancelled.
    or(isNull(subscriptions.scheduledPlanId), eq(subscriptions.isCancellationScheduled, true)),
  );
  const [cancelled, expired] = await db.batch([
    db
      .update(subscriptions)
      .set({ ...endedState(true), cancelledAt: sql`${subscriptions.expiresAt}`, updatedAt: now })
      .where(and(due, eq(subscriptions.isCancellationScheduled, true)))
      .returning({ id: subscriptions.id }),
    db
      .update(subscriptions)
      .set({ ...endedState(false), updatedAt: now })
      .where(and(due, eq(subscriptions.isCancellationScheduled, false)))
      .returning({ id: subscriptions.id }),
  ]);
  return cancelled.length + expired.length;
}

/** Replaces the optional services of the plan (plan-services step); they run to the end of the term. */
export async function replaceServices(db: Database, user: UserRow, sub: SubscriptionRow, services: readonly PlanService[], now: Date): Promise<void> {
  assertEditable(sub, now);
  const plan = planById(sub.planId);
  if (!plan) throw new ApiError(409, "The subscription's plan is no longer offered; change the plan first");
  const chosen = chooseServices(plan, services);
  const own = and(eq(subscriptionServices.subscriptionId, sub.id), eq(subscriptionServices.hostUserId, user.id));
  const ids = chosen.map((s) => s.id);
  await db.batch([
    db.delete(subscriptionServices).where(ids.length ? and(own, notInArray(subscriptionServices.service, ids)) : own),
    ...chosen.map((s) =>
      db
        .insert(subscriptionServices)
        .values({ subscriptionId: sub.id, service: s.id, hostUserId: user.id, price: s.price, expiresAt: sub.expiresAt })
        .onConflictDoNothing(),
    ),
  ]);
}

/**
 * Puts another unit of the host under the running subscription (the plan step of a further unit),
 * using one of the plan's unit-publish credits. A unit already under it stays.
 */
export async function addUnit(db: Database, user: UserRow, sub: SubscriptionRow, details: Details, unit: { id: number }, now: Date): Promise<void> {
  assertEditable(sub, now);
  const plan = planById(sub.planId);
  if (!plan) throw new ApiError(409, "The subscription's plan is no longer offered; change the plan first");
  if (details.units.some((u) => u.id === unit.id)) return;
  // The quota is checked again inside the insert, so that concurrent requests cannot overspend it.
  const inserted = await db.all<{ unit_id: number }>(sql`insert into ${subscriptionUnits} (subscription_id, unit_id, host_user_id)
      select ${sub.id}, ${unit.id}, ${user.id}
      where (select count(*) from ${subscriptionUnits} inner join ${propertyUnits} on ${propertyUnits.id} = ${subscriptionUnits.unitId}
              where ${subscriptionUnits.subscriptionId} = ${sub.id} and ${propertyUnits.state} <> 'DELETED') < ${plan.unitPublish.quota}
      on conflict do nothing
      returning unit_id`);
  if (!inserted.length) throw validationFailed([fieldError(null, "unit_publish_credits_empty")]);
}

/** Spends boost credits on a period of a unit of the subscription: one credit per started week. */
export async function bookBoost(db: Database, user: UserRow, sub: SubscriptionRow, details: Details, unit: { id: number; publicId: string }, period: { startDate: string; endDate: string }, now: Date) {
  assertEditable(sub, now);
  const flags = deriveUserFlags(user);
  if (!flags.isCoinSubscriptionEnabled) throw new ApiError(403, "Boost credits are not enabled for this account");
  if (!details.units.some((u) => u.id === unit.id)) throw validationFailed([fieldError("unitId", "unit_not_in_subscription")]);
  // The boost must be over by the subscription's last day.
  const lastDay = todayUtc(new Date(sub.expiresAt.getTime() - 1));
  const problems = boostPeriodProblems(period.startDate, period.endDate, todayUtc(now), lastDay);
  if (problems.length) throw validationFailed(problems.map((p) => fieldError(p.field, p.code)));

  const plan = planById(sub.planId);
  const quota = plan?.boostCredits.quota ?? 0;
  const remaining = remainingOf(quota, boostCreditsUsed(sub, details));
  const credits = boostCreditsFor(period.startDate, period.endDate);
  if (remaining === 0) throw validationFailed([fieldError(null, "boost_credits_empty")]);
  if (remaining < credits) throw validationFailed([fieldError(null, "boost_credits_insufficient")]);
  if (details.boosts.some((b) => b.unitId === unit.id && b.cancelledAt === null && periodsOverlap(b, period))) {
    throw validationFailed([fieldError("startDate", "boost_overlap")]);
  }
  const publicId = newPublicId("bst");
  // Credits and overlap are checked again inside the insert, so that concurrent requests cannot overspend.
  const inserted = await db.all<{ id: number }>(sql`insert into ${subscriptionBoosts}
      (public_id, subscription_id, unit_id, host_user_id, start_date, end_date, credits)
    select ${publicId}, ${sub.id}, ${unit.id}, ${user.id}, ${period.startDate}, ${period.endDate}, ${credits}
    where (select coalesce(sum(${subscriptionBoosts.credits}), 0) from ${subscriptionBoosts}
            where ${subscriptionBoosts.subscriptionId} = ${sub.id} and ${subscriptionBoosts.cancelledAt} is null and ${subscriptionBoosts.createdAt} >= ${sub.startedAt.getTime()}) + ${credits} <= ${quota}
      and not exists (select 1 from ${subscriptionBoosts} where ${subscriptionBoosts.unitId} = ${unit.id} and ${subscriptionBoosts.cancelledAt} is null
            and ${subscriptionBoosts.startDate} <= ${period.endDate} and ${subscriptionBoosts.endDate} >= ${period.startDate})
    returning id`);
  if (!inserted.length) throw new ApiError(409, "Your boost credits changed in the meantime. Reload and try again.");
  return { id: publicId, unitId: unit.publicId, startDate: period.startDate, endDate: period.endDate, credits };
}

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
    // The services follow only when the subscription took this change (not after another change).
    const changed = sql`exists (select 1 from ${subscriptions} where ${subscriptions.id} = ${sub.id} and ${subscriptions.planId} = ${plan.id} and ${subscriptions.expiresAt} = ${expiresAt.getTime()})`;
    const ownServices = and(eq(subscriptionServices.subscriptionId, sub.id), eq(subscriptionServices.hostUserId, sub.hostUserId), changed);
    const [updated] = await db.batch([
      db
        .update(subscriptions)
        .set({
          ...onPlan(plan),
          status: "active",
          startedAt: termEnd,
          expiresAt,
          price: discountedPrice(plan.price, coupon?.percentOff ?? 0),
          couponCode: coupon?.code ?? null,
          discountPercent: coupon?.percentOff ?? 0,
          leadsUsed: 0,
          updatedAt: now,
        })
        .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.scheduledPlanId, plan.id), eq(subscriptions.expiresAt, termEnd)))
        .returning({ id: subscriptions.id }),
      ...servicesFollow(db, plan, ownServices, expiresAt),
    ]);
    if (updated.length) applied++;
  }
  return applied;
}
