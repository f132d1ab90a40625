import { and, asc, eq, isNotNull, lte } from "drizzle-orm";
import { kycReview as contract } from "@contract/kyc-review";
import { todayUtc } from "@domain/dates";
import { decideKyc } from "@domain/kyc-review";
import { kycCheckTypes, kycChecks, KYC_CHECK_TYPES, type KycCheckType } from "@domain/onboarding";
import { deriveUserFlags } from "@domain/user-flags";
import type { ApiEnv, UserRow } from "@api/context";
import type { Database } from "@api/db/client";
import { auditLog, hostBankAccounts, hostBusinessDetails, hostDocuments, hostIndividualDetails, users } from "@api/db/schema";
import { ApiError, notFound, validationFailed } from "@api/lib/errors";
import { contractRouter } from "@api/lib/openapi";
import { translator } from "@api/lib/translate";
import { loadKycFacts, presentBankAccount, presentDecision, presentDocument, storedKycStatus } from "./routes";

/**
 * Staff decide on identity verification (§2, §3 KYC): the queue, one host's submission, the files
 * and the decision, audited. To anyone who is not staff these routes do not exist (404).
 */

const PAGE_SIZE = 20;
const english = translator("en_US");

async function findHost(db: Database, userId: string): Promise<UserRow> {
  const host = await db.query.users.findFirst({ where: and(eq(users.publicId, userId), eq(users.role, "host")) });
  if (!host) throw notFound("Host");
  return host;
}

function person(host: UserRow) {
  return {
    userId: host.publicId,
    email: host.email,
    firstName: host.firstName,
    lastName: host.lastName,
    companyName: host.companyName,
    type: host.type,
    status: storedKycStatus(host),
    startedAt: host.kycStartedAt?.toISOString() ?? null,
  };
}

export const kycReviewRoutes = contractRouter<ApiEnv>();

kycReviewRoutes.use("/api/app/staff/*", async (c, next) => {
  const actor = c.var.principal.impersonator ?? c.var.principal.user;
  if (actor.role !== "staff") throw notFound();
  await next();
});

