import { getFormProps, useHostForm } from "~/lib/conform";
import { useTranslation } from "~/lib/i18n";
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/regional-requirements";
import { hostApi } from "@contract/index";
import { registrationNumberSchema } from "@domain/listing-fields";
import { FormErrors, inputOf } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { authContext } from "~/lib/auth.server";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";

const number = (required: boolean) => (required ? registrationNumberSchema.min(1, "required") : registrationNumberSchema.optional());

/** Each number as the API takes it; required where the unit's country or region asks for it. */
function regionalSchema(required: { registrationNumber: boolean; nationalIdentificationCode: boolean }) {
  return z.object({ registrationNumber: number(required.registrationNumber), nationalIdentificationCode: number(required.nationalIdentificationCode) });
}

/** What the unit's country or region requires (§2 regional requirements, Italy's CIN among them). */
const route = defineStep({
  id: "regional-requirements",
  schema: ({ wizard }) => regionalSchema(requiredOf(wizard.unit.regionalRequirements)),
  load: ({ wizard }) => ({
    required: requiredOf(wizard.unit.regionalRequirements),
    current: { registrationNumber: wizard.unit.registrationNumber ?? "", nationalIdentificationCode: wizard.unit.nationalIdentificationCode ?? "" },
  }),
  save: async ({ context, params, value }) => {
    await context.get(authContext).call(hostApi.units.updateRegional, {
      params: { id: params.unitId },
      body: { registrationNumber: value.registrationNumber || null, nationalIdentificationCode: value.nationalIdentificationCode || null },
    });
  },
});

function requiredOf(requirements: { registrationNumber: { required: boolean }; nationalIdentificationCode: { required: boolean } }) {
  return { registrationNumber: requirements.registrationNumber.required, nationalIdentificationCode: requirements.nationalIdentificationCode.required };
}

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function RegionalRequirementsStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useHostForm<ReturnType<typeof regionalSchema>>({ lastResult: actionData, defaultValue: loaderData.current, constraint: loaderData.constraint });
  const cin = inputOf(fields.nationalIdentificationCode);
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextInput
          {...inputOf(fields.registrationNumber)}
          label={t("properties:taxesAndLaws.registrationNumber")}
          hint={loaderData.required.registrationNumber ? t("properties:taxesAndLaws.registrationNumberRequired") : t("listing:optionalHint")}
        />
        {loaderData.required.nationalIdentificationCode || cin.defaultValue ? (
          <TextInput {...cin} label={t("properties:taxesAndLaws.nationalIdentificationCode")} hint={t("properties:taxesAndLaws.nationalIdentificationCodeHint")} />
        ) : null}
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
