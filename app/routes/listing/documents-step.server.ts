import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { DOCUMENT_SIDES } from "@domain/onboarding";
import { parseWithZod } from "~/lib/conform.server";
import { replyWithApiError } from "~/lib/forms.server";
import { deleteDocument, loadDocuments, loadOnboardingConfiguration, uploadDocument } from "~/components/onboarding/onboarding.server";
import { defineStep } from "./define-step.server";
import type { StepFile } from "./step-files";
import { stepHref } from "./wizard.server";

type Context = Readonly<RouterContextProvider>;
export type DocumentKind = "identity" | "payout";

async function documentState(context: Context, kind: DocumentKind) {
  const [configuration, { items }] = await Promise.all([loadOnboardingConfiguration(context), loadDocuments(context)]);
  const types = kind === "identity" ? configuration.identityDocumentTypes : configuration.payoutDocumentTypes.map((t) => ({ ...t, requiresBack: false }));
  const documents = items.filter((d) => types.some((t) => t.id === d.documentType));
  // An identity document counts with its front, and its back where it has one; a bank document with one page.
  const complete = types.some((type) => documents.some((d) => d.documentType === type.id && d.side === "front") && (!type.requiresBack || documents.some((d) => d.documentType === type.id && d.side === "back")));
  return { configuration, types, documents, complete };
}

/** The uploader's two forms: a document to upload (its type, side and file), or one to delete. */
const documentIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("upload"), documentType: z.string({ message: "required" }), side: z.enum(DOCUMENT_SIDES).default("front"), file: z.instanceof(File, { message: "required" }) }),
  z.object({ intent: z.literal("delete"), documentId: z.string({ message: "required" }) }),
]);

/**
 * A documents step (identity or bank documents, stored privately for the verification of the host,
 * §7 documentUpload): the uploader's forms (upload, delete) keep the host here; Next needs a
 * complete document of the kind.
 */
export function defineDocumentsStep(id: StepFile, kind: DocumentKind) {
  return defineStep({
    id,
    load: async ({ context }) => {
      const { configuration, types, documents } = await documentState(context, kind);
      return {
        types,
        sides: configuration.documentSides,
        documents,
        accept: configuration.documentConstraints.mimeTypes.join(","),
        megabytes: Math.round(configuration.documentConstraints.maxBytes / 1024 / 1024),
      };
    },
    save: async ({ context }) => {
      const { complete } = await documentState(context, kind);
      if (!complete) return { formErrors: [kind === "identity" ? "identity_document_required" : "payout_document_required"] };
    },
    others: async ({ context, params, wizard, step, form }) => {
      const intent = form.get("intent");
      if (intent !== "upload" && intent !== "delete") return null;
      const submission = parseWithZod(form, { schema: documentIntent });
      if (submission.status !== "success") return data({ documentReply: submission.reply() }, { status: 400 });
      try {
        if (submission.value.intent === "upload") await uploadDocument(context, submission.value);
        else await deleteDocument(context, submission.value.documentId);
      } catch (error) {
        const { result, status } = replyWithApiError(submission, error, { fields: ["documentType", "side", "file"] });
        return data({ documentReply: result }, { status });
      }
      return redirect(stepHref(wizard.kind, params, step));
    },
  });
}
