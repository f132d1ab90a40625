import { getFormProps, useHostForm } from "~/lib/conform";
import { Form } from "react-router";
import type { Route } from "./+types/owner";
import { BusinessDetailsFields } from "~/components/onboarding/fields";
import { loadBusinessDetails, loadOnboardingConfiguration, saveBusinessDetails } from "~/components/onboarding/onboarding.server";
import { businessDetailsSchema } from "~/components/onboarding/schemas";
import { FormErrors } from "~/components/ui/field";
import type { TranslationsHandle } from "~/lib/i18n";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";

export const handle: TranslationsHandle = { i18n: ["onboarding"] };

/** A company host's company and legal representative (§2 owner steps, with KYC or without; only companies see them). */
const route = defineStep({
  id: "verification/owner",
  schema: businessDetailsSchema,
  load: async ({ context }) => {
    const [configuration, values] = await Promise.all([loadOnboardingConfiguration(context), loadBusinessDetails(context)]);
    return { countries: configuration.countries, values };
  },
  save: ({ context, value }) => saveBusinessDetails(context, value),
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function OwnerStep({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useHostForm<typeof businessDetailsSchema>({ lastResult: actionData, defaultValue: loaderData.values, constraint: loaderData.constraint });
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        <BusinessDetailsFields fields={fields} countries={loaderData.countries} />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
