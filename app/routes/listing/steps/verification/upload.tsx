import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/upload";
import { DocumentUploader } from "~/components/onboarding/fields";
import { deleteDocument, loadDocuments, loadOnboardingConfiguration, uploadDocument } from "~/components/onboarding/onboarding.server";
import { FormErrors } from "~/components/ui/field";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep, stepHref, stepOfRequest } from "~/routes/listing/wizard.server";
import type { TranslationsHandle } from "~/lib/i18n";

export const handle: TranslationsHandle = { i18n: ["onboarding"] };

const IDENTITY_STEPS = ["verification/upload", "identity-and-payout-details/upload"] as const;
const STEPS = [...IDENTITY_STEPS, "payout/upload", "identity-and-payout-details/payout-document"] as const;
const isIdentityStep = (step: string) => (IDENTITY_STEPS as readonly string[]).includes(step);

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

async function documentState(context: Route.LoaderArgs["context"], step: string) {
  const [configuration, { items }] = await Promise.all([loadOnboardingConfiguration(context), loadDocuments(context)]);
  const types = isIdentityStep(step) ? configuration.identityDocumentTypes : configuration.payoutDocumentTypes.map((t) => ({ ...t, requiresBack: false }));
  const documents = items.filter((d) => types.some((t) => t.id === d.documentType));
  // An identity document counts with its front, and its back where it has one; a bank document with one page.
  const complete = types.some((type) => documents.some((d) => d.documentType === type.id && d.side === "front") && (!type.requiresBack || documents.some((d) => d.documentType === type.id && d.side === "back")));
  return { configuration, types, documents, complete };
}

/** Identity or bank documents, stored privately for the verification of the host (§7 documentUpload). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const step = stepOfRequest(request, STEPS);
  const { backHref } = await requireStep(context, params, step);
  const { configuration, types, documents } = await documentState(context, step);
  return {
    title: serverT(context)(`listing:step.${step}.title`),
    step,
    backHref,
    types,
    sides: configuration.documentSides,
    documents,
    accept: configuration.documentConstraints.mimeTypes.join(","),
    megabytes: Math.round(configuration.documentConstraints.maxBytes / 1024 / 1024),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const step = stepOfRequest(request, STEPS);
  const { wizard } = await requireStep(context, params, step);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "next");
  const here = redirect(stepHref(wizard.kind, params, step));
  if (intent === "upload") {
    const errors = await uploadDocument(context, form);
    return errors ? data({ errors, stepErrors: [] as string[] }, { status: 400 }) : here;
  }
  if (intent === "delete") {
    const errors = await deleteDocument(context, String(form.get("documentId") ?? ""));
    return errors ? data({ errors, stepErrors: [] as string[] }, { status: 400 }) : here;
  }
  const { complete } = await documentState(context, step);
  if (!complete) return data({ errors: {}, stepErrors: [isIdentityStep(step) ? "identity_document_required" : "payout_document_required"] }, { status: 400 });
  return completeStep(context, params, step);
}

export default function DocumentsStep({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <StepPage step={loaderData.step}>
      <DocumentUploader types={loaderData.types} sides={loaderData.sides} documents={loaderData.documents} errors={actionData?.errors ?? {}} accept={loaderData.accept} megabytes={loaderData.megabytes} />
      <Form method="post" className="stack">
        <FormErrors id="documents-step-errors" errors={actionData?.stepErrors} />
        <input type="hidden" name="intent" value="next" />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
