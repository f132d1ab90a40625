import type { RouterContextProvider } from "react-router";
import { hostApi } from "@contract/index";
import type { SubscriptionState } from "@contract/subscriptions";
import { todayUtc } from "@domain/dates";
import { couponFor, needsPayment, planById, planByItemPriceId, planChangeTiming } from "@domain/subscription-plans";
import { authContext } from "~/lib/auth.server";
import { refusalOf } from "~/lib/host-api.server";
import { getLocale } from "~/lib/i18n.server";

type Context = Readonly<RouterContextProvider>;

export function loadPlans(context: Context, unitId: string) {
  return context.get(authContext).call(hostApi.subscriptions.plans, { query: { unitId, hl: getLocale(context) } });
}

export function loadSubscription(context: Context) {
  return context.get(authContext).call(hostApi.subscriptions.state, { query: { hl: getLocale(context) } });
}

/** The host's subscription while it runs (not expired), or null. */
export function runningSubscription(state: SubscriptionState) {
  return state.subscription && Date.parse(state.subscription.expirationDate) > Date.now() ? state.subscription : null;
}

/**
 * Whether choosing `planItemPriceId` (with `couponCode`) is paid through checkout first (decision 036):
 * the host pays through checkout, the plan starts now (a first subscription, a change in the trial, an
 * upgrade) and has a price after the coupon. Then the checkout's target: the running subscription, or
 * the unit a first subscription is for; otherwise null (the plan is taken directly).
 */
export function checkoutTarget(state: SubscriptionState, unitId: string, planItemPriceId: string, couponCode: string, checkoutAvailable: boolean) {
  const plan = planByItemPriceId(planItemPriceId);
  if (!plan) return null;
  const running = runningSubscription(state);
  const startsNow = !running || planChangeTiming(planById(state.currentPlan?.id ?? ""), plan, state.currentPlan?.subscriptionStatus === "in_trial") === "now";
  const percentOff = couponCode ? (couponFor(couponCode, plan, todayUtc())?.percentOff ?? 0) : 0;
  if (!startsNow || !needsPayment(plan, percentOff, checkoutAvailable)) return null;
  return running ? { subscriptionId: running.id } : { unitId };
}

/**
 * Opens a checkout at the payment provider for the plan (§7 subscriptions/checkout) and answers the
 * provider's page, where the host pays; the provider sends the host back to `returnUrl` with
 * `?hostedPageId=`. A refusal (an invalid coupon) is thrown, for the form to show.
 */
export async function openCheckout(context: Context, target: { subscriptionId: string } | { unitId: string }, planItemPriceId: string, couponCode: string, returnUrl: string) {
  const checkout = await context.get(authContext).call(hostApi.payments.checkout, {
    body: { planItemPriceId, ...(couponCode ? { couponCode } : {}), ...target, returnUrl },
    query: { hl: getLocale(context) },
  });
  return checkout.url;
}

/**
 * The host came back from the provider's page (`?hostedPageId=`): the API hears it (§7
 * subscription/in_progress) and answers the checkout and the subscription as they are now. Another
 * host's page is this page's 404; no id, null.
 */
export async function returnedFromCheckout(context: Context, request: Request) {
  const hostedPageId = new URL(request.url).searchParams.get("hostedPageId");
  if (!hostedPageId) return null;
  return context
    .get(authContext)
    .call(hostApi.payments.inProgress, { body: { hostedPageId }, query: { hl: getLocale(context) } })
    .catch((error: unknown) => {
      refusalOf(error);
      return null;
    });
}

/**
 * Puts the unit under the chosen plan: a first subscription (or the next after one ran out) is
 * created with it; a running one changes plan when another one (or a coupon) is chosen, and takes
 * the unit in when it is not under it yet (§7 POST subscriptions, change-plan). A plan paid through
 * checkout is not chosen here (see checkoutTarget). A refusal is thrown, for the form to show
 * (replyWithApiError).
 */
export async function choosePlan(context: Context, unitId: string, planItemPriceId: string, couponCode: string, state: SubscriptionState) {
  const { call } = context.get(authContext);
  const coupon = couponCode ? { couponCode } : {};
  const running = runningSubscription(state);
  if (!running) {
    await call(hostApi.subscriptions.create, { body: { planItemPriceId, unitId, ...coupon } });
    return;
  }
  const params = { id: running.id };
  if (state.currentPlan?.planItemPriceId !== planItemPriceId || couponCode) await call(hostApi.subscriptions.changePlan, { params, body: { planItemPriceId, ...coupon } });
  await includeUnit(context, unitId, state);
}

/** Takes the unit under the running subscription when it is not yet (one unit-publish credit). */
export async function includeUnit(context: Context, unitId: string, state: SubscriptionState) {
  const running = runningSubscription(state);
  if (running && !running.unitIds.includes(unitId)) await context.get(authContext).call(hostApi.subscriptions.addUnit, { params: { id: running.id }, body: { unitId } });
}
