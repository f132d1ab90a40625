import type { Route } from "./+types/payout-document";
import type { TranslationsHandle } from "~/lib/i18n";
import { defineDocumentsStep } from "~/routes/listing/documents-step.server";
import { DocumentsStep } from "~/routes/listing/documents-step";
import { stepMeta } from "~/routes/listing/step-frame";

export const handle: TranslationsHandle = { i18n: ["onboarding"] };

/** A bank document of the payout account, without KYC or with it (payout/upload). */
const route = defineDocumentsStep("identity-and-payout-details/payout-document", "payout");

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function PayoutDocumentStep({ loaderData, actionData }: Route.ComponentProps) {
  const { step: id, backHref, title: _, ...uploader } = loaderData;
  return <DocumentsStep step={id} backHref={backHref} uploader={uploader} actionData={actionData} />;
}
