import { Hono, type Context } from "hono";
import { z } from "zod";
import { todayUtc } from "@domain/dates";
import { DEFAULT_LOCALE, LANGUAGE_PARAM, resolveLocale } from "@domain/locales";
import { boostPeriodProblems, PLAN_SERVICES, planAvailability, plansFor, serviceLabelKey } from "@domain/subscription-plans";
import { deriveUserFlags } from "@domain/user-flags";
import type { CalendarVerificationStatus } from "@domain/calendar-verification";
import type { ApiEnv } from "@api/context";
import { ownSubscription, ownUnit } from "@api/lib/ownership";
import { notFound, validationFailed } from "@api/lib/errors";
import { translator } from "@api/lib/translate";
import { readJson } from "@api/lib/validation";
import { findUnit } from "@api/properties/queries";
import { presentExpiry, presentPlan, presentState, presentUnitSubscription, type Translate } from "./presenters";
import { isLive, latestSubscription, loadDetails, subscriptionCalendarStatus, subscriptionOfUnit, unitCalendarStatus } from "./queries";
import { addUnit, bookBoost, changePlan, createSubscription, fieldError, replaceServices } from "./services";

/*
 * Subscriptions of the host API (§7 Subscriptions). There is no payment provider in this product:
 * nothing is charged, no hosted checkout page is opened and no invoice is made. A subscription is
 * created and changed here directly, following the plan catalogue and rules of
 * domain/subscription-plans.ts, and `isSubscriptionCheckoutAvailable` decides only whether a new
 * subscription counts as paid (active) or starts in its trial (see initialStatus).
 *
 * Each route reads what it needs (queries.ts), hands a write to its service (services.ts: one
 * function per change, one D1 batch) and answers with a presenter (presenters.ts).
 */

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

function translate<E extends ApiEnv>(c: Context<E>): Translate {
  return translator(resolveLocale(c.req.query(LANGUAGE_PARAM)) ?? resolveLocale(c.var.principal.user.locale) ?? DEFAULT_LOCALE);
}

/** The host's newest subscription, presented. */
async function currentState<E extends ApiEnv>(c: Context<E>) {
  const { user } = c.var.principal;
  const db = c.var.db;
  const sub = await latestSubscription(db, user.id);
  const details = sub ? await loadDetails(db, sub) : null;
  const calendarStatus = details ? await subscriptionCalendarStatus(db, user.id, details) : null;
  return presentState(deriveUserFlags(user), sub, details, calendarStatus, new Date(), translate(c));
}

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
      calendarStatus = await unitCalendarStatus(c.var.db, user.id, unit.id);
    }
    return c.json({
      currency: "EUR",
      calendarVerificationStatus: calendarStatus,
      plans: plansFor(flags).map((p) => presentPlan(p, t, planAvailability(p, flags, calendarStatus) === "available")),
      services: PLAN_SERVICES.map((id) => ({ id, label: t(serviceLabelKey(id)) })),
    });
  })
  .get("/v2/user/subscription", async (c) => c.json(await currentState(c)))
  .get("/subscription/info/:unitId", ownUnit("unitId"), async (c) => {
    const { user } = c.var.principal;
    const db = c.var.db;
    const { unit } = c.var;
    const sub = await subscriptionOfUnit(db, user.id, unit.id);
    const calendarStatus = await unitCalendarStatus(db, user.id, unit.id);
    const details = sub ? await loadDetails(db, sub) : null;
    return c.json(presentUnitSubscription(unit, calendarStatus, sub, details, new Date(), translate(c)));
  })
  /** The first subscription of a host (or the next after one expired), for the unit being listed. */
  .post("/subscriptions", async (c) => {
    const body = await readJson(c, createBody);
    const { user } = c.var.principal;
    const db = c.var.db;
    const { unit } = await findUnit(db, user.id, body.unitId);
    await createSubscription(c.env.DB, user, unit, await unitCalendarStatus(db, user.id, unit.id), body, new Date());
    return c.json(await currentState(c), 201);
  })
  /** Changes the plan: at once in the trial and for an upgrade, else at the end of the term (changePlan). */
  .post("/subscription/:id/change-plan", ownSubscription(), async (c) => {
    const { user } = c.var.principal;
    const db = c.var.db;
    const sub = c.var.subscription;
    const body = await readJson(c, changePlanBody);
    const details = await loadDetails(db, sub);
    await changePlan(db, user, sub, details, await subscriptionCalendarStatus(db, user.id, details), body, new Date());
    return c.json(await currentState(c));
  })
  /** Replaces the optional services of the plan (plan-services step); they run to the end of the term. */
  .put("/subscription/:id/services", ownSubscription(), async (c) => {
    const { user } = c.var.principal;
    const db = c.var.db;
    const sub = c.var.subscription;
    const body = await readJson(c, servicesBody);
    await replaceServices(db, user, sub, body.services, new Date());
    return c.json(await currentState(c));
  })
  /**
   * Puts another unit of the host under the running subscription (the plan step of a further unit),
   * using one of the plan's unit-publish credits. A unit already under it stays, and answers the same.
   */
  .post("/subscription/:id/units", ownSubscription(), async (c) => {
    const { user } = c.var.principal;
    const db = c.var.db;
    const sub = c.var.subscription;
    const body = await readJson(c, addUnitBody);
    const { unit } = await findUnit(db, user.id, body.unitId);
    await addUnit(db, user, sub, await loadDetails(db, sub), unit, new Date());
    return c.json(await currentState(c));
  })
  /** Spends boost credits on a period of a unit of the subscription: one credit per started week. */
  .post("/user/subscription/coin/boost", async (c) => {
    const body = await readJson(c, boostBody);
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
  .get("/subscription/expiring", async (c) => c.json(presentExpiry(await latestSubscription(c.var.db, c.var.principal.user.id), new Date())));
