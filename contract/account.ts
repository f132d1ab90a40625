import { createRoute, z } from "@hono/zod-openapi";
import { hostProfilePatchSchema } from "@domain/account-profile-schema";
import { BILLING_TAGS, HOST_LANGUAGES, PROFILE_IMAGE_CONSTRAINTS, SECONDARY_PHONE_TYPES } from "@domain/account-settings";
import { bankAccountSchema, documentSchema } from "./onboarding";
import { currentUserSchema } from "./user";
import { commonErrors, errorsListSchema, json, jsonBody, messageSchema, noContent, security } from "./http";

/** §3 Host profile, the profile image, billing tags and the payout accounts' history (§7 User, the account pages). */

const tags = ["User"];

const imageUrls = z.object({ small: z.string(), medium: z.string(), large: z.string() }).nullable();

export const hostProfileSchema = z
  .object({
    type: z.enum(["individual", "company"]),
    aboutHost: z.string().nullable(),
    hostLanguages: z.array(z.enum(HOST_LANGUAGES)),
    sendInquirySms: z.boolean(),
    showPhoneNumberOnOffer: z.boolean(),
    secondaryPhone: z.string().nullable(),
    secondaryPhoneType: z.enum(SECONDARY_PHONE_TYPES).nullable(),
    phoneForGuests: z.string().nullable(),
    phoneForSms: z.string().nullable(),
    alias: z.string().nullable(),
    marketingConsent: z.boolean(),
    phone: z.string().nullable(),
    imageUrls,
    individual: z.object({ firstName: z.string(), lastName: z.string(), phoneNumber: z.string().nullable(), email: z.string() }).nullable(),
    company: z.object({ legalBusinessName: z.string(), phoneNumber: z.string().nullable(), accountEmail: z.string() }).nullable(),
    updatedAt: z.iso.datetime().nullable(),
  })
  .openapi("HostProfile");
export type HostProfile = z.infer<typeof hostProfileSchema>;

const imageFile = { schema: { type: "string" as const, format: "binary" } };

/** Read by the handler itself (its size, then its real type from its bytes), as unit photos are. */
const imageForm = {
  type: "object" as const,
  required: ["image"],
  properties: {
    image: {
      type: "string" as const,
      format: "binary",
      description: `A ${PROFILE_IMAGE_CONSTRAINTS.mimeTypes.join(", ")} of ${PROFILE_IMAGE_CONSTRAINTS.minWidth}×${PROFILE_IMAGE_CONSTRAINTS.minHeight} to ${PROFILE_IMAGE_CONSTRAINTS.maxWidth}×${PROFILE_IMAGE_CONSTRAINTS.maxHeight} pixels, at most ${PROFILE_IMAGE_CONSTRAINTS.maxBytes / 1024 / 1024} MB`,
    },
  },
};

const bankAccountVersionSchema = z
  .object({
    id: z.string().openapi({ description: "The account's id, shared by its versions" }),
    holderName: z.string(),
    iban: z.string().openapi({ description: "Masked: only the last four characters are readable" }),
    countryCode: z.string().nullable(),
    bic: z.string().nullable(),
    currency: z.string(),
    isDefault: z.boolean(),
    validFrom: z.iso.datetime(),
    validTo: z.iso.datetime().nullable().openapi({ description: "When the version was replaced or removed; null while current" }),
  })
  .openapi("BankAccountVersion");

export const account = {
  profile: createRoute({
    method: "get",
    path: "/api/app/user/profile",
    tags,
    summary: "The host profile (§3): about, languages, phone numbers, alias, marketing consent, the person's or company's names",
    security,
    responses: { 200: json(hostProfileSchema, "The profile; empty until saved"), ...commonErrors },
  }),
  saveProfile: createRoute({
    method: "patch",
    path: "/api/app/user/profile",
    tags,
    summary: "Edit the host profile; a field left out keeps its value (firstName/lastName for people, legalBusinessName for companies)",
    security,
    request: { body: jsonBody(hostProfilePatchSchema) },
    responses: { 200: json(hostProfileSchema, "The saved profile"), ...commonErrors },
  }),
  uploadImage: createRoute({
    method: "post",
    path: "/api/app/user/image",
    tags,
    summary: "Set the profile image (checked by its bytes); it replaces the previous one",
    security,
    request: { body: { required: true, description: "multipart/form-data with the file as `image`", content: { "multipart/form-data": { schema: imageForm } } } },
    responses: {
      200: json(z.object({ imageUrls }), "The image's addresses"),
      ...commonErrors,
      400: json(z.union([errorsListSchema, messageSchema]), "No file, or a file that is not an acceptable image (field image)"),
      415: json(messageSchema, "The body is not multipart/form-data"),
    },
  }),
  deleteImage: createRoute({
    method: "delete",
    path: "/api/app/user/image",
    tags,
    summary: "Remove the profile image",
    security,
    responses: { ...noContent, ...commonErrors },
  }),
  image: createRoute({
    method: "get",
    path: "/api/app/user/image",
    tags,
    summary: "The signed-in host's profile image (404 without one); `v` names the version, for caching",
    security,
    request: { query: z.object({ v: z.string().max(64).optional() }) },
    responses: { 200: { description: "The image", content: { "image/jpeg": imageFile, "image/png": imageFile, "image/webp": imageFile } }, ...commonErrors },
  }),
  saveBillingTag: createRoute({
    method: "put",
    path: "/api/app/user/billing-tag/{tag}/save",
    tags,
    summary: "Choose how a commission host pays: `standard` commission or a hybrid bidding tag (403 for subscription hosts and while onboarding)",
    security,
    request: { params: z.object({ tag: z.enum(BILLING_TAGS, { message: "invalid_choice" }).openapi({ description: "standard, hybrid_3, hybrid_7, hybrid_13 or hybrid_19" }) }) },
    responses: { 200: json(currentUserSchema, "The user with the new model and bidding tag"), ...commonErrors },
  }),
  bankAccountHistory: createRoute({
    method: "get",
    path: "/api/app/user/payout-accounts/history",
    tags,
    summary: "Every version of the payout accounts, newest first (a change adds a version; at most 100)",
    security,
    responses: { 200: json(z.object({ items: z.array(bankAccountVersionSchema) }), "The versions, IBANs masked"), ...commonErrors },
  }),
  payout: createRoute({
    method: "get",
    path: "/api/app/user/payout",
    tags,
    summary: "The account's payout tab in one read: the current payout accounts, their earlier versions (newest first, at most 100) and the bank documents",
    security,
    responses: {
      200: json(
        z.object({ accounts: z.array(bankAccountSchema), history: z.array(bankAccountVersionSchema), documents: z.array(documentSchema) }),
        "Accounts and versions with IBANs masked; the payout documents",
      ),
      ...commonErrors,
    },
  }),
};
