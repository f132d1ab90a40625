import { and, asc, desc, eq, ne, notInArray, sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { weakestCalendarStatus, type CalendarVerificationStatus } from "../../domain/calendar-verification";
import { addDaysTo, todayUtc } from "../../domain/dates";
import { DEFAULT_LOCALE, LANGUAGE_PARAM, resolveLocale } from "../../domain/locales";
import {
  activeBoostsInfo,
  addPeriod,
  availablePlans,
  boostCreditsFor,
  boostCreditsState,
  boostLevel,
  boostPeriodProblems,
  couponFor,
  discountedPrice,
  effectiveStatus,
  EXPIRY_WARNING_UNITS,
  expiryState,
  expiryWarningFrom,
  initialStatus,
  isEditable,
  isUpgrade,
  leadsState,
  periodsOverlap,
  PLAN_SERVICES,
  planAvailability,
  planByItemPriceId,
  planById,
  plansFor,
  publishCreditsState,
  remainingOf,
  serviceLabelKey,
  type Coupon,
  type OptionalService,
  type PlanHost,
  type PlanService,
  type SubscriptionPlan,
} from "../../domain/subscription-plans";
import { deriveUserFlags, type UserFlags } from "../../domain/user-flags";
import { calendarStatusesOf } from "../calendar-verification/routes";
import type { ApiEnv } from "../context";
import type { Database } from "../db/client";
import { propertyUnits, subscriptionBoosts, subscriptions, subscriptionServices, subscriptionUnits } from "../db/schema";
import { ApiError, notFound, validationFailed, type FieldError } from "../lib/errors";
import { newPublicId } from "../lib/ids";
import { translator } from "../lib/translate";
import { readJson } from "../lib/validation";
import { findUnit } from "../properties/queries";

/*
 * Subscriptions of the host API (§7 Subscriptions). There is no payment provider in this product:
 * nothing is charged, no hosted checkout page is opened and no invoice is made. A subscription is
 * created and changed here directly, following the plan catalogue and rules of
 * domain/subscription-plans.ts, and `isSubscriptionCheckoutAvailable` decides only whether a new
 * subscription counts as paid (active) or starts in its trial (see initialStatus).
 */

type SubscriptionRow = typeof subscriptions.$inferSelect;
type ServiceRow = typeof subscriptionServices.$inferSelect;
type BoostRow = typeof subscriptionBoosts.$inferSelect;
type Translate = (key: string) => string;

interface Details {
  units: { id: number; publicId: string }[];
  services: ServiceRow[];
  boosts: (BoostRow & { unitPublicId: string })[];
}

const english = translator("en_US");

function fieldError(field: string | null, code: string): FieldError {
  return { field, message: english(`validation.${code}`), type: code };
}

const planItemPriceId = z.string("required").trim().min(1, "required").max(120, "plan_invalid");
// §5: the coupon code is sent only when it is not empty.
const couponCode = z.string("coupon_invalid").trim().min(1, "coupon_invalid").max(40, "coupon_invalid").optional();
const serviceList = z
  .array(z.enum(PLAN_SERVICES, "service_not_available"), "required")
  .max(PLAN_SERVICES.length, "too_long")
  .refine((list) => new Set(list).size === list.length, "duplicate");
const unitId = z.string("required").trim().min(1, "required").max(100, "too_long");

const createBody = z.object({ planItemPriceId, unitId, services: serviceList.default([]), couponCode }).strict();
const changePlanBody = z.object({ planItemPriceId, couponCode }).strict();
const servicesBody = z.object({ services: serviceList }).strict();
const addUnitBody = z.object({ unitId }).strict();
const boostBody = z.object({ startDate: z.string("required").max(10, "date_invalid"), endDate: z.string("required").max(10, "date_invalid"), unitId }).strict();

function translate(c: Context<ApiEnv>): Translate {
  return translator(resolveLocale(c.req.query(LANGUAGE_PARAM)) ?? resolveLocale(c.var.principal.user.locale) ?? DEFAULT_LOCALE);
}

// ---------------------------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------------------------

/** The host's newest subscription: the current one unless it has expired. */
async function latestSubscription(db: Database, hostUserId: number): Promise<SubscriptionRow | undefined> {
  return db.query.subscriptions.findFirst({ where: eq(subscriptions.hostUserId, hostUserId), orderBy: desc(subscriptions.id) });
}

async function findSubscription(db: Database, hostUserId: number, publicId: string): Promise<SubscriptionRow> {
  const row = await db.query.subscriptions.findFirst({ where: and(eq(subscriptions.publicId, publicId), eq(subscriptions.hostUserId, hostUserId)) });
  if (!row) throw notFound("Subscription");
  return row;
}

/** Units (not deleted), optional services and boosts of a subscription, in one round trip. */
async function loadDetails(db: Database, sub: SubscriptionRow): Promise<Details> {
  const [units, serviceRows, boosts] = await db.batch([
    db
      .select({ id: propertyUnits.id, publicId: propertyUnits.publicId })
      .from(subscriptionUnits)
      .innerJoin(propertyUnits, eq(propertyUnits.id, subscriptionUnits.unitId))
      .where(and(eq(subscriptionUnits.subscriptionId, sub.id), eq(subscriptionUnits.hostUserId, sub.hostUserId), ne(propertyUnits.state, "DELETED")))
      .orderBy(asc(subscriptionUnits.createdAt), asc(propertyUnits.id)),
    db
      .select()
      .from(subscriptionServices)
      .where(and(eq(subscriptionServices.subscriptionId, sub.id), eq(subscriptionServices.hostUserId, sub.hostUserId))),
    // Aliased: D1's batch answers rows keyed by column name, and both tables have a public_id.
    db
      .select({ boost: subscriptionBoosts, unitPublicId: sql<string>`${propertyUnits.publicId}`.as("unit_public_id") })
      .from(subscriptionBoosts)
      .innerJoin(propertyUnits, eq(propertyUnits.id, subscriptionBoosts.unitId))
      .where(and(eq(subscriptionBoosts.subscriptionId, sub.id), eq(subscriptionBoosts.hostUserId, sub.hostUserId)))
      .orderBy(asc(subscriptionBoosts.startDate), asc(subscriptionBoosts.id)),
  ]);
  return { units, services: serviceRows, boosts: boosts.map((b) => ({ ...b.boost, unitPublicId: b.unitPublicId })) };
}

/** The calendar status that decides a subscription's plans: that of its least verified unit. */
async function subscriptionCalendarStatus(db: Database, hostUserId: number, details: Details): Promise<CalendarVerificationStatus> {
  const statuses = await calendarStatusesOf(db, hostUserId, details.units.map((u) => u.id));
  return weakestCalendarStatus([...statuses.values()]);
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

const isLive = (sub: SubscriptionRow, now: Date) => sub.expiresAt.getTime() > now.getTime();

/** Boost credits used in the current term (since the term started); cancelled boosts give theirs back. */
function boostCreditsUsed(sub: SubscriptionRow, details: Details): number {
  return details.boosts.filter((b) => b.cancelledAt === null && b.createdAt.getTime() >= sub.startedAt.getTime()).reduce((sum, b) => sum + b.credits, 0);
}

/** Refuses a subscription that has expired or whose internal status is not editable (§4). */
function assertEditable(sub: SubscriptionRow, now: Date): void {
  if (!isLive(sub, now)) throw new ApiError(409, "The subscription has expired");
  // in_progress: a checkout is open (later work); expired: see above.
  if (!isEditable(sub.internalStatus)) throw new ApiError(409, "The subscription cannot be changed in its current state");
}

// ---------------------------------------------------------------------------------------------
// Choosing
// ---------------------------------------------------------------------------------------------

function choosePlan(id: string, host: PlanHost, calendarStatus: CalendarVerificationStatus | null): SubscriptionPlan {
  const plan = planByItemPriceId(id);
  const availability = plan ? planAvailability(plan, host, calendarStatus) : "not_offered";
  if (!plan || availability === "not_offered") throw validationFailed([fieldError("planItemPriceId", "plan_invalid")]);
  if (availability === "calendar_verification_required") throw validationFailed([fieldError("planItemPriceId", "plan_requires_verified_calendar")]);
  return plan;
}

function chooseCoupon(code: string | undefined, plan: SubscriptionPlan, today: string): Coupon | null {
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
// Presenting
// ---------------------------------------------------------------------------------------------

function presentPlan(plan: SubscriptionPlan, t: Translate, available = true) {
  return {
    id: plan.id,
    type: plan.type,
    tier: plan.tier,
    name: t(plan.nameKey),
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

function presentBoostPeriod(b: Details["boosts"][number]) {
  return { id: b.publicId, unitId: b.unitPublicId, startDate: b.startDate, endDate: b.endDate, credits: b.credits };
}

function presentServices(plan: SubscriptionPlan | null, sub: SubscriptionRow, details: Details, t: Translate) {
  const included = (plan?.includedServices ?? []).map((id) => ({ id, label: t(serviceLabelKey(id)), included: true, price: 0, expirationDate: sub.expiresAt.toISOString() }));
  const optional = details.services
    .filter((s) => !plan?.includedServices.includes(s.service))
    .toSorted((a, b) => PLAN_SERVICES.indexOf(a.service) - PLAN_SERVICES.indexOf(b.service))
    .map((s) => ({ id: s.service, label: t(serviceLabelKey(s.service)), included: false, price: s.price, expirationDate: s.expiresAt.toISOString() }));
  return [...included, ...optional];
}

const NO_CREDITS = { enabled: false, remaining: 0, quota: 0, used: 0, cost: 0, state: null };

/** GET /v2/user/subscription: the subscription state of §3, the same shape with or without one. */
function presentState(flags: UserFlags, sub: SubscriptionRow | undefined, details: Details | null, calendarStatus: CalendarVerificationStatus | null, now: Date, t: Translate) {
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
        ? { planId: scheduled.id, planItemPriceId: scheduled.planItemPriceId, name: t(scheduled.nameKey), period: scheduled.period, periodUnit: scheduled.periodUnit, couponCode: sub.scheduledCouponCode, effectiveDate: sub.expiresAt.toISOString() }
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

/** The host's newest subscription, presented. */
async function currentState(c: Context<ApiEnv>) {
  const { user } = c.var.principal;
  const db = c.var.db;
  const sub = await latestSubscription(db, user.id);
  const details = sub ? await loadDetails(db, sub) : null;
  const calendarStatus = details ? await subscriptionCalendarStatus(db, user.id, details) : null;
  return presentState(deriveUserFlags(user), sub, details, calendarStatus, new Date(), translate(c));
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

export const subscriptionRoutes = new Hono<ApiEnv>()
  /**
   * The plans of the host's commercial model; `available` says which the host can choose now. With
   * `unitId`, the unit's calendar verification decides the verified tier; without, it stays locked.
   */
  .get("/subscriptions/plans", async (c) => {
    const { user } = c.var.principal;
    const flags = deriveUserFlags(user);
    const t = translate(c);
    const unitPublicId = c.req.query("unitId");
    let calendarStatus: CalendarVerificationStatus | null = null;
    if (unitPublicId) {
      const { unit } = await findUnit(c.var.db, user.id, unitPublicId);
      calendarStatus = (await calendarStatusesOf(c.var.db, user.id, [unit.id])).get(unit.id) ?? "not_started";
    }
    return c.json({
      currency: "EUR",
      calendarVerificationStatus: calendarStatus,
      plans: plansFor(flags).map((p) => presentPlan(p, t, planAvailability(p, flags, calendarStatus) === "available")),
      services: PLAN_SERVICES.map((id) => ({ id, label: t(serviceLabelKey(id)) })),
    });
  })
  .get("/v2/user/subscription", async (c) => c.json(await currentState(c)))
  .get("/subscription/info/:unitId", async (c) => {
    const { user } = c.var.principal;
    const db = c.var.db;
    const t = translate(c);
    const { unit } = await findUnit(db, user.id, c.req.param("unitId"));
    const [row] = await db
      .select({ sub: subscriptions })
      .from(subscriptionUnits)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionUnits.subscriptionId))
      .where(and(eq(subscriptionUnits.unitId, unit.id), eq(subscriptionUnits.hostUserId, user.id), eq(subscriptions.hostUserId, user.id)))
      .orderBy(desc(subscriptions.id))
      .limit(1);
    const calendarVerificationStatus = (await calendarStatusesOf(db, user.id, [unit.id])).get(unit.id) ?? "not_started";
    if (!row) {
      return c.json({ unitId: unit.publicId, calendarVerificationStatus, subscriptionId: null, subscriptionStatus: null, plan: null, services: [], expirationDate: null, boosts: [] });
    }
    const now = new Date();
    const { sub } = row;
    const plan = planById(sub.planId);
    const details = await loadDetails(db, sub);
    return c.json({
      unitId: unit.publicId,
      calendarVerificationStatus,
      subscriptionId: sub.publicId,
      subscriptionStatus: effectiveStatus(sub.status, sub.expiresAt, now),
      plan: plan ? presentPlan(plan, t) : null,
      services: presentServices(plan, sub, details, t),
      expirationDate: sub.expiresAt.toISOString(),
      boosts: details.boosts.filter((b) => b.unitId === unit.id && b.cancelledAt === null && b.endDate >= todayUtc(now)).map(presentBoostPeriod),
    });
  })
  /** The first subscription of a host (or the next after one expired), for the unit being listed. */
  .post("/subscriptions", async (c) => {
    const body = await readJson(c, createBody);
    const { user } = c.var.principal;
    const db = c.var.db;
    const flags = deriveUserFlags(user);
    const { unit } = await findUnit(db, user.id, body.unitId);
    if (!flags.subscriptionApplicable) throw new ApiError(403, "Subscriptions do not apply to this account");
    const now = new Date();
    const calendarStatus = (await calendarStatusesOf(db, user.id, [unit.id])).get(unit.id) ?? "not_started";
    const plan = choosePlan(body.planItemPriceId, flags, calendarStatus);
    const coupon = chooseCoupon(body.couponCode, plan, todayUtc(now));
    const chosen = chooseServices(plan, body.services);

    const publicId = newPublicId("sub");
    const status = initialStatus(plan, flags.isSubscriptionCheckoutAvailable);
    const expiresAt = addPeriod(now, plan.period, plan.periodUnit).getTime();
    const trialEndsAt = status === "in_trial" ? addDaysTo(now, plan.trialDays).getTime() : null;
    const price = discountedPrice(plan.price, coupon?.percentOff ?? 0);
    const ofNew = sql`from ${subscriptions} where ${subscriptions.publicId} = ${publicId}`;
    // One transaction; the subscription is inserted only while the host has none that runs, so that
    // two requests cannot both make one (the other rows then find no subscription to attach to).
    const d1 = c.env.DB;
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
    return c.json(await currentState(c), 201);
  })
  /**
   * Changes the plan. In the trial, and for an upgrade, at once (an upgrade starts a new term);
   * any other change is scheduled for the end of the term. Choosing the current plan keeps the
   * term, applies a coupon and drops a scheduled change.
   */
  .post("/subscription/:id/change-plan", async (c) => {
    const { user } = c.var.principal;
    const db = c.var.db;
    const sub = await findSubscription(db, user.id, c.req.param("id"));
    const body = await readJson(c, changePlanBody);
    const now = new Date();
    assertEditable(sub, now);
    const flags = deriveUserFlags(user);
    const details = await loadDetails(db, sub);
    const plan = choosePlan(body.planItemPriceId, flags, await subscriptionCalendarStatus(db, user.id, details));
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
      return c.json(await currentState(c));
    }
    const inTrial = sub.status === "in_trial";
    if (!inTrial && current && !isUpgrade(current, plan)) {
      await db.update(subscriptions).set({ scheduledPlanId: plan.id, scheduledCouponCode: given?.code ?? null, updatedAt: now }).where(own);
      return c.json(await currentState(c));
    }
    const startedAt = inTrial ? sub.startedAt : now;
    const expiresAt = addPeriod(startedAt, plan.period, plan.periodUnit);
    const status = inTrial ? initialStatus(plan, flags.isSubscriptionCheckoutAvailable) : "active";
    const kept = plan.optionalServices.map((s) => s.id);
    const ownServices = and(eq(subscriptionServices.subscriptionId, sub.id), eq(subscriptionServices.hostUserId, user.id));
    await db.batch([
      db
        .update(subscriptions)
        .set({
          planId: plan.id,
          planItemPriceId: plan.planItemPriceId,
          period: plan.period,
          periodUnit: plan.periodUnit,
          status,
          startedAt,
          expiresAt,
          ...priced,
          scheduledPlanId: null,
          scheduledCouponCode: null,
          updatedAt: now,
        })
        .where(own),
      // Optional services the new plan does not offer (or now includes) end with the change.
      db.delete(subscriptionServices).where(kept.length ? and(ownServices, notInArray(subscriptionServices.service, kept)) : ownServices),
      db.update(subscriptionServices).set({ expiresAt }).where(ownServices),
    ]);
    return c.json(await currentState(c));
  })
  /** Replaces the optional services of the plan (plan-services step); they run to the end of the term. */
  .put("/subscription/:id/services", async (c) => {
    const { user } = c.var.principal;
    const db = c.var.db;
    const sub = await findSubscription(db, user.id, c.req.param("id"));
    const body = await readJson(c, servicesBody);
    const now = new Date();
    assertEditable(sub, now);
    const plan = planById(sub.planId);
    if (!plan) throw new ApiError(409, "The subscription's plan is no longer offered; change the plan first");
    const chosen = chooseServices(plan, body.services);
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
    return c.json(await currentState(c));
  })
  /**
   * Puts another unit of the host under the running subscription (the plan step of a further unit),
   * using one of the plan's unit-publish credits. A unit already under it stays, and answers the same.
   */
  .post("/subscription/:id/units", async (c) => {
    const { user } = c.var.principal;
    const db = c.var.db;
    const sub = await findSubscription(db, user.id, c.req.param("id"));
    const body = await readJson(c, addUnitBody);
    const { unit } = await findUnit(db, user.id, body.unitId);
    assertEditable(sub, new Date());
    const plan = planById(sub.planId);
    if (!plan) throw new ApiError(409, "The subscription's plan is no longer offered; change the plan first");
    const details = await loadDetails(db, sub);
    if (details.units.some((u) => u.id === unit.id)) return c.json(await currentState(c));
    // The quota is checked again inside the insert, so that concurrent requests cannot overspend it.
    const inserted = await db.all<{ unit_id: number }>(sql`insert into ${subscriptionUnits} (subscription_id, unit_id, host_user_id)
        select ${sub.id}, ${unit.id}, ${user.id}
        where (select count(*) from ${subscriptionUnits} inner join ${propertyUnits} on ${propertyUnits.id} = ${subscriptionUnits.unitId}
                where ${subscriptionUnits.subscriptionId} = ${sub.id} and ${propertyUnits.state} <> 'DELETED') < ${plan.unitPublish.quota}
        on conflict do nothing
        returning unit_id`);
    if (!inserted.length) throw validationFailed([fieldError(null, "unit_publish_credits_empty")]);
    return c.json(await currentState(c));
  })
  /** Spends boost credits on a period of a unit of the subscription: one credit per started week. */
  .post("/user/subscription/coin/boost", async (c) => {
    const body = await readJson(c, boostBody);
    const { user } = c.var.principal;
    const db = c.var.db;
    const { unit } = await findUnit(db, user.id, body.unitId);
    const now = new Date();
    const today = todayUtc(now);
    const dateProblems = boostPeriodProblems(body.startDate, body.endDate, today, null);
    if (dateProblems.length) throw validationFailed(dateProblems.map((p) => fieldError(p.field, p.code)));
    const sub = await latestSubscription(db, user.id);
    if (!sub || !isLive(sub, now)) throw notFound("Subscription");
    assertEditable(sub, now);
    const flags = deriveUserFlags(user);
    if (!flags.isCoinSubscriptionEnabled) throw new ApiError(403, "Boost credits are not enabled for this account");
    const details = await loadDetails(db, sub);
    if (!details.units.some((u) => u.id === unit.id)) throw validationFailed([fieldError("unitId", "unit_not_in_subscription")]);
    // The boost must be over by the subscription's last day.
    const lastDay = todayUtc(new Date(sub.expiresAt.getTime() - 1));
    const problems = boostPeriodProblems(body.startDate, body.endDate, today, lastDay);
    if (problems.length) throw validationFailed(problems.map((p) => fieldError(p.field, p.code)));

    const plan = planById(sub.planId);
    const quota = plan?.boostCredits.quota ?? 0;
    const remaining = remainingOf(quota, boostCreditsUsed(sub, details));
    const credits = boostCreditsFor(body.startDate, body.endDate);
    if (remaining === 0) throw validationFailed([fieldError(null, "boost_credits_empty")]);
    if (remaining < credits) throw validationFailed([fieldError(null, "boost_credits_insufficient")]);
    const period = { startDate: body.startDate, endDate: body.endDate };
    if (details.boosts.some((b) => b.unitId === unit.id && b.cancelledAt === null && periodsOverlap(b, period))) {
      throw validationFailed([fieldError("startDate", "boost_overlap")]);
    }
    const publicId = newPublicId("bst");
    // Credits and overlap are checked again inside the insert, so that concurrent requests cannot overspend.
    const inserted = await db.all<{ id: number }>(sql`insert into ${subscriptionBoosts}
        (public_id, subscription_id, unit_id, host_user_id, start_date, end_date, credits)
      select ${publicId}, ${sub.id}, ${unit.id}, ${user.id}, ${body.startDate}, ${body.endDate}, ${credits}
      where (select coalesce(sum(${subscriptionBoosts.credits}), 0) from ${subscriptionBoosts}
              where ${subscriptionBoosts.subscriptionId} = ${sub.id} and ${subscriptionBoosts.cancelledAt} is null and ${subscriptionBoosts.createdAt} >= ${sub.startedAt.getTime()}) + ${credits} <= ${quota}
        and not exists (select 1 from ${subscriptionBoosts} where ${subscriptionBoosts.unitId} = ${unit.id} and ${subscriptionBoosts.cancelledAt} is null
              and ${subscriptionBoosts.startDate} <= ${body.endDate} and ${subscriptionBoosts.endDate} >= ${body.startDate})
      returning id`);
    if (!inserted.length) throw new ApiError(409, "Your boost credits changed in the meantime. Reload and try again.");
    const state = await currentState(c);
    return c.json(
      {
        boostPeriod: { id: publicId, unitId: unit.publicId, startDate: body.startDate, endDate: body.endDate, credits },
        boostCredits: state.boostCredits,
        boost: state.boost,
      },
      201,
    );
  })
  /** §4 and §9: whether the host's subscription expires within 3 period units (months). */
  .get("/subscription/expiring", async (c) => {
    const sub = await latestSubscription(c.var.db, c.var.principal.user.id);
    if (!sub) {
      return c.json({ subscriptionId: null, state: null, expiring: false, expired: false, expirationDate: null, warningFrom: null, warningUnits: EXPIRY_WARNING_UNITS, periodUnit: null });
    }
    const state = expiryState(sub.expiresAt, sub.periodUnit, new Date());
    return c.json({
      subscriptionId: sub.publicId,
      state,
      expiring: state === "expiring",
      expired: state === "expired",
      expirationDate: sub.expiresAt.toISOString(),
      warningFrom: expiryWarningFrom(sub.expiresAt, sub.periodUnit).toISOString(),
      warningUnits: EXPIRY_WARNING_UNITS,
      periodUnit: sub.periodUnit,
    });
  });
