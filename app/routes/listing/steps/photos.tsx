import { useTranslation } from "~/lib/i18n";
import { data, Form, href, redirect } from "react-router";
import type { Route } from "./+types/photos";
import { FormErrors } from "~/components/ui/field";
import { PhotoEditor } from "~/components/unit-forms/photos";
import { applyPhotoIntent, isPhotoIntent, loadPhotoEditor, photoDeleteQuestion, photoIntentSchema } from "~/components/unit-forms/photos.server";
import { parseWithZod } from "~/lib/conform.server";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";
import { stepHref } from "~/routes/listing/wizard.server";

/** The photo editor of the unit's photos section; the step is done once there is a photo. */
const route = defineStep({
  id: "photos",
  load: ({ context, params }) => loadPhotoEditor(context, params.unitId),
  save: async ({ context, params }) => {
    const { photos } = await loadPhotoEditor(context, params.unitId);
    if (photos.length === 0) return { formErrors: ["photos_required"] };
  },
  // The editor's own buttons (upload, cover, move, delete) post here too.
  others: async ({ context, params, wizard, step, form }) => {
    if (!isPhotoIntent(form)) return null;
    const submission = parseWithZod(form, { schema: photoIntentSchema });
    if (submission.status !== "success") throw data(null, { status: 400 });
    const question = photoDeleteQuestion(submission.value);
    if (question) return question;
    const photoErrors = await applyPhotoIntent(context, params.unitId, submission.value);
    return photoErrors ? data({ photoErrors }, { status: 400 }) : redirect(stepHref(wizard.kind, params, step));
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function PhotosStep({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const photoErrors = actionData && "photoErrors" in actionData ? actionData.photoErrors : undefined;
  const confirming = actionData && "confirming" in actionData ? actionData.confirming : null;
  const stepErrors = actionData && "error" in actionData ? (actionData.error?.[""] ?? undefined) : undefined;
  return (
    <StepPage step={loaderData.step}>
      <PhotoEditor photos={loaderData.photos} constraints={loaderData.constraints} errors={photoErrors} confirming={confirming} uploadUrl={href("/properties/:propertyId/units/:unitId/photos/upload", params)} />
      <Form method="post" className="stack">
        <FormErrors id="photos-step-errors" errors={stepErrors} />
        <input type="hidden" name="intent" value="next" />
        <StepNav backHref={loaderData.backHref} nextLabel={t("listing:wizard.next")} />
      </Form>
    </StepPage>
  );
}
