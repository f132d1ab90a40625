import { data, Form } from "react-router";
import type { Route } from "./+types/owner";
import { BusinessDetailsFields } from "~/components/onboarding/fields";
import { BUSINESS_FIELDS, loadBusinessDetails, loadOnboardingConfiguration, readForm, saveBusinessDetails } from "~/components/onboarding/onboarding.server";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep, stepOfRequest } from "~/routes/listing/wizard.server";
import type { TranslationsHandle } from "~/lib/i18n";

export const handle: TranslationsHandle = { i18n: ["onboarding"] };

const STEPS = ["personal-details/owner", "verification/owner"] as const;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** A company host's company and legal representative (§2 owner steps; only companies see them). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const step = stepOfRequest(request, STEPS);
  const { backHref } = await requireStep(context, params, step);
  const [configuration, values] = await Promise.all([loadOnboardingConfiguration(context), loadBusinessDetails(context)]);
  return { title: serverT(context)(`listing:step.${step}.title`), step, backHref, countries: configuration.countries, values };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const step = stepOfRequest(request, STEPS);
  await requireStep(context, params, step);
  const values = readForm(await request.formData(), BUSINESS_FIELDS);
  const errors = await saveBusinessDetails(context, values);
  if (errors) return data({ errors, values }, { status: 400 });
  return completeStep(context, params, step);
}

export default function OwnerStep({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" className="stack card">
        <BusinessDetailsFields values={actionData?.values ?? loaderData.values} errors={actionData?.errors ?? {}} countries={loaderData.countries} />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
