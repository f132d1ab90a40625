import { isCalendarVerified, type CalendarVerificationStatus } from "./calendar-verification";
import { addMonthsTo } from "./dates";
import { formatPercent } from "./percent";
import { STANDARD_COMMISSION_PERCENT, type BiddingTag, type CommercialModel } from "./user-flags";

/**
 * Subscriptions (§3 Subscription, §4, §9): the plan catalogue, which plans a host can choose, the
 * coupons, the statuses of a subscription and the rules for expiry, credits and boosts. Pure data
 * and functions, no I/O; the host API stores subscriptions and answers with these.
 *
 * Money is integer euro cents (plans are sold in EUR whatever the host's currency). Periods are in
 * months: a yearly plan is 12 months (§9).
 *
 * Which plans a host can choose (`planAvailability`):
 * - Subscription hosts (commercial model "subscription") choose among `split` and `host_only`
 *   (no fixed price; a fee per booking, shared with the guest or paid by the host) and
 *   `subscription` (yearly price, no booking fee).
 * - Hybrid hosts (a commission host with bidding tag hybrid_N, see user-flags.ts) choose among the
 *   plans of type hybrid_N only: a lower yearly price plus N % per booking.
 * - Commission hosts without a hybrid tag have no subscription: no plans.
 * - Plans of the "verified" tier are the better plans: more services and credits for the price or
 *   a lower fee (`subscription_2`, `host_only_14_5` and each hybrid "Plus" plan). They are offered
 *   only when the unit's calendar verification status is verified or validated (§4); for a
 *   subscription that covers several units, when every one of them is (calendar-verification.ts).
 *   Until then the API lists them with `available: false`, so that the host sees what verifying
 *   the calendar unlocks.
 */

export const PLAN_TYPES = [
  "split",
  "host_only",
  "subscription",
  "subscription_2",
  "host_only_14_5",
  "hybrid_3",
  "hybrid_7",
  "hybrid_13",
  "hybrid_19",
] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** §3 services. The first two are features of a plan; the others are boosters (`BOOSTER_SERVICES`). */
export const PLAN_SERVICES = [
  "show_phone_number",
  "display_guest_email",
  "visibility_boost",
  "ad_banner",
  "social_package",
  "diamond",
  "direct_email_marketing",
] as const;
export type PlanService = (typeof PLAN_SERVICES)[number];

/** Services that promote a listing; they are the `boostsInfo` of a subscription. */
export const BOOSTER_SERVICES: readonly PlanService[] = ["visibility_boost", "ad_banner", "social_package", "diamond", "direct_email_marketing"];

export const PERIOD_UNITS = ["month"] as const;
export type PeriodUnit = (typeof PERIOD_UNITS)[number];
export const MONTHS_PER_YEAR = 12;

export const PLAN_CURRENCY = "EUR";

export const PLAN_TIERS = ["standard", "verified"] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

/** Days of trial of every plan with a price; free plans have none. */
export const TRIAL_DAYS = 30;

export interface BookingFee {
  /** Percent of the booking price the host pays. */
  hostPercent: number;
  /** Percent added to the guest's price. */
  guestPercent: number;
}

export interface PlanCredits {
  /** Credits included per period. */
  quota: number;
  /** Price of one more credit, in euro cents. */
  cost: number;
}

export interface OptionalService {
  id: PlanService;
  /** Price per period, in euro cents. */
  price: number;
}

export interface SubscriptionPlan {
  id: string;
  type: PlanType;
  tier: PlanTier;
  /** Translation key of the plan's display name. */
  nameKey: string;
  period: number;
  periodUnit: PeriodUnit;
  /** Price per period, euro cents. */
  price: number;
  currency: typeof PLAN_CURRENCY;
  /** The id of this plan's price at the billing side; the id the API's change-plan calls take. */
  planItemPriceId: string;
  trialDays: number;
  /** Fee per booking; null for plans paid by their price alone. */
  bookingFee: BookingFee | null;
  includedServices: readonly PlanService[];
  /** Services the host may add on the plan-services step, at a price each. */
  optionalServices: readonly OptionalService[];
  /** Leads (inquiries) per period; null: unlimited. */
  leadsQuota: number | null;
  /** Units that can be published under the subscription. */
  unitPublish: PlanCredits;
  /** Boost credits: one boosts a unit for one started week. */
  boostCredits: PlanCredits;
}

