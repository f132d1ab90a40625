import type { Route } from "./+types/upload";
import type { TranslationsHandle } from "~/lib/i18n";
import { defineDocumentsStep } from "~/routes/listing/documents-step.server";
import { DocumentsStep } from "~/routes/listing/documents-step";
import { stepMeta } from "~/routes/listing/step-frame";

export const handle: TranslationsHandle = { i18n: ["onboarding"] };

/**
 * The host's identity document, with KYC or without (identity-and-payout-details/upload); a company's
 * own document and its owner's identity document, each kept as its own kind.
 */
const route = defineDocumentsStep("verification/upload", "identity");

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function IdentityDocumentStep({ loaderData, actionData }: Route.ComponentProps) {
  const { step: id, backHref, title: _, ...uploader } = loaderData;
  return <DocumentsStep step={id} backHref={backHref} uploader={uploader} actionData={actionData} />;
}
