import { useTranslation } from "~/lib/i18n";
import { data, Form } from "react-router";
import type { Route } from "./+types/plan-services";
import { hostApi } from "@contract/index";
import type { PlanService } from "@domain/subscription-plans";
import { loadSubscription } from "~/components/subscription/subscription.server";
import { FormErrors } from "~/components/ui/field";
import { authContext } from "~/lib/auth.server";
import { attemptApi } from "~/lib/host-api.server";
import { useFormat } from "~/lib/format";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep } from "~/routes/listing/wizard.server";

const STEP = "commercial-model/plan-services";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** Optional services of the chosen plan (§3 Subscription services); none is needed to go on. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref } = await requireStep(context, params, STEP);
  const state = await loadSubscription(context);
  const chosen = new Set(state.subscription?.services.filter((s) => !s.included).map((s) => s.id) ?? []);
  // A plan no longer offered is known only by its id and name: it offers nothing to add.
  const plan = state.currentPlan && "optionalServices" in state.currentPlan ? state.currentPlan : null;
  return {
    title: serverT(context)(`listing:step.${STEP}.title`),
    backHref,
    currency: plan?.currency ?? "EUR",
    services: (plan?.optionalServices ?? []).map((s) => ({ ...s, chosen: chosen.has(s.id) })),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  const services = (await request.formData()).getAll("service").map(String);
  const state = await loadSubscription(context);
  if (state.subscription) {
    const { call } = context.get(authContext);
    const errors = await attemptApi(() => call(hostApi.subscriptions.replaceServices, { params: { id: state.subscription!.id }, body: { services: services as PlanService[] } }));
    if (errors) return data({ errors: [...(errors.form ?? []), ...(errors.services ?? [])] }, { status: 400 });
  }
  return completeStep(context, params, STEP);
}

export default function PlanServicesStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <StepPage step={STEP}>
      <Form method="post" className="stack card">
        <FormErrors id="services-errors" errors={actionData?.errors} />
        {loaderData.services.length ? (
          <fieldset className="field">
            <legend>{t("listing:planServices.legend")}</legend>
            {loaderData.services.map((service) => (
              <label key={service.id} className="choice">
                <input type="checkbox" name="service" value={service.id} defaultChecked={service.chosen} />
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
