import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/amenities";
import { FormErrors } from "../../components/ui/field";
import { configurationSchema } from "../../lib/api-types";
import { SavedNotice, SaveButton } from "../../components/section-form";
import { authContext } from "../../lib/auth.server";
import { HostApiError } from "../../lib/host-api.server";
import { getLocale, serverT } from "../../lib/i18n.server";
import { useUnit } from "./unit-layout";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = context.get(authContext);
  const configuration = await api("GET", "/api/app/properties-configuration", { query: { hl: getLocale(context) }, schema: configurationSchema });
  return {
    title: serverT(context)("properties:unit.section.amenities"),
    groups: configuration.propertyUnit.amenities,
    saved: new URL(request.url).searchParams.has("saved"),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const amenities = (await request.formData()).getAll("amenities").map(String);
  const { api } = context.get(authContext);
  try {
    await api("PATCH", `/api/app/property-unit/${encodeURIComponent(params.unitId)}`, { body: { amenities: [...new Set(amenities)] } });
  } catch (error) {
    if (!(error instanceof HostApiError) || error.status >= 500) throw error;
    return data({ errors: error.all().map((e) => e.type), sent: amenities }, { status: 400 });
  }
  return redirect(`/properties/${params.propertyId}/units/${params.unitId}/amenities?saved=1`);
}

/** Amenities grouped as the configuration groups them, general first. */
export default function Amenities({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const unit = useUnit();
  const chosen = new Set(actionData?.sent ?? unit.amenities);
  return (
    <section className="stack" aria-labelledby="amenities-title">
      <h2 id="amenities-title">{t("properties:unit.section.amenities")}</h2>
      <SavedNotice show={loaderData.saved && !actionData} />
      <Form method="post" className="stack">
        <FormErrors id="amenity-errors" errors={actionData?.errors} />
        <div className="cards">
          {loaderData.groups.map((group) => (
            <fieldset key={group.id} className="card field">
              <legend>{group.label}</legend>
              {group.amenities.map((amenity) => (
                <label key={amenity.id} className="choice">
                  <input type="checkbox" name="amenities" value={amenity.id} defaultChecked={chosen.has(amenity.id)} />
                  {amenity.label}
                </label>
              ))}
            </fieldset>
          ))}
        </div>
        <SaveButton />
      </Form>
    </section>
  );
}
