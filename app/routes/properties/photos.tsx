import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { data, href, redirect } from "react-router";
import type { Route } from "./+types/photos";
import { unitHref } from "~/lib/pages";
import { PhotoEditor } from "~/components/unit-forms/photos";
import { applyPhotoIntent, loadPhotoEditor, photoDeleteQuestion, photoIntentSchema } from "~/components/unit-forms/photos.server";
import { parseWithZod } from "~/lib/conform.server";
import { serverT } from "~/lib/i18n.server";

/** The photo editor's errors are its own words (properties:photos.errors), not the form error texts: those are not sent (TranslationsHandle). */
export const handle: TranslationsHandle = { formErrors: false };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return { title: serverT(context)("properties:unit.section.photos"), ...(await loadPhotoEditor(context, params.unitId)) };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: photoIntentSchema });
  if (submission.status !== "success") throw data(null, { status: 400 });
  const question = photoDeleteQuestion(submission.value);
  if (question) return question;
  const errors = await applyPhotoIntent(context, params.unitId, submission.value);
  if (errors) return data({ errors }, { status: 400 });
  return redirect(unitHref(params, "photos"));
}

export default function Photos({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="stack" aria-labelledby="photos-title">
      <h2 id="photos-title">{t("properties:unit.section.photos")}</h2>
      <PhotoEditor photos={loaderData.photos} constraints={loaderData.constraints} errors={actionData && "errors" in actionData ? actionData.errors : undefined} confirming={actionData && "confirming" in actionData ? actionData.confirming : null} uploadUrl={href("/properties/:propertyId/units/:unitId/photos/upload", params)} />
    </section>
  );
}
