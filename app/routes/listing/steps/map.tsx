import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "~/lib/conform";
import { useTranslation } from "~/lib/i18n";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/map";
import { hostApi } from "@contract/index";
import { COUNTRY_CENTRES } from "@domain/property-configuration";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { authContext } from "~/lib/auth.server";
import { appContext } from "~/lib/context";
import { replyWithApiError } from "~/lib/forms.server";
import { serverT } from "~/lib/i18n.server";
import { tileFor, tileUrl } from "~/lib/map-tiles";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { MapPin } from "./map-pin";
import { completeStep, requireStep, stepHref } from "~/routes/listing/wizard.server";

const STEP = "location/map";

const schema = z.object({
  latitude: z.coerce.number({ message: "latitude_invalid" }).min(-90, "latitude_invalid").max(90, "latitude_invalid"),
  longitude: z.coerce.number({ message: "longitude_invalid" }).min(-180, "longitude_invalid").max(180, "longitude_invalid"),
});

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

async function propertyOf(context: Route.LoaderArgs["context"], propertyId: string) {
  const { call } = context.get(authContext);
  return call(hostApi.properties.get, { params: { id: propertyId } });
}

/**
 * Confirm or move the pin by its coordinates (§2 location/map). It works offline: the map tiles under
 * it are a configuration, and without them the coordinates are the map.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref, wizard } = await requireStep(context, params, STEP);
  const property = await propertyOf(context, params.propertyId);
  const { countryCode, city, street, houseNumberOrName } = property.location;
  if (!countryCode || !city || !street || !houseNumberOrName) throw redirect(stepHref(wizard.kind, params, "location/address"));
  const placed = property.location.latitude !== null && property.location.longitude !== null;
  const [latitude, longitude] = placed ? [property.location.latitude!, property.location.longitude!] : (COUNTRY_CENTRES[countryCode] ?? [0, 0]);
  const template = context.get(appContext).env.MAP_TILE_URL;
  return {
    title: serverT(context)(`listing:step.${STEP}.title`),
    backHref,
    placed,
    address: [street, houseNumberOrName, property.location.postalCode, city].filter(Boolean).join(", "),
    latitude,
    longitude,
    tile: template ? { url: tileUrl(template, tileFor(latitude, longitude)), ...tileFor(latitude, longitude) } : null,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const property = await propertyOf(context, params.propertyId);
  const { call } = context.get(authContext);
  const { location: current } = property;
  const location = {
    ...current,
    countryCode: current.countryCode ?? "",
    city: current.city ?? "",
    street: current.street ?? "",
    houseNumberOrName: current.houseNumberOrName ?? "",
    latitude: submission.value.latitude,
    longitude: submission.value.longitude,
  };
  try {
    await call(hostApi.properties.saveLocation, { params: { id: params.propertyId }, body: { location } });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error, { apiPrefix: "location" });
    return data(result, { status });
  }
  return completeStep(context, params, STEP);
}

export default function MapStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: actionData,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { latitude: String(loaderData.latitude), longitude: String(loaderData.longitude) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const { key: latKey, ...latitude } = getInputProps(fields.latitude, { type: "number" });
  const { key: lngKey, ...longitude } = getInputProps(fields.longitude, { type: "number" });
  const { tile } = loaderData;
  return (
    <StepPage step={STEP}>
      <p>
        <strong>{t("listing:map.address")}</strong> {loaderData.address}
      </p>
      {loaderData.placed ? null : <p className="banner banner--info">{t(tile ? "listing:map.notPlacedMap" : "listing:map.notPlaced")}</p>}
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
