import { data, Form } from "react-router";
import type { Route } from "./+types/amenities";
import { FormErrors } from "~/components/ui/field";
import { AmenityFields } from "~/components/unit-forms/amenities";
import { loadConfiguration, patchUnit, readAmenities } from "~/components/unit-forms/unit-forms.server";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep } from "~/routes/listing/wizard.server";

const STEP = "amenities";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The amenities form of the unit's section, general first. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref, wizard } = await requireStep(context, params, STEP);
  const configuration = await loadConfiguration(context);
  return { title: serverT(context)(`listing:step.${STEP}.title`), backHref, groups: configuration.propertyUnit.amenities, chosen: wizard.unit.amenities };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  const amenities = readAmenities(await request.formData());
  const refused = await patchUnit(context, params.unitId, { amenities });
  if (refused) return data({ errors: refused, sent: amenities }, { status: 400 });
  return completeStep(context, params, STEP);
}

export default function AmenitiesStep({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <StepPage step={STEP}>
      <Form method="post" className="stack">
        <FormErrors id="amenity-errors" errors={actionData?.errors} />
        <AmenityFields groups={loaderData.groups} chosen={new Set(actionData?.sent ?? loaderData.chosen)} />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
