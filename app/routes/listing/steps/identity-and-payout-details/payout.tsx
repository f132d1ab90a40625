import { data, Form } from "react-router";
import type { Route } from "./+types/payout";
import { BankAccountFields } from "~/components/onboarding/fields";
import { BANK_FIELDS, loadBankAccount, loadOnboardingConfiguration, readForm, saveBankAccount } from "~/components/onboarding/onboarding.server";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep, stepOfRequest } from "~/routes/listing/wizard.server";
import type { TranslationsHandle } from "~/lib/i18n";

export const handle: TranslationsHandle = { i18n: ["onboarding"] };

const STEPS = ["payout/info", "identity-and-payout-details/payout"] as const;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The bank account earnings are paid to; a saved IBAN is shown masked and kept unless replaced. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const step = stepOfRequest(request, STEPS);
  const { backHref } = await requireStep(context, params, step);
  const [configuration, account] = await Promise.all([loadOnboardingConfiguration(context), loadBankAccount(context)]);
  return {
    title: serverT(context)(`listing:step.${step}.title`),
    step,
    backHref,
    currencies: configuration.currencies,
    savedIban: account?.iban ?? null,
    values: { holderName: account?.holderName ?? "", iban: "", bic: account?.bic ?? "", currency: account?.currency ?? "EUR" },
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const step = stepOfRequest(request, STEPS);
  await requireStep(context, params, step);
  const values = readForm(await request.formData(), BANK_FIELDS);
  const existing = await loadBankAccount(context);
  const errors = await saveBankAccount(context, values, existing?.id ?? null);
  if (errors) return data({ errors, values }, { status: 400 });
  return completeStep(context, params, step);
}

export default function PayoutAccountStep({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" className="stack card">
        <BankAccountFields values={actionData?.values ?? loaderData.values} errors={actionData?.errors ?? {}} currencies={loaderData.currencies} savedIban={loaderData.savedIban} />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
