import { getFormProps, getInputProps, useHostForm } from "~/lib/conform";
import { useTranslation } from "~/lib/i18n";
import { Form, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/map";
import { hostApi } from "@contract/index";
import { COUNTRY_CENTRES } from "@domain/property-configuration";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { authContext } from "~/lib/auth.server";
import { appContext } from "~/lib/context";
import { tileFor, tileUrl } from "~/lib/map-tiles";
import { useHydrated } from "~/lib/use-hydrated";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";
import { stepHref } from "~/routes/listing/wizard.server";
import { MapPin } from "./map-pin";

const schema = z.object({
  latitude: z.coerce.number({ message: "latitude_invalid" }).min(-90, "latitude_invalid").max(90, "latitude_invalid"),
  longitude: z.coerce.number({ message: "longitude_invalid" }).min(-180, "longitude_invalid").max(180, "longitude_invalid"),
});

async function propertyOf(context: Route.LoaderArgs["context"], propertyId: string) {
  return context.get(authContext).call(hostApi.properties.get, { params: { id: propertyId } });
}

/**
 * Confirm or move the pin by its coordinates (§2 location/map). It works offline: the map tiles under
 * it are a configuration, and without them the coordinates are the map.
 */
const route = defineStep({
  id: "location/map",
  schema,
  load: async ({ context, params, wizard }) => {
    const property = await propertyOf(context, params.propertyId);
    const { countryCode, city, street, houseNumberOrName } = property.location;
    if (!countryCode || !city || !street || !houseNumberOrName) throw redirect(stepHref(wizard.kind, params, "location/address"));
    const placed = property.location.latitude !== null && property.location.longitude !== null;
    const [latitude, longitude] = placed ? [property.location.latitude!, property.location.longitude!] : (COUNTRY_CENTRES[countryCode] ?? [0, 0]);
    const template = context.get(appContext).env.MAP_TILE_URL;
    return {
      placed,
      address: [street, houseNumberOrName, property.location.postalCode, city].filter(Boolean).join(", "),
      latitude,
      longitude,
      tile: template ? { url: tileUrl(template, tileFor(latitude, longitude)), ...tileFor(latitude, longitude) } : null,
    };
  },
  save: async ({ context, params, value }) => {
    const { location: current } = await propertyOf(context, params.propertyId);
    const location = {
      ...current,
      countryCode: current.countryCode ?? "",
      city: current.city ?? "",
      street: current.street ?? "",
      houseNumberOrName: current.houseNumberOrName ?? "",
      latitude: value.latitude,
      longitude: value.longitude,
    };
    await context.get(authContext).call(hostApi.properties.saveLocation, { params: { id: params.propertyId }, body: { location } });
  },
  apiErrors: { apiPrefix: "location" },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function MapStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: { latitude: String(loaderData.latitude), longitude: String(loaderData.longitude) }, constraint: loaderData.constraint });
  const { key: latKey, ...latitude } = getInputProps(fields.latitude, { type: "number" });
  const { key: lngKey, ...longitude } = getInputProps(fields.longitude, { type: "number" });
  const { tile } = loaderData;
  const hydrated = useHydrated();
  return (
    <StepPage step={loaderData.step}>
      <p>
        <strong>{t("listing:map.address")}</strong> {loaderData.address}
      </p>
      {/* Only a pin that can be moved (a map, with JavaScript) is offered for dragging. */}
      {loaderData.placed ? null : <p className="banner banner--info">{t(tile && hydrated ? "listing:map.notPlacedMap" : "listing:map.notPlaced")}</p>}
      {tile ? <MapPin key={tile.url} tile={tile} latitudeId={fields.latitude.id} longitudeId={fields.longitude.id} /> : null}
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="form-columns">
          <div className="field">
            <label htmlFor={fields.latitude.id}>{t("listing:map.latitude")}</label>
            <input key={latKey} {...latitude} step="any" min={-90} max={90} aria-describedby={fields.latitude.errors?.length ? fields.latitude.errorId : undefined} />
            <FieldErrors id={fields.latitude.errorId} errors={fields.latitude.errors} />
          </div>
          <div className="field">
            <label htmlFor={fields.longitude.id}>{t("listing:map.longitude")}</label>
            <input key={lngKey} {...longitude} step="any" min={-180} max={180} aria-describedby={fields.longitude.errors?.length ? fields.longitude.errorId : undefined} />
            <FieldErrors id={fields.longitude.errorId} errors={fields.longitude.errors} />
          </div>
        </div>
        <p className="field__hint">{t("listing:map.hint")}</p>
        <StepNav backHref={loaderData.backHref} nextLabel={t("listing:map.confirm")} />
      </Form>
    </StepPage>
  );
}
