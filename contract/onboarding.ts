import { createRoute, z } from "@hono/zod-openapi";
import { LANGUAGE_PARAM } from "@domain/locales";
import {
  bankAccountsSchema,
  businessDetailsSchema,
  COMPANY_DOCUMENT_TYPES,
  DOCUMENT_KINDS,
  DOCUMENT_MIME_TYPES,
  DOCUMENT_SIDES,
  DOCUMENT_TYPES,
  IDENTITY_DOCUMENT_TYPES,
  individualDetailsSchema,
  KYC_CHECK_STATUSES,
  KYC_CHECK_TYPES,
  KYC_STATUSES,
  MAX_DOCUMENT_BYTES,
  PAYOUT_DOCUMENT_TYPES,
  type IdentityDocumentType,
} from "@domain/onboarding";
import { commonErrors, json, jsonBody, noContent, security } from "./http";

/** §7 Onboarding: identity, business and payout details, verification documents and KYC. */

const tags = ["Onboarding"];

const documentSide = z.enum(DOCUMENT_SIDES);
const kycCheckType = z.enum(KYC_CHECK_TYPES);

const configurationSchema = z
  .object({
    userType: z.enum(["individual", "company"]),
    sections: z.object({
      individualDetails: z.boolean(),
      businessDetails: z.boolean(),
      ownerVerification: z.boolean(),
      bankAccounts: z.boolean(),
      documents: z.boolean(),
      kyc: z.boolean(),
    }),
    kycCheckTypes: z.array(kycCheckType),
    identityDocumentTypes: z.array(
      z.object({ id: z.enum(IDENTITY_DOCUMENT_TYPES.map((d) => d.id) as [IdentityDocumentType, ...IdentityDocumentType[]]), label: z.string(), requiresBack: z.boolean(), sides: z.array(documentSide) }),
    ),
    payoutDocumentTypes: z.array(z.object({ id: z.enum(PAYOUT_DOCUMENT_TYPES), label: z.string(), sides: z.array(documentSide) })),
    companyDocumentTypes: z.array(z.object({ id: z.enum(COMPANY_DOCUMENT_TYPES), label: z.string(), sides: z.array(documentSide) })),
    documentSides: z.array(z.object({ id: documentSide, label: z.string() })),
    documentConstraints: z.object({ mimeTypes: z.array(z.enum(DOCUMENT_MIME_TYPES)), maxBytes: z.number().int() }),
    minimumAge: z.number().int(),
    maxBankAccounts: z.number().int(),
    maxShareholders: z.number().int(),
    maxSignatories: z.number().int(),
    currencies: z.array(z.string()),
    countries: z.array(z.object({ code: z.string(), label: z.string() })),
  })
  .openapi("OnboardingConfiguration");
export type OnboardingConfiguration = z.infer<typeof configurationSchema>;

const addressSchema = z
  .object({
    countryCode: z.string(),
    city: z.string(),
    street: z.string(),
    houseNumberOrName: z.string(),
    postalCode: z.string().nullable(),
    state: z.string().nullable(),
    province: z.string().nullable(),
  })
  .openapi("OnboardingAddress");
const person = { firstName: z.string(), lastName: z.string(), dateOfBirth: z.iso.date() };

export const individualSchema = z
  .object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    dateOfBirth: z.iso.date().nullable(),
    nationality: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    address: addressSchema.nullable(),
    taxId: z.string().nullable(),
    countryIssueTaxId: z.string().nullable(),
    taxIdentifications: z.array(z.object({ id: z.string(), countryIsoCode: z.string() })).openapi({ description: "Further tax ids, one per issuing country" }),
    vatId: z.string().nullable(),
    updatedAt: z.iso.datetime().nullable().openapi({ description: "Null until saved; the names are then the account's" }),
  })
  .openapi("IndividualDetails");

