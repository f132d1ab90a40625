import type { CalendarVerificationStatus } from "@domain/calendar-verification";
import { todayUtc } from "@domain/dates";
import {
  activeBoostsInfo,
  availablePlans,
  boostCreditsState,
  boostLevel,
  effectiveStatus,
  EXPIRY_WARNING_UNITS,
  expiryState,
  expiryWarningFrom,
  couponFor,
  discountedPrice,
  isEditable,
  isUpgrade,
  leadsState,
  paymentSourceStatus,
  PLAN_SERVICES,
  planName,
  planById,
  publishCreditsState,
  remainingOf,
  serviceLabelKey,
  type Coupon,
  type SubscriptionPlan,
} from "@domain/subscription-plans";
import type { UserFlags } from "@domain/user-flags";
import type { Translator } from "@api/lib/translate";
import { boostCreditsUsed, isLive, type Details, type SubscriptionRow } from "./queries";

/* Responses of the subscription endpoints (§3, §7), built from what the queries loaded. */

/** The host's language: labels, and plan names with their booking fee written for it (`planName`). */
export type Translate = Translator;

export function presentPlan(plan: SubscriptionPlan, t: Translate, available = true) {
  return {
    id: plan.id,
    type: plan.type,
    tier: plan.tier,
    name: planName(plan, t, t.locale),
    nameKey: plan.nameKey,
    period: plan.period,
    periodUnit: plan.periodUnit,
    price: plan.price,
    currency: plan.currency,
    planItemPriceId: plan.planItemPriceId,
    trialDays: plan.trialDays,
    bookingFee: plan.bookingFee ? { ...plan.bookingFee } : null,
    includedServices: plan.includedServices.map((id) => ({ id, label: t(serviceLabelKey(id)) })),
    optionalServices: plan.optionalServices.map((s) => ({ id: s.id, label: t(serviceLabelKey(s.id)), price: s.price })),
    leadsQuota: plan.leadsQuota,
    unitPublish: { ...plan.unitPublish },
    boostCredits: { ...plan.boostCredits },
    requiresVerifiedCalendar: plan.tier === "verified",
    available,
  };
}

/** The plans a unit can renew onto (GET self-renewal/plans), each priced with the coupon where it applies. */
export function presentRenewalPlans(plans: readonly SubscriptionPlan[], coupon: Coupon | null, t: Translate, today: string) {
  return plans.map((p) => {
    const applies = coupon ? couponFor(coupon.code, p, today) !== null : false;
    return { ...presentPlan(p, t), priceAfterCoupon: discountedPrice(p.price, applies ? coupon!.percentOff : 0) };
  });
}

/** Whether a payment source is on file (GET payment-source/status): one once a checkout was paid. */
export function presentPaymentSource(flags: Pick<UserFlags, "isSubscriptionCheckoutAvailable">, paid: { count: number; provider: string | null; lastPaymentAt: Date | null }) {
  return {
    status: paymentSourceStatus(flags.isSubscriptionCheckoutAvailable, paid.count),
    provider: paid.provider,
    lastPaymentAt: paid.lastPaymentAt?.toISOString() ?? null,
  };
}

export function presentBoostPeriod(b: Details["boosts"][number]) {
  return { id: b.publicId, unitId: b.unitPublicId, startDate: b.startDate, endDate: b.endDate, credits: b.credits };
}

export function presentServices(plan: SubscriptionPlan | null, sub: SubscriptionRow, details: Details, t: Translate) {
  const included = (plan?.includedServices ?? []).map((id) => ({ id, label: t(serviceLabelKey(id)), included: true, price: 0, expirationDate: sub.expiresAt.toISOString() }));
  const optional = details.services
    .filter((s) => !plan?.includedServices.includes(s.service))
    .toSorted((a, b) => PLAN_SERVICES.indexOf(a.service) - PLAN_SERVICES.indexOf(b.service))
    .map((s) => ({ id: s.service, label: t(serviceLabelKey(s.service)), included: false, price: s.price, expirationDate: s.expiresAt.toISOString() }));
  return [...included, ...optional];
}

export const NO_CREDITS = { enabled: false, remaining: 0, quota: 0, used: 0, cost: 0, state: null };

