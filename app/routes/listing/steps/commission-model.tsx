import { getFormProps, getInputProps, useHostForm } from "~/lib/conform";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/commission-model";
import { commissionPercent } from "@domain/user-flags";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";

const schema = z.object({ accept: z.literal("yes", { message: "terms_not_accepted" }) });

/**
 * How the host pays on commission (§6): a share of each booking, the hybrid tag's share for hybrid
 * hosts. The host accepts it to go on; the completed step is the record of that acceptance.
 */
const route = defineStep({
  id: "commission-model",
  schema,
  load: ({ wizard }) => ({ percent: commissionPercent(wizard.user) ?? 0, hybrid: wizard.user.commercialModel === "hybrid" }),
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function CommissionModelStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const percent = useFormat().percent(loaderData.percent);
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, constraint: loaderData.constraint });
  const { key, ...accept } = getInputProps(fields.accept, { type: "checkbox", value: "yes" });
  return (
    <StepPage step={loaderData.step}>
      <div className="card stack">
        <p className="commission">{t("listing:commission.rate", { percent })}</p>
        <ul>
          <li>{t("listing:commission.noFixedFee")}</li>
          <li>{t("listing:commission.payout")}</li>
          <li>{loaderData.hybrid ? t("listing:commission.hybrid") : t("listing:commission.protection")}</li>
        </ul>
      </div>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="field">
          <label className="choice">
            <input key={key} {...accept} aria-describedby={fields.accept.errors?.length ? fields.accept.errorId : undefined} />
            {t("listing:commission.accept", { percent })}
          </label>
          <FieldErrors id={fields.accept.errorId} errors={fields.accept.errors} />
        </div>
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
