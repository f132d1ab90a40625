import { useTranslation } from "~/lib/i18n";
import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/property";
import { hostApi } from "@contract/index";
import { ACCOMMODATION_TYPES, EXPECTED_UNIT_COUNTS } from "@domain/property-configuration";
import { ChoiceList } from "~/components/ui/choice-list";
import { loadConfiguration } from "~/components/unit-forms/unit-forms.server";
import { authContext } from "~/lib/auth.server";
import { refusalOf } from "~/lib/host-api.server";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep } from "~/routes/listing/wizard.server";

const STEP = "property";

/** One of the offered choices each; the expected unit count only where the form asks it (a multi-unit property). */
const choiceSchema = z.object({
  accommodationType: z.enum(ACCOMMODATION_TYPES, { message: "required" }),
  expectedUnitCount: z.enum(EXPECTED_UNIT_COUNTS, { message: "required" }).optional(),
});

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** What kind of place it is (§3 Property: accommodation type; expected unit count for a multi-unit property). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref } = await requireStep(context, params, STEP);
  const { call } = context.get(authContext);
  const [configuration, property] = await Promise.all([loadConfiguration(context), call(hostApi.properties.get, { params: { id: params.propertyId } })]);
  return {
    title: serverT(context)(`listing:step.${STEP}.title`),
    backHref,
    multi: property.propertyType === "multi",
    accommodationTypes: configuration.property.accommodationTypes,
    expectedUnitCounts: configuration.property.expectedUnitCounts,
    current: { accommodationType: property.accommodationType, expectedUnitCount: property.expectedUnitCount },
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  const form = await request.formData();
  const sent = { accommodationType: String(form.get("accommodationType") ?? ""), expectedUnitCount: form.get("expectedUnitCount") === null ? undefined : String(form.get("expectedUnitCount")) };
  const parsed = choiceSchema.safeParse(sent);
  if (!parsed.success) {
    const codes = (field: string) => parsed.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
    return data({ errors: { accommodationType: codes("accommodationType"), expectedUnitCount: codes("expectedUnitCount") }, sent }, { status: 400 });
  }
  const { call } = context.get(authContext);
  try {
    await call(hostApi.properties.update, { params: { id: params.propertyId }, body: parsed.data });
  } catch (error) {
    const refusal = refusalOf(error);
    return data({ errors: { accommodationType: refusal.fieldErrors.accommodationType?.map((e) => e.type) ?? refusal.formErrors.map((e) => e.type), expectedUnitCount: refusal.fieldErrors.expectedUnitCount?.map((e) => e.type) ?? [] }, sent }, { status: 400 });
  }
  return completeStep(context, params, STEP);
}

export default function PropertyStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const chosen = actionData?.sent ?? loaderData.current;
  return (
    <StepPage step={STEP}>
      <Form method="post" className="stack">
        <ChoiceList
          name="accommodationType"
          legend={t("listing:property.accommodationType")}
          options={loaderData.accommodationTypes}
          selected={chosen.accommodationType ?? ""}
          errors={actionData?.errors.accommodationType}
        />
        {loaderData.multi ? (
          <ChoiceList
            name="expectedUnitCount"
            legend={t("listing:property.expectedUnitCount")}
            options={loaderData.expectedUnitCounts}
            selected={chosen.expectedUnitCount ?? ""}
            errors={actionData?.errors.expectedUnitCount}
          />
        ) : null}
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
