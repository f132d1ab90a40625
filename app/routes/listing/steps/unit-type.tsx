import { useTranslation } from "~/lib/i18n";
import { data, Form } from "react-router";
import type { Route } from "./+types/unit-type";
import { ChoiceList } from "~/components/ui/choice-list";
import { TextInput } from "~/components/ui/text-input";
import { loadConfiguration, patchUnit } from "~/components/unit-forms/unit-forms.server";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep } from "~/routes/listing/wizard.server";

const STEP = "unit-type";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** What kind of unit it is within the property, and the name the host knows it by. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref, wizard } = await requireStep(context, params, STEP);
  const configuration = await loadConfiguration(context);
  return {
    title: serverT(context)(`listing:step.${STEP}.title`),
    backHref,
    listingTypes: configuration.propertyUnit.listingTypes,
    current: { listingType: wizard.unit.listingType, title: wizard.unit.title },
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  const form = await request.formData();
  const sent = { listingType: String(form.get("listingType") ?? ""), title: String(form.get("title") ?? "").trim() };
  const errors: Record<string, string[]> = {};
  if (!sent.listingType) errors.listingType = ["required"];
  if (!sent.title) errors.title = ["required"];
  if (Object.keys(errors).length) return data({ errors, sent }, { status: 400 });
  const refused = await patchUnit(context, params.unitId, sent);
  if (refused) return data({ errors: { form: refused }, sent }, { status: 400 });
  return completeStep(context, params, STEP);
}

export default function UnitTypeStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const values = actionData?.sent ?? loaderData.current;
  const errors: Record<string, string[] | undefined> = actionData?.errors ?? {};
  return (
    <StepPage step={STEP}>
      <Form method="post" className="stack card">
        <ChoiceList name="listingType" legend={t("listing:unitType.listingType")} options={loaderData.listingTypes} selected={values.listingType} errors={errors.listingType ?? errors.form} />
        <TextInput name="title" label={t("listing:unitType.name")} hint={t("listing:unitType.nameHint")} defaultValue={values.title} errors={errors.title} />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
