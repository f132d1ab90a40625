import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { href, Link } from "react-router";
import type { Route } from "./+types/detail";
import { unitHref } from "~/lib/pages";
import { authContext } from "~/lib/auth.server";
import { orNotFound } from "~/lib/host-api.server";
import { useFormat } from "~/lib/format";
import { photoSrc } from "~/lib/media";
import { StatusPill } from "~/components/ui/status-pill";
import { Thumbnail } from "~/components/ui/thumbnail";
import { stateTone, type ListingState } from "@domain/listing-status";
import { hostApi } from "@contract/index";

export const handle: TranslationsHandle = { i18n: ["properties"], formErrors: false };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.property.title }];
}

/** One property: its address and its units (first page of 100), each with a way into its sections. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { call } = context.get(authContext);
  const [property, units] = await orNotFound(
    Promise.all([
      call(hostApi.properties.get, { params: { id: params.propertyId } }),
      call(hostApi.units.list, { params: { propertyId: params.propertyId }, query: { limit: 100 } }),
    ]),
  );
  return { property, units };
}

export default function PropertyDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { property, units } = loaderData;
  const address = [
    [property.location.street, property.location.houseNumberOrName].filter(Boolean).join(" "),
    [property.location.postalCode, property.location.city].filter(Boolean).join(" "),
    property.location.countryCode ? format.country(property.location.countryCode) : null,
  ].filter(Boolean);
  return (
    <div className="page stack">
      <p>
        <Link to={href("/properties")}>{t("properties:taxesAndLaws.back")}</Link>
      </p>
      <h1>{property.title || t("properties:untitled")}</h1>
      <p className="muted">{address.length ? address.join(", ") : t("properties:detail.noAddress")}</p>
      <p className="button-row">
        <StatusPill tone={stateTone(property.state as ListingState)}>{t(`properties:state.${property.state}`)}</StatusPill>
        <Link to={href("/properties/:propertyId/about", { propertyId: property.id })}>{t("properties:propertyAbout.edit")}</Link>
      </p>
      <h2>{t("properties:columns.units")}</h2>
      <ul className="cards">
        {units.items.map((unit) => (
          <li key={unit.id} className="card stack">
            <Thumbnail src={unit.image ? photoSrc(unit.image) : null} large />
            <h3>
              <Link to={unitHref({ propertyId: property.id, unitId: unit.id })}>{unit.title || t("properties:untitled")}</Link>
            </h3>
            <p className="facts-line">
              {[
                t("properties:detail.guests", { count: unit.guests }),
                t("properties:detail.bedrooms", { count: unit.bedroomCount }),
                unit.size !== null ? `${format.number(unit.size)} ${unit.sizeMeasurementUnit === "imperial" ? "ft²" : "m²"}` : null,
              ]
                .filter(Boolean)
                .map((fact) => (
                  <span key={fact}>{fact}</span>
                ))}
            </p>
            <StatusPill tone={stateTone(unit.state as ListingState)}>{t(`properties:state.${unit.state}`)}</StatusPill>
            {unit.rejectionReason ? <p>{unit.rejectionReason}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
