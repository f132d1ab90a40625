import type { Context } from "hono";
import { subscriptions as contract } from "@contract/subscriptions";
import { todayUtc } from "@domain/dates";
import { DEFAULT_LOCALE, LANGUAGE_PARAM, resolveLocale } from "@domain/locales";
import { availablePlans, boostPeriodProblems, couponFor, PLAN_SERVICES, planAvailability, planById, planName, plansFor, serviceLabelKey } from "@domain/subscription-plans";
import { deriveUserFlags } from "@domain/user-flags";
import type { CalendarVerificationStatus } from "@domain/calendar-verification";
import type { ApiEnv } from "@api/context";
import { owned, ownSubscription, ownUnit } from "@api/lib/ownership";
import { notFound, validationFailed } from "@api/lib/errors";
import { contractRouter } from "@api/lib/openapi";
import { translator } from "@api/lib/translate";
import { findUnit } from "@api/properties/queries";
import { presentExpiry, presentPaymentSource, presentPlan, presentRenewalPlans, presentState, presentUnitSubscription, type Translate } from "./presenters";
import { isLive, latestSubscription, loadDetails, subscriptionCalendarStatus, subscriptionOfUnit, unitCalendarStatus } from "./queries";
import { addUnit, bookBoost, cancelScheduledChange, cancelSubscription, changePlan, createSubscription, fieldError, replaceServices } from "./services";
import { findSubscription } from "./queries";
import { paidCheckouts } from "@api/payments/queries";

/*
 * Subscriptions of the host API (§7 Subscriptions), following the plan catalogue and rules of
 * domain/subscription-plans.ts. A host without checkout (isSubscriptionCheckoutAvailable false) takes
 * a plan here directly, a paid one in its trial. A host who pays through checkout takes a plan with a
 * price only through the payment provider (api/payments, decision 036): create and change-plan refuse
 * it (plan_checkout_required) when it would start now, and the checkout's webhook starts it.
 *
 * Each route reads what it needs (queries.ts), hands a write to its service (services.ts: one
 * function per change, one D1 batch) and answers with a presenter (presenters.ts).
 */

function translate<E extends ApiEnv>(c: Context<E>): Translate {
  return translator(resolveLocale(c.req.query(LANGUAGE_PARAM)) ?? resolveLocale(c.var.principal.user.locale) ?? DEFAULT_LOCALE);
}

/** The host's newest subscription, presented. */
export async function currentState<E extends ApiEnv>(c: Context<E>) {
  const { user } = c.var.principal;
  const db = c.var.db;
  const sub = await latestSubscription(db, user.id);
  const details = sub ? await loadDetails(db, sub) : null;
  const calendarStatus = details ? await subscriptionCalendarStatus(db, user.id, details) : null;
  return presentState(deriveUserFlags(user), sub, details, calendarStatus, new Date(), translate(c));
}