export function planNameKey(id: string): string {
  return `configuration:subscriptionPlans.${id}`;
}

/**
 * A plan's name in a locale. A plan named by the booking fee the host pays ("Hybrid 7%", "Host-paid
 * fee 14.5%") has it written as the locale writes a percentage: the name takes it as `{{percent}}`.
 */
export function planName(plan: Pick<SubscriptionPlan, "nameKey" | "bookingFee">, t: (key: string, values?: Readonly<Record<string, string>>) => string, locale: string): string {
  return t(plan.nameKey, plan.bookingFee ? { percent: formatPercent(plan.bookingFee.hostPercent, locale) } : undefined);
}

export function serviceLabelKey(id: PlanService): string {
  return `configuration:subscriptionServices.${id}`;
}

type PlanInput = Omit<SubscriptionPlan, "nameKey" | "period" | "periodUnit" | "currency" | "planItemPriceId" | "trialDays">;

/** A yearly plan in EUR; its price id follows the billing side's `<plan>-<currency>-<period>` form. */
function yearly(plan: PlanInput): SubscriptionPlan {
  return {
    ...plan,
    nameKey: planNameKey(plan.id),
    period: MONTHS_PER_YEAR,
    periodUnit: "month",
    currency: PLAN_CURRENCY,
    planItemPriceId: `${plan.id}-${PLAN_CURRENCY}-yearly`,
    trialDays: plan.price > 0 ? TRIAL_DAYS : 0,
  };
}

const BASIC_SERVICES: readonly PlanService[] = ["show_phone_number", "display_guest_email"];

/** Yearly price of each hybrid plan: the higher the commission per booking, the lower the price. */
const HYBRID_PRICES: Record<BiddingTag, number> = { hybrid_3: 24_900, hybrid_7: 19_900, hybrid_13: 12_900, hybrid_19: 6_900 };

function hybridPlans(tag: BiddingTag): SubscriptionPlan[] {
  const percent = Number(tag.slice("hybrid_".length));
  const id = tag.replace("_", "-");
  const bookingFee = { hostPercent: percent, guestPercent: 0 };
  return [
    yearly({
      id,
      type: tag,
      tier: "standard",
      price: HYBRID_PRICES[tag],
      bookingFee,
      includedServices: BASIC_SERVICES,
      optionalServices: [
        { id: "visibility_boost", price: 4_900 },
        { id: "ad_banner", price: 9_900 },
      ],
      leadsQuota: 100,
      unitPublish: { quota: 1, cost: 9_900 },
      boostCredits: { quota: 2, cost: 1_500 },
    }),
    yearly({
      id: `${id}-plus`,
      type: tag,
      tier: "verified",
      price: HYBRID_PRICES[tag],
      bookingFee,
      includedServices: [...BASIC_SERVICES, "visibility_boost"],
      optionalServices: [
        { id: "ad_banner", price: 9_900 },
        { id: "social_package", price: 7_900 },
        { id: "diamond", price: 14_900 },
      ],
      leadsQuota: null,
      unitPublish: { quota: 2, cost: 7_900 },
      boostCredits: { quota: 4, cost: 1_200 },
    }),
  ];
}

