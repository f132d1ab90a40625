import { getFormProps, useHostForm } from "~/lib/conform";
import { useTranslation } from "~/lib/i18n";
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/plan-services";
import { hostApi } from "@contract/index";
import { PLAN_SERVICES } from "@domain/subscription-plans";
import { loadSubscription } from "~/components/subscription/subscription.server";
import { chosenOf, FormErrors } from "~/components/ui/field";
import { authContext } from "~/lib/auth.server";
import { useFormat } from "~/lib/format";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";

const schema = z.object({ service: z.array(z.enum(PLAN_SERVICES)) });

/** Optional services of the chosen plan (§3 Subscription services); none is needed to go on. */
const route = defineStep({
  id: "commercial-model/plan-services",
  schema,
  load: async ({ context }) => {
    const state = await loadSubscription(context);
    const chosen = new Set(state.subscription?.services.filter((s) => !s.included).map((s) => s.id) ?? []);
    // A plan no longer offered is known only by its id and name: it offers nothing to add.
    const plan = state.currentPlan && "optionalServices" in state.currentPlan ? state.currentPlan : null;
    return { currency: plan?.currency ?? "EUR", services: (plan?.optionalServices ?? []).map((s) => ({ ...s, chosen: chosen.has(s.id) })) };
  },
  save: async ({ context, value }) => {
    const { subscription } = await loadSubscription(context);
    if (!subscription) return;
    await context.get(authContext).call(hostApi.subscriptions.replaceServices, { params: { id: subscription.id }, body: { services: value.service } });
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function PlanServicesStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: { service: loaderData.services.filter((s) => s.chosen).map((s) => s.id) }, constraint: loaderData.constraint });
  const chosen = chosenOf(fields.service);
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        {loaderData.services.length ? (
          <fieldset className="field">
            <legend>{t("listing:planServices.legend")}</legend>
            {loaderData.services.map((service) => (
              <label key={service.id} className="choice">
                <input type="checkbox" name={fields.service.name} value={service.id} defaultChecked={chosen.has(service.id)} />
                {service.label} · {format.money(service.price, loaderData.currency)}
              </label>
            ))}
          </fieldset>
        ) : (
          <p>{t("listing:planServices.none")}</p>
        )}
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