kycReviewRoutes
  .openapi(contract.queue, async (c) => {
    const { status, page } = c.req.valid("query");
    const rows = await c.var.db
      .select()
      .from(users)
      .where(and(eq(users.role, "host"), eq(users.kycStatus, status)))
      .orderBy(asc(users.updatedAt), asc(users.id))
      .limit(PAGE_SIZE + 1)
      .offset((page - 1) * PAGE_SIZE);
    return c.json({ items: rows.slice(0, PAGE_SIZE).map(person), pagination: { current: page, next: rows.length > PAGE_SIZE ? page + 1 : page } }, 200);
  })
  .openapi(contract.verification, async (c) => {
    const db = c.var.db;
    const host = await findHost(db, c.req.valid("param").userId);
    const [individual, business, accounts, documents] = await db.batch([
      db.select().from(hostIndividualDetails).where(eq(hostIndividualDetails.hostUserId, host.id)),
      db.select().from(hostBusinessDetails).where(eq(hostBusinessDetails.hostUserId, host.id)),
      db.select().from(hostBankAccounts).where(eq(hostBankAccounts.hostUserId, host.id)).orderBy(asc(hostBankAccounts.position)),
      db.select().from(hostDocuments).where(eq(hostDocuments.hostUserId, host.id)).orderBy(asc(hostDocuments.createdAt), asc(hostDocuments.id)),
    ]);
    const i = individual[0];
    const b = business[0];
    return c.json({
      ...person(host),
      isKYCApplicable: deriveUserFlags(host).isKYCApplicable,
      checks: kycChecks({
        userType: host.type,
        status: storedKycStatus(host),
        individualDetails: Boolean(i),
        businessDetails: b ? { signatories: b.signatories.length } : null,
        bankAccounts: accounts.length,
        documents,
        reviews: host.kycReviews ?? undefined,
      }),
      decision: { ...presentDecision(host), reason: host.kycDecisionReason },
      individualDetails: i ? { firstName: i.firstName, lastName: i.lastName, dateOfBirth: i.dateOfBirth, nationality: i.nationality, address: i.address } : null,
      businessDetails: b
        ? { legalBusinessName: b.legalBusinessName, registrationNumber: b.registrationNumber, vatId: b.vatId, address: b.address, signatories: b.signatories, shareholders: b.shareholders }
        : null,
      bankAccounts: accounts.map((a) => {
        const presented = presentBankAccount(a);
        return { holderName: presented.holderName, iban: presented.iban, currency: presented.currency };
      }),
      documents: documents.map((row) => presentDocument(row, host.type)),
    }, 200);
  })
  .openapi(contract.document, async (c) => {
    const { userId, documentId } = c.req.valid("param");
    const db = c.var.db;
    const host = await findHost(db, userId);
    const document = await db.query.hostDocuments.findFirst({ where: and(eq(hostDocuments.hostUserId, host.id), eq(hostDocuments.publicId, documentId)) });
    if (!document) throw notFound("Document");
    const object = await c.env.FILES.get(document.storageKey);
    if (!object) throw notFound("Document");
    return new Response(object.body, {
      status: 200,
      headers: {
        "content-type": document.mimeType,
        "content-disposition": `inline; filename="${(document.fileName || document.publicId).replace(/[^\w.-]/g, "_")}"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    }) as never;
  })
  .openapi(contract.decide, async (c) => {
    const input = c.req.valid("json");
    const staff = c.var.principal.impersonator ?? c.var.principal.user;
    const db = c.var.db;
    const host = await findHost(db, c.req.valid("param").userId);
    const facts = await loadKycFacts(db, host);
    const applicable = kycCheckTypes(host.type);
    const unknown = (Object.keys(input.checks) as KycCheckType[]).filter((type) => !applicable.includes(type));
    if (unknown.length) throw validationFailed(unknown.map((type) => ({ field: `checks.${type}`, message: english("validation.check_not_applicable"), type: "check_not_applicable" })));
    const now = new Date();
    const decision = decideKyc(facts.status, applicable, input, todayUtc(now));
    if (Array.isArray(decision)) {
      const errors = decision.map((p) => ({ field: p.field, message: english(`validation.${p.code}`), type: p.code }));
      if (decision.some((p) => p.code === "verification_not_in_review")) throw new ApiError(409, errors[0]!.message, errors);
      throw validationFailed(errors);
    }
    const reviews = Object.fromEntries(KYC_CHECK_TYPES.filter((t) => applicable.includes(t)).map((t) => [t, input.checks[t]!])) as Record<string, "passed" | "failed">;
    const set =
      decision.status === "COMPLETED"
        ? { kycStatus: decision.status, kycReviews: reviews, kycDecisionReason: null, kycDecidedAt: now, kycDocumentsExpireOn: decision.documentsExpireOn, updatedAt: now }
        : { kycStatus: decision.status, kycReviews: reviews, kycDecisionReason: decision.reason, kycDecidedAt: now, kycDocumentsExpireOn: null, updatedAt: now };
    // Only while still under review: a concurrent decision or a host's new data in between wins.
    const [updated] = await db.batch([
      db.update(users).set(set).where(and(eq(users.id, host.id), eq(users.kycStatus, "IN_PROGRESS"))).returning(),
      db.insert(auditLog).values({ actorUserId: staff.id, subjectUserId: host.id, action: "identity-verification.decide", details: { status: decision.status, ...(decision.status === "FAILED" ? { reason: decision.reason } : {}) } }),
    ]);
    const row = updated[0];
    if (!row) throw new ApiError(409, english("validation.verification_not_in_review"));
    return c.json({ userId: row.publicId, status: storedKycStatus(row), checks: kycChecks({ ...facts, status: storedKycStatus(row), reviews }), decision: { ...presentDecision(row) } }, 200);
  });

/**
 * Completed verifications whose identity document has expired become EXPIRED (§3 KYC). Idempotent:
 * only a verification still COMPLETED with an expiry day that has come is written.
 */
export async function expireVerifications(db: Database, now: Date): Promise<number> {
  // The rule of isVerificationExpired, as one statement.
  const expired = await db
    .update(users)
    .set({ kycStatus: "EXPIRED", updatedAt: now })
    .where(and(eq(users.kycStatus, "COMPLETED"), isNotNull(users.kycDocumentsExpireOn), lte(users.kycDocumentsExpireOn, todayUtc(now))))
    .returning({ id: users.id });
  return expired.length;
}
