import type { RouterContextProvider } from "react-router";
import type { SubmissionResult } from "~/lib/conform";
import { z } from "zod";
import { hostApi } from "@contract/index";
import { DOCUMENT_SIDES, isDocumentKindComplete, missingDocumentsCode, type DocumentKind } from "@domain/onboarding";
import { parseWithZod } from "~/lib/conform.server";
import { replyWithApiError } from "~/lib/forms.server";
import { authContext } from "~/lib/auth.server";
import { HostApiError } from "~/lib/host-api.server";
import { getLocale } from "~/lib/i18n.server";
import type { BankAccount, BusinessDetails, IndividualDetails } from "./schemas";

type Context = Readonly<RouterContextProvider>;
export type { OnboardingConfiguration } from "@contract/onboarding";
export type FormErrorMap = Record<string, string[]>;

export function loadOnboardingConfiguration(context: Context) {
  return context.get(authContext).call(hostApi.onboarding.configuration, { query: { hl: getLocale(context) } });
}

/** The host's own details as the form shows them (§7 onboarding individual-details). */
export async function loadIndividualDetails(context: Context) {
  const { updatedAt: _, ...details } = await context.get(authContext).call(hostApi.onboarding.individualDetails);
  return details;
}

/** Saves the host's own details; a refusal is thrown, for the form to show. */
export async function saveIndividualDetails(context: Context, values: IndividualDetails) {
  const body = {
    firstName: values.firstName ?? "",
    lastName: values.lastName ?? "",
    dateOfBirth: values.dateOfBirth ?? "",
    nationality: values.nationality ?? "",
    phoneNumber: values.phoneNumber ?? "",
    address: addressBody(values.address),
    taxId: values.taxId || null,
    countryIssueTaxId: values.countryIssueTaxId || null,
  };
  await context.get(authContext).call(hostApi.onboarding.saveIndividualDetails, { body });
}

function addressBody(address: IndividualDetails["address"]) {
  return { countryCode: address.countryCode ?? "", street: address.street ?? "", houseNumberOrName: address.houseNumberOrName ?? "", postalCode: address.postalCode || null, city: address.city ?? "" };
}

/** The company's details as the form shows them, its first legal representative as `signatories.0`. */
export async function loadBusinessDetails(context: Context) {
  const { legalBusinessName, registrationNumber, vatId, businessEmail, phoneNumber, address, signatories } = await context.get(authContext).call(hostApi.onboarding.businessDetails);
  return { legalBusinessName, registrationNumber, vatId, businessEmail, phoneNumber, address, signatories: { 0: signatories[0] } };
}

/** The company's registered details and its legal representative; the registered address is where it does business. A refusal is thrown. */
export async function saveBusinessDetails(context: Context, values: BusinessDetails) {
  const representative = values.signatories[0];
  const body = {
    legalBusinessName: values.legalBusinessName ?? "",
    registrationNumber: values.registrationNumber ?? "",
    userHasVatId: Boolean(values.vatId),
    vatId: values.vatId || null,
    businessEmail: values.businessEmail ?? "",
    phoneNumber: values.phoneNumber ?? "",
    address: addressBody(values.address),
    sameAddress: true,
    signatories: [{ firstName: representative.firstName ?? "", lastName: representative.lastName ?? "", dateOfBirth: representative.dateOfBirth ?? "", role: representative.role ?? "" }],
  };
  await context.get(authContext).call(hostApi.onboarding.saveBusinessDetails, { body });
}

export async function loadBankAccount(context: Context) {
  const { accounts } = await context.get(authContext).call(hostApi.onboarding.bankAccounts);
  return accounts[0] ?? null;
}

/** The payout account; an IBAN left empty keeps the one saved before. A refusal is thrown; its fields are `accounts.0.*`. */
export async function saveBankAccount(context: Context, values: BankAccount, existingId: string | null) {
  const account = {
    ...(existingId && !values.iban ? { id: existingId } : { iban: values.iban ?? "" }),
    holderName: values.holderName ?? "",
    bic: values.bic || null,
    currency: values.currency,
    isDefault: true,
  };
  await context.get(authContext).call(hostApi.onboarding.saveBankAccounts, { body: { accounts: [account] } });
}

