import { getFormProps, getSelectProps, useHostForm } from "~/lib/conform";
import { withQuery } from "~/lib/pages";
import { constraintOf, parseWithZod } from "~/lib/conform.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { data, Form, href, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/check-eligibility";
import { hostApi } from "@contract/index";
import { HOST_ROLES } from "@domain/eligibility";
import { ChoiceList } from "~/components/ui/choice-list";
import { choiceOf, FieldErrors, FormErrors } from "~/components/ui/field";
import { loadConfiguration } from "~/components/unit-forms/unit-forms.server";
import { authContext } from "~/lib/auth.server";
import { serverT } from "~/lib/i18n.server";

export const handle: TranslationsHandle = { i18n: ["listing"] };

/** A country we serve ("other" is one answer too) and the host's relation to the property. */
const schema = z.object({ countryCode: z.string({ message: "required" }), hostRole: z.enum(HOST_ROLES, { message: "required" }) });

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** Before a first property: is it in a country we serve, and may the host let it? (§2) */
export async function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(authContext);
  if (user.onboardingStatus === "finished") throw redirect(href("/listing/add-property"));
  const configuration = await loadConfiguration(context);
  return { title: serverT(context)("listing:eligibility.title"), countries: configuration.countries, constraint: constraintOf(schema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { call } = context.get(authContext);
  const answer = await call(hostApi.user.initOnboarding, { body: submission.value });
  if (!answer.eligible) throw redirect(withQuery(href("/listing/onboarding-not-eligible"), { reason: answer.reason ?? "" }));
  throw redirect(withQuery(href("/listing/first-property"), { country: submission.value.countryCode }));
}

export default function CheckEligibility({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, constraint: loaderData.constraint });
  const { countryCode } = fields;
  const { key: countryKey, ...countrySelect } = getSelectProps(countryCode);
  return (
    <div className="page page--narrow stack">
      <h1>{t("listing:eligibility.title")}</h1>
      <p className="muted">{t("listing:eligibility.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="field">
          <label htmlFor={countryCode.id}>{t("listing:eligibility.country")}</label>
          <select key={countryKey} {...countrySelect} aria-describedby={countryCode.errors?.length ? countryCode.errorId : undefined}>
            <option value="">{t("listing:location.chooseCountry")}</option>
            {loaderData.countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.label}
              </option>
            ))}
            <option value="other">{t("listing:eligibility.otherCountry")}</option>
          </select>
          <FieldErrors id={countryCode.errorId} errors={countryCode.errors} />
        </div>
        <ChoiceList {...choiceOf(fields.hostRole)} legend={t("listing:eligibility.role")} options={HOST_ROLES.map((id) => ({ id, label: t(`listing:eligibility.roles.${id}`) }))} />
        <div className="button-row">
          <button type="submit" className="button button--primary">
            {t("listing:eligibility.continue")}
          </button>
        </div>
      </Form>
    </div>
  );
}
