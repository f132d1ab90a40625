import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { createMiddleware } from "hono/factory";
import { onboarding as contract } from "@contract/onboarding";
import { resolveLocale, DEFAULT_LOCALE, LANGUAGE_PARAM } from "@domain/locales";
import { ibanCountry, maskIban } from "@domain/iban";
import {
  DOCUMENT_MIME_TYPES,
  DOCUMENT_SIDES,
  DOCUMENT_TYPES,
  mayUploadDocumentType,
  MAX_DOCUMENT_BYTES,
  defaultAccountIndex,
  documentKind,
  documentSides,
  planBankAccountVersions,
  isKycStatus,
  kycChecks,
  nextKycStatus,
  onboardingConfiguration,
  startedKycStatus,
  type DocumentMimeType,
  type DocumentSide,
  type DocumentType,
  type KycFacts,
  type KycStatus,
} from "@domain/onboarding";
import { deriveUserFlags } from "@domain/user-flags";
import type { ApiEnv, UserRow } from "@api/context";
import { owned, ownDocument } from "@api/lib/ownership";
import type { Database } from "@api/db/client";
import { hostBankAccounts, hostBusinessDetails, hostDocuments, hostIndividualDetails, users } from "@api/db/schema";
import { ApiError, validationFailed, type FieldError } from "@api/lib/errors";
import { newPublicId } from "@api/lib/ids";
import { imageInfo, pdfInfo } from "@api/lib/image-info";
import { contractRouter } from "@api/lib/openapi";
import { translator } from "@api/lib/translate";

/** §7 Onboarding: identity, business and payout details and verification documents. */

type IndividualRow = typeof hostIndividualDetails.$inferSelect;
type BusinessRow = typeof hostBusinessDetails.$inferSelect;
type BankAccountRow = typeof hostBankAccounts.$inferSelect;
type DocumentRow = typeof hostDocuments.$inferSelect;

const english = translator("en_US");

/** Multipart bodies carry some framing besides the file; anything much larger cannot be valid. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export function presentIndividualDetails(user: UserRow, row: IndividualRow | undefined) {
  return {
    firstName: row?.firstName ?? (user.firstName || null),
    lastName: row?.lastName ?? (user.lastName || null),
    dateOfBirth: row?.dateOfBirth ?? null,
    nationality: row?.nationality ?? null,
    phoneNumber: row?.phoneNumber ?? null,
    address: row?.address ?? null,
    taxId: row?.taxId ?? null,
    countryIssueTaxId: row?.countryIssueTaxId ?? null,
    taxIdentifications: row?.taxIdentifications ?? [],
    vatId: row?.vatId ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export function presentBusinessDetails(user: UserRow, row: BusinessRow | undefined) {
  return {
    legalBusinessName: row?.legalBusinessName ?? user.companyName ?? null,
    registrationNumber: row?.registrationNumber ?? null,
    vatId: row?.vatId ?? null,
    userHasVatId: row?.userHasVatId ?? false,
    taxId: row?.taxId ?? null,
    countryIssueTaxId: row?.countryIssueTaxId ?? null,
    taxIdentifications: row?.taxIdentifications ?? [],
    euPermanentEstablishment: row?.euPermanentEstablishment ?? null,
    euMemberStates: row?.euMemberStates ?? [],
    address: row?.address ?? null,
    principalAddress: row?.principalAddress ?? null,
    sameAddress: row?.sameAddress ?? true,
    businessEmail: row?.businessEmail ?? null,
    accountingEmail: row?.accountingEmail ?? null,
    phoneNumber: row?.phoneNumber ?? null,
    shareholders: row?.shareholders ?? [],
    signatories: row?.signatories ?? [],
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The IBAN leaves the API masked: only its country and last four characters are readable. */
export function presentBankAccount(row: BankAccountRow) {
  return {
    id: row.publicId,
    holderName: row.holderName,
    iban: maskIban(row.iban),
    countryCode: ibanCountry(row.iban),
    bic: row.bic,
    currency: row.currency,
    isDefault: row.isDefault,
  };
}

