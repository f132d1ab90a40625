import { getFormProps, useHostForm } from "~/lib/conform";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/details";
import { IndividualDetailsFields } from "~/components/onboarding/fields";
import { loadIndividualDetails, loadOnboardingConfiguration, saveIndividualDetails } from "~/components/onboarding/onboarding.server";
import { individualDetailsSchema } from "~/components/onboarding/schemas";
import { FormErrors } from "~/components/ui/field";
import { constraintOf, parseWithZod } from "~/lib/conform.server";
import { replyWithApiError } from "~/lib/forms.server";
import { HostApiError } from "~/lib/host-api.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { openStep, startVerification } from "./flow.server";
import { VerificationNav, VerificationStep, verificationMeta } from "./frame";

export const handle: TranslationsHandle = { i18n: ["verification", "onboarding", "listing"] };
export const meta = verificationMeta;

/** The host's own details (individual/identity) or the company owner's (company/owner/info): the onboarding form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const nav = openStep(request, context);
  const [configuration, values] = await Promise.all([loadOnboardingConfiguration(context), loadIndividualDetails(context)]);
  return { ...nav, countries: configuration.countries, values, constraint: constraintOf(individualDetailsSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const nav = openStep(request, context);
  const submission = parseWithZod(await request.formData(), { schema: individualDetailsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await startVerification(context);
    await saveIndividualDetails(context, submission.value);
  } catch (error) {
    if (!(error instanceof HostApiError)) throw error;
    const { result, status } = replyWithApiError(submission, error, {});
    return data(result, { status });
  }
  return redirect(nav.nextHref);
}

export default function DetailsStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useHostForm<typeof individualDetailsSchema>({ lastResult: actionData, defaultValue: loaderData.values, constraint: loaderData.constraint });
  return (
    <VerificationStep nav={loaderData} intro={t(`verification:intro.${loaderData.step === "identity" ? "identity" : "owner"}`)}>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        <IndividualDetailsFields fields={fields} countries={loaderData.countries} />
        <VerificationNav backHref={loaderData.backHref} />
      </Form>
    </VerificationStep>
  );
}