export const subscriptionRoutes = contractRouter<ApiEnv>()
  /**
   * The plans of the host's commercial model; `available` says which the host can choose now. With
   * `unitId`, the unit's calendar verification decides the verified tier; without, it stays locked.
   */
  .openapi(contract.plans, async (c) => {
    const { user } = c.var.principal;
    const flags = deriveUserFlags(user);
    const t = translate(c);
    const unitPublicId = c.req.valid("query").unitId;
    let calendarStatus: CalendarVerificationStatus | null = null;
    if (unitPublicId) {
      const { unit } = await findUnit(c.var.db, user.id, unitPublicId);
      calendarStatus = await unitCalendarStatus(c.var.db, user.id, unit.id);
    }
    return c.json({
      currency: "EUR",
      calendarVerificationStatus: calendarStatus,
      plans: plansFor(flags).map((p) => presentPlan(p, t, planAvailability(p, flags, calendarStatus) === "available")),
      services: PLAN_SERVICES.map((id) => ({ id, label: t(serviceLabelKey(id)) })),
    }, 200);
  })
  .openapi(contract.state, async (c) => c.json(await currentState(c), 200))
  .openapi(owned(contract.unitInfo, ownUnit("unitId")), async (c) => {
    const { user } = c.var.principal;
    const db = c.var.db;
    const { unit } = c.var;
    const sub = await subscriptionOfUnit(db, user.id, unit.id);
    const calendarStatus = await unitCalendarStatus(db, user.id, unit.id);
    const details = sub ? await loadDetails(db, sub) : null;
    return c.json(presentUnitSubscription(unit, calendarStatus, sub, details, new Date(), translate(c)), 200);
  })
  /** The first subscription of a host (or the next after one expired), for the unit being listed. */
  .openapi(contract.create, async (c) => {
    const body = c.req.valid("json");
    const { user } = c.var.principal;
    const db = c.var.db;
    const { unit } = await findUnit(db, user.id, body.unitId);
    await createSubscription(c.env.DB, user, unit, await unitCalendarStatus(db, user.id, unit.id), body, new Date());
    return c.json(await currentState(c), 201);
  })
  /** Changes the plan: at once in the trial and for an upgrade, else at the end of the term (changePlan). */
  .openapi(owned(contract.changePlan, ownSubscription()), async (c) => {
    const { user } = c.var.principal;
    const db = c.var.db;
    const sub = c.var.subscription;
    const body = c.req.valid("json");
    const details = await loadDetails(db, sub);
    await changePlan(db, user, sub, details, await subscriptionCalendarStatus(db, user.id, details), body, new Date());
    return c.json(await currentState(c), 200);
  })
  /** Replaces the optional services of the plan (plan-services step); they run to the end of the term. */
  .openapi(owned(contract.replaceServices, ownSubscription()), async (c) => {
    const { user } = c.var.principal;
    const db = c.var.db;
    const sub = c.var.subscription;
    const body = c.req.valid("json");
    await replaceServices(db, user, sub, body.services, new Date());
    return c.json(await currentState(c), 200);
  })
  /**
   * Puts another unit of the host under the running subscription (the plan step of a further unit),
   * using one of the plan's unit-publish credits. A unit already under it stays, and answers the same.
   */
  .openapi(owned(contract.addUnit, ownSubscription()), async (c) => {
    const { user } = c.var.principal;
    const db = c.var.db;
    const sub = c.var.subscription;
    const body = c.req.valid("json");
    const { unit } = await findUnit(db, user.id, body.unitId);
    await addUnit(db, user, sub, await loadDetails(db, sub), unit, new Date());
    return c.json(await currentState(c), 200);
  })
  /** Spends boost credits on a period of a unit of the subscription: one credit per started week. */
  .openapi(contract.boost, async (c) => {
    const body = c.req.valid("json");
    const { user } = c.var.principal;
    const db = c.var.db;
    const { unit } = await findUnit(db, user.id, body.unitId);
    const now = new Date();
    const dateProblems = boostPeriodProblems(body.startDate, body.endDate, todayUtc(now), null);
    if (dateProblems.length) throw validationFailed(dateProblems.map((p) => fieldError(p.field, p.code)));
    const sub = await latestSubscription(db, user.id);
    if (!sub || !isLive(sub, now)) throw notFound("Subscription");
    const boostPeriod = await bookBoost(db, user, sub, await loadDetails(db, sub), unit, { startDate: body.startDate, endDate: body.endDate }, now);
    const state = await currentState(c);
    return c.json({ boostPeriod, boostCredits: state.boostCredits, boost: state.boost }, 201);
  })
  /** §4 and §9: whether the host's subscription expires within 3 period units (months). */
  .openapi(contract.expiring, async (c) => c.json(presentExpiry(await latestSubscription(c.var.db, c.var.principal.user.id), new Date()), 200))
  /** The change scheduled for the end of the term, and whether the subscription ends then. */
  .openapi(owned(contract.scheduledChanges, ownSubscription()), (c) => {
    const sub = c.var.subscription;
    const t = translate(c);
    const scheduled = sub.scheduledPlanId ? planById(sub.scheduledPlanId) : null;
    const effectiveDate = sub.expiresAt.toISOString();
    return c.json({
      subscriptionId: sub.publicId,
      items: scheduled
        ? [{ type: "plan_change" as const, planId: scheduled.id, planItemPriceId: scheduled.planItemPriceId, name: planName(scheduled, t, t.locale), period: scheduled.period, periodUnit: scheduled.periodUnit, couponCode: sub.scheduledCouponCode, effectiveDate }]
        : [],
      cancellation: { scheduled: sub.isCancellationScheduled, effectiveDate: sub.isCancellationScheduled ? effectiveDate : null, reason: sub.isCancellationScheduled ? sub.cancellationReason : null },
    }, 200);
  })
  /** Withdraws the scheduled plan change, saying why. */
  .openapi(owned(contract.cancelScheduledChanges, ownSubscription()), async (c) => {
    await cancelScheduledChange(c.var.db, c.var.principal.user, c.var.subscription, c.req.valid("json").reason, new Date());
    return c.json(await currentState(c), 200);
  })
  /** Cancels the subscription named in the body (another host's answers 404): it ends at its expiration date. */
  .openapi(contract.cancel, async (c) => {
    const { reason, subscriptionId } = c.req.valid("json");
    const { user } = c.var.principal;
    const sub = await findSubscription(c.var.db, user.id, subscriptionId);
    await cancelSubscription(c.var.db, user, sub, reason, new Date());
    return c.json(await currentState(c), 200);
  })
  /** The plans a unit's subscription can renew onto, priced with the coupon when one is given (§5: sent only when not empty). */
  .openapi(owned(contract.selfRenewalPlans, ownUnit("unitId")), async (c) => {
    const { user } = c.var.principal;
    const t = translate(c);
    const code = c.req.valid("query").couponId;
    const plans = availablePlans(deriveUserFlags(user), await unitCalendarStatus(c.var.db, user.id, c.var.unit.id));
    const today = todayUtc(new Date());
    const coupon = code ? (plans.map((p) => couponFor(code, p, today)).find((found) => found !== null) ?? null) : null;
    if (code && !coupon) throw validationFailed([fieldError("couponId", "coupon_invalid")]);
    return c.json({ plans: presentRenewalPlans(plans, coupon, t, today), coupon: coupon ? { code: coupon.code, percentOff: coupon.percentOff } : null }, 200);
  })
  /** Whether a payment source is on file: one once a checkout was paid (api/payments). */
  .openapi(contract.paymentSourceStatus, async (c) => {
    const { user } = c.var.principal;
    return c.json(presentPaymentSource(deriveUserFlags(user), await paidCheckouts(c.var.db, user.id)), 200);
  });
