import { createRoute, z } from "@hono/zod-openapi";
import { KYC_CHECK_STATUSES, KYC_CHECK_TYPES, KYC_STATUSES } from "@domain/onboarding";
import { multiLineText } from "@domain/text";
import { documentSchema } from "./onboarding";
import { STAFF_TAG } from "./staff";
import { commonErrors, conflictWithReasons, json, jsonBody, security } from "./http";

/**
 * Staff decide on identity verification (§2 Verification, §3 KYC): the queue of verifications under
 * review, one host's submitted data and documents, and the decision (COMPLETED or FAILED with a
 * reason the host reads). Staff only: to anyone else these endpoints do not exist (404).
 */
const tags = [STAFF_TAG];
const hostId = z.object({ userId: z.string().openapi({ description: "The host's public id (usr_…)" }) });
const kycStatus = z.enum(KYC_STATUSES);
const checks = z.array(z.object({ type: z.enum(KYC_CHECK_TYPES), status: z.enum(KYC_CHECK_STATUSES) }));
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "date_invalid").refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "date_invalid");

export const decisionSchema = z
  .object({ reason: z.string().nullable(), decidedAt: z.iso.datetime().nullable(), documentsExpireOn: z.iso.date().nullable() })
  .openapi("KycDecision");

const queueItem = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string().nullable(),
  type: z.enum(["individual", "company"]),
  status: kycStatus,
  startedAt: z.iso.datetime().nullable(),
});

const address = z.object({ countryCode: z.string(), city: z.string(), street: z.string(), houseNumberOrName: z.string(), postalCode: z.string().nullable() }).passthrough();

export const kycReview = {
  queue: createRoute({
    method: "get",
    path: "/api/app/staff/verifications",
    tags,
    summary: "Hosts' identity verifications by status, those waiting longest first (staff only)",
    security,
    request: { query: z.object({ status: kycStatus.optional().default("IN_PROGRESS"), page: z.coerce.number().int().min(1).max(10_000).optional().default(1) }) },
    responses: { 200: json(z.object({ items: z.array(queueItem), pagination: z.object({ current: z.number().int(), next: z.number().int() }) }), "A page of verifications"), ...commonErrors },
  }),
  verification: createRoute({
    method: "get",
    path: "/api/app/staff/hosts/{userId}/verification",
    tags,
    summary: "What a host submitted for identity verification: details, payout accounts (masked), documents and each check (staff only)",
    security,
    request: { params: hostId },
    responses: {
      200: json(
        queueItem.extend({
          isKYCApplicable: z.boolean(),
          checks,
          decision: decisionSchema,
          individualDetails: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), dateOfBirth: z.string().nullable(), nationality: z.string().nullable(), address: address.nullable() }).nullable(),
          businessDetails: z
            .object({
              legalBusinessName: z.string().nullable(),
              registrationNumber: z.string().nullable(),
              vatId: z.string().nullable(),
              address: address.nullable(),
              signatories: z.array(z.object({ firstName: z.string(), lastName: z.string(), dateOfBirth: z.string(), role: z.string() })),
              shareholders: z.array(z.object({ firstName: z.string(), lastName: z.string(), dateOfBirth: z.string(), ownershipPercent: z.number() })),
            })
            .nullable(),
          bankAccounts: z.array(z.object({ holderName: z.string(), iban: z.string(), currency: z.string() })),
          documents: z.array(documentSchema),
        }),
        "The host's verification",
      ),
      ...commonErrors,
    },
  }),
  document: createRoute({
    method: "get",
    path: "/api/app/staff/hosts/{userId}/documents/{documentId}",
    tags,
    summary: "One of a host's verification documents, as uploaded (staff only)",
    security,
    request: { params: hostId.extend({ documentId: z.string().openapi({ description: "The document's public id (doc_…)" }) }) },
    responses: {
      200: { description: "The file", content: { "image/jpeg": { schema: z.string().openapi({ format: "binary" }) }, "image/png": { schema: z.string().openapi({ format: "binary" }) }, "application/pdf": { schema: z.string().openapi({ format: "binary" }) } } },
      ...commonErrors,
    },
  }),
  decide: createRoute({
    method: "post",
    path: "/api/app/staff/hosts/{userId}/verification/decision",
    tags,
    summary: "Decide on a verification under review: every check passed (COMPLETED until the document expires) or any failed (FAILED with a reason the host reads); audited (staff only)",
    security,
    request: {
      params: hostId,
      body: jsonBody(
        z
          .object({
            checks: z.partialRecord(z.enum(KYC_CHECK_TYPES), z.enum(["passed", "failed"])),
            reason: multiLineText(1000).optional().default(""),
            documentsExpireOn: isoDate.nullable().optional().default(null),
          })
          .strict(),
      ),
    },
    responses: { 200: json(z.object({ userId: z.string(), status: kycStatus, checks, decision: decisionSchema }), "The decision"), ...commonErrors, ...conflictWithReasons },
  }),
};
