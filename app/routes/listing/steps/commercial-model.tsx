import { getFormProps, useHostForm } from "~/lib/conform";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/commercial-model";
import { hostApi } from "@contract/index";
import { STANDARD_COMMISSION_PERCENT } from "@domain/user-flags";
import { ChoiceList } from "~/components/ui/choice-list";
import { choiceOf, FormErrors } from "~/components/ui/field";
import { authContext } from "~/lib/auth.server";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";

const schema = z.object({ commercialModel: z.enum(["subscription", "commission"], { message: "required" }) });

/**
 * How the host pays (§1 commercial models), chosen once while onboarding: a yearly subscription and no
 * commission, or a commission per booking and no fee. The steps that follow depend on the answer.
 */
const route = defineStep({
  id: "commercial-model",
  schema,
  load: ({ wizard }) => ({ current: { commercialModel: wizard.user.commercialModel === "commission" ? "commission" : "subscription" } }),
  save: async ({ context, value }) => {
    await context.get(authContext).call(hostApi.user.updateInfo, { body: value });
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function CommercialModelStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: loaderData.current, constraint: loaderData.constraint });
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        <ChoiceList
          {...choiceOf(fields.commercialModel)}
          legend={t("listing:commercialModel.legend")}
          options={[
            { id: "subscription", label: t("listing:commercialModel.subscription") },
            { id: "commission", label: t("listing:commercialModel.commission", { percent: format.percent(STANDARD_COMMISSION_PERCENT) }) },
          ]}
        />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
