import { useTranslation } from "~/lib/i18n";
import { data, href, redirect } from "react-router";
import type { Route } from "./+types/photos";
import { unitHref } from "~/lib/pages";
import { PhotoEditor } from "~/components/unit-forms/photos";
import { applyPhotoIntent, loadPhotoEditor } from "~/components/unit-forms/photos.server";
import { serverT } from "~/lib/i18n.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return { title: serverT(context)("properties:unit.section.photos"), ...(await loadPhotoEditor(context, params.unitId)) };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const errors = await applyPhotoIntent(context, params.unitId, await request.formData());
  if (errors) return data({ errors }, { status: 400 });
  return redirect(unitHref(params, "photos"));
}

export default function Photos({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="stack" aria-labelledby="photos-title">
      <h2 id="photos-title">{t("properties:unit.section.photos")}</h2>
      <PhotoEditor photos={loaderData.photos} constraints={loaderData.constraints} errors={actionData?.errors} uploadUrl={href("/properties/:propertyId/units/:unitId/photos/upload", params)} />
    </section>
  );
}
