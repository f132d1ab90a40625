import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/title";
import { FormErrors, TextAreaField, TextField } from "../../../components/ui/field";
import { authContext } from "../../../lib/auth.server";
import { replyWithApiError } from "../../../lib/forms.server";
import { serverT } from "../../../lib/i18n.server";
import { StepNav, StepPage } from "../step-frame";
import { completeStep, requireStep } from "../wizard.server";

const STEP = "title";

const schema = z.object({
  title: z.string({ message: "required" }).trim().min(1, "required").max(120, "too_long"),
  description: z.string({ message: "required" }).trim().min(1, "required").max(5000, "too_long"),
});

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The unit's title and description: what guests read first (publishing needs both). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref, wizard } = await requireStep(context, params, STEP);
  return { title: serverT(context)(`listing:step.${STEP}.title`), backHref, current: { title: wizard.unit.title, description: wizard.unit.description } };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { api } = context.get(authContext);
  try {
    await api("PATCH", `/api/app/property-unit/${encodeURIComponent(params.unitId)}`, { body: submission.value });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error);
    return data(result, { status });
  }
  return completeStep(context, params, STEP);
}

export default function TitleStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: actionData,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: loaderData.current,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <StepPage step={STEP}>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.title} label={t("properties:about.title")} hint={t("listing:title.hint")} />
        <TextAreaField field={fields.description} label={t("properties:about.description")} />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
