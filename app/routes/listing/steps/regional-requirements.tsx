import { useTranslation } from "~/lib/i18n";
import { data, Form } from "react-router";
import type { Route } from "./+types/regional-requirements";
import { hostApi } from "@contract/index";
import { FormErrors } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { authContext } from "~/lib/auth.server";
import { refusalOf } from "~/lib/host-api.server";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep } from "~/routes/listing/wizard.server";

const STEP = "regional-requirements";
const FIELDS = ["registrationNumber", "nationalIdentificationCode"] as const;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** What the unit's country or region requires (§2 regional requirements, Italy's CIN among them). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref, wizard } = await requireStep(context, params, STEP);
  const { unit } = wizard;
  return {
    title: serverT(context)(`listing:step.${STEP}.title`),
    backHref,
    required: { registrationNumber: unit.regionalRequirements.registrationNumber.required, nationalIdentificationCode: unit.regionalRequirements.nationalIdentificationCode.required },
    current: { registrationNumber: unit.registrationNumber ?? "", nationalIdentificationCode: unit.nationalIdentificationCode ?? "" },
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { wizard } = await requireStep(context, params, STEP);
  const form = await request.formData();
  const sent = { registrationNumber: String(form.get("registrationNumber") ?? "").trim(), nationalIdentificationCode: String(form.get("nationalIdentificationCode") ?? "").trim() };
  const errors: Record<string, string[]> = {};
  for (const field of FIELDS) if (wizard.unit.regionalRequirements[field].required && !sent[field]) errors[field] = ["required"];
  if (Object.keys(errors).length) return data({ errors, sent }, { status: 400 });
  const { call } = context.get(authContext);
  try {
    await call(hostApi.units.updateRegional, {
      params: { id: params.unitId },
      body: { registrationNumber: sent.registrationNumber || null, nationalIdentificationCode: sent.nationalIdentificationCode || null },
    });
  } catch (error) {
    const refusal = refusalOf(error);
    return data({ errors: refusal.codes(), sent }, { status: 400 });
  }
  return completeStep(context, params, STEP);
}

export default function RegionalRequirementsStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const values = actionData?.sent ?? loaderData.current;
  const errors: Record<string, string[] | undefined> = actionData?.errors ?? {};
  return (
    <StepPage step={STEP}>
      <Form method="post" className="stack card">
        <FormErrors id="regional-errors" errors={errors.form} />
        <TextInput
          name="registrationNumber"
          label={t("properties:taxesAndLaws.registrationNumber")}
          hint={loaderData.required.registrationNumber ? t("properties:taxesAndLaws.registrationNumberRequired") : t("listing:optionalHint")}
          defaultValue={values.registrationNumber}
          errors={errors.registrationNumber}
        />
        {loaderData.required.nationalIdentificationCode || values.nationalIdentificationCode ? (
          <TextInput
            name="nationalIdentificationCode"
            label={t("properties:taxesAndLaws.nationalIdentificationCode")}
            hint={t("properties:taxesAndLaws.nationalIdentificationCodeHint")}
            defaultValue={values.nationalIdentificationCode}
            errors={errors.nationalIdentificationCode}
          />
        ) : null}
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
