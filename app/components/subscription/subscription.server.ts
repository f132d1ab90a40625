import type { RouterContextProvider } from "react-router";
import { hostApi } from "@contract/index";
import type { SubscriptionState } from "@contract/subscriptions";
import { authContext } from "~/lib/auth.server";
import { getLocale } from "~/lib/i18n.server";

type Context = Readonly<RouterContextProvider>;

export function loadPlans(context: Context, unitId: string) {
  return context.get(authContext).call(hostApi.subscriptions.plans, { query: { unitId, hl: getLocale(context) } });
}

export function loadSubscription(context: Context) {
  return context.get(authContext).call(hostApi.subscriptions.state, { query: { hl: getLocale(context) } });
}

/**
 * Puts the unit under the chosen plan: a first subscription (or the next after one ran out) is
 * created with it; a running one changes plan when another one (or a coupon) is chosen, and takes
 * the unit in when it is not under it yet (§7 POST subscriptions, change-plan). A refusal is thrown,
 * for the form to show (replyWithApiError).
 */
export async function choosePlan(context: Context, unitId: string, planItemPriceId: string, couponCode: string, state: SubscriptionState) {
  const { call } = context.get(authContext);
  const coupon = couponCode ? { couponCode } : {};
  const running = state.subscription && Date.parse(state.subscription.expirationDate) > Date.now() ? state.subscription : null;
  if (!running) {
    await call(hostApi.subscriptions.create, { body: { planItemPriceId, unitId, ...coupon } });
    return;
  }
  const params = { id: running.id };
  if (state.currentPlan?.planItemPriceId !== planItemPriceId || couponCode) await call(hostApi.subscriptions.changePlan, { params, body: { planItemPriceId, ...coupon } });
  if (!running.unitIds.includes(unitId)) await call(hostApi.subscriptions.addUnit, { params, body: { unitId } });
}
