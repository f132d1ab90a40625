import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { DOCUMENT_SIDES, type DocumentKind } from "@domain/onboarding";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { replyWithApiError } from "~/lib/forms.server";
import { deleteDocument, loadDocumentStep, uploadDocument } from "~/components/onboarding/onboarding.server";
import { defineStep } from "./define-step.server";
import type { StepFile } from "./step-files";
import { stepHref } from "./wizard.server";

type Context = Readonly<RouterContextProvider>;
/** A step's documents: the identity documents (a company's own document and its owner's for a company), or the bank document. */
export type DocumentStepKind = "identity" | "payout";

/** The kinds of document a step asks for: each stored and decided on its own (decision 039). */
function kindsOf(context: Context, kind: DocumentStepKind): DocumentKind[] {
  if (kind === "payout") return ["payout"];
  return context.get(authContext).user.type === "company" ? ["company", "owner"] : ["identity"];
}

const documentState = (context: Context, kind: DocumentStepKind) => loadDocumentStep(context, kindsOf(context, kind));

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
export function defineDocumentsStep(id: StepFile, kind: DocumentStepKind) {
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
      const { missing } = await documentState(context, kind);
      if (missing) return { formErrors: [missing] };
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
