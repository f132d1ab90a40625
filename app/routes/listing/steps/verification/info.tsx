import { data, Form } from "react-router";
import type { Route } from "./+types/info";
import { hostApi } from "@contract/index";
import { IndividualDetailsFields } from "~/components/onboarding/fields";
import { INDIVIDUAL_FIELDS, loadIndividualDetails, loadOnboardingConfiguration, readForm, saveIndividualDetails } from "~/components/onboarding/onboarding.server";
import { authContext } from "~/lib/auth.server";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep, stepOfRequest } from "~/routes/listing/wizard.server";
import type { TranslationsHandle } from "~/lib/i18n";

export const handle: TranslationsHandle = { i18n: ["onboarding"] };

const STEPS = ["personal-details/info", "verification/info"] as const;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The host's own details: for the law (personal details) or for identity verification (KYC). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const step = stepOfRequest(request, STEPS);
  const { backHref } = await requireStep(context, params, step);
  const [configuration, values] = await Promise.all([loadOnboardingConfiguration(context), loadIndividualDetails(context)]);
  return { title: serverT(context)(`listing:step.${step}.title`), step, backHref, countries: configuration.countries, values };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const step = stepOfRequest(request, STEPS);
  await requireStep(context, params, step);
  const values = readForm(await request.formData(), INDIVIDUAL_FIELDS);
  // Verification starts with the first details the host gives for it (§7 kyc/set-start-at).
  if (step === "verification/info") await context.get(authContext).call(hostApi.onboarding.startKyc);
  const errors = await saveIndividualDetails(context, values);
  if (errors) return data({ errors, values }, { status: 400 });
  return completeStep(context, params, step);
}

export default function DetailsStep({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" className="stack card">
        <IndividualDetailsFields values={actionData?.values ?? loaderData.values} errors={actionData?.errors ?? {}} countries={loaderData.countries} />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
