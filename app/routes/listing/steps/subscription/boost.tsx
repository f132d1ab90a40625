import { getFormProps, useHostForm } from "~/lib/conform";
import { useTranslation } from "~/lib/i18n";
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/boost";
import { hostApi } from "@contract/index";
import { loadSubscription } from "~/components/subscription/subscription.server";
import { FormErrors, inputOf } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { authContext } from "~/lib/auth.server";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";

/** Both dates or none; the API checks them (a week at least, credits left). */
const schema = z.object({ startDate: z.string().optional(), endDate: z.string().optional() });

/** Optional (§2): spend boost credits on weeks of more visibility; empty dates pass the step. */
const route = defineStep({
  id: "subscription/boost",
  schema,
  load: async ({ context }) => {
    const state = await loadSubscription(context);
    return { credits: state.boostCredits.enabled ? (state.boostCredits.remaining ?? 0) : 0 };
  },
  save: async ({ context, params, value }) => {
    if (!value.startDate && !value.endDate) return;
    const body = { startDate: value.startDate ?? "", endDate: value.endDate ?? "", unitId: params.unitId };
    await context.get(authContext).call(hostApi.subscriptions.boost, { body });
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function BoostStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, constraint: loaderData.constraint });
  return (
    <StepPage step={loaderData.step}>
      <p>{t("listing:boost.credits", { count: loaderData.credits })}</p>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="form-columns">
          <TextInput {...inputOf(fields.startDate)} type="date" label={t("listing:seasons.dateFrom")} />
          <TextInput {...inputOf(fields.endDate)} type="date" label={t("listing:seasons.dateTo")} />
        </div>
        <p className="field__hint">{t("listing:boost.hint")}</p>
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
