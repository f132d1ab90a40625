import { Form } from "react-router";
import { DocumentUploader } from "~/components/onboarding/fields";
import type { FormErrorMap } from "~/components/onboarding/onboarding.server";
import { FormErrors } from "~/components/ui/field";
import type { StepId } from "@domain/listing-steps";
import { StepNav, StepPage } from "./step-frame";

type Uploader = Omit<Parameters<typeof DocumentUploader>[0], "errors">;
type Answer = { documentErrors: FormErrorMap } | { error?: Record<string, string[] | null> } | undefined;

/** The page of a documents step: the uploader, then Next, which needs a complete document. */
export function DocumentsStep({ step, backHref, uploader, actionData }: { step: StepId; backHref: string | null; uploader: Uploader; actionData: Answer }) {
  const documentErrors = actionData && "documentErrors" in actionData ? actionData.documentErrors : {};
  const stepErrors = actionData && "error" in actionData ? (actionData.error?.[""] ?? undefined) : undefined;
  return (
    <StepPage step={step}>
      <DocumentUploader {...uploader} errors={documentErrors} />
      <Form method="post" className="stack">
        <FormErrors id="documents-step-errors" errors={stepErrors} />
        <input type="hidden" name="intent" value="next" />
        <StepNav backHref={backHref} />
      </Form>
    </StepPage>
  );
}
