import { getFormProps, useHostForm } from "~/lib/conform";
import { useTranslation } from "~/lib/i18n";
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/property";
import { hostApi } from "@contract/index";
import { ACCOMMODATION_TYPES, EXPECTED_UNIT_COUNTS } from "@domain/property-configuration";
import { ChoiceList } from "~/components/ui/choice-list";
import { choiceOf, FormErrors } from "~/components/ui/field";
import { loadConfiguration } from "~/components/unit-forms/unit-forms.server";
import { authContext } from "~/lib/auth.server";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";

/** One of the offered choices each; the expected unit count only where the form asks it (a multi-unit property). */
const schema = z.object({
  accommodationType: z.enum(ACCOMMODATION_TYPES, { message: "required" }),
  expectedUnitCount: z.enum(EXPECTED_UNIT_COUNTS, { message: "required" }).optional(),
});

/** What kind of place it is (§3 Property: accommodation type; expected unit count for a multi-unit property). */
const route = defineStep({
  id: "property",
  schema,
  load: async ({ context, params }) => {
    const { call } = context.get(authContext);
    const [configuration, property] = await Promise.all([loadConfiguration(context), call(hostApi.properties.get, { params: { id: params.propertyId } })]);
    return {
      multi: property.propertyType === "multi",
      accommodationTypes: configuration.property.accommodationTypes,
      expectedUnitCounts: configuration.property.expectedUnitCounts,
      current: { accommodationType: property.accommodationType ?? undefined, expectedUnitCount: property.expectedUnitCount ?? undefined },
    };
  },
  save: async ({ context, params, value }) => {
    await context.get(authContext).call(hostApi.properties.update, { params: { id: params.propertyId }, body: value });
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function PropertyStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: loaderData.current, constraint: loaderData.constraint });
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors id={form.errorId} errors={form.errors} />
        <ChoiceList {...choiceOf(fields.accommodationType)} legend={t("listing:property.accommodationType")} options={loaderData.accommodationTypes} />
        {loaderData.multi ? (
          <ChoiceList {...choiceOf(fields.expectedUnitCount)} legend={t("listing:property.expectedUnitCount")} options={loaderData.expectedUnitCounts} />
        ) : null}
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