export const businessSchema = z
  .object({
    legalBusinessName: z.string().nullable(),
    registrationNumber: z.string().nullable(),
    vatId: z.string().nullable(),
    userHasVatId: z.boolean(),
    taxId: z.string().nullable(),
    countryIssueTaxId: z.string().nullable(),
    taxIdentifications: z.array(z.object({ id: z.string(), countryIsoCode: z.string() })),
    euPermanentEstablishment: z.boolean().nullable(),
    euMemberStates: z.array(z.string()).openapi({ description: "The EU member states of the permanent establishments" }),
    address: addressSchema.nullable(),
    principalAddress: addressSchema.nullable(),
    sameAddress: z.boolean(),
    businessEmail: z.string().nullable(),
    accountingEmail: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    shareholders: z.array(z.object({ ...person, ownershipPercent: z.number() })),
    signatories: z.array(z.object({ ...person, role: z.string() })),
    updatedAt: z.iso.datetime().nullable(),
  })
  .openapi("BusinessDetails");

export const bankAccountSchema = z
  .object({
    id: z.string(),
    holderName: z.string(),
    iban: z.string().openapi({ description: "Masked: only the country and the last four characters are readable" }),
    countryCode: z.string().nullable(),
    bic: z.string().nullable(),
    currency: z.string(),
    isDefault: z.boolean(),
  })
  .openapi("BankAccount");
const bankAccounts = z.object({ accounts: z.array(bankAccountSchema) });

export const documentSchema = z
  .object({
    id: z.string(),
    kind: z.enum(DOCUMENT_KINDS).openapi({ description: "What the document proves: the host's identity, the company, the company owner's identity, the payout account" }),
    documentType: z.enum(DOCUMENT_TYPES),
    side: documentSide,
    mimeType: z.enum(DOCUMENT_MIME_TYPES),
    bytes: z.number().int(),
    fileName: z.string().nullable(),
    uploadedAt: z.iso.datetime(),
  })
  .openapi("HostDocument");

/**
 * The upload's fields, for the document only: the handler reads the multipart body itself (its
 * size before anything else, the file's real type from its bytes) and reports every problem at once.
 */
const uploadFields: { type: "object"; required: string[]; properties: Record<string, { type: "string"; enum?: string[]; default?: string; format?: string; description?: string }> } = {
  type: "object",
  required: ["documentType", "file"],
  properties: {
    documentType: { type: "string", enum: [...DOCUMENT_TYPES] },
    side: { type: "string", enum: [...DOCUMENT_SIDES], default: "front", description: "back only for identity documents that have one" },
    file: { type: "string", format: "binary", description: `JPEG, PNG or PDF, at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB` },
  },
};

const kycStatus = z.enum(KYC_STATUSES);
const language = z.object({ [LANGUAGE_PARAM]: z.string().optional().openapi({ description: "The language of the labels (e.g. de_DE)" }) });

