import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/unit-selection";
import { hostApi } from "@contract/index";
import { FormErrors } from "~/components/ui/field";
import { authContext } from "~/lib/auth.server";
import { orNotFound, refusalOf } from "~/lib/host-api.server";
import { serverT } from "~/lib/i18n.server";

export const handle: TranslationsHandle = { i18n: ["listing", "properties"] };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/**
 * The units of a multi-unit property (§2 "unit selection" modal): continue one in progress, open a
 * published one, or add another. A page of its own; the wizard opens it in a dialog.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { call } = context.get(authContext);
  const [property, units] = await orNotFound(
    Promise.all([
      call(hostApi.properties.get, { params: { id: params.propertyId } }),
      call(hostApi.units.list, { params: { propertyId: params.propertyId }, query: { limit: 100 } }),
    ]),
  );
  return { title: serverT(context)("listing:units.title"), propertyId: property.id, propertyTitle: property.title, multi: property.propertyType === "multi", units: units.items };
}

/** Adds a unit; another host's or an unknown property is not found, a refusal (one place has one unit) is said. */
export async function action({ params, context }: Route.ActionArgs) {
  const { call } = context.get(authContext);
  let unit;
  try {
    unit = await call(hostApi.units.create, { params: { propertyId: params.propertyId }, body: {} });
  } catch (error) {
    return data({ errors: refusalOf(error).all().map((e) => e.type) }, { status: 409 });
  }
  throw redirect(`/listing/multi-unit/${params.propertyId}/${unit.propertyUnitPublicId}`);
}

type UnitSelectionData = Awaited<ReturnType<typeof loader>>;

export function UnitSelection({ data: loaded, errors }: { data: UnitSelectionData; errors?: string[] }) {
  const { t } = useTranslation();
  return (
    <section className="stack" aria-labelledby="unit-selection-title">
      <h2 id="unit-selection-title">{t("listing:units.heading", { title: loaded.propertyTitle || t("properties:untitled") })}</h2>
      <FormErrors id="unit-selection-errors" errors={errors} />
      <ul className="stack stack--tight">
        {loaded.units.map((unit) => (
          <li key={unit.id} className="season">
            <span>
              {unit.title || t("listing:units.untitled")} · {t(`properties:state.${unit.state}`)}
            </span>
            {unit.state === "IN_PROGRESS" ? (
              <Link to={`/listing/property/${loaded.propertyId}/unit/${unit.id}`} className="button button--small">
                {t("properties:continueListing")}
                <span className="visually-hidden"> {unit.title}</span>
              </Link>
            ) : (
              <Link to={`/properties/${loaded.propertyId}/units/${unit.id}`} className="button button--small">
                {t("listing:units.open")}
                <span className="visually-hidden"> {unit.title}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
      {loaded.multi ? (
        <Form method="post" action={`/listing/property/${loaded.propertyId}/units`}>
          <button type="submit" className="button">
            {t("listing:completed.addUnit")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export type UnitSelectionLoader = typeof loader;

export default function UnitSelectionPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="page page--narrow card">
      <UnitSelection data={loaderData} errors={actionData?.errors} />
    </div>
  );
}
