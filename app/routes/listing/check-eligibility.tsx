import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/check-eligibility";
import { hostApi } from "@contract/index";
import { HOST_ROLES, type HostRole } from "@domain/eligibility";
import { ChoiceList } from "~/components/ui/choice-list";
import { FieldErrors } from "~/components/ui/field";
import { loadConfiguration } from "~/components/unit-forms/unit-forms.server";
import { authContext } from "~/lib/auth.server";
import { serverT } from "~/lib/i18n.server";

export const handle: TranslationsHandle = { i18n: ["listing"] };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** Before a first property: is it in a country we serve, and may the host let it? (§2) */
export async function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(authContext);
  if (user.onboardingStatus === "finished") throw redirect("/listing/add-property");
  const configuration = await loadConfiguration(context);
  return { title: serverT(context)("listing:eligibility.title"), countries: configuration.countries };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const sent = { countryCode: String(form.get("countryCode") ?? ""), hostRole: String(form.get("hostRole") ?? "") };
  const errors: Record<string, string[]> = {};
  if (!sent.countryCode) errors.countryCode = ["required"];
  if (!(HOST_ROLES as readonly string[]).includes(sent.hostRole)) errors.hostRole = ["required"];
  if (Object.keys(errors).length) return data({ errors, sent }, { status: 400 });
  const { call } = context.get(authContext);
  const answer = await call(hostApi.user.initOnboarding, { body: { countryCode: sent.countryCode, hostRole: sent.hostRole as HostRole } });
  if (!answer.eligible) throw redirect(`/listing/onboarding-not-eligible?${new URLSearchParams({ reason: answer.reason ?? "" })}`);
  throw redirect(`/listing/first-property?${new URLSearchParams({ country: sent.countryCode })}`);
}

export default function CheckEligibility({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const sent = actionData?.sent;
  const errors: Record<string, string[] | undefined> = actionData?.errors ?? {};
  return (
    <div className="page page--narrow stack">
      <h1>{t("listing:eligibility.title")}</h1>
      <p className="muted">{t("listing:eligibility.intro")}</p>
      <Form method="post" className="stack card">
        <div className="field">
          <label htmlFor="countryCode">{t("listing:eligibility.country")}</label>
          <select id="countryCode" name="countryCode" defaultValue={sent?.countryCode ?? ""} aria-invalid={errors.countryCode ? true : undefined} aria-describedby={errors.countryCode ? "countryCode-errors" : undefined}>
            <option value="">{t("listing:location.chooseCountry")}</option>
            {loaderData.countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.label}
              </option>
            ))}
            <option value="other">{t("listing:eligibility.otherCountry")}</option>
          </select>
          <FieldErrors id="countryCode-errors" errors={errors.countryCode} />
        </div>
        <ChoiceList
          name="hostRole"
          legend={t("listing:eligibility.role")}
          options={HOST_ROLES.map((id) => ({ id, label: t(`listing:eligibility.roles.${id}`) }))}
          selected={sent?.hostRole ?? ""}
          errors={errors.hostRole}
        />
        <div className="button-row">
          <button type="submit" className="button button--primary">
            {t("listing:eligibility.continue")}
          </button>
        </div>
      </Form>
    </div>
  );
}
