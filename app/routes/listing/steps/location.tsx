import { getFormProps, getSelectProps, useHostForm } from "~/lib/conform";
import { useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/location";
import { hostApi } from "@contract/index";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { loadConfiguration } from "~/components/unit-forms/unit-forms.server";
import { authContext } from "~/lib/auth.server";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";

const schema = z.object({ countryCode: z.string({ message: "required" }), stateOrProvince: z.string().optional() });

/** The country (and region, where the country has them) comes first: the address form follows it. */
const route = defineStep({
  id: "location",
  schema,
  load: async ({ context, params }) => {
    const { call } = context.get(authContext);
    const [configuration, property] = await Promise.all([loadConfiguration(context), call(hostApi.properties.get, { params: { id: params.propertyId } })]);
    const regions = Object.fromEntries(configuration.property.addressForms.filter((f) => f.regions).map((f) => [f.countryCode, f.regions!]));
    return {
      countries: configuration.countries,
      regions,
      current: { countryCode: property.location.countryCode ?? "", stateOrProvince: property.location.stateOrProvince ?? "" },
    };
  },
  save: async ({ context, params, value }) => {
    const body = { countryCode: value.countryCode, stateOrProvince: value.stateOrProvince ?? null };
    await context.get(authContext).call(hostApi.properties.update, { params: { id: params.propertyId }, body });
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function LocationStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: loaderData.current, constraint: loaderData.constraint });
  const chosen = { countryCode: fields.countryCode.initialValue ?? "", stateOrProvince: fields.stateOrProvince.initialValue ?? "" };
  const [country, setCountry] = useState(chosen.countryCode);
  const regions = loaderData.regions[country];
  const { key: countryKey, ...countrySelect } = getSelectProps(fields.countryCode);
  const { key: regionKey, ...regionSelect } = getSelectProps(fields.stateOrProvince);
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="field">
          <label htmlFor={fields.countryCode.id}>{t("listing:location.country")}</label>
          <select
            key={countryKey}
            {...countrySelect}
            onChange={(event) => setCountry(event.currentTarget.value)}
            aria-describedby={fields.countryCode.errors?.length ? fields.countryCode.errorId : undefined}
          >
            <option value="">{t("listing:location.chooseCountry")}</option>
            {loaderData.countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.label}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.countryCode.errorId} errors={fields.countryCode.errors} />
        </div>
        {regions ? (
          <div className="field">
            <label htmlFor={fields.stateOrProvince.id}>{t("listing:location.region")}</label>
            <select
              key={`${regionKey}-${country}`}
              {...regionSelect}
              defaultValue={chosen.countryCode === country ? chosen.stateOrProvince : ""}
              aria-describedby={fields.stateOrProvince.errors?.length ? fields.stateOrProvince.errorId : undefined}
            >
              <option value="">{t("listing:location.chooseRegion")}</option>
              {regions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </select>
            <FieldErrors id={fields.stateOrProvince.errorId} errors={fields.stateOrProvince.errors} />
          </div>
        ) : null}
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