/** Never the storage key. The kind (what the document proves) follows from its type and the host's type. */
export function presentDocument(row: DocumentRow, userType: "individual" | "company") {
  return {
    id: row.publicId,
    kind: documentKind(row.documentType, userType),
    documentType: row.documentType,
    side: row.side,
    mimeType: row.mimeType,
    bytes: row.bytes,
    fileName: row.fileName,
    uploadedAt: row.createdAt.toISOString(),
  };
}

/** Business details are a company's: anyone else is refused before the body is read. */
const companyOnly = createMiddleware<ApiEnv>(async (c, next) => {
  if (c.var.principal.user.type !== "company") throw new ApiError(403, "Business details apply to company accounts only");
  await next();
});

function randomKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `documents/${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** The document's real type, read from its bytes; null when it is not one of the accepted types. */
function documentMimeType(bytes: Uint8Array): DocumentMimeType | null {
  const found = imageInfo(bytes)?.mimeType ?? pdfInfo(bytes)?.mimeType ?? null;
  return found && (DOCUMENT_MIME_TYPES as readonly string[]).includes(found) ? (found as DocumentMimeType) : null;
}

export function storedKycStatus(user: UserRow): KycStatus {
  return isKycStatus(user.kycStatus) ? user.kycStatus : "VERIFICATION_NEVER_STARTED";
}

/** Everything the KYC checks are derived from, as stored now (staff's reviews included). */
export async function loadKycFacts(db: Database, user: UserRow): Promise<KycFacts> {
  const [individual, business, accounts, documents] = await db.batch([
    db.select({ id: hostIndividualDetails.hostUserId }).from(hostIndividualDetails).where(eq(hostIndividualDetails.hostUserId, user.id)),
    db.select({ signatories: hostBusinessDetails.signatories }).from(hostBusinessDetails).where(eq(hostBusinessDetails.hostUserId, user.id)),
    db.select({ id: hostBankAccounts.id }).from(hostBankAccounts).where(and(eq(hostBankAccounts.hostUserId, user.id), isNull(hostBankAccounts.retiredAt))),
    db.select({ documentType: hostDocuments.documentType, side: hostDocuments.side }).from(hostDocuments).where(eq(hostDocuments.hostUserId, user.id)),
  ]);
  return {
    userType: user.type,
    status: storedKycStatus(user),
    individualDetails: individual.length > 0,
    businessDetails: business[0] ? { signatories: business[0].signatories.length } : null,
    bankAccounts: accounts.length,
    documents,
    reviews: user.kycReviews ?? undefined,
  };
}

/** Staff's decision as the host reads it: the reason only while the verification has failed. */
export function presentDecision(user: UserRow) {
  return {
    reason: user.kycStatus === "FAILED" ? user.kycDecisionReason : null,
    decidedAt: user.kycDecidedAt?.toISOString() ?? null,
    documentsExpireOn: user.kycDocumentsExpireOn,
  };
}

/**
 * The users-row update that moves the host's verification status after a write, given the facts as
 * they will be once the write is done; none when the status stays (or KYC does not apply).
 */
function kycStatusUpdate(db: Database, user: UserRow, facts: KycFacts) {
  const current = storedKycStatus(user);
  // After a failed review the host's corrections are new data: the checks are reviewed again.
  const resubmitted = current === "FAILED";
  const next = nextKycStatus(current, kycChecks(resubmitted ? { ...facts, reviews: undefined } : facts), deriveUserFlags(user).isKYCApplicable);
  if (next === current) return [];
  return [
    db
      .update(users)
      .set({ kycStatus: next, kycStartedAt: user.kycStartedAt ?? new Date(), ...(resubmitted ? { kycReviews: null } : {}), updatedAt: new Date() })
      .where(eq(users.id, user.id)),
  ];
}

/** Reads the multipart upload; every problem is reported at once, nothing is stored. */
async function readUpload(request: Request, userType: "individual" | "company") {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("multipart/form-data")) throw new ApiError(415, "Expected multipart/form-data with `file`, `documentType` and `side`");
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_DOCUMENT_BYTES + MULTIPART_OVERHEAD_BYTES) {
    throw validationFailed([{ field: "file", message: `The file is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`, type: "document_too_large" }]);
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new ApiError(400, "Malformed multipart body");
  }
  const errors: FieldError[] = [];
  const documentType = form.get("documentType");
  const side = form.get("side") || "front";
  // A company's own documents are a company's only.
  const knownType = (DOCUMENT_TYPES as readonly unknown[]).includes(documentType) && mayUploadDocumentType(documentType as DocumentType, userType) ? (documentType as DocumentType) : null;
  const knownSide = (DOCUMENT_SIDES as readonly unknown[]).includes(side) ? (side as DocumentSide) : null;
  if (!knownType) errors.push({ field: "documentType", message: english("validation.document_type_invalid"), type: "document_type_invalid" });
  if (!knownSide || (knownType && !documentSides(knownType).includes(knownSide))) {
    errors.push({ field: "side", message: english("validation.document_side_invalid"), type: "document_side_invalid" });
  }
  const file = form.get("file");
  let bytes: Uint8Array | null = null;
  let mimeType: DocumentMimeType | null = null;
  if (!(file instanceof File) || file.size === 0) {
    errors.push({ field: "file", message: english("validation.required"), type: "required" });
  } else if (file.size > MAX_DOCUMENT_BYTES) {
    errors.push({ field: "file", message: `${file.name} is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`, type: "document_too_large" });
  } else {
    bytes = new Uint8Array(await file.arrayBuffer());
    mimeType = documentMimeType(bytes);
    if (!mimeType) errors.push({ field: "file", message: `${file.name} is not a JPEG, PNG or PDF file`, type: "document_file_invalid" });
  }
  // Without errors every part is there; the other tests only narrow the types.
  if (errors.length || !knownType || !knownSide || !bytes || !mimeType || !(file instanceof File)) throw validationFailed(errors);
  return { documentType: knownType, side: knownSide, bytes, mimeType, fileName: file.name.slice(0, 200) };
}

export const onboardingRoutes = contractRouter<ApiEnv>()
  .openapi(contract.configuration, (c) => {
    const locale = resolveLocale(c.req.valid("query")[LANGUAGE_PARAM]) ?? DEFAULT_LOCALE;
    const { user } = c.var.principal;
    c.header("Cache-Control", "private, max-age=300");
    return c.json(onboardingConfiguration(translator(locale), { type: user.type, isKYCApplicable: deriveUserFlags(user).isKYCApplicable }, locale), 200);
  })
  .openapi(contract.individualDetails, async (c) => {
    const { user } = c.var.principal;
    const row = await c.var.db.query.hostIndividualDetails.findFirst({ where: eq(hostIndividualDetails.hostUserId, user.id) });
    return c.json(presentIndividualDetails(user, row), 200);
  })
  .openapi(contract.saveIndividualDetails, async (c) => {
    const details = c.req.valid("json");
    const db = c.var.db;
    const { user } = c.var.principal;
    const facts = await loadKycFacts(db, user);
    const now = new Date();
    const [saved] = await db.batch([
      db
        .insert(hostIndividualDetails)
        .values({ hostUserId: user.id, ...details })
        .onConflictDoUpdate({ target: hostIndividualDetails.hostUserId, set: { ...details, updatedAt: now } })
        .returning(),
      ...kycStatusUpdate(db, user, { ...facts, individualDetails: true }),
    ]);
    return c.json(presentIndividualDetails(user, saved[0]), 200);
  })
  .openapi({ ...contract.businessDetails, middleware: companyOnly }, async (c) => {
    const { user } = c.var.principal;
    const row = await c.var.db.query.hostBusinessDetails.findFirst({ where: eq(hostBusinessDetails.hostUserId, user.id) });
    return c.json(presentBusinessDetails(user, row), 200);
  })
  .openapi({ ...contract.saveBusinessDetails, middleware: companyOnly }, async (c) => {
    const { user } = c.var.principal;
    const details = c.req.valid("json");
    const db = c.var.db;
    const facts = await loadKycFacts(db, user);
    const now = new Date();
    const [saved] = await db.batch([
      db
        .insert(hostBusinessDetails)
        .values({ hostUserId: user.id, ...details })
        .onConflictDoUpdate({ target: hostBusinessDetails.hostUserId, set: { ...details, updatedAt: now } })
        .returning(),
      ...kycStatusUpdate(db, user, { ...facts, businessDetails: { signatories: details.signatories.length } }),
    ]);
    return c.json(presentBusinessDetails(user, saved[0]), 200);
  })
  .openapi(contract.bankAccounts, async (c) => {
    const rows = await c.var.db
      .select()
      .from(hostBankAccounts)
      .where(and(eq(hostBankAccounts.hostUserId, c.var.principal.user.id), isNull(hostBankAccounts.retiredAt)))
      .orderBy(asc(hostBankAccounts.position));
    return c.json({ accounts: rows.map(presentBankAccount) }, 200);
  })
  .openapi(contract.saveBankAccounts, async (c) => {
    const { accounts } = c.req.valid("json");
    const db = c.var.db;
    const { user } = c.var.principal;
    const current = await db
      .select()
      .from(hostBankAccounts)
      .where(and(eq(hostBankAccounts.hostUserId, user.id), isNull(hostBankAccounts.retiredAt)));
    const byPublicId = new Map(current.map((r) => [r.publicId, r]));
    const unknown = accounts.flatMap((a, i) => (a.id && !byPublicId.has(a.id) ? [{ field: `accounts.${i}.id`, message: english("validation.account_unknown"), type: "account_unknown" }] : []));
    if (unknown.length) throw validationFailed(unknown);
    const defaultIndex = defaultAccountIndex(accounts);
    // An account sent with its id keeps its id and, without a new IBAN, its IBAN.
    const values = accounts.map((a, position) => ({
      publicId: a.id ?? newPublicId("bac"),
      hostUserId: user.id,
      position,
      holderName: a.holderName,
      iban: a.iban ?? byPublicId.get(a.id!)!.iban,
      bic: a.bic,
      currency: a.currency,
      isDefault: position === defaultIndex,
    }));
    const ibans = values.map((v) => v.iban);
    const duplicate = ibans.findIndex((iban, i) => ibans.indexOf(iban) !== i);
    if (duplicate >= 0) throw validationFailed([{ field: `accounts.${duplicate}.iban`, message: english("validation.duplicate"), type: "duplicate" }]);
    const facts = await loadKycFacts(db, user);
    const now = new Date();
    // Versions (decision 033): what a payout went to is never changed. A changed account retires
    // its version and adds the next; one no longer sent is retired; order and default change in place.
    const plan = planBankAccountVersions(current, values);
    const writes: BatchItem<"sqlite">[] = [
      ...(plan.retire.length ? [db.update(hostBankAccounts).set({ retiredAt: now, updatedAt: now }).where(inArray(hostBankAccounts.id, plan.retire))] : []),
      ...plan.reorder.map((r) => db.update(hostBankAccounts).set({ position: r.position, isDefault: r.isDefault, updatedAt: now }).where(eq(hostBankAccounts.id, r.id))),
      ...(plan.insert.length ? [db.insert(hostBankAccounts).values(plan.insert)] : []),
      ...kycStatusUpdate(db, user, { ...facts, bankAccounts: values.length }),
    ];
    const results = await db.batch([
      ...writes,
      db.select().from(hostBankAccounts).where(and(eq(hostBankAccounts.hostUserId, user.id), isNull(hostBankAccounts.retiredAt))),
    ] as unknown as readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    const inserted = results[results.length - 1] as BankAccountRow[];
    return c.json({ accounts: inserted.sort((a, b) => a.position - b.position).map(presentBankAccount) }, 200);
  })
  .openapi(contract.uploadDocument, async (c) => {
    const { user } = c.var.principal;
    const upload = await readUpload(c.req.raw, user.type);
    const db = c.var.db;
    // One document per type and side: a new upload replaces the previous one.
    const replaced = await db
      .select()
      .from(hostDocuments)
      .where(and(eq(hostDocuments.hostUserId, user.id), eq(hostDocuments.documentType, upload.documentType), eq(hostDocuments.side, upload.side)));
    const facts = await loadKycFacts(db, user);
    const key = randomKey();
    await c.env.FILES.put(key, upload.bytes, { httpMetadata: { contentType: upload.mimeType } });
    let inserted: DocumentRow[];
    try {
      [inserted] = await db.batch([
        db
          .insert(hostDocuments)
          .values({
            publicId: newPublicId("doc"),
            hostUserId: user.id,
            documentType: upload.documentType,
            side: upload.side,
            mimeType: upload.mimeType,
            bytes: upload.bytes.byteLength,
            fileName: upload.fileName,
            storageKey: key,
          })
          .returning(),
        ...(replaced.length ? [db.delete(hostDocuments).where(inArray(hostDocuments.id, replaced.map((r) => r.id)))] : []),
        ...kycStatusUpdate(db, user, { ...facts, documents: [...facts.documents, { documentType: upload.documentType, side: upload.side }] }),
      ]);
    } catch (error) {
      await c.env.FILES.delete(key);
      throw error;
    }
    if (replaced.length) await c.env.FILES.delete(replaced.map((r) => r.storageKey));
    return c.json(presentDocument(inserted[0]!, user.type), 201);
  })
  .openapi(contract.documents, async (c) => {
    const rows = await c.var.db
      .select()
      .from(hostDocuments)
      .where(eq(hostDocuments.hostUserId, c.var.principal.user.id))
      .orderBy(asc(hostDocuments.createdAt), asc(hostDocuments.id));
    return c.json({ items: rows.map((row) => presentDocument(row, c.var.principal.user.type)) }, 200);
  })
  .openapi(owned(contract.deleteDocument, ownDocument()), async (c) => {
    const db = c.var.db;
    const { user } = c.var.principal;
    const { document } = c.var;
    const facts = await loadKycFacts(db, user);
    // A type and side has one document at most (an upload replaces the previous one).
    const remaining = facts.documents.filter((d) => d.documentType !== document.documentType || d.side !== document.side);
    await db.batch([db.delete(hostDocuments).where(eq(hostDocuments.id, document.id)), ...kycStatusUpdate(db, user, { ...facts, documents: remaining })]);
    await c.env.FILES.delete(document.storageKey);
    return c.body(null, 204);
  })
  .openapi(contract.kycStartedAt, (c) => {
    const { kycStartedAt } = c.var.principal.user;
    return c.json({ startedAt: kycStartedAt?.toISOString() ?? null }, 200);
  })
  .openapi(contract.startKyc, async (c) => {
    const { user } = c.var.principal;
    if (!deriveUserFlags(user).isKYCApplicable) throw new ApiError(403, "Identity verification does not apply to this account");
    // Set once: a second call answers the first start.
    if (user.kycStartedAt) return c.json({ startedAt: user.kycStartedAt.toISOString(), status: storedKycStatus(user) }, 200);
    const startedAt = new Date();
    const [updated] = await c.var.db
      .update(users)
      .set({ kycStartedAt: startedAt, kycStatus: startedKycStatus(storedKycStatus(user)), updatedAt: startedAt })
      .where(and(eq(users.id, user.id), isNull(users.kycStartedAt)))
      .returning();
    // Nothing updated: a concurrent call started it first.
    const current = updated ?? (await c.var.db.query.users.findFirst({ where: eq(users.id, user.id) }))!;
    return c.json({ startedAt: current.kycStartedAt!.toISOString(), status: storedKycStatus(current) }, 200);
  })
  .openapi(contract.kycStatus, async (c) => {
    const { user } = c.var.principal;
    const facts = await loadKycFacts(c.var.db, user);
    return c.json(
      { status: facts.status, checks: kycChecks(facts), isKYCApplicable: deriveUserFlags(user).isKYCApplicable, startedAt: user.kycStartedAt?.toISOString() ?? null, decision: presentDecision(user) },
      200,
    );
  });
