import { getFormProps, useHostForm } from "~/lib/conform";
import { useTranslation } from "~/lib/i18n";
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/unit-type";
import { hostApi } from "@contract/index";
import { titleSchema } from "@domain/listing-fields";
import { LISTING_TYPES } from "@domain/property-configuration";
import { ChoiceList } from "~/components/ui/choice-list";
import { choiceOf, FormErrors, inputOf } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { loadConfiguration } from "~/components/unit-forms/unit-forms.server";
import { authContext } from "~/lib/auth.server";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";

const schema = z.object({
  listingType: z.enum(LISTING_TYPES, { message: "required" }),
  title: titleSchema.min(1, "required"),
});

/** What kind of unit it is within the property, and the name the host knows it by. */
const route = defineStep({
  id: "unit-type",
  schema,
  load: async ({ context, wizard }) => {
    const configuration = await loadConfiguration(context);
    return { listingTypes: configuration.propertyUnit.listingTypes, current: { listingType: wizard.unit.listingType, title: wizard.unit.title } };
  },
  save: async ({ context, params, value }) => {
    await context.get(authContext).call(hostApi.units.update, { params: { id: params.unitId }, body: value });
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function UnitTypeStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: loaderData.current, constraint: loaderData.constraint });
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        <ChoiceList {...choiceOf(fields.listingType)} legend={t("listing:unitType.listingType")} options={loaderData.listingTypes} />
        <TextInput {...inputOf(fields.title)} label={t("listing:unitType.name")} hint={t("listing:unitType.nameHint")} />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
