import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { Form, href, NavLink, Outlet, redirect, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/unit-layout";
import { authContext } from "~/lib/auth.server";
import { requestedPage, unitHref } from "~/lib/pages";
import { Tabs } from "~/components/ui/tabs";
import { UnitSelector } from "./unit-search";
import { showsBookingPreference, SUBSCRIPTION_SUBPAGES, UNIT_SECTIONS, visibleUnitSections } from "@domain/unit-sections";

export const handle: TranslationsHandle = { i18n: ["properties"] };

/**
 * A unit's section pages (§2 Properties) share this frame: the unit's name and the section tabs.
 * Which sections exist follows the host's flags and the unit's region (§6). A hidden one leads to the
 * unit's first section, so that the unit selector can keep the section across units.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { unit: unitOf, user } = context.get(authContext);
  // Read with the shell's call (decision 024).
  const unit = await unitOf(params.unitId);
  if (unit.propertyId !== params.propertyId) throw new Response(null, { status: 404 });
  const sectionContext = {
    commissionApplicable: user.commissionApplicable,
    regionalRequirements: { registrationNumber: unit.regionalRequirements.registrationNumber.required, nationalIdentificationCode: unit.regionalRequirements.nationalIdentificationCode.required },
    registrationNumber: unit.registrationNumber,
    nationalIdentificationCode: unit.nationalIdentificationCode,
    invalidFields: unit.invalidFields,
    subscriptionApplicable: user.subscriptionApplicable,
    coinSubscription: user.isCoinSubscriptionEnabled,
  };
  const sections = visibleUnitSections(sectionContext);
  const requested = requestedPage(request);
  if ((UNIT_SECTIONS as readonly string[]).includes(requested ?? "") && !(sections as string[]).includes(requested!)) {
    throw redirect(unitHref(params, sections[0]));
  }
  return { unit, sections, bookingPreference: showsBookingPreference(sectionContext), staffReview: user.isImpersonating };
}

export function useUnit() {
  const data = useRouteLoaderData<typeof loader>("routes/properties/unit-layout");
  if (!data) throw new Error("useUnit is used outside a unit page");
  return data.unit;
}

export default function UnitLayout({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { unit, sections, bookingPreference, staffReview } = loaderData;
  const { pathname } = useLocation();
  const currentSection = sections.find((s) => pathname === unitHref(params, s)) ?? "";
  return (
    <div className="page stack">
      <UnitSelector key={params.unitId} section={currentSection} />
      <p>
        <NavLink to={href("/properties/:propertyId", params)}>{t("properties:unit.backToProperty")}</NavLink>
      </p>
      <h1>{unit.title || t("properties:untitled")}</h1>
      {unit.state === "REJECTED_BY_STAFF" && unit.rejectionReason ? (
        <div className="banner banner--error">
          <p>
            <strong>{t("properties:status.rejected")}</strong> {unit.rejectionReason}
          </p>
        </div>
      ) : null}
      {bookingPreference ? (
      <Form method="post" action={href("/properties/:propertyId/units/:unitId/booking-type", params)} className="booking-type">
        <p>
          <strong>{t("properties:bookingType.label")}</strong> {t(`properties:bookingType.current.${unit.bookingType}`)}
        </p>
        <input type="hidden" name="bookingType" value={unit.bookingType === "onLine" ? "onRequest" : "onLine"} />
        <button type="submit" className="button button--small">
          {t(unit.bookingType === "onLine" ? "properties:bookingType.switchToRequest" : "properties:bookingType.switchToInstant")}
        </button>
        {unit.bookingType === "onRequest" ? <p className="muted">{t("properties:bookingType.recommendation")}</p> : null}
      </Form>
      ) : null}
      <Tabs
        label={t("properties:unit.sections")}
        tabs={[
          ...sections.filter((section) => !SUBSCRIPTION_SUBPAGES.includes(section)).map((section) => ({ to: unitHref(params, section), label: t(`properties:unit.section.${section}`) })),
          ...(staffReview ? [{ to: unitHref(params, "staff-review"), label: t("properties:staffReview.title") }] : []),
        ]}
      />
      <Outlet />
    </div>
  );
}
