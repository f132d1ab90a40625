import { useTranslation } from "~/lib/i18n";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/photos";
import { FormErrors } from "~/components/ui/field";
import { PhotoEditor } from "~/components/unit-forms/photos";
import { applyPhotoIntent, isPhotoIntent, loadPhotoEditor } from "~/components/unit-forms/photos.server";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep, stepHref } from "~/routes/listing/wizard.server";

const STEP = "photos";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The photo editor of the unit's photos section; the step is done once there is a photo. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref } = await requireStep(context, params, STEP);
  return { title: serverT(context)(`listing:step.${STEP}.title`), backHref, ...(await loadPhotoEditor(context, params.unitId)) };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { wizard } = await requireStep(context, params, STEP);
  const form = await request.formData();
  if (isPhotoIntent(form)) {
    const errors = await applyPhotoIntent(context, params.unitId, form);
    if (errors) return data({ errors, stepErrors: [] as string[] }, { status: 400 });
    return redirect(stepHref(wizard.kind, params, STEP));
  }
  const { photos } = await loadPhotoEditor(context, params.unitId);
  if (photos.length === 0) return data({ errors: [], stepErrors: ["photos_required"] }, { status: 400 });
  return completeStep(context, params, STEP);
}

export default function PhotosStep({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <StepPage step={STEP}>
      <PhotoEditor photos={loaderData.photos} constraints={loaderData.constraints} errors={actionData?.errors} uploadUrl={`/properties/${params.propertyId}/units/${params.unitId}/photos/upload`} />
      <Form method="post" className="stack">
        <FormErrors id="photos-step-errors" errors={actionData?.stepErrors} />
        <input type="hidden" name="intent" value="next" />
        <StepNav backHref={loaderData.backHref} nextLabel={t("listing:wizard.next")} />
      </Form>
    </StepPage>
  );
}