/** The plan catalogue (§3): reference data, in the order the plans are offered. */
export const SUBSCRIPTION_PLANS: readonly SubscriptionPlan[] = [
  yearly({
    id: "split",
    type: "split",
    tier: "standard",
    price: 0,
    // The standard fee, half paid by the host and half by the guest.
    bookingFee: { hostPercent: STANDARD_COMMISSION_PERCENT / 2, guestPercent: STANDARD_COMMISSION_PERCENT / 2 },
    includedServices: ["show_phone_number"],
    optionalServices: [
      { id: "display_guest_email", price: 2_900 },
      { id: "visibility_boost", price: 4_900 },
    ],
    leadsQuota: 25,
    unitPublish: { quota: 1, cost: 4_900 },
    boostCredits: { quota: 0, cost: 1_500 },
  }),
  yearly({
    id: "host-only",
    type: "host_only",
    tier: "standard",
    price: 0,
    bookingFee: { hostPercent: STANDARD_COMMISSION_PERCENT, guestPercent: 0 },
    includedServices: BASIC_SERVICES,
    optionalServices: [
      { id: "visibility_boost", price: 4_900 },
      { id: "ad_banner", price: 9_900 },
    ],
    leadsQuota: 50,
    unitPublish: { quota: 1, cost: 4_900 },
    boostCredits: { quota: 1, cost: 1_500 },
  }),
  yearly({
    id: "subscription-basic",
    type: "subscription",
    tier: "standard",
    price: 29_900,
    bookingFee: null,
    includedServices: BASIC_SERVICES,
    optionalServices: [
      { id: "visibility_boost", price: 4_900 },
      { id: "ad_banner", price: 9_900 },
      { id: "social_package", price: 7_900 },
    ],
    leadsQuota: 100,
    unitPublish: { quota: 1, cost: 9_900 },
    boostCredits: { quota: 2, cost: 1_500 },
  }),
  yearly({
    id: "host-only-14-5",
    type: "host_only_14_5",
    tier: "verified",
    price: 0,
    bookingFee: { hostPercent: 14.5, guestPercent: 0 },
    includedServices: [...BASIC_SERVICES, "visibility_boost"],
    optionalServices: [
      { id: "ad_banner", price: 9_900 },
      { id: "social_package", price: 7_900 },
    ],
    leadsQuota: 50,
    unitPublish: { quota: 2, cost: 4_900 },
    boostCredits: { quota: 2, cost: 1_500 },
  }),
  yearly({
    id: "subscription-premium",
    type: "subscription_2",
    tier: "verified",
    price: 44_900,
    bookingFee: null,
    includedServices: [...BASIC_SERVICES, "visibility_boost", "ad_banner", "social_package"],
    optionalServices: [
      { id: "diamond", price: 14_900 },
      { id: "direct_email_marketing", price: 9_900 },
    ],
    leadsQuota: null,
    unitPublish: { quota: 3, cost: 7_900 },
    boostCredits: { quota: 6, cost: 1_200 },
  }),
  ...hybridPlans("hybrid_3"),
  ...hybridPlans("hybrid_7"),
  ...hybridPlans("hybrid_13"),
  ...hybridPlans("hybrid_19"),
];

export function planById(id: string): SubscriptionPlan | null {
  return SUBSCRIPTION_PLANS.find((p) => p.id === id) ?? null;
}

