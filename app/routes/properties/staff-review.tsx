import { getFormProps, useHostForm } from "~/lib/conform";
import { constraintOf, parseWithZod } from "~/lib/conform.server";
import { useTranslation } from "~/lib/i18n";
import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/staff-review";
import { unitHref } from "~/lib/pages";
import { hostApi } from "@contract/index";
import { multiLineText } from "@domain/text";
import { FormErrors, TextAreaField } from "~/components/ui/field";
import { authContext } from "~/lib/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { replyWithApiError } from "~/lib/forms.server";
import { serverT } from "~/lib/i18n.server";
import { useUnit } from "./unit-layout";

const schema = z.object({ reason: multiLineText(500).min(1, "required") });

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** Staff review a unit while they act for its host (§6 "Staff reject properties"); hosts never see this page. */
export function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(authContext);
  if (!user.isImpersonating) throw new Response(null, { status: 404 });
  return { title: serverT(context)("properties:staffReview.title"), constraint: constraintOf(schema) };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { call } = context.get(authContext);
  try {
    await call(hostApi.staff.rejectUnit, { params: { unitId: params.unitId }, body: { reason: submission.value.reason } });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error);
    return data(result, { status });
  }
  return redirectWithFlash(context, unitHref(params, "about"), { kind: "success", key: "properties:staffReview.rejected" });
}

export default function StaffReview({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const unit = useUnit();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: { reason: unit.rejectionReason ?? "" }, constraint: loaderData.constraint });
  return (
    <section className="stack" aria-labelledby="staff-review-title">
      <h2 id="staff-review-title">{t("properties:staffReview.title")}</h2>
      <p>{t("properties:staffReview.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="card stack">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextAreaField field={fields.reason} label={t("properties:staffReview.reason")} rows={4} />
        <div className="button-row">
          <button type="submit" className="button button--danger">
            {t("properties:staffReview.reject")}
          </button>
        </div>
      </Form>
    </section>
  );
}
