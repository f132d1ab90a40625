import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/completed";
import { hostApi } from "@contract/index";
import { authContext } from "~/lib/auth.server";
import { serverT } from "~/lib/i18n.server";

export const handle: TranslationsHandle = { i18n: ["listing", "properties"], formErrors: false };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** After publishing (§2 /listing/{propertyId}/{unitId}/completed): what is live and what comes next. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const unit = await context.get(authContext).unit(params.unitId);
  if (unit.propertyId !== params.propertyId) throw new Response(null, { status: 404 });
  // Not published yet: the wizard, not a congratulation.
  if (unit.state === "IN_PROGRESS") throw redirect(href("/listing/property/:propertyId/unit/:unitId", params));
  return { title: serverT(context)("listing:completed.title"), unit: { title: unit.title, propertyType: unit.propertyType } };
}

/** A multi-unit property grows by one unit, which starts after the property's own steps. */
export async function action({ params, context }: Route.ActionArgs) {
  const { call } = context.get(authContext);
  const unit = await call(hostApi.units.create, { params: { propertyId: params.propertyId }, body: {} });
  throw redirect(href("/listing/:kind/:propertyId/:unitId", { kind: "multi-unit", propertyId: params.propertyId, unitId: unit.propertyUnitPublicId }));
}

export default function Completed({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { unit } = loaderData;
  return (
    <div className="page page--narrow stack">
      <h1>{t("listing:completed.title")}</h1>
      <p className="banner banner--success" role="status">
        {t("listing:completed.published", { title: unit.title || t("properties:untitled") })}
      </p>
      <p>{t("listing:completed.next")}</p>
      <div className="button-row">
        <Link to={href("/properties")} className="button button--primary">
          {t("listing:completed.toProperties")}
        </Link>
        {unit.propertyType === "multi" ? (
          <Form method="post">
            <button type="submit" className="button">
              {t("listing:completed.addUnit")}
            </button>
          </Form>
        ) : (
          <Link to={href("/listing/add-property")} className="button">
            {t("listing:completed.addProperty")}
          </Link>
        )}
      </div>
    </div>
  );
}
