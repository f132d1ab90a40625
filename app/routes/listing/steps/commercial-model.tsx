import { useTranslation } from "~/lib/i18n";
import { data, Form } from "react-router";
import type { Route } from "./+types/commercial-model";
import { hostApi } from "@contract/index";
import { STANDARD_COMMISSION_PERCENT } from "@domain/user-flags";
import { ChoiceList } from "~/components/ui/choice-list";
import { authContext } from "~/lib/auth.server";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep } from "~/routes/listing/wizard.server";

const STEP = "commercial-model";
const MODELS = ["subscription", "commission"] as const;
const isModel = (value: string): value is (typeof MODELS)[number] => (MODELS as readonly string[]).includes(value);

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/**
 * How the host pays (§1 commercial models), chosen once while onboarding: a yearly subscription and no
 * commission, or a commission per booking and no fee. The steps that follow depend on the answer.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref, wizard } = await requireStep(context, params, STEP);
  return { title: serverT(context)(`listing:step.${STEP}.title`), backHref, current: wizard.user.commercialModel === "commission" ? "commission" : "subscription" };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  const model = String((await request.formData()).get("commercialModel") ?? "");
  if (!isModel(model)) return data({ errors: ["required"] }, { status: 400 });
  await context.get(authContext).call(hostApi.user.updateInfo, { body: { commercialModel: model } });
  return completeStep(context, params, STEP);
}

export default function CommercialModelStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <StepPage step={STEP}>
      <Form method="post" className="stack card">
        <ChoiceList
          name="commercialModel"
          legend={t("listing:commercialModel.legend")}
          options={[
            { id: "subscription", label: t("listing:commercialModel.subscription") },
            { id: "commission", label: t("listing:commercialModel.commission", { percent: STANDARD_COMMISSION_PERCENT }) },
          ]}
          selected={loaderData.current}
          errors={actionData?.errors}
        />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
