import { Form } from "react-router";
import { DocumentUploader } from "~/components/onboarding/fields";
import type { SubmissionResult } from "~/lib/conform";
import { FormErrors } from "~/components/ui/field";
import type { StepId } from "@domain/listing-steps";
import { StepNav, StepPage } from "./step-frame";

type Uploader = Omit<Parameters<typeof DocumentUploader>[0], "errors" | "sent">;
type Answer = { documentReply: SubmissionResult<string[]> } | { confirming: string } | { error?: Record<string, string[] | null> } | undefined;

const textOf = (value: unknown) => (typeof value === "string" ? value : undefined);

/** The page of a documents step: the uploader, then Next, which needs a complete document. */
export function DocumentsStep({ step, backHref, uploader, actionData }: { step: StepId; backHref: string | null; uploader: Uploader; actionData: Answer }) {
  // The uploader's refusals: the form's own, and per field (the file's are said with the form's).
  const refused = actionData && "documentReply" in actionData ? (actionData.documentReply.error ?? {}) : {};
  const documentErrors = { form: refused[""] ?? [], file: refused.file ?? [], documentType: refused.documentType ?? [], side: refused.side ?? [] };
  const sentValues = actionData && "documentReply" in actionData ? actionData.documentReply.initialValue : null;
  const sent = { documentType: textOf(sentValues?.documentType), side: textOf(sentValues?.side) };
  const stepErrors = actionData && "error" in actionData ? (actionData.error?.[""] ?? undefined) : undefined;
  return (
    <StepPage step={step}>
      <DocumentUploader {...uploader} errors={documentErrors} sent={sent} confirming={actionData && "confirming" in actionData ? actionData.confirming : null} />
      <Form method="post" className="stack">
        <FormErrors id="documents-step-errors" errors={stepErrors} />
        <input type="hidden" name="intent" value="next" />
        <StepNav backHref={backHref} />
      </Form>
    </StepPage>
  );
}