export const onboarding = {
  configuration: createRoute({
    method: "get",
    path: "/api/app/user/onboarding/getConfiguration",
    tags,
    summary: "Which onboarding sections apply to the host, the document types and constraints, currencies and countries",
    security,
    request: { query: language },
    responses: { 200: json(configurationSchema, "The configuration (cacheable for 5 minutes)"), ...commonErrors },
  }),
  individualDetails: createRoute({
    method: "get",
    path: "/api/app/user/onboarding/getIndividualDetails",
    tags,
    summary: "The host's personal details",
    security,
    responses: { 200: json(individualSchema, "The details; null fields until saved"), ...commonErrors },
  }),
  saveIndividualDetails: createRoute({
    method: "post",
    path: "/api/app/user/onboarding/saveIndividualDetails",
    tags,
    summary: "Save the host's personal details (an adult, with a complete address)",
    security,
    request: { body: jsonBody(individualDetailsSchema) },
    responses: { 200: json(individualSchema, "The saved details"), ...commonErrors },
  }),
  businessDetails: createRoute({
    method: "get",
    path: "/api/app/user/onboarding/getBusinessDetails",
    tags,
    summary: "The company's registered details, owners and legal representatives (company accounts only, else 403)",
    security,
    responses: { 200: json(businessSchema, "The details; null fields until saved"), ...commonErrors },
  }),
  saveBusinessDetails: createRoute({
    method: "post",
    path: "/api/app/user/onboarding/saveBusinessDetails",
    tags,
    summary: "Save the company's details (company accounts only, else 403)",
    security,
    request: { body: jsonBody(businessDetailsSchema) },
    responses: { 200: json(businessSchema, "The saved details"), ...commonErrors },
  }),
  bankAccounts: createRoute({
    method: "get",
    path: "/api/app/user/onboarding/getBankAccounts",
    tags,
    summary: "The payout accounts, IBANs masked",
    security,
    responses: { 200: json(bankAccounts, "The accounts in order"), ...commonErrors },
  }),
  saveBankAccounts: createRoute({
    method: "post",
    path: "/api/app/user/onboarding/saveBankAccounts",
    tags,
    summary: "Replace the payout accounts; an account sent with its id and without an IBAN keeps its IBAN",
    security,
    request: { body: jsonBody(bankAccountsSchema) },
    responses: { 200: json(bankAccounts, "The saved accounts, IBANs masked"), ...commonErrors },
  }),
  uploadDocument: createRoute({
    method: "post",
    path: "/api/app/user/onboarding/documentUpload",
    tags,
    summary: "Upload a verification document; it replaces the one of the same type and side",
    security,
    request: { body: { required: true, description: "multipart/form-data with documentType, side and file", content: { "multipart/form-data": { schema: uploadFields } } } },
    responses: { 201: json(documentSchema, "The stored document"), ...commonErrors },
  }),
  documents: createRoute({
    method: "get",
    path: "/api/app/user/onboarding/documents",
    tags,
    summary: "The host's verification documents, oldest first",
    security,
    responses: { 200: json(z.object({ items: z.array(documentSchema) }), "The documents"), ...commonErrors },
  }),
  deleteDocument: createRoute({
    method: "delete",
    path: "/api/app/user/onboarding/documents/{documentId}",
    tags,
    summary: "Delete a verification document",
    security,
    request: { params: z.object({ documentId: z.string().openapi({ description: "The document's public id (doc_…)" }) }) },
    responses: { ...noContent, ...commonErrors },
  }),
  kycStartedAt: createRoute({
    method: "get",
    path: "/api/app/user/kyc/started-at",
    tags,
    summary: "When the host started identity verification",
    security,
    responses: { 200: json(z.object({ startedAt: z.iso.datetime().nullable() }), "The start, or null"), ...commonErrors },
  }),
  startKyc: createRoute({
    method: "post",
    path: "/api/app/user/kyc/set-start-at",
    tags,
    summary: "Start identity verification (once; a second call answers the first start); 403 where it does not apply",
    security,
    responses: { 200: json(z.object({ startedAt: z.iso.datetime(), status: kycStatus }), "The start and the verification status"), ...commonErrors },
  }),
  kycStatus: createRoute({
    method: "get",
    path: "/api/app/user/kyc/status",
    tags,
    summary: "The verification status and each check's state",
    security,
    responses: {
      200: json(
        z.object({
          status: kycStatus,
          checks: z.array(z.object({ type: kycCheckType, status: z.enum(KYC_CHECK_STATUSES) })),
          isKYCApplicable: z.boolean(),
          startedAt: z.iso.datetime().nullable(),
          decision: z
            .object({
              reason: z.string().nullable().openapi({ description: "Why the verification failed (FAILED only)" }),
              decidedAt: z.iso.datetime().nullable(),
              documentsExpireOn: z.iso.date().nullable().openapi({ description: "The day a completed verification expires" }),
            })
            .openapi({ description: "Staff's decision on the verification" }),
        }),
        "The status",
      ),
      ...commonErrors,
    },
  }),
};
