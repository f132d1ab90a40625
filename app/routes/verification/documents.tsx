import { data, Form, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/documents";
import { DOCUMENT_SIDES } from "@domain/onboarding";
import { DocumentUploader } from "~/components/onboarding/fields";
import { deleteDocument, loadDocuments, loadOnboardingConfiguration, uploadDocument } from "~/components/onboarding/onboarding.server";
import { FormErrors } from "~/components/ui/field";
import { parseWithZod } from "~/lib/conform.server";
import { replyWithApiError } from "~/lib/forms.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { openStep, pagePath, startVerification } from "./flow.server";
import { VerificationNav, VerificationStep, verificationMeta } from "./frame";

export const handle: TranslationsHandle = { i18n: ["verification", "onboarding", "listing"] };
export const meta = verificationMeta;

type Context = Readonly<RouterContextProvider>;

/** Identity documents on the ID steps, bank documents on the payout step. */
const kindOf = (step: string): "identity" | "payout" => (step === "payout-upload" ? "payout" : "identity");

async function documentState(context: Context, kind: "identity" | "payout") {
  const [configuration, { items }] = await Promise.all([loadOnboardingConfiguration(context), loadDocuments(context)]);
  const types = kind === "identity" ? configuration.identityDocumentTypes : configuration.payoutDocumentTypes.map((t) => ({ ...t, requiresBack: false }));
  const documents = items.filter((d) => types.some((t) => t.id === d.documentType));
  const complete = types.some((type) => documents.some((d) => d.documentType === type.id && d.side === "front") && (!type.requiresBack || documents.some((d) => d.documentType === type.id && d.side === "back")));
  return { configuration, types, documents, complete };
}

/** The documents of a step (§7 documentUpload): upload and delete keep the host here; Next needs a complete document. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const nav = openStep(request, context);
  const { configuration, types, documents } = await documentState(context, kindOf(nav.step));
  return {
    ...nav,
    types,
    sides: configuration.documentSides,
    documents,
    accept: configuration.documentConstraints.mimeTypes.join(","),
    megabytes: Math.round(configuration.documentConstraints.maxBytes / 1024 / 1024),
  };
}

const documentIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("upload"), documentType: z.string({ message: "required" }), side: z.enum(DOCUMENT_SIDES).default("front"), file: z.instanceof(File, { message: "required" }) }),
  z.object({ intent: z.literal("delete"), documentId: z.string({ message: "required" }) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const nav = openStep(request, context);
  const kind = kindOf(nav.step);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "upload" || intent === "delete") {
    const submission = parseWithZod(form, { schema: documentIntent });
    if (submission.status !== "success") return data({ documentReply: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
    try {
      if (submission.value.intent === "upload") {
        await startVerification(context);
        await uploadDocument(context, submission.value);
      } else await deleteDocument(context, submission.value.documentId);
    } catch (error) {
      const { result, status } = replyWithApiError(submission, error, { fields: ["documentType", "side", "file"] });
      return data({ documentReply: result as SubmissionResult<string[]> }, { status });
    }
    return redirect(pagePath(request));
  }
  const { complete } = await documentState(context, kind);
  if (!complete) return data({ stepError: kind === "identity" ? "identity_document_required" : "payout_document_required" }, { status: 400 });
  return redirect(nav.nextHref);
}

const textOf = (value: unknown) => (typeof value === "string" ? value : undefined);

export default function DocumentsStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { types, sides, documents, accept, megabytes } = loaderData;
  const refused = actionData && "documentReply" in actionData ? (actionData.documentReply.error ?? {}) : {};
  const errors = { form: refused[""] ?? [], file: refused.file ?? [], documentType: refused.documentType ?? [], side: refused.side ?? [] };
  const sentValues = actionData && "documentReply" in actionData ? actionData.documentReply.initialValue : null;
  const stepError = actionData && "stepError" in actionData ? [actionData.stepError] : undefined;
  return (
    <VerificationStep nav={loaderData} intro={t(`verification:intro.${kindOf(loaderData.step) === "payout" ? "payoutDocument" : "identityDocument"}`)}>
      <DocumentUploader types={types} sides={sides} documents={documents} accept={accept} megabytes={megabytes} errors={errors} sent={{ documentType: textOf(sentValues?.documentType), side: textOf(sentValues?.side) }} />
      <Form method="post" className="stack">
        <FormErrors id="verification-step-errors" errors={stepError} />
        <VerificationNav backHref={loaderData.backHref} />
      </Form>
    </VerificationStep>
  );
}
