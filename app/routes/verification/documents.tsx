import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/documents";
import type { DocumentKind } from "@domain/onboarding";
import { DocumentUploader } from "~/components/onboarding/fields";
import { loadDocumentStep, submitDocumentForm } from "~/components/onboarding/onboarding.server";
import { FormErrors } from "~/components/ui/field";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { openStep, pagePath, startVerification } from "./flow.server";
import { VerificationNav, VerificationStep, verificationMeta } from "./frame";

export const handle: TranslationsHandle = { i18n: ["verification", "onboarding", "listing"] };
export const meta = verificationMeta;

/** What each upload step asks for, each kind stored, shown and decided on its own (decision 039). */
const KIND_OF_STEP: Record<string, DocumentKind> = { "upload-id": "identity", "document-upload": "company", "owner-upload/id": "owner", "payout-upload": "payout" };
const kindOf = (step: string): DocumentKind => KIND_OF_STEP[step] ?? "identity";
const INTRO = { identity: "identityDocument", company: "companyDocument", owner: "ownerDocument", payout: "payoutDocument" } as const;

/** The documents of a step (§7 documentUpload): upload and delete keep the host here; Next needs a complete document. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const nav = openStep(request, context);
  const kind = kindOf(nav.step);
  const { configuration, types, documents } = await loadDocumentStep(context, [kind]);
  return {
    ...nav,
    kind,
    types,
    sides: configuration.documentSides,
    documents,
    accept: configuration.documentConstraints.mimeTypes.join(","),
    megabytes: Math.round(configuration.documentConstraints.maxBytes / 1024 / 1024),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const nav = openStep(request, context);
  const kind = kindOf(nav.step);
  const form = await request.formData();
  const document = await submitDocumentForm(context, form, () => startVerification(context));
  if (document && "reply" in document) return data({ documentReply: document.reply }, { status: document.status });
  if (document && "confirming" in document) return { confirming: document.confirming };
  if (document) return redirect(pagePath(request));
  const { missing } = await loadDocumentStep(context, [kind]);
  if (missing) return data({ stepError: missing }, { status: 400 });
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
    <VerificationStep nav={loaderData} intro={t(`verification:intro.${INTRO[loaderData.kind]}`)}>
      <DocumentUploader types={types} sides={sides} documents={documents} accept={accept} megabytes={megabytes} errors={errors} sent={{ documentType: textOf(sentValues?.documentType), side: textOf(sentValues?.side) }} confirming={actionData && "confirming" in actionData ? actionData.confirming : null} />
      <Form method="post" className="stack">
        <FormErrors id="verification-step-errors" errors={stepError} />
        <VerificationNav backHref={loaderData.backHref} />
      </Form>
    </VerificationStep>
  );
}
