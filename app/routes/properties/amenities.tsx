import { useTranslation } from "~/lib/i18n";
import { data, Form } from "react-router";
import type { Route } from "./+types/amenities";
import { FormErrors } from "~/components/ui/field";
import { SaveButton } from "~/components/section-form";
import { AmenityFields } from "~/components/unit-forms/amenities";
import { loadConfiguration, patchUnit, readAmenities } from "~/components/unit-forms/unit-forms.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { serverT } from "~/lib/i18n.server";
import { useUnit } from "./unit-layout";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const configuration = await loadConfiguration(context);
  return {
    title: serverT(context)("properties:unit.section.amenities"),
    groups: configuration.propertyUnit.amenities,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const amenities = readAmenities(await request.formData());
  const errors = await patchUnit(context, params.unitId, { amenities });
  if (errors) return data({ errors, sent: amenities }, { status: 400 });
  return redirectWithFlash(context, `/properties/${params.propertyId}/units/${params.unitId}/amenities`, { kind: "success", key: "commons.saved" });
}

export default function Amenities({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const unit = useUnit();
  return (
    <section className="stack" aria-labelledby="amenities-title">
      <h2 id="amenities-title">{t("properties:unit.section.amenities")}</h2>
      <Form method="post" className="stack">
        <FormErrors id="amenity-errors" errors={actionData?.errors} />
        <AmenityFields groups={loaderData.groups} chosen={new Set(actionData?.sent ?? unit.amenities)} />
        <SaveButton />
      </Form>
    </section>
  );
}
