import { getFormProps, useHostForm } from "~/lib/conform";
import { Form } from "react-router";
import type { Route } from "./+types/payout";
import { BankAccountFields } from "~/components/onboarding/fields";
import { loadBankAccount, loadOnboardingConfiguration, saveBankAccount } from "~/components/onboarding/onboarding.server";
import { bankAccountSchema } from "~/components/onboarding/schemas";
import { FormErrors } from "~/components/ui/field";
import type { TranslationsHandle } from "~/lib/i18n";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";

export const handle: TranslationsHandle = { i18n: ["onboarding"] };

/** The bank account earnings are paid to (without KYC, and as payout/info with it); a saved IBAN is shown masked and kept unless replaced. */
const route = defineStep({
  id: "identity-and-payout-details/payout",
  schema: bankAccountSchema,
  load: async ({ context }) => {
    const [configuration, account] = await Promise.all([loadOnboardingConfiguration(context), loadBankAccount(context)]);
    return {
      currencies: configuration.currencies,
      savedIban: account?.iban ?? null,
      values: { holderName: account?.holderName ?? "", iban: "", bic: account?.bic ?? "", currency: account?.currency ?? "EUR" },
    };
  },
  save: async ({ context, value }) => {
    const existing = await loadBankAccount(context);
    await saveBankAccount(context, value, existing?.id ?? null);
  },
  apiErrors: { apiPrefix: "accounts.0" },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function PayoutAccountStep({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useHostForm<typeof bankAccountSchema>({ lastResult: actionData, defaultValue: loaderData.values, constraint: loaderData.constraint });
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        <BankAccountFields fields={fields} currencies={loaderData.currencies} savedIban={loaderData.savedIban} />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