export function planByItemPriceId(planItemPriceId: string): SubscriptionPlan | null {
  return SUBSCRIPTION_PLANS.find((p) => p.planItemPriceId === planItemPriceId) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Which plans a host can choose
// ---------------------------------------------------------------------------------------------

/** What of the host decides the plans (from deriveUserFlags). */
export interface PlanHost {
  commercialModel: CommercialModel;
  biddingTag: BiddingTag | null;
}

const SUBSCRIPTION_HOST_TYPES: readonly PlanType[] = ["split", "host_only", "subscription", "subscription_2", "host_only_14_5"];

/** The plan types of the host's commercial model (see the top of this module). */
export function planTypesFor(host: PlanHost): readonly PlanType[] {
  if (host.commercialModel === "subscription") return SUBSCRIPTION_HOST_TYPES;
  if (host.commercialModel === "hybrid" && host.biddingTag) return [host.biddingTag];
  return [];
}

/** Every plan of the host's commercial model, the locked ones included. */
export function plansFor(host: PlanHost): SubscriptionPlan[] {
  const types = planTypesFor(host);
  return SUBSCRIPTION_PLANS.filter((p) => types.includes(p.type));
}

/**
 * A plan paid by its price alone, with no fee per booking: what a host who chose to pay by
 * subscription (the wizard's "how you pay" step, no commission) is offered.
 */
export function isPricedWithoutFee(plan: Pick<SubscriptionPlan, "bookingFee">): boolean {
  return plan.bookingFee === null;
}

export type PlanAvailability = "available" | "calendar_verification_required" | "not_offered";

export function planAvailability(plan: SubscriptionPlan, host: PlanHost, calendarStatus: CalendarVerificationStatus | null): PlanAvailability {
  if (!planTypesFor(host).includes(plan.type)) return "not_offered";
  if (plan.tier === "verified" && !isCalendarVerified(calendarStatus)) return "calendar_verification_required";
  return "available";
}

/** The plans the host can choose now, for a unit (or the units of a subscription) with this status. */
export function availablePlans(host: PlanHost, calendarStatus: CalendarVerificationStatus | null): SubscriptionPlan[] {
  return plansFor(host).filter((p) => planAvailability(p, host, calendarStatus) === "available");
}

/** Price per month, for comparing plans of different periods. */
export function monthlyPrice(plan: SubscriptionPlan): number {
  return plan.price / plan.period;
}

/**
 * Whether moving from one plan to another is an upgrade: a higher price per month, or the same
 * price and the better tier (a hybrid plan's Plus variant). Upgrades apply at once; other changes
 * at the end of the period.
 */
export function isUpgrade(from: SubscriptionPlan, to: SubscriptionPlan): boolean {
  const difference = monthlyPrice(to) - monthlyPrice(from);
  if (difference !== 0) return difference > 0;
  return from.tier === "standard" && to.tier === "verified";
}

// ---------------------------------------------------------------------------------------------
// Coupons
// ---------------------------------------------------------------------------------------------

export interface Coupon {
  code: string;
  percentOff: number;
  /** Plan types it applies to; null: every plan with a price. */
  planTypes: readonly PlanType[] | null;
  /** Last day it can be redeemed (`YYYY-MM-DD`, UTC); null: no end. */
  validUntil: string | null;
}

export const COUPONS: readonly Coupon[] = [
  { code: "WELCOME10", percentOff: 10, planTypes: null, validUntil: null },
  { code: "PREMIUM20", percentOff: 20, planTypes: ["subscription_2"], validUntil: null },
  { code: "HYBRID15", percentOff: 15, planTypes: ["hybrid_3", "hybrid_7", "hybrid_13", "hybrid_19"], validUntil: null },
  { code: "SUMMER2025", percentOff: 25, planTypes: null, validUntil: "2025-09-30" },
];

/**
 * The coupon a code redeems on a plan today, or null: unknown code, expired, not for this plan, or
 * a plan without a price (nothing to discount). Codes are matched without regard to case.
 */
export function couponFor(code: string, plan: SubscriptionPlan, today: string): Coupon | null {
  const coupon = COUPONS.find((c) => c.code === code.trim().toUpperCase());
  if (!coupon || plan.price === 0) return null;
  if (coupon.validUntil !== null && today > coupon.validUntil) return null;
  if (coupon.planTypes !== null && !coupon.planTypes.includes(plan.type)) return null;
  return coupon;
}

/** A price after a percentage off, rounded to whole cents. */
export function discountedPrice(price: number, percentOff: number): number {
  return Math.round((price * (100 - percentOff)) / 100);
}

// ---------------------------------------------------------------------------------------------
// Subscription statuses and periods
// ---------------------------------------------------------------------------------------------

/** As the billing side reports it (§3 currentPlan.subscriptionStatus). */
export const SUBSCRIPTION_STATUSES = ["in_trial", "active", "cancelled", "expired"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * The product's own state of a subscription (§3 subscriptionInternalStatus): `in_progress` while
 * a checkout is open, `active`, `cancelled` (cancellation requested, still running until it
 * expires) and `expired`. Only active and cancelled subscriptions can be edited (§4).
 */
export const SUBSCRIPTION_INTERNAL_STATUSES = ["in_progress", "active", "cancelled", "expired"] as const;
export type SubscriptionInternalStatus = (typeof SUBSCRIPTION_INTERNAL_STATUSES)[number];

export function isEditable(internalStatus: SubscriptionInternalStatus): boolean {
  return internalStatus === "active" || internalStatus === "cancelled";
}

/**
 * How a new subscription starts. When checkout is available to the host (isSubscriptionCheckoutAvailable)
 * a plan with a price starts only once its payment is confirmed (decision 036), so it is active;
 * otherwise it starts in its trial. A plan without a price has nothing to pay and no trial: active.
 */
export function initialStatus(plan: SubscriptionPlan, checkoutAvailable: boolean): Extract<SubscriptionStatus, "in_trial" | "active"> {
  if (checkoutAvailable || plan.trialDays === 0) return "active";
  return "in_trial";
}

/** A plan's period after `date` (see addMonthsTo in dates). */
export function addPeriod(date: Date, period: number, periodUnit: PeriodUnit): Date {
  switch (periodUnit) {
    case "month":
      return addMonthsTo(date, period);
  }
}

/** The status to show: whatever was stored, a subscription past its expiration is expired (§4). */
export function effectiveStatus<S extends string>(stored: S, expiresAt: Date, now: Date): S | "expired" {
  return expiresAt.getTime() <= now.getTime() ? "expired" : stored;
}

// ---------------------------------------------------------------------------------------------
// Expiry, leads and credits (§4, §9)
// ---------------------------------------------------------------------------------------------

/** The expiry warning starts this many period units (months) before the expiration date. */
export const EXPIRY_WARNING_UNITS = 3;
/** Leads are low at this share of the quota or less. */
export const LEADS_LOW_SHARE = 0.25;
/** Publish credits are low from 1 to this many. */
export const PUBLISH_CREDITS_LOW_MAX = 5;

export type ExpiryState = "ok" | "expiring" | "expired";

export function expiryWarningFrom(expiresAt: Date, periodUnit: PeriodUnit): Date {
  return addPeriod(expiresAt, -EXPIRY_WARNING_UNITS, periodUnit);
}

export function expiryState(expiresAt: Date, periodUnit: PeriodUnit, now: Date): ExpiryState {
  if (expiresAt.getTime() <= now.getTime()) return "expired";
  return now.getTime() >= expiryWarningFrom(expiresAt, periodUnit).getTime() ? "expiring" : "ok";
}

export type CreditState = "ok" | "low" | "empty";

/** Leads: empty at 0, low at 25 % of the quota or less; an unlimited quota (null) is never low. */
export function leadsState(remaining: number, total: number | null): CreditState {
  if (total === null) return "ok";
  if (remaining <= 0) return "empty";
  return remaining <= total * LEADS_LOW_SHARE ? "low" : "ok";
}

/** Publish credits: empty at 0, low from 1 to 5. */
export function publishCreditsState(remaining: number): CreditState {
  if (remaining <= 0) return "empty";
  return remaining <= PUBLISH_CREDITS_LOW_MAX ? "low" : "ok";
}

/** Boost credits: empty at 0 (§4 names no low level for them). */
export function boostCreditsState(remaining: number): CreditState {
  return remaining <= 0 ? "empty" : "ok";
}

export function remainingOf(quota: number, used: number): number {
  return Math.max(quota - used, 0);
}

// ---------------------------------------------------------------------------------------------
// Boosts
// ---------------------------------------------------------------------------------------------

/** A boost lasts at most this many days, first and last day included. */
export const BOOST_MAX_DAYS = 90;
export const DAYS_PER_BOOST_CREDIT = 7;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
}

export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  return new Date(dayNumber(value) * 86_400_000).toISOString().slice(0, 10) === value;
}

