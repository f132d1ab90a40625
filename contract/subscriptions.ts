import { createRoute, z } from "@hono/zod-openapi";
import { CALENDAR_VERIFICATION_STATUSES } from "@domain/calendar-verification";
import { LANGUAGE_PARAM } from "@domain/locales";
import { PAYMENT_SOURCE_STATUSES, PERIOD_UNITS, PLAN_SERVICES, PLAN_TIERS, PLAN_TYPES, SUBSCRIPTION_INTERNAL_STATUSES, SUBSCRIPTION_STATUSES } from "@domain/subscription-plans";
import { multiLineText } from "@domain/text";
import { commonErrors, conflict, json, jsonBody, security } from "./http";

/**
 * §3 Subscription state and §7 Subscriptions: the plan catalogue, the host's subscription, its
 * services, units and boost credits. Nothing is charged here (see api/subscriptions/routes.ts).
 */

const tags = ["Subscriptions"];
const language = z.object({ [LANGUAGE_PARAM]: z.string().optional().openapi({ description: "The language of labels and plan names (e.g. de_DE); the account's otherwise" }) });

const service = z.enum(PLAN_SERVICES);
const labelled = z.object({ id: service, label: z.string() });
const credits = z.object({ quota: z.number().int(), cost: z.number().int() });
const calendarVerificationStatus = z.enum(CALENDAR_VERIFICATION_STATUSES);
const creditState = z.enum(["ok", "low", "empty"]).nullable();

export const planSchema = z
  .object({
    id: z.string(),
    type: z.enum(PLAN_TYPES),
    tier: z.enum(PLAN_TIERS),
    name: z.string(),
    nameKey: z.string(),
    period: z.number().int(),
    periodUnit: z.enum(PERIOD_UNITS),
    price: z.number().int().openapi({ description: "Per period, in minor units" }),
    currency: z.string(),
    planItemPriceId: z.string(),
    trialDays: z.number().int(),
    bookingFee: z.object({ hostPercent: z.number(), guestPercent: z.number() }).nullable(),
    includedServices: z.array(labelled),
    optionalServices: z.array(labelled.extend({ price: z.number().int() })),
    leadsQuota: z.number().int().nullable().openapi({ description: "Leads per period; null: unlimited" }),
    unitPublish: credits,
    boostCredits: credits,
    requiresVerifiedCalendar: z.boolean(),
    available: z.boolean().openapi({ description: "Whether the host can choose it now" }),
  })
  .openapi("SubscriptionPlan");
export type Plan = z.infer<typeof planSchema>;

const planStatus = {
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  subscriptionInternalStatus: z.enum(SUBSCRIPTION_INTERNAL_STATUSES),
  isCancellationScheduled: z.boolean(),
  isEditable: z.boolean(),
};

const subscriptionServiceSchema = z.object({ id: service, label: z.string(), included: z.boolean(), price: z.number().int(), expirationDate: z.iso.datetime() });
const boostPeriodSchema = z.object({ id: z.string(), unitId: z.string(), startDate: z.iso.date(), endDate: z.iso.date(), credits: z.number().int() }).openapi("BoostPeriod");
const creditsState = z.object({ enabled: z.boolean(), remaining: z.number().int(), quota: z.number().int(), used: z.number().int(), cost: z.number().int(), state: creditState });
const boost = z.object({ availableItems: z.number().int(), level: z.number().int(), scheduledPeriods: z.array(boostPeriodSchema) });

export const subscriptionStateSchema = z
  .object({
    currentPlan: z
      .union([
        planSchema.extend(planStatus),
        // A plan no longer in the catalogue: what the subscription remembers of it.
        z.object({ id: z.string(), planItemPriceId: z.string(), name: z.string(), ...planStatus }),
      ])
      .nullable(),
    upgradeablePlans: z.array(planSchema),
    subscription: z
      .object({
        id: z.string(),
        startDate: z.iso.datetime(),
        expirationDate: z.iso.datetime(),
        trialEndDate: z.iso.datetime().nullable(),
        period: z.number().int(),
        periodUnit: z.enum(PERIOD_UNITS),
        price: z.number().int(),
        currency: z.string(),
        couponCode: z.string().nullable(),
        discountPercent: z.number().nullable(),
        unitIds: z.array(z.string()),
        services: z.array(subscriptionServiceSchema),
        scheduledChange: z
          .object({
            planId: z.string(),
            planItemPriceId: z.string(),
            name: z.string(),
            period: z.number().int(),
            periodUnit: z.enum(PERIOD_UNITS),
            couponCode: z.string().nullable(),
            effectiveDate: z.iso.datetime(),
          })
          .nullable(),
      })
      .nullable(),
    leads: z.object({ enabled: z.boolean(), remaining: z.number().int().nullable(), total: z.number().int().nullable(), unlimited: z.boolean(), state: creditState }),
    unitPublish: creditsState,
    boostCredits: creditsState,
    boostsInfo: z.array(z.object({ type: service, expirationDate: z.iso.datetime() })),
    boost,
  })
  .openapi("SubscriptionState");
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

