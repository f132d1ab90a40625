import { getFormProps, getInputProps, useHostForm } from "~/lib/conform";
import { useTranslation } from "~/lib/i18n";
import { Form, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/address";
import { hostApi } from "@contract/index";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { loadConfiguration } from "~/components/unit-forms/unit-forms.server";
import { authContext } from "~/lib/auth.server";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";
import { stepHref } from "~/routes/listing/wizard.server";

const FIELDS = ["street", "houseNumberOrName", "postalCode", "city"] as const;
type AddressField = (typeof FIELDS)[number];
const AUTOCOMPLETE: Record<AddressField, string> = { street: "address-line1", houseNumberOrName: "address-line2", postalCode: "postal-code", city: "address-level2" };

/** The country's own rules (which fields it asks, postal code formats) are the API's: it answers them per field. */
const line = z.string().trim().optional();
const schema = z.object({ street: line, houseNumberOrName: line, postalCode: line, city: line });

async function propertyOf(context: Route.LoaderArgs["context"], propertyId: string) {
  return context.get(authContext).call(hostApi.properties.get, { params: { id: propertyId } });
}

/** The address in the country's own form and order (§3 Location, §5 address rules). */
const route = defineStep({
  id: "location/address",
  schema,
  load: async ({ context, params, wizard }) => {
    const [configuration, property] = await Promise.all([loadConfiguration(context), propertyOf(context, params.propertyId)]);
    const form = configuration.property.addressForms.find((f) => f.countryCode === property.location.countryCode);
    // Without a country there is no address form: the location step comes first.
    if (!form) throw redirect(stepHref(wizard.kind, params, "location"));
    return {
      country: configuration.countries.find((c) => c.code === form.countryCode)?.label ?? form.countryCode,
      region: form.regions?.find((r) => r.code === property.location.stateOrProvince)?.name ?? null,
      fields: form.fields.filter((f): f is typeof f & { id: AddressField } => (FIELDS as readonly string[]).includes(f.id)),
      current: Object.fromEntries(FIELDS.map((f) => [f, property.location[f] ?? ""])) as Record<AddressField, string>,
    };
  },
  save: async ({ context, params, value }) => {
    const { location } = await propertyOf(context, params.propertyId);
    await context.get(authContext).call(hostApi.properties.saveLocation, {
      params: { id: params.propertyId },
      body: {
        location: {
          countryCode: location.countryCode ?? "",
          stateOrProvince: location.stateOrProvince,
          street: value.street ?? "",
          houseNumberOrName: value.houseNumberOrName ?? "",
          postalCode: value.postalCode || null,
          city: value.city ?? "",
        },
      },
    });
  },
  apiErrors: { apiPrefix: "location" },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function AddressStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: loaderData.current, constraint: loaderData.constraint });
  return (
    <StepPage step={loaderData.step}>
      <p>
        <strong>{t("listing:location.country")}:</strong> {loaderData.country}
        {loaderData.region ? ` · ${loaderData.region}` : null}
      </p>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        {loaderData.fields.map(({ id, label, required }) => {
          const field = fields[id];
          const { key, ...input } = getInputProps(field, { type: "text" });
          return (
            <div className="field" key={id}>
              <label htmlFor={field.id}>
                {label}
                {required || id !== "postalCode" ? null : ` ${t("listing:optional")}`}
              </label>
              <input key={key} {...input} autoComplete={AUTOCOMPLETE[id]} aria-describedby={field.errors?.length ? field.errorId : undefined} />
              <FieldErrors id={field.errorId} errors={field.errors} />
            </div>
          );
        })}
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
