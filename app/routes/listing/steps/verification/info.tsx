import { getFormProps, useHostForm } from "~/lib/conform";
import { Form } from "react-router";
import type { Route } from "./+types/info";
import { hostApi } from "@contract/index";
import { IndividualDetailsFields } from "~/components/onboarding/fields";
import { loadIndividualDetails, loadOnboardingConfiguration, saveIndividualDetails } from "~/components/onboarding/onboarding.server";
import { individualDetailsSchema } from "~/components/onboarding/schemas";
import { FormErrors } from "~/components/ui/field";
import { authContext } from "~/lib/auth.server";
import type { TranslationsHandle } from "~/lib/i18n";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";

export const handle: TranslationsHandle = { i18n: ["onboarding"] };

/** The host's own details: for identity verification (KYC), and as personal details for the law (its twin). */
const route = defineStep({
  id: "verification/info",
  schema: individualDetailsSchema,
  load: async ({ context }) => {
    const [configuration, values] = await Promise.all([loadOnboardingConfiguration(context), loadIndividualDetails(context)]);
    return { countries: configuration.countries, values };
  },
  save: async ({ context, step, value }) => {
    // Verification starts with the first details the host gives for it (§7 kyc/set-start-at).
    if (step === "verification/info") await context.get(authContext).call(hostApi.onboarding.startKyc);
    await saveIndividualDetails(context, value);
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function DetailsStep({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useHostForm<typeof individualDetailsSchema>({ lastResult: actionData, defaultValue: loaderData.values, constraint: loaderData.constraint });
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        <IndividualDetailsFields fields={fields} countries={loaderData.countries} />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