const unitSubscriptionSchema = z
  .object({
    unitId: z.string(),
    calendarVerificationStatus,
    subscriptionId: z.string().nullable(),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
    plan: planSchema.nullable(),
    services: z.array(subscriptionServiceSchema),
    expirationDate: z.iso.datetime().nullable(),
    boosts: z.array(boostPeriodSchema),
  })
  .openapi("UnitSubscription");

const expirySchema = z.object({
  subscriptionId: z.string().nullable(),
  state: z.enum(["ok", "expiring", "expired"]).nullable(),
  expiring: z.boolean(),
  expired: z.boolean(),
  expirationDate: z.iso.datetime().nullable(),
  warningFrom: z.iso.datetime().nullable(),
  warningUnits: z.number().int(),
  periodUnit: z.enum(PERIOD_UNITS).nullable(),
});

const planItemPriceId = z.string("required").trim().min(1, "required").max(120, "plan_invalid");
// §5: the coupon code is sent only when it is not empty.
const couponCode = z.string("coupon_invalid").trim().min(1, "coupon_invalid").max(40, "coupon_invalid").optional();
const serviceList = z
  .array(z.enum(PLAN_SERVICES, "service_not_available"), "required")
  .max(PLAN_SERVICES.length, "too_long")
  .refine((list) => new Set(list).size === list.length, "duplicate");
const unitId = z.string("required").trim().min(1, "required").max(100, "too_long");
/** Why the host cancels or withdraws a change: required, one paragraph or a few. */
const reason = multiLineText(1000).min(1, "required");

const scheduledChangesSchema = z
  .object({
    subscriptionId: z.string(),
    items: z.array(
      z.object({
        type: z.literal("plan_change"),
        planId: z.string(),
        planItemPriceId: z.string(),
        name: z.string(),
        period: z.number().int(),
        periodUnit: z.enum(PERIOD_UNITS),
        couponCode: z.string().nullable(),
        effectiveDate: z.iso.datetime(),
      }),
    ),
    cancellation: z.object({ scheduled: z.boolean(), effectiveDate: z.iso.datetime().nullable(), reason: z.string().nullable() }),
  })
  .openapi("ScheduledChanges");

const subscriptionId = z.object({ id: z.string().openapi({ description: "The subscription's public id (sub_…)" }) });

const renewalPlansSchema = z.array(planSchema.extend({ priceAfterCoupon: z.number().int() }));
const paymentSourceSchema = z.object({ status: z.enum(PAYMENT_SOURCE_STATUSES), provider: z.string().nullable(), lastPaymentAt: z.iso.datetime().nullable() });

/** What a unit's subscription pages show, read with the shell's call (GET /api/app/shell?subscriptionUnit=). */
export const subscriptionPageSchema = z
  .object({
    state: subscriptionStateSchema,
    paymentSource: paymentSourceSchema,
    renewalPlans: renewalPlansSchema.nullable().openapi({ description: "The unit's renewal plans without a coupon; null when the host has no such unit" }),
  })
  .openapi("SubscriptionPage");
export type SubscriptionPage = z.infer<typeof subscriptionPageSchema>;

