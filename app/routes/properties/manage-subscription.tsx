import { data, Form, redirectDocument, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/manage-subscription";
import { hostApi } from "@contract/index";
import { authContext } from "~/lib/auth.server";
import { serverT } from "~/lib/i18n.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { refusalOf } from "~/lib/host-api.server";
import { getLocale } from "~/lib/i18n.server";
import { useFormat } from "~/lib/format";
import { unitHref } from "~/lib/pages";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { checkoutTarget, openCheckout, returnedFromCheckout, runningSubscription } from "~/components/subscription/subscription.server";
import { SubscriptionSummary } from "~/components/subscription/summary";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { FieldErrors, FormErrors } from "~/components/ui/form-errors";
import { StatusPill } from "~/components/ui/status-pill";
import { TextArea } from "~/components/ui/text-area";

export const handle: TranslationsHandle = { i18n: ["properties", "subscription"] };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/**
 * §2 manage-subscription: change the plan (with a coupon, sent only when not empty), see and withdraw
 * the scheduled change, cancel with a reason, the plans to renew onto and the payment source. A paid
 * plan that starts now goes through checkout at the payment provider first (decision 036); coming
 * back from its page (`?hostedPageId=`) tells the API (§7 in_progress) and shows how it went.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { call, subscriptionPage } = context.get(authContext);
  const hl = getLocale(context);
  const url = new URL(request.url);
  const returned = await returnedFromCheckout(context, request);
  const couponId = url.searchParams.get("couponId")?.trim() || undefined;
  // The page's data comes with the shell's call (decision 024); a coupon preview asks for the plans priced with it.
  const page = subscriptionPage(params.unitId);
  const [state, paymentSource, renewal] = await Promise.all([
    returned?.state ?? page?.state ?? call(hostApi.subscriptions.state, { query: { hl } }),
    page?.paymentSource ?? call(hostApi.subscriptions.paymentSourceStatus),
    !couponId && page?.renewalPlans
      ? { plans: page.renewalPlans, coupon: null }
      : call(hostApi.subscriptions.selfRenewalPlans, { params: { unitId: params.unitId }, query: { hl, ...(couponId ? { couponId } : {}) } }).catch((error: unknown) => {
          if (refusalOf(error).status !== 400) throw error;
          return null;
        }),
  ]);
  const plans = renewal ?? (await call(hostApi.subscriptions.selfRenewalPlans, { params: { unitId: params.unitId }, query: { hl } }));
  const title = serverT(context)("properties:unit.section.manage-subscription");
  return { title, state, paymentSource, plans: plans.plans, coupon: plans.coupon, couponId: couponId ?? "", couponRefused: Boolean(couponId && !renewal), checkout: returned?.checkout ?? null };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("change-plan"), planItemPriceId: z.string({ message: "plan_invalid" }).trim().min(1, "plan_invalid"), couponCode: z.string().trim().max(40, "coupon_invalid").optional() }),
  z.object({ intent: z.literal("withdraw-change"), reason: z.string({ message: "required" }).trim().min(1, "required").max(1000, "too_long") }),
  z.object({ intent: z.literal("cancel"), reason: z.string({ message: "required" }).trim().min(1, "required").max(1000, "too_long") }),
]);

type Answer = { intent: string; fieldErrors: Record<string, string[]>; formErrors: string[]; values: Record<string, string> };

function refused(intent: string, values: Record<string, string>, error: unknown) {
  const refusal = refusalOf(error);
  const fieldErrors = Object.fromEntries(Object.entries(refusal.fieldErrors).map(([field, errors]) => [field === "couponId" ? "couponCode" : field, errors.map((e) => e.type)]));
  const formErrors = refusal.formErrors.map((e) => e.type);
  if (!formErrors.length && !Object.keys(fieldErrors).length) formErrors.push(refusal.message);
  return data<Answer>({ intent, fieldErrors, formErrors, values }, { status: refusal.status === 409 ? 409 : 400 });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { call, user } = context.get(authContext);
  const hl = getLocale(context);
  const form = await request.formData();
  const values = Object.fromEntries([...form.entries()].flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])));
  const submission = parseWithZod(form, { schema: actionSchema });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    return data<Answer>({ intent: String(form.get("intent") ?? ""), fieldErrors: Object.fromEntries(Object.entries(errors).filter(([k]) => k).map(([k, v]) => [k, v ?? []])), formErrors: errors[""] ?? [], values }, { status: 400 });
  }
  const input = submission.value;
  const here = unitHref(params, "manage-subscription");
  const state = await call(hostApi.subscriptions.state, { query: { hl } });
  const sub = state.subscription;
  try {
    if (input.intent === "cancel") {
      if (!sub) throw new Response(null, { status: 404 });
      await call(hostApi.subscriptions.cancel, { body: { subscriptionId: sub.id, reason: input.reason }, query: { hl } });
      return redirectWithFlash(context, here, { kind: "success", key: "subscription:cancelled" });
    }
    if (input.intent === "withdraw-change") {
      if (!sub) throw new Response(null, { status: 404 });
      await call(hostApi.subscriptions.cancelScheduledChanges, { params: { id: sub.id }, body: { reason: input.reason }, query: { hl } });
      return redirectWithFlash(context, here, { kind: "success", key: "subscription:changeWithdrawn" });
    }
    // §5: the coupon code is sent only when it is not empty.
    const coupon = input.couponCode ? { couponCode: input.couponCode } : {};
    const running = runningSubscription(state);
    const target = checkoutTarget(state, params.unitId, input.planItemPriceId, input.couponCode ?? "", user.isSubscriptionCheckoutAvailable);
    if (target) {
      // The provider's page is not a page of this app: the browser loads it as a document.
      return redirectDocument(await openCheckout(context, target, input.planItemPriceId, input.couponCode ?? "", here));
    }
    if (running) await call(hostApi.subscriptions.changePlan, { params: { id: running.id }, body: { planItemPriceId: input.planItemPriceId, ...coupon }, query: { hl } });
    else await call(hostApi.subscriptions.create, { body: { planItemPriceId: input.planItemPriceId, unitId: params.unitId, services: [], ...coupon }, query: { hl } });
    return redirectWithFlash(context, here, { kind: "success", key: "subscription:planChanged" });
  } catch (error) {
    if (error instanceof Response) throw error;
    return refused(input.intent, values, error);
  }
}

function ReasonForm({ intent, label, button, answer }: { intent: string; label: string; button: string; answer: Answer | undefined }) {
  const mine = answer?.intent === intent ? answer : undefined;
  const id = `${intent}-reason`;
  const errors = mine?.fieldErrors.reason;
  return (
    <Form method="post" className="stack">
      <input type="hidden" name="intent" value={intent} />
      <FormErrors id={`${intent}-errors`} errors={mine?.formErrors} />
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <TextArea id={id} name="reason" rows={3} maxLength={1000} defaultValue={mine?.values.reason ?? ""} aria-invalid={errors ? true : undefined} aria-describedby={errors ? `${id}-errors` : undefined} />
        <FieldErrors id={`${id}-errors`} errors={errors} />
      </div>
      <div className="button-row">
        <Button variant={intent === "cancel" ? "danger" : "secondary"}>{button}</Button>
      </div>
    </Form>
  );
}

export default function ManageSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigation = useNavigation();
  const { state, plans, coupon, couponId, couponRefused, paymentSource, checkout } = loaderData;
  const scheduledChange = state.subscription?.scheduledChange ?? null;
  const endsOn = state.currentPlan?.isCancellationScheduled ? (state.subscription?.expirationDate ?? null) : null;
  const answer = actionData as Answer | undefined;
  const planAnswer = answer?.intent === "change-plan" ? answer : undefined;
  const current = state.currentPlan;
  const editable = !current || current.isEditable || state.currentPlan?.subscriptionStatus === "expired";
  const chosen = planAnswer?.values.planItemPriceId ?? current?.planItemPriceId ?? plans[0]?.planItemPriceId ?? "";
  const couponValue = planAnswer?.values.couponCode ?? couponId;
  const couponErrors = planAnswer?.fieldErrors.couponCode ?? (couponRefused ? ["coupon_invalid"] : undefined);
  return (
    <section className="stack" aria-labelledby="manage-title">
      <h2 id="manage-title">{t("properties:unit.section.manage-subscription")}</h2>
      {checkout ? (
        <Banner tone={checkout.status === "paid" ? "success" : checkout.status === "declined" ? "error" : "info"} role="status">
          <p>{t(`subscription:checkout.${checkout.status}`)}</p>
        </Banner>
      ) : null}
      <SubscriptionSummary state={state} />
      {scheduledChange || endsOn ? (
        <section className="card stack" aria-labelledby="scheduled-title">
          <h3 id="scheduled-title">{t("subscription:scheduled.title")}</h3>
          {scheduledChange ? <p>{t("subscription:scheduled.planChange", { plan: scheduledChange.name, date: format.date(scheduledChange.effectiveDate) })}</p> : null}
          {endsOn ? <p>{t("subscription:scheduled.cancellation", { date: format.date(endsOn) })}</p> : null}
          {scheduledChange ? <ReasonForm intent="withdraw-change" label={t("subscription:scheduled.reason")} button={t("subscription:scheduled.withdraw")} answer={answer} /> : null}
        </section>
      ) : null}
      {editable ? (
        <section className="card stack" aria-labelledby="change-title">
          <h3 id="change-title">{state.subscription ? t("subscription:change.title") : t("subscription:change.choose")}</h3>
          <Form method="get" className="inline-form">
            <div className="field">
              <label htmlFor="coupon-preview">{t("subscription:change.coupon")}</label>
              <input id="coupon-preview" name="couponId" defaultValue={couponValue} maxLength={40} autoComplete="off" aria-invalid={couponErrors ? true : undefined} aria-describedby={couponErrors ? "coupon-preview-errors" : "coupon-preview-hint"} />
              <p id="coupon-preview-hint" className="field__hint">
                {coupon ? t("subscription:change.couponApplied", { code: coupon.code, percent: format.percent(coupon.percentOff) }) : t("subscription:change.couponHint")}
              </p>
              <FieldErrors id="coupon-preview-errors" errors={couponErrors} />
            </div>
            <Button>{t("subscription:change.applyCoupon")}</Button>
          </Form>
          <Form method="post" className="stack">
            <input type="hidden" name="intent" value="change-plan" />
            <input type="hidden" name="couponCode" value={coupon?.code ?? ""} />
            <FormErrors id="change-errors" errors={planAnswer?.formErrors} />
            <fieldset className="field choice-list" aria-describedby={planAnswer?.fieldErrors.planItemPriceId ? "plan-errors" : undefined}>
              <legend>{t("subscription:change.plan")}</legend>
              {plans.map((plan) => (
                <label key={plan.planItemPriceId} className="choice">
                  <input type="radio" name="planItemPriceId" value={plan.planItemPriceId} defaultChecked={plan.planItemPriceId === chosen} />
                  <span>
                    <strong>{plan.name}</strong> · {t("subscription:change.planPrice", { price: format.money(plan.priceAfterCoupon, plan.currency), count: plan.period })}
                    {plan.priceAfterCoupon !== plan.price ? <s className="muted"> {format.money(plan.price, plan.currency)}</s> : null}
                    {current?.planItemPriceId === plan.planItemPriceId ? <StatusPill tone="primary">{t("subscription:change.current")}</StatusPill> : null}
                  </span>
                </label>
              ))}
              <FieldErrors id="plan-errors" errors={planAnswer?.fieldErrors.planItemPriceId} />
            </fieldset>
            <FieldErrors id="change-coupon-errors" errors={planAnswer?.fieldErrors.couponCode} />
            <p className="field__hint">{t(state.subscription ? "subscription:change.when" : "subscription:change.whenFirst")}</p>
            <div className="button-row">
              <Button variant="primary" pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "change-plan"}>
                {state.subscription ? t("subscription:change.submit") : t("subscription:change.subscribe")}
              </Button>
            </div>
          </Form>
        </section>
      ) : null}
      <section className="card stack" aria-labelledby="payment-title">
        <h3 id="payment-title">{t("subscription:payment.title")}</h3>
        <p>{t(`subscription:payment.${paymentSource.status}`)}</p>
      </section>
      {state.subscription && current?.isEditable && !current.isCancellationScheduled ? (
        <section className="card stack" aria-labelledby="cancel-title">
          <h3 id="cancel-title">{t("subscription:cancel.title")}</h3>
          <p>{t("subscription:cancel.description", { date: format.date(state.subscription.expirationDate) })}</p>
          <ReasonForm intent="cancel" label={t("subscription:cancel.reason")} button={t("subscription:cancel.submit")} answer={answer} />
        </section>
      ) : null}
    </section>
  );
}
