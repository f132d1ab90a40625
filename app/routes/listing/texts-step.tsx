import { getFormProps, type SubmissionResult, useHostForm, type FormConstraint } from "~/lib/conform";
import { Form } from "react-router";
import type { StepId } from "@domain/listing-steps";
import { FormErrors, TextAreaField, TextField } from "~/components/ui/field";
import { StepNav, StepPage } from "./step-frame";
import type { textsSchema } from "./texts-step.server";

type Props = {
  step: StepId;
  current: { title: string; description: string };
  backHref: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: FormConstraint;
  labels: { title: string; titleHint?: string; description: string };
};

export function TextsStep({ step, current, backHref, lastResult, constraint, labels }: Props) {
  const [form, fields] = useHostForm<typeof textsSchema>({ lastResult, defaultValue: current, constraint });
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