export const subscriptions = {
  plans: createRoute({
    method: "get",
    path: "/api/app/subscriptions/plans",
    tags,
    summary: "The plans of the host's commercial model; with unitId, the unit's calendar verification decides the verified tier",
    security,
    request: { query: language.extend({ unitId: z.string().optional().openapi({ description: "A unit of the host (unt_…); another host's answers 404" }) }) },
    responses: {
      200: json(
        z.object({ currency: z.string(), calendarVerificationStatus: calendarVerificationStatus.nullable(), plans: z.array(planSchema), services: z.array(labelled) }),
        "The plans, which are available now, and every service's label",
      ),
      ...commonErrors,
    },
  }),
  state: createRoute({
    method: "get",
    path: "/api/app/v2/user/subscription",
    tags,
    summary: "The host's newest subscription, its credits and the plans it can move to (the same shape without one)",
    security,
    request: { query: language },
    responses: { 200: json(subscriptionStateSchema, "The subscription state"), ...commonErrors },
  }),
  unitInfo: createRoute({
    method: "get",
    path: "/api/app/subscription/info/{unitId}",
    tags,
    summary: "The subscription a unit is under, its services and boosts",
    security,
    request: { params: z.object({ unitId: z.string().openapi({ description: "The unit's public id (unt_…)" }) }), query: language },
    responses: { 200: json(unitSubscriptionSchema, "The unit's subscription"), ...commonErrors },
  }),
  create: createRoute({
    method: "post",
    path: "/api/app/subscriptions",
    tags,
    summary: "The host's first subscription (or the next after one expired), for the unit being listed; a plan the host pays through checkout (a price after the coupon, isSubscriptionCheckoutAvailable) is refused with plan_checkout_required: it starts when its checkout is paid (POST subscriptions/checkout)",
    security,
    request: { query: language, body: jsonBody(z.object({ planItemPriceId, unitId, services: serviceList.default([]), couponCode }).strict()) },
    responses: { 201: json(subscriptionStateSchema, "The subscription state"), ...commonErrors, ...conflict },
  }),
  changePlan: createRoute({
    method: "post",
    path: "/api/app/subscription/{id}/change-plan",
    tags,
    summary: "Change the plan: at once in the trial and for an upgrade, else at the end of the term; a change that starts now and is paid through checkout is refused with plan_checkout_required (POST subscriptions/checkout)",
    security,
    request: { params: subscriptionId, query: language, body: jsonBody(z.object({ planItemPriceId, couponCode }).strict()) },
    responses: { 200: json(subscriptionStateSchema, "The subscription state"), ...commonErrors, ...conflict },
  }),
  replaceServices: createRoute({
    method: "put",
    path: "/api/app/subscription/{id}/services",
    tags,
    summary: "Replace the plan's optional services; they run to the end of the term",
    security,
    request: { params: subscriptionId, query: language, body: jsonBody(z.object({ services: serviceList }).strict()) },
    responses: { 200: json(subscriptionStateSchema, "The subscription state"), ...commonErrors, ...conflict },
  }),
  addUnit: createRoute({
    method: "post",
    path: "/api/app/subscription/{id}/units",
    tags,
    summary: "Put another unit under the running subscription, using one of its unit-publish credits",
    security,
    request: { params: subscriptionId, query: language, body: jsonBody(z.object({ unitId }).strict()) },
    responses: { 200: json(subscriptionStateSchema, "The subscription state"), ...commonErrors, ...conflict },
  }),
  boost: createRoute({
    method: "post",
    path: "/api/app/user/subscription/coin/boost",
    tags,
    summary: "Spend boost credits on a period of a unit of the subscription: one credit per started week",
    security,
    request: {
      query: language,
      body: jsonBody(z.object({ startDate: z.string("required").max(10, "date_invalid"), endDate: z.string("required").max(10, "date_invalid"), unitId }).strict()),
    },
    responses: { 201: json(z.object({ boostPeriod: boostPeriodSchema, boostCredits: creditsState, boost }), "The booked period and the credits left"), ...commonErrors, ...conflict },
  }),
  expiring: createRoute({
    method: "get",
    path: "/api/app/subscription/expiring",
    tags,
    summary: "Whether the host's subscription expires within 3 period units",
    security,
    responses: { 200: json(expirySchema, "The expiry state"), ...commonErrors },
  }),
  scheduledChanges: createRoute({
    method: "get",
    path: "/api/app/subscription/{id}/scheduled-changes",
    tags,
    summary: "The changes scheduled for the end of the term: a plan change, and whether the subscription ends then",
    security,
    request: { params: subscriptionId, query: language },
    responses: { 200: json(scheduledChangesSchema, "The scheduled changes"), ...commonErrors },
  }),
  cancelScheduledChanges: createRoute({
    method: "delete",
    path: "/api/app/subscription/{id}/scheduled-changes",
    tags,
    summary: "Withdraw the scheduled plan change, saying why; the subscription stays on its plan",
    security,
    request: { params: subscriptionId, query: language, body: jsonBody(z.object({ reason }).strict()) },
    responses: { 200: json(subscriptionStateSchema, "The subscription state"), ...commonErrors, ...conflict },
  }),
  cancel: createRoute({
    method: "delete",
    path: "/api/app/subscription",
    tags,
    summary: "Cancel the subscription, saying why: it runs to its expiration date and ends then (a trial becomes active)",
    security,
    request: { query: language, body: jsonBody(z.object({ reason, subscriptionId: z.string("required").trim().min(1, "required").max(100, "too_long") }).strict()) },
    responses: { 200: json(subscriptionStateSchema, "The subscription state"), ...commonErrors, ...conflict },
  }),
  selfRenewalPlans: createRoute({
    method: "get",
    path: "/api/app/subscription/self-renewal/plans/{unitId}",
    tags,
    summary: "The plans the host can renew onto for a unit (its calendar verification decides the verified tier), priced with a coupon when one is given",
    security,
    request: {
      params: z.object({ unitId: z.string().openapi({ description: "The unit's public id (unt_…)" }) }),
      query: language.extend({ couponId: z.string().trim().max(40).optional().openapi({ description: "A coupon code; an unknown or inapplicable one answers 400" }) }),
    },
    responses: {
      200: json(
        z.object({
          plans: renewalPlansSchema,
          coupon: z.object({ code: z.string(), percentOff: z.number() }).nullable(),
        }),
        "The plans and the coupon applied",
      ),
      ...commonErrors,
    },
  }),
  paymentSourceStatus: createRoute({
    method: "get",
    path: "/api/app/subscriptions/payment-source/status",
    tags,
    summary: "Whether the host has a payment source on file at the payment provider (not_required where plans are not paid through checkout)",
    security,
    responses: {
      200: json(paymentSourceSchema, "The payment source's status"),
      ...commonErrors,
    },
  }),
};