/** Days of a boost from `startDate` to `endDate`, both included. */
export function boostDays(startDate: string, endDate: string): number {
  return dayNumber(endDate) - dayNumber(startDate) + 1;
}

/** Credits a boost costs: one per started week. */
export function boostCreditsFor(startDate: string, endDate: string): number {
  return Math.ceil(boostDays(startDate, endDate) / DAYS_PER_BOOST_CREDIT);
}

export interface BoostProblem {
  field: "startDate" | "endDate";
  code: "date_invalid" | "date_in_past" | "date_range_invalid" | "boost_too_long" | "boost_beyond_subscription";
}

/**
 * What is wrong with a boost period: real dates, not before today, the end not before the start,
 * at most 90 days, and over by the day the subscription expires (`lastDay`, or null when unknown).
 */
export function boostPeriodProblems(startDate: string, endDate: string, today: string, lastDay: string | null): BoostProblem[] {
  const problems: BoostProblem[] = [];
  if (!isCalendarDate(startDate)) problems.push({ field: "startDate", code: "date_invalid" });
  if (!isCalendarDate(endDate)) problems.push({ field: "endDate", code: "date_invalid" });
  if (problems.length) return problems;
  if (startDate < today) return [{ field: "startDate", code: "date_in_past" }];
  if (endDate < startDate) return [{ field: "endDate", code: "date_range_invalid" }];
  if (boostDays(startDate, endDate) > BOOST_MAX_DAYS) return [{ field: "endDate", code: "boost_too_long" }];
  if (lastDay !== null && endDate > lastDay) return [{ field: "endDate", code: "boost_beyond_subscription" }];
  return [];
}

