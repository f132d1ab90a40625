import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { authContext } from "~/lib/auth.server";
import { attemptApi } from "~/lib/host-api.server";
import { getLocale } from "~/lib/i18n.server";

type Context = Readonly<RouterContextProvider>;

const labelled = z.object({ id: z.string(), label: z.string() });
export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  period: z.number(),
  periodUnit: z.string(),
  price: z.number(),
  currency: z.string(),
  planItemPriceId: z.string(),
  trialDays: z.number(),
  bookingFee: z.object({ hostPercent: z.number(), guestPercent: z.number() }).nullable(),
  includedServices: z.array(labelled),
  optionalServices: z.array(labelled.extend({ price: z.number() })),
  available: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;

const plansSchema = z.object({ plans: z.array(planSchema) });
const stateSchema = z.object({
  currentPlan: planSchema.extend({ subscriptionStatus: z.string() }).nullable(),
  subscription: z
    .object({
      id: z.string(),
      expirationDate: z.string(),
      unitIds: z.array(z.string()),
      services: z.array(z.object({ id: z.string(), label: z.string(), included: z.boolean() })),
    })
    .nullable(),
  boostCredits: z.object({ enabled: z.boolean(), remaining: z.number().nullable() }),
});
export type SubscriptionState = z.infer<typeof stateSchema>;

export function loadPlans(context: Context, unitId: string) {
  return context.get(authContext).api("GET", "/api/app/subscriptions/plans", { query: { unitId, hl: getLocale(context) }, schema: plansSchema });
}

export function loadSubscription(context: Context) {
  return context.get(authContext).api("GET", "/api/app/v2/user/subscription", { query: { hl: getLocale(context) }, schema: stateSchema });
}

/**
 * Puts the unit under the chosen plan: a first subscription (or the next after one ran out) is
 * created with it; a running one changes plan when another one (or a coupon) is chosen, and takes
 * the unit in when it is not under it yet (§7 POST subscriptions, change-plan).
 */
export function choosePlan(context: Context, unitId: string, planItemPriceId: string, couponCode: string, state: SubscriptionState) {
  const { api } = context.get(authContext);
  const coupon = couponCode ? { couponCode } : {};
  const running = state.subscription && Date.parse(state.subscription.expirationDate) > Date.now() ? state.subscription : null;
  return attemptApi(async () => {
    if (!running) return api("POST", "/api/app/subscriptions", { body: { planItemPriceId, unitId, ...coupon } });
    const path = `/api/app/subscription/${encodeURIComponent(running.id)}`;
    if (state.currentPlan?.planItemPriceId !== planItemPriceId || couponCode) await api("POST", `${path}/change-plan`, { body: { planItemPriceId, ...coupon } });
    if (!running.unitIds.includes(unitId)) await api("POST", `${path}/units`, { body: { unitId } });
  });
}
