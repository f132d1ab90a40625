import { useTranslation } from "~/lib/i18n";
import { data, Form } from "react-router";
import type { Route } from "./+types/commission-model";
import { commissionPercent } from "@domain/user-flags";
import { FieldErrors } from "~/components/ui/field";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep } from "~/routes/listing/wizard.server";

const STEP = "commission-model";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/**
 * How the host pays on commission (§6): a share of each booking, the hybrid tag's share for hybrid
 * hosts. The host accepts it to go on; the completed step is the record of that acceptance.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref, wizard } = await requireStep(context, params, STEP);
  return { title: serverT(context)(`listing:step.${STEP}.title`), backHref, percent: commissionPercent(wizard.user) ?? 0, hybrid: wizard.user.commercialModel === "hybrid" };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  if ((await request.formData()).get("accept") !== "yes") return data({ errors: ["terms_not_accepted"] }, { status: 400 });
  return completeStep(context, params, STEP);
}

export default function CommissionModelStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <StepPage step={STEP}>
      <div className="card stack">
        <p className="commission">{t("listing:commission.rate", { percent: loaderData.percent })}</p>
        <ul>
          <li>{t("listing:commission.noFixedFee")}</li>
          <li>{t("listing:commission.payout")}</li>
          <li>{loaderData.hybrid ? t("listing:commission.hybrid") : t("listing:commission.protection")}</li>
        </ul>
      </div>
      <Form method="post" className="stack">
        <div className="field">
          <label className="choice">
            <input type="checkbox" name="accept" value="yes" aria-invalid={actionData?.errors ? true : undefined} aria-describedby={actionData?.errors ? "accept-errors" : undefined} />
            {t("listing:commission.accept", { percent: loaderData.percent })}
          </label>
          <FieldErrors id="accept-errors" errors={actionData?.errors} />
        </div>
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