/** GET /v2/user/subscription: the subscription state of §3, the same shape with or without one. */
export function presentState(flags: UserFlags, sub: SubscriptionRow | undefined, details: Details | null, calendarStatus: CalendarVerificationStatus | null, now: Date, t: Translate) {
  const plan = sub ? planById(sub.planId) : null;
  const offered = availablePlans(flags, calendarStatus);
  const upgradeablePlans = (plan ? offered.filter((p) => isUpgrade(plan, p)) : offered).map((p) => presentPlan(p, t));
  if (!sub || !details) {
    return {
      currentPlan: null,
      upgradeablePlans,
      subscription: null,
      leads: { enabled: false, remaining: 0, total: 0, unlimited: false, state: null },
      unitPublish: NO_CREDITS,
      boostCredits: NO_CREDITS,
      boostsInfo: [],
      boost: { availableItems: 0, level: 0, scheduledPeriods: [] },
    };
  }
  const live = isLive(sub, now);
  const internalStatus = effectiveStatus(sub.internalStatus, sub.expiresAt, now);
  const scheduled = sub.scheduledPlanId ? planById(sub.scheduledPlanId) : null;
  const services = presentServices(plan, sub, details, t);
  const inEffect = live ? services.map((s) => ({ type: s.id, expiresAt: new Date(s.expirationDate) })) : [];
  const coins = live && flags.isCoinSubscriptionEnabled && plan !== null;

  const leadsQuota = plan?.leadsQuota ?? null;
  const leads = !live
    ? { enabled: false, remaining: 0, total: 0, unlimited: false, state: null }
    : leadsQuota === null
      ? { enabled: false, remaining: null, total: null, unlimited: true, state: null }
      : { enabled: true, remaining: remainingOf(leadsQuota, sub.leadsUsed), total: leadsQuota, unlimited: false, state: leadsState(remainingOf(leadsQuota, sub.leadsUsed), leadsQuota) };

  const publishQuota = plan?.unitPublish.quota ?? 0;
  const publishRemaining = remainingOf(publishQuota, details.units.length);
  const unitPublish = live
    ? { enabled: coins, remaining: publishRemaining, quota: publishQuota, used: details.units.length, cost: plan?.unitPublish.cost ?? 0, state: coins ? publishCreditsState(publishRemaining) : null }
    : NO_CREDITS;

  const boostQuota = plan?.boostCredits.quota ?? 0;
  const boostUsed = boostCreditsUsed(sub, details);
  const boostRemaining = remainingOf(boostQuota, boostUsed);
  const boostCredits = live
    ? { enabled: coins, remaining: boostRemaining, quota: boostQuota, used: boostUsed, cost: plan?.boostCredits.cost ?? 0, state: coins ? boostCreditsState(boostRemaining) : null }
    : NO_CREDITS;

  const today = todayUtc(now);
  return {
    currentPlan: {
      ...(plan ? presentPlan(plan, t) : { id: sub.planId, planItemPriceId: sub.planItemPriceId, name: sub.planId }),
      subscriptionStatus: effectiveStatus(sub.status, sub.expiresAt, now),
      subscriptionInternalStatus: internalStatus,
      isCancellationScheduled: sub.isCancellationScheduled,
      isEditable: live && isEditable(internalStatus),
    },
    upgradeablePlans: live ? upgradeablePlans : offered.map((p) => presentPlan(p, t)),
    subscription: {
      id: sub.publicId,
      startDate: sub.startedAt.toISOString(),
      expirationDate: sub.expiresAt.toISOString(),
      trialEndDate: sub.trialEndsAt?.toISOString() ?? null,
      period: sub.period,
      periodUnit: sub.periodUnit,
      price: sub.price,
      currency: sub.currency,
      couponCode: sub.couponCode,
      discountPercent: sub.discountPercent,
      unitIds: details.units.map((u) => u.publicId),
      services,
      scheduledChange: scheduled
        ? { planId: scheduled.id, planItemPriceId: scheduled.planItemPriceId, name: planName(scheduled, t, t.locale), period: scheduled.period, periodUnit: scheduled.periodUnit, couponCode: sub.scheduledCouponCode, effectiveDate: sub.expiresAt.toISOString() }
        : null,
    },
    leads,
    unitPublish,
    boostCredits,
    boostsInfo: activeBoostsInfo(inEffect, now),
    boost: {
      availableItems: coins ? boostRemaining : 0,
      level: live ? boostLevel(services.map((s) => s.id)) : 0,
      scheduledPeriods: live ? details.boosts.filter((b) => b.cancelledAt === null && b.endDate >= today).map(presentBoostPeriod) : [],
    },
  };
}

/** GET /subscription/info/{unitId}: the subscription a unit is under, as the unit's pages show it. */
export function presentUnitSubscription(unit: { id: number; publicId: string }, calendarVerificationStatus: CalendarVerificationStatus, sub: SubscriptionRow | undefined, details: Details | null, now: Date, t: Translate) {
  if (!sub || !details) {
    return { unitId: unit.publicId, calendarVerificationStatus, subscriptionId: null, subscriptionStatus: null, plan: null, services: [], expirationDate: null, boosts: [] };
  }
  const plan = planById(sub.planId);
  return {
    unitId: unit.publicId,
    calendarVerificationStatus,
    subscriptionId: sub.publicId,
    subscriptionStatus: effectiveStatus(sub.status, sub.expiresAt, now),
    plan: plan ? presentPlan(plan, t) : null,
    services: presentServices(plan, sub, details, t),
    expirationDate: sub.expiresAt.toISOString(),
    boosts: details.boosts.filter((b) => b.unitId === unit.id && b.cancelledAt === null && b.endDate >= todayUtc(now)).map(presentBoostPeriod),
  };
}

/** GET /subscription/expiring (§4, §9): whether the host's subscription expires within 3 period units. */
export function presentExpiry(sub: SubscriptionRow | undefined, now: Date) {
  if (!sub) {
    return { subscriptionId: null, state: null, expiring: false, expired: false, expirationDate: null, warningFrom: null, warningUnits: EXPIRY_WARNING_UNITS, periodUnit: null };
  }
  const state = expiryState(sub.expiresAt, sub.periodUnit, now);
  return {
    subscriptionId: sub.publicId,
    state,
    expiring: state === "expiring",
    expired: state === "expired",
    expirationDate: sub.expiresAt.toISOString(),
    warningFrom: expiryWarningFrom(sub.expiresAt, sub.periodUnit).toISOString(),
    warningUnits: EXPIRY_WARNING_UNITS,
    periodUnit: sub.periodUnit,
  };
}
