import { data, redirect, type RouterContextProvider } from "react-router";
import type { DocumentKind } from "@domain/onboarding";
import { authContext } from "~/lib/auth.server";
import { loadDocumentStep, submitDocumentForm } from "~/components/onboarding/onboarding.server";
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
      const document = await submitDocumentForm(context, form);
      if (!document) return null;
      if ("reply" in document) return data({ documentReply: document.reply }, { status: document.status });
      if ("confirming" in document) return { confirming: document.confirming };
      return redirect(stepHref(wizard.kind, params, step));
    },
  });
}
