import { useTranslation } from "~/lib/i18n";
import { data, Form } from "react-router";
import type { Route } from "./+types/plan";
import { isPricedWithoutFee, planByItemPriceId } from "@domain/subscription-plans";
import { choosePlan, loadPlans, loadSubscription } from "~/components/subscription/subscription.server";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { useFormat } from "~/lib/format";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep, stepOfRequest } from "~/routes/listing/wizard.server";

const STEPS = ["commercial-model/plan", "subscription/plan"] as const;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/**
 * The subscription plan the unit is published under (§3 Subscription plans); plans a host cannot take
 * yet are shown, not offered. The host pays by subscription here, so plans with a fee per booking
 * (those of commission) are not among them.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const step = stepOfRequest(request, STEPS);
  const { backHref } = await requireStep(context, params, step);
  const [{ plans }, state] = await Promise.all([loadPlans(context, params.unitId), loadSubscription(context)]);
  return { title: serverT(context)(`listing:step.${step}.title`), step, backHref, plans: plans.filter(isPricedWithoutFee), current: state.currentPlan?.planItemPriceId ?? "" };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const step = stepOfRequest(request, STEPS);
  await requireStep(context, params, step);
  const form = await request.formData();
  const sent = { planItemPriceId: String(form.get("planItemPriceId") ?? ""), couponCode: String(form.get("couponCode") ?? "").trim() };
  if (!sent.planItemPriceId) return data({ errors: { planItemPriceId: ["required"] } as Record<string, string[]>, sent }, { status: 400 });
  const plan = planByItemPriceId(sent.planItemPriceId);
  if (plan && !isPricedWithoutFee(plan)) return data({ errors: { planItemPriceId: ["plan_invalid"] } as Record<string, string[]>, sent }, { status: 400 });
  const state = await loadSubscription(context);
  const errors = await choosePlan(context, params.unitId, sent.planItemPriceId, sent.couponCode, state);
  if (errors) return data({ errors, sent }, { status: 400 });
  return completeStep(context, params, step);
}

export default function PlanStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const chosen = actionData?.sent.planItemPriceId ?? loaderData.current;
  const errors: Record<string, string[] | undefined> = actionData?.errors ?? {};
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" className="stack">
        <FormErrors id="plan-errors" errors={errors.form} />
        <fieldset className="field stack" aria-describedby={errors.planItemPriceId ? "plan-choice-errors" : undefined}>
          <legend>{t("listing:plan.legend")}</legend>
          <div className="cards">
            {loaderData.plans.map((plan) => (
              <label key={plan.id} className="card stack stack--tight plan">
                <span className="choice">
                  <input type="radio" name="planItemPriceId" value={plan.planItemPriceId} defaultChecked={chosen === plan.planItemPriceId} disabled={!plan.available} />
                  <strong>{plan.name}</strong>
                </span>
                <span>{plan.price ? t("listing:plan.price", { price: format.money(plan.price, plan.currency), months: plan.period }) : t("listing:plan.free")}</span>
                {plan.trialDays ? <span className="muted">{t("listing:plan.trial", { count: plan.trialDays })}</span> : null}
                {plan.includedServices.length ? <span className="muted">{plan.includedServices.map((s) => s.label).join(" · ")}</span> : null}
                {plan.available ? null : <span className="muted">{t("listing:plan.needsVerifiedCalendar")}</span>}
              </label>
            ))}
          </div>
          <FieldErrors id="plan-choice-errors" errors={errors.planItemPriceId} />
        </fieldset>
        <TextInput name="couponCode" label={t("listing:plan.coupon")} defaultValue={actionData?.sent.couponCode ?? ""} errors={errors.couponCode} />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