/**
 * A documents step of the given kinds (identity, company, owner, payout): the uploader's types, the
 * host's documents of those kinds only, and whether they are enough to go on (else the refusal's code).
 */
export async function loadDocumentStep(context: Context, kinds: readonly DocumentKind[]) {
  const [configuration, { items }] = await Promise.all([loadOnboardingConfiguration(context), loadDocuments(context)]);
  const typesOf = (kind: DocumentKind): { id: string; label: string; requiresBack: boolean }[] =>
    kind === "payout"
      ? configuration.payoutDocumentTypes.map((type) => ({ ...type, requiresBack: false }))
      : kind === "company"
        ? configuration.companyDocumentTypes.map((type) => ({ ...type, requiresBack: false }))
        : configuration.identityDocumentTypes;
  const documents = items.filter((d) => kinds.includes(d.kind));
  const complete = kinds.every((kind) => isDocumentKindComplete(kind, documents.filter((d) => d.kind === kind)));
  return { configuration, types: kinds.flatMap(typesOf), documents, complete, missing: complete ? null : missingDocumentsCode(kinds) };
}

export function loadDocuments(context: Context) {
  return context.get(authContext).call(hostApi.onboarding.documents);
}

/** Sends a document to the host API as the multipart upload it takes; a refusal is thrown (replyWithApiError). */
export async function uploadDocument(context: Context, document: { documentType: string; side: string; file: File }) {
  const upload = new FormData();
  upload.append("documentType", document.documentType);
  upload.append("side", document.side);
  upload.append("file", document.file, document.file.name);
  await context.get(authContext).call(hostApi.onboarding.uploadDocument, { body: upload });
}

export async function deleteDocument(context: Context, documentId: string) {
  await context.get(authContext).call(hostApi.onboarding.deleteDocument, { params: { documentId } });
}

const documentIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("upload"), documentType: z.string({ message: "required" }), side: z.enum(DOCUMENT_SIDES).default("front"), file: z.instanceof(File, { message: "required" }) }),
  // Delete asks first (the answer is the question, by the document it is about); Yes, delete confirms.
  z.object({ intent: z.literal("delete"), documentId: z.string({ message: "required" }) }),
  z.object({ intent: z.literal("confirmDelete"), documentId: z.string({ message: "required" }) }),
]);

/**
 * The upload or delete of a document form (the wizard's documents step, the verification's upload
 * pages, the account's payout tab): null when the form posted another intent; the question to ask
 * (`confirming`, the document's id) for Delete, which deletes nothing until Yes, delete; otherwise
 * what was done, or the refusal for the form to show (`documentReply`) with its status.
 * `beforeUpload` runs first on an upload (the verification starts itself).
 */
export async function submitDocumentForm(
  context: Context,
  form: FormData,
  beforeUpload?: () => Promise<unknown>,
): Promise<null | { confirming: string } | { done: "upload" | "delete" } | { reply: SubmissionResult<string[]>; status: number }> {
  const intent = form.get("intent");
  if (intent !== "upload" && intent !== "delete" && intent !== "confirmDelete") return null;
  const submission = parseWithZod(form, { schema: documentIntent });
  if (submission.status !== "success") return { reply: submission.reply() as SubmissionResult<string[]>, status: 400 };
  const value = submission.value;
  if (value.intent === "delete") return { confirming: value.documentId };
  try {
    if (value.intent === "upload") {
      await beforeUpload?.();
      await uploadDocument(context, value);
    } else {
      try {
        await deleteDocument(context, value.documentId);
      } catch (error) {
        // Deleted meanwhile (another tab): what the host asked for is done.
        if (!(error instanceof HostApiError && error.status === 404)) throw error;
      }
    }
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error, { fields: ["documentType", "side", "file"] });
    return { reply: result as SubmissionResult<string[]>, status };
  }
  return { done: value.intent === "upload" ? "upload" : "delete" };
}
