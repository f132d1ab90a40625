import { useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { data, Form } from "react-router";
import type { Route } from "./+types/location";
import { hostApi } from "@contract/index";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { loadConfiguration } from "~/components/unit-forms/unit-forms.server";
import { authContext } from "~/lib/auth.server";
import { refusalOf } from "~/lib/host-api.server";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep } from "~/routes/listing/wizard.server";

const STEP = "location";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The country (and region, where the country has them) comes first: the address form follows it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref } = await requireStep(context, params, STEP);
  const { call } = context.get(authContext);
  const [configuration, property] = await Promise.all([loadConfiguration(context), call(hostApi.properties.get, { params: { id: params.propertyId } })]);
  const regions = Object.fromEntries(configuration.property.addressForms.filter((f) => f.regions).map((f) => [f.countryCode, f.regions!]));
  return {
    title: serverT(context)(`listing:step.${STEP}.title`),
    backHref,
    countries: configuration.countries,
    regions,
    current: { countryCode: property.location.countryCode ?? "", stateOrProvince: property.location.stateOrProvince ?? "" },
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  const form = await request.formData();
  const sent = { countryCode: String(form.get("countryCode") ?? ""), stateOrProvince: String(form.get("stateOrProvince") ?? "") };
  if (!sent.countryCode) return data({ errors: { countryCode: ["required"] } as Record<string, string[]>, sent }, { status: 400 });
  const { call } = context.get(authContext);
  try {
    await call(hostApi.properties.update, { params: { id: params.propertyId }, body: { countryCode: sent.countryCode, stateOrProvince: sent.stateOrProvince || null } });
  } catch (error) {
    const refusal = refusalOf(error);
    return data({ errors: refusal.codes(), sent }, { status: 400 });
  }
  return completeStep(context, params, STEP);
}

export default function LocationStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const chosen = actionData?.sent ?? loaderData.current;
  const [country, setCountry] = useState(chosen.countryCode);
  const regions = loaderData.regions[country];
  const errors = actionData?.errors ?? {};
  return (
    <StepPage step={STEP}>
      <Form method="post" className="stack card">
        <FormErrors id="location-errors" errors={errors.form} />
        <div className="field">
          <label htmlFor="countryCode">{t("listing:location.country")}</label>
          <select
            id="countryCode"
            name="countryCode"
            defaultValue={chosen.countryCode}
            onChange={(event) => setCountry(event.currentTarget.value)}
            aria-invalid={errors.countryCode?.length ? true : undefined}
            aria-describedby={errors.countryCode?.length ? "countryCode-errors" : undefined}
          >
            <option value="">{t("listing:location.chooseCountry")}</option>
            {loaderData.countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.label}
              </option>
            ))}
          </select>
          <FieldErrors id="countryCode-errors" errors={errors.countryCode} />
        </div>
        {regions ? (
          <div className="field">
            <label htmlFor="stateOrProvince">{t("listing:location.region")}</label>
            <select
              id="stateOrProvince"
              name="stateOrProvince"
              key={country}
              defaultValue={chosen.countryCode === country ? chosen.stateOrProvince : ""}
              aria-invalid={errors.stateOrProvince?.length ? true : undefined}
              aria-describedby={errors.stateOrProvince?.length ? "stateOrProvince-errors" : undefined}
            >
              <option value="">{t("listing:location.chooseRegion")}</option>
              {regions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </select>
            <FieldErrors id="stateOrProvince-errors" errors={errors.stateOrProvince} />
          </div>
        ) : null}
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
