import { getFormProps, useHostForm } from "~/lib/conform";
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/amenities";
import { hostApi } from "@contract/index";
import { chosenOf, FormErrors } from "~/components/ui/field";
import { AmenityFields } from "~/components/unit-forms/amenities";
import { loadConfiguration } from "~/components/unit-forms/unit-forms.server";
import { authContext } from "~/lib/auth.server";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";

/** Each chosen amenity once; the API knows which exist. */
const schema = z.object({ amenities: z.array(z.string()).transform((ids) => [...new Set(ids)]) });

/** The amenities form of the unit's section, general first. */
const route = defineStep({
  id: "amenities",
  schema,
  load: async ({ context, wizard }) => {
    const configuration = await loadConfiguration(context);
    return { groups: configuration.propertyUnit.amenities, chosen: wizard.unit.amenities };
  },
  save: async ({ context, params, value }) => {
    await context.get(authContext).call(hostApi.units.update, { params: { id: params.unitId }, body: value });
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function AmenitiesStep({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: { amenities: loaderData.chosen }, constraint: loaderData.constraint });
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" {...getFormProps(form)} className="stack">
        {/* The amenities have no error place of their own: what the API says of them is the form's. */}
        <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.amenities.errors ?? [])]} />
        <AmenityFields groups={loaderData.groups} chosen={chosenOf(fields.amenities)} />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
