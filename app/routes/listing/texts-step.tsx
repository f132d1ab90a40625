import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "~/lib/conform";
import { Form } from "react-router";
import { z } from "zod";
import { descriptionSchema, titleSchema } from "@domain/listing-fields";
import type { StepId } from "@domain/listing-steps";
import { FormErrors, TextAreaField, TextField } from "~/components/ui/field";
import { StepNav, StepPage } from "./step-frame";

/** A title and a description guests read first; publishing needs both (the unit's, or the multi-unit property's). */
export const textsSchema = z.object({
  title: titleSchema.min(1, "required"),
  description: descriptionSchema.min(1, "required"),
});

type Props = {
  step: StepId;
  current: { title: string; description: string };
  backHref: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
  labels: { title: string; titleHint?: string; description: string };
};

export function TextsStep({ step, current, backHref, lastResult, labels }: Props) {
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(textsSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: current,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: textsSchema }),
  });
  return (
    <StepPage step={step}>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.title} label={labels.title} hint={labels.titleHint} />
        <TextAreaField field={fields.description} label={labels.description} />
        <StepNav backHref={backHref} />
      </Form>
    </StepPage>
  );
}
