import { data } from "react-router";
import type { Route } from "./+types/photo-upload";
import { applyPhotoIntent, photoIntentSchema } from "~/components/unit-forms/photos.server";
import { parseWithZod } from "~/lib/conform.server";

/**
 * One upload of the photo editor sent by script (so that the page can show each file's progress):
 * the same upload as the editor's form, answered with the refusals instead of a page.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: photoIntentSchema });
  if (submission.status !== "success" || submission.value.intent !== "upload") throw data(null, { status: 400 });
  const errors = await applyPhotoIntent(context, params.unitId, submission.value);
  return Response.json({ errors: errors ?? [] }, { status: errors ? 400 : 200 });
}
