import { getFormProps, useHostForm } from "~/lib/conform";
import { useTranslation } from "~/lib/i18n";
import { Form, Link, redirectDocument } from "react-router";
import { href } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/plan";
import { isPricedWithoutFee, planByItemPriceId } from "@domain/subscription-plans";
import { checkoutTarget, choosePlan, includeUnit, loadPlans, loadSubscription, openCheckout, returnedFromCheckout } from "~/components/subscription/subscription.server";
import { authContext } from "~/lib/auth.server";
import { Banner } from "~/components/ui/banner";
import { FieldErrors, FormErrors, inputOf } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { useFormat } from "~/lib/format";
import { withQuery } from "~/lib/pages";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";
import { completeStep, stepHref } from "~/routes/listing/wizard.server";

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
 *
 * A host who pays through checkout pays a plan with a price at the payment provider first, as on the
 * unit's subscription pages (decision 036): Next opens the provider's page, which sends the host back
 * here (`?hostedPageId=`). Paid, the plan has started and the wizard goes on to the next step;
 * declined or not finished, the host chooses again here; waiting for the bank, the step says so and
 * the host checks again (or leaves and comes back: the plan starts when the bank confirms).
 */
const route = defineStep({
  id: "commercial-model/plan",
  schema,
  load: async ({ context, params, request, step, wizard }) => {
    const returned = await returnedFromCheckout(context, request);
    if (returned?.checkout.status === "paid") {
      // A further unit whose plan changed through checkout is taken under it now.
      await includeUnit(context, params.unitId, returned.state);
      throw await completeStep(context, params, step);
    }
    const [{ plans }, state] = await Promise.all([loadPlans(context, params.unitId), returned ? returned.state : loadSubscription(context)]);
    const checkout = returned ? { status: returned.checkout.status, planItemPriceId: returned.checkout.planItemPriceId, hostedPageId: returned.checkout.hostedPageId } : null;
    return {
      plans: plans.filter(isPricedWithoutFee),
      current: { planItemPriceId: checkout?.planItemPriceId ?? state.currentPlan?.planItemPriceId ?? "" },
      checkout,
      checkoutAvailable: context.get(authContext).user.isSubscriptionCheckoutAvailable,
      here: stepHref(wizard.kind, params, step),
    };
  },
  save: async ({ context, params, value, step, wizard }) => {
    const couponCode = value.couponCode ?? "";
    const state = await loadSubscription(context);
    const target = checkoutTarget(state, params.unitId, value.planItemPriceId, couponCode, context.get(authContext).user.isSubscriptionCheckoutAvailable);
    if (target) {
      // The provider's page is not a page of this app: the browser loads it as a document.
      return redirectDocument(await openCheckout(context, target, value.planItemPriceId, couponCode, stepHref(wizard.kind, params, step)));
    }
    await choosePlan(context, params.unitId, value.planItemPriceId, couponCode, state);
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
  const { checkout } = loaderData;
  if (checkout?.status === "in_progress") {
    // The bank has not confirmed yet: no second payment is offered meanwhile.
    return (
      <StepPage step={loaderData.step}>
        <div className="stack">
          <Banner tone="info" role="status">
            <p>{t("listing:plan.checkout.in_progress")}</p>
          </Banner>
          <div className="button-row">
            <Link className="button button--primary" to={withQuery(loaderData.here, { hostedPageId: checkout.hostedPageId })}>
              {t("listing:plan.checkout.checkAgain")}
            </Link>
            <Link className="button" to={href("/properties")}>
              {t("listing:plan.checkout.later")}
            </Link>
          </div>
        </div>
      </StepPage>
    );
  }
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" {...getFormProps(form)} className="stack">
        {checkout ? (
          <Banner tone={checkout.status === "declined" ? "error" : "warning"} role="status">
            <p>{t(`listing:plan.checkout.${checkout.status === "declined" ? "declined" : "open"}`)}</p>
          </Banner>
        ) : null}
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
                {plan.trialDays && !loaderData.checkoutAvailable ? <span className="muted">{t("listing:plan.trial", { count: plan.trialDays })}</span> : null}
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
        {loaderData.checkoutAvailable ? <p className="field__hint">{t("listing:plan.checkout.hint")}</p> : null}
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