/** Whether two periods (`YYYY-MM-DD`, both ends included) share a day. */
export function periodsOverlap(a: { startDate: string; endDate: string }, b: { startDate: string; endDate: string }): boolean {
  return a.startDate <= b.endDate && b.startDate <= a.endDate;
}

/**
 * §3 boost.level: how strongly the subscription's services promote its units. 0 none, 1 with
 * the visibility boost, 2 with diamond (the strongest).
 */
export function boostLevel(services: readonly PlanService[]): 0 | 1 | 2 {
  if (services.includes("diamond")) return 2;
  return services.includes("visibility_boost") ? 1 : 0;
}

export interface BoostInfo {
  type: PlanService;
  expirationDate: string;
}

/** §3 boostsInfo: the booster services in effect, expired ones dropped, soonest to expire first. */
export function activeBoostsInfo(items: readonly { type: PlanService; expiresAt: Date }[], now: Date): BoostInfo[] {
  return items
    .filter((i) => BOOSTER_SERVICES.includes(i.type) && i.expiresAt.getTime() > now.getTime())
    .toSorted((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime() || PLAN_SERVICES.indexOf(a.type) - PLAN_SERVICES.indexOf(b.type))
    .map((i) => ({ type: i.type, expirationDate: i.expiresAt.toISOString() }));
}

// ---------------------------------------------------------------------------------------------
// Changing, paying and cancelling (§4, §7)
// ---------------------------------------------------------------------------------------------

/**
 * When a change to `target` takes effect: the same plan keeps the term (`same_plan`); in the trial
 * and for an upgrade at once (`now`); any other change at the end of the term.
 */
export function planChangeTiming(current: SubscriptionPlan | null, target: SubscriptionPlan, inTrial: boolean): "same_plan" | "now" | "end_of_term" {
  if (current?.id === target.id) return "same_plan";
  if (inTrial || !current || isUpgrade(current, target)) return "now";
  return "end_of_term";
}

/**
 * Whether a plan that starts now must be paid first: it has a price (after the coupon) and the host
 * pays through checkout (isSubscriptionCheckoutAvailable). Such a plan starts only once the payment
 * provider confirmed the payment.
 */
export function needsPayment(plan: SubscriptionPlan, percentOff: number, checkoutAvailable: boolean): boolean {
  return checkoutAvailable && discountedPrice(plan.price, percentOff) > 0;
}

/**
 * §4: cancelling marks the cancellation scheduled (the subscription runs to its end) and turns a
 * trial into an active subscription; the internal status is cancelled (still editable, §4).
 */
export function cancelledState(status: SubscriptionStatus): { status: SubscriptionStatus; internalStatus: "cancelled"; isCancellationScheduled: true } {
  return { status: status === "in_trial" ? "active" : status, internalStatus: "cancelled", isCancellationScheduled: true };
}

/** The statuses a subscription is stored with once its term ended without a change to take: cancelled when the host cancelled it, else expired. */
export function endedState(isCancellationScheduled: boolean): { status: "cancelled" | "expired"; internalStatus: "expired" } {
  return { status: isCancellationScheduled ? "cancelled" : "expired", internalStatus: "expired" };
}

/** How the host pays for a plan: a payment source is on file once a checkout was paid. */
export const PAYMENT_SOURCE_STATUSES = ["valid", "missing", "not_required"] as const;
export type PaymentSourceStatus = (typeof PAYMENT_SOURCE_STATUSES)[number];

export function paymentSourceStatus(checkoutAvailable: boolean, paidCheckouts: number): PaymentSourceStatus {
  if (!checkoutAvailable) return "not_required";
  return paidCheckouts > 0 ? "valid" : "missing";
}
