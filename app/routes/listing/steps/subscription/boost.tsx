import { useTranslation } from "~/lib/i18n";
import { data, Form } from "react-router";
import type { Route } from "./+types/boost";
import { hostApi } from "@contract/index";
import { loadSubscription } from "~/components/subscription/subscription.server";
import { FormErrors } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { authContext } from "~/lib/auth.server";
import { attemptApi } from "~/lib/host-api.server";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep } from "~/routes/listing/wizard.server";

const STEP = "subscription/boost";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** Optional (§2): spend boost credits on weeks of more visibility; empty dates pass the step. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref } = await requireStep(context, params, STEP);
  const state = await loadSubscription(context);
  return { title: serverT(context)(`listing:step.${STEP}.title`), backHref, credits: state.boostCredits.enabled ? (state.boostCredits.remaining ?? 0) : 0 };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  const form = await request.formData();
  const sent = { startDate: String(form.get("startDate") ?? ""), endDate: String(form.get("endDate") ?? "") };
  if (sent.startDate || sent.endDate) {
    const { call } = context.get(authContext);
    const errors = await attemptApi(() => call(hostApi.subscriptions.boost, { body: { ...sent, unitId: params.unitId } }));
    if (errors) return data({ errors, sent }, { status: 400 });
  }
  return completeStep(context, params, STEP);
}

export default function BoostStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const errors: Record<string, string[] | undefined> = actionData?.errors ?? {};
  return (
    <StepPage step={STEP}>
      <p>{t("listing:boost.credits", { count: loaderData.credits })}</p>
      <Form method="post" className="stack card">
        <FormErrors id="boost-errors" errors={errors.form} />
        <div className="form-columns">
          <TextInput name="startDate" type="date" label={t("listing:seasons.dateFrom")} defaultValue={actionData?.sent.startDate ?? ""} errors={errors.startDate} />
          <TextInput name="endDate" type="date" label={t("listing:seasons.dateTo")} defaultValue={actionData?.sent.endDate ?? ""} errors={errors.endDate} />
        </div>
        <p className="field__hint">{t("listing:boost.hint")}</p>
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
