import { getFormProps, type SubmissionResult, useHostForm } from "~/lib/conform";
import { parseWithZod } from "~/lib/conform.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { data, Form, href, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/unit-selection";
import { hostApi } from "@contract/index";
import { FormErrors } from "~/components/ui/field";
import { authContext } from "~/lib/auth.server";
import { replyWithApiError } from "~/lib/forms.server";
import { orNotFound } from "~/lib/host-api.server";
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

/** The "add a unit" form asks nothing: the property is in its address. */
const addUnitSchema = z.object({});

/** Adds a unit; another host's or an unknown property is not found, a refusal (one place has one unit) is said. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: addUnitSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { call } = context.get(authContext);
  let unit;
  try {
    unit = await call(hostApi.units.create, { params: { propertyId: params.propertyId }, body: {} });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error, { fields: [] });
    // The property cannot take another unit: a conflict with what it is.
    return data(result, { status: status < 500 ? 409 : status });
  }
  throw redirect(href("/listing/:kind/:propertyId/:unitId", { kind: "multi-unit", propertyId: params.propertyId, unitId: unit.propertyUnitPublicId }));
}

type UnitSelectionData = Awaited<ReturnType<typeof loader>>;

export function UnitSelection({ data: loaded, lastResult }: { data: UnitSelectionData; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form] = useHostForm({ id: "unit-selection", lastResult });
  return (
    <section className="stack" aria-labelledby="unit-selection-title">
      <h2 id="unit-selection-title">{t("listing:units.heading", { title: loaded.propertyTitle || t("properties:untitled") })}</h2>
      <FormErrors id="unit-selection-errors" errors={form.errors} />
      <ul className="stack stack--tight">
        {loaded.units.map((unit) => (
          <li key={unit.id} className="season">
            <span>
              {unit.title || t("listing:units.untitled")} · {t(`properties:state.${unit.state}`)}
            </span>
            {unit.state === "IN_PROGRESS" ? (
              <Link to={href("/listing/property/:propertyId/unit/:unitId", { propertyId: loaded.propertyId, unitId: unit.id })} className="button button--small">
                {t("properties:continueListing")}
                <span className="visually-hidden"> {unit.title}</span>
              </Link>
            ) : (
              <Link to={href("/properties/:propertyId/units/:unitId", { propertyId: loaded.propertyId, unitId: unit.id })} className="button button--small">
                {t("listing:units.open")}
                <span className="visually-hidden"> {unit.title}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
      {loaded.multi ? (
        <Form method="post" action={href("/listing/property/:propertyId/units", { propertyId: loaded.propertyId })} {...getFormProps(form)}>
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
      <UnitSelection data={loaderData} lastResult={actionData} />
    </div>
  );
}
