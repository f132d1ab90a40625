import { getFormProps } from "@conform-to/react";
import { useTranslation } from "~/lib/i18n";
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/plan";
import { isPricedWithoutFee, planByItemPriceId } from "@domain/subscription-plans";
import { choosePlan, loadPlans, loadSubscription } from "~/components/subscription/subscription.server";
import { FieldErrors, FormErrors, inputOf } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { useFormat } from "~/lib/format";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";
import { useHostForm } from "~/lib/conform";

/** The host pays by subscription here: a plan with a fee per booking (commission's) is not theirs to take. */
const schema = z.object({
  planItemPriceId: z.string({ message: "required" }).refine((id) => {
    const plan = planByItemPriceId(id);
    return !plan || isPricedWithoutFee(plan);
  }, "plan_invalid"),
  couponCode: z.string().trim().optional(),
});

/**
 * The subscription plan the unit is published under (§3 Subscription plans); plans a host cannot take
 * yet are shown, not offered. The host pays by subscription here, so plans with a fee per booking
 * (those of commission) are not among them.
 */
const route = defineStep({
  id: "commercial-model/plan",
  schema,
  load: async ({ context, params }) => {
    const [{ plans }, state] = await Promise.all([loadPlans(context, params.unitId), loadSubscription(context)]);
    return { plans: plans.filter(isPricedWithoutFee), current: { planItemPriceId: state.currentPlan?.planItemPriceId ?? "" } };
  },
  save: async ({ context, params, value }) => {
    await choosePlan(context, params.unitId, value.planItemPriceId, value.couponCode ?? "", await loadSubscription(context));
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function PlanStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: loaderData.current, constraint: loaderData.constraint });
  const { planItemPriceId } = fields;
  const invalid = Boolean(planItemPriceId.errors?.length);
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset className="field stack" aria-describedby={invalid ? planItemPriceId.errorId : undefined}>
          <legend>{t("listing:plan.legend")}</legend>
          <div className="cards">
            {loaderData.plans.map((plan) => (
              <label key={plan.id} className="card stack stack--tight plan">
                <span className="choice">
                  <input type="radio" name={planItemPriceId.name} value={plan.planItemPriceId} defaultChecked={planItemPriceId.initialValue === plan.planItemPriceId} disabled={!plan.available} />
                  <strong>{plan.name}</strong>
                </span>
                <span>{plan.price ? t("listing:plan.price", { price: format.money(plan.price, plan.currency), months: plan.period }) : t("listing:plan.free")}</span>
                {plan.trialDays ? <span className="muted">{t("listing:plan.trial", { count: plan.trialDays })}</span> : null}
                {plan.includedServices.length ? (
                  <span className="muted facts-line">
                    {plan.includedServices.map((s) => (
                      <span key={s.label}>{s.label}</span>
                    ))}
                  </span>
                ) : null}
                {plan.available ? null : <span className="muted">{t("listing:plan.needsVerifiedCalendar")}</span>}
              </label>
            ))}
          </div>
          <FieldErrors id={planItemPriceId.errorId} errors={planItemPriceId.errors} />
        </fieldset>
        <TextInput {...inputOf(fields.couponCode)} label={t("listing:plan.coupon")} />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
