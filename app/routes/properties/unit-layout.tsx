import { useTranslation } from "react-i18next";
import { Form, NavLink, Outlet, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/unit-layout";
import { unitSchema } from "../../lib/api-types";
import { authContext } from "../../lib/auth.server";
import { UnitSelector } from "./unit-search";
import { orNotFound } from "../../lib/host-api.server";

export const UNIT_SECTIONS = ["about", "photos", "amenities", "rooms", "booking-policies", "taxes-and-laws"] as const;

/** A unit's section pages (§2 Properties) share this frame: the unit's name and the section tabs. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = context.get(authContext);
  const unit = await orNotFound(api("GET", `/api/app/property-unit/${encodeURIComponent(params.unitId)}`, { schema: unitSchema }));
  if (unit.propertyId !== params.propertyId) throw new Response(null, { status: 404 });
  return { unit };
}

export function useUnit() {
  const data = useRouteLoaderData<typeof loader>("routes/properties/unit-layout");
  if (!data) throw new Error("useUnit is used outside a unit page");
  return data.unit;
}

export default function UnitLayout({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { unit } = loaderData;
  const base = `/properties/${params.propertyId}/units/${params.unitId}`;
  const { pathname } = useLocation();
  const currentSection = UNIT_SECTIONS.find((s) => pathname === `${base}/${s}`) ?? "";
  return (
    <div className="page stack">
      <UnitSelector section={currentSection} />
      <p>
        <NavLink to={`/properties/${params.propertyId}`}>{t("properties:unit.backToProperty")}</NavLink>
      </p>
      <h1>{unit.title || t("properties:untitled")}</h1>
      <Form method="post" action={`${base}/booking-type`} className="booking-type">
        <p>
          <strong>{t("properties:bookingType.label")}</strong> {t(`properties:bookingType.current.${unit.bookingType}`)}
        </p>
        <input type="hidden" name="bookingType" value={unit.bookingType === "onLine" ? "onRequest" : "onLine"} />
        <button type="submit" className="button button--small">
          {t(unit.bookingType === "onLine" ? "properties:bookingType.switchToRequest" : "properties:bookingType.switchToInstant")}
        </button>
        {unit.bookingType === "onRequest" ? <p className="muted">{t("properties:bookingType.recommendation")}</p> : null}
      </Form>
      <nav aria-label={t("properties:unit.sections")} className="tabs">
        <ul>
          {UNIT_SECTIONS.map((section) => (
            <li key={section}>
              <NavLink to={`${base}/${section}`} className={({ isActive }) => (isActive ? "tabs__link tabs__link--active" : "tabs__link")}>
                {t(`properties:unit.section.${section}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
