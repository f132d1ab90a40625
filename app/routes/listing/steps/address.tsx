import { useTranslation } from "~/lib/i18n";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/address";
import { hostApi } from "@contract/index";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { loadConfiguration } from "~/components/unit-forms/unit-forms.server";
import { authContext } from "~/lib/auth.server";
import { refusalOf } from "~/lib/host-api.server";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep, stepHref } from "~/routes/listing/wizard.server";

const STEP = "location/address";
const FIELDS = ["street", "houseNumberOrName", "postalCode", "city"] as const;
type AddressField = (typeof FIELDS)[number];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

async function propertyOf(context: Route.LoaderArgs["context"], propertyId: string) {
  const { call } = context.get(authContext);
  return call(hostApi.properties.get, { params: { id: propertyId } });
}

/** The address in the country's own form and order (§3 Location, §5 address rules). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref, wizard } = await requireStep(context, params, STEP);
  const [configuration, property] = await Promise.all([loadConfiguration(context), propertyOf(context, params.propertyId)]);
  const form = configuration.property.addressForms.find((f) => f.countryCode === property.location.countryCode);
  // Without a country there is no address form: the location step comes first.
  if (!form) throw redirect(stepHref(wizard.kind, params, "location"));
  return {
    title: serverT(context)(`listing:step.${STEP}.title`),
    backHref,
    country: configuration.countries.find((c) => c.code === form.countryCode)?.label ?? form.countryCode,
    region: form.regions?.find((r) => r.code === property.location.stateOrProvince)?.name ?? null,
    fields: form.fields.filter((f): f is typeof f & { id: AddressField } => (FIELDS as readonly string[]).includes(f.id)),
    current: Object.fromEntries(FIELDS.map((f) => [f, property.location[f] ?? ""])) as Record<AddressField, string>,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  const form = await request.formData();
  const sent = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "").trim()])) as Record<AddressField, string>;
  const property = await propertyOf(context, params.propertyId);
  const { call } = context.get(authContext);
  try {
    await call(hostApi.properties.saveLocation, {
      params: { id: params.propertyId },
      body: {
        location: {
          countryCode: property.location.countryCode ?? "",
          stateOrProvince: property.location.stateOrProvince,
          street: sent.street,
          houseNumberOrName: sent.houseNumberOrName,
          postalCode: sent.postalCode || null,
          city: sent.city,
        },
      },
    });
  } catch (error) {
    const refusal = refusalOf(error);
    return data({ errors: refusal.codes((field) => field.replace(/^location\./, "")), sent }, { status: 400 });
  }
  return completeStep(context, params, STEP);
}

export default function AddressStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const values = actionData?.sent ?? loaderData.current;
  const errors = actionData?.errors ?? {};
  return (
    <StepPage step={STEP}>
      <p>
        <strong>{t("listing:location.country")}:</strong> {loaderData.country}
        {loaderData.region ? ` · ${loaderData.region}` : null}
      </p>
      <Form method="post" className="stack card">
        <FormErrors id="address-errors" errors={errors.form} />
        {loaderData.fields.map((field) => (
          <div className="field" key={field.id}>
            <label htmlFor={`address-${field.id}`}>
              {field.label}
              {field.required || field.id !== "postalCode" ? null : ` ${t("listing:optional")}`}
            </label>
            <input
              id={`address-${field.id}`}
              name={field.id}
              defaultValue={values[field.id]}
              autoComplete={{ street: "address-line1", houseNumberOrName: "address-line2", postalCode: "postal-code", city: "address-level2" }[field.id]}
              aria-invalid={errors[field.id]?.length ? true : undefined}
              aria-describedby={errors[field.id]?.length ? `address-${field.id}-errors` : undefined}
            />
            <FieldErrors id={`address-${field.id}-errors`} errors={errors[field.id]} />
          </div>
        ))}
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
