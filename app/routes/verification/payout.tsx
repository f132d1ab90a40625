import { getFormProps, useHostForm } from "~/lib/conform";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/payout";
import { BankAccountFields } from "~/components/onboarding/fields";
import { loadBankAccount, loadOnboardingConfiguration, saveBankAccount } from "~/components/onboarding/onboarding.server";
import { bankAccountSchema } from "~/components/onboarding/schemas";
import { FormErrors } from "~/components/ui/field";
import { constraintOf, parseWithZod } from "~/lib/conform.server";
import { replyWithApiError } from "~/lib/forms.server";
import { HostApiError } from "~/lib/host-api.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { openStep, startVerification } from "./flow.server";
import { VerificationNav, VerificationStep, verificationMeta } from "./frame";

export const handle: TranslationsHandle = { i18n: ["verification", "onboarding", "listing"] };
export const meta = verificationMeta;

/** The account payouts go to (payout-info): the onboarding form; a saved IBAN shows masked and stays unless replaced. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const nav = openStep(request, context);
  const [configuration, account] = await Promise.all([loadOnboardingConfiguration(context), loadBankAccount(context)]);
  return {
    ...nav,
    currencies: configuration.currencies,
    savedIban: account?.iban ?? null,
    values: { holderName: account?.holderName ?? "", iban: "", bic: account?.bic ?? "", currency: account?.currency ?? "EUR" },
    constraint: constraintOf(bankAccountSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const nav = openStep(request, context);
  const submission = parseWithZod(await request.formData(), { schema: bankAccountSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await startVerification(context);
    const existing = await loadBankAccount(context);
    await saveBankAccount(context, submission.value, existing?.id ?? null);
  } catch (error) {
    if (!(error instanceof HostApiError)) throw error;
    const { result, status } = replyWithApiError(submission, error, { apiPrefix: "accounts.0" });
    return data(result, { status });
  }
  return redirect(nav.nextHref);
}

export default function PayoutStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useHostForm<typeof bankAccountSchema>({ lastResult: actionData, defaultValue: loaderData.values, constraint: loaderData.constraint });
  return (
    <VerificationStep nav={loaderData} intro={t("verification:intro.payout")}>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        <BankAccountFields fields={fields} currencies={loaderData.currencies} savedIban={loaderData.savedIban} />
        <VerificationNav backHref={loaderData.backHref} />
      </Form>
    </VerificationStep>
  );
}
