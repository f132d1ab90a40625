import { createRoute, z } from "@hono/zod-openapi";
import { HOST_ROLES, INELIGIBLE_REASONS } from "@domain/eligibility";
import { LOCALES } from "@domain/locales";
import { SUPPORTED_CURRENCIES } from "@domain/money";
import { singleLineText } from "@domain/text";
import { APP_FEATURES, BIDDING_TAGS } from "@domain/user-flags";
import { MAX_NOTIFICATIONS, NOTIFICATION_TYPES } from "@domain/notifications";
import { commonErrors, conflictWithReasons, json, jsonBody, security } from "./http";
import { notificationSchema } from "./home";

/** §3 Current user and the tooltips and tours they have seen (§7 user). */

export const INTERACTION_TYPES = ["helpCenterTooltip", "welcomeTour"] as const;
export type InteractionType = (typeof INTERACTION_TYPES)[number];

export const currentUserSchema = z
  .object({
    userId: z.string(),
    role: z.enum(["host", "staff"]),
    type: z.enum(["individual", "company"]),
    locale: z.string(),
    language: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    alias: z.string().nullable(),
    companyName: z.string().nullable(),
    fullName: z.string(),
    currency: z.string(),
    imageUrls: z.object({ small: z.string(), medium: z.string(), large: z.string() }).nullable(),
    onboardingStatus: z.enum(["in_progress", "finished"]),
    // "eligible", why the host may not list (domain/eligibility.ts), or null before the eligibility questions.
    listingEligibility: z.enum(["eligible", ...INELIGIBLE_REASONS]).nullable(),
    isImpersonating: z.boolean(),
    impersonatedBy: z.object({ userId: z.string(), fullName: z.string() }).nullable(),
    sessionId: z.string(),
    kycInitiated: z.boolean(),
    accountSource: z.string(),
    status: z.string().openapi({ description: "The identity verification (KYC) status" }),
    commercialModel: z.enum(["subscription", "commission", "hybrid"]),
    biddingTag: z.enum(BIDDING_TAGS).nullable(),
    commissionApplicable: z.boolean(),
    subscriptionApplicable: z.boolean(),
    bookingsAvailable: z.boolean(),
    inquiriesAvailable: z.boolean(),
    isSubscriptionCheckoutAvailable: z.boolean(),
    isKYCApplicable: z.boolean(),
    isCoinSubscriptionEnabled: z.boolean(),
    isB2B: z.boolean(),
    appFeatures: z.array(z.enum(APP_FEATURES)),
    memberSince: z.iso.datetime(),
  })
  .openapi("CurrentUser");
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const interactionSchema = z
  .object({ interactionType: z.enum(INTERACTION_TYPES), interacted: z.boolean(), createdAt: z.iso.datetime() })
  .openapi("Interaction");
const interactions = z.object({ interactions: z.array(interactionSchema), notifications: z.array(notificationSchema) });

const name = singleLineText(80).min(1, "required");

export const patchUserInfoSchema = z
  .object({
    firstName: name,
    lastName: name,
    alias: singleLineText(80).nullable(),
    companyName: singleLineText(120).min(1, "required"),
    locale: z.enum(LOCALES, { message: "invalid_choice" }),
    currency: z.enum(SUPPORTED_CURRENCIES, { message: "currency_invalid" }),
    // How the host pays (the wizard's commercial-model step); chosen once, while onboarding.
    commercialModel: z.enum(["subscription", "commission"]),
  })
  .partial()
  .strict();

const putInteractions = z
  .object({
    interactions: z
      .array(
        z
          .object({
            interactionType: z.enum([...INTERACTION_TYPES, ...NOTIFICATION_TYPES]),
            interacted: z.boolean(),
            unitId: z.string().max(64).optional().openapi({ description: "For a notification about one unit: the unit" }),
          })
          .strict(),
      )
      .min(1)
      .max(INTERACTION_TYPES.length + MAX_NOTIFICATIONS),
  })
  .strict();

const eligibilityAnswers = z.object({ countryCode: z.string().trim().min(2, "required").max(5), hostRole: z.enum(HOST_ROLES) }).strict();
const eligibility = z.object({
  eligible: z.boolean(),
  reason: z.enum(INELIGIBLE_REASONS).optional(),
  onboardingStatus: z.enum(["in_progress", "finished"]),
});

const tags = ["User"];

export const user = {
  info: createRoute({
    method: "get",
    path: "/api/app/user/info",
    tags,
    summary: "The signed-in user (or the host a staff member acts for), with the flags derived from the account",
    security,
    responses: { 200: json(currentUserSchema, "The current user"), ...commonErrors },
  }),
  updateInfo: createRoute({
    method: "patch",
    path: "/api/app/user/info",
    tags,
    summary: "Edit the user's name, company name, language, currency or (while onboarding) commercial model",
    security,
    request: { body: jsonBody(patchUserInfoSchema) },
    responses: { 200: json(currentUserSchema, "The edited user"), ...commonErrors, ...conflictWithReasons },
  }),
  interactions: createRoute({
    method: "get",
    path: "/api/app/user/interactions",
    tags,
    summary: "The tooltips and tours the user has seen or dismissed, and the notifications (read when interacted)",
    security,
    responses: { 200: json(interactions, "The interactions"), ...commonErrors },
  }),
  saveInteractions: createRoute({
    method: "put",
    path: "/api/app/user/interaction",
    tags,
    summary: "Mark tooltips or tours as seen, or notifications as read (a notification about one unit names it); a notification that is not raised answers 404",
    security,
    request: { body: jsonBody(putInteractions) },
    responses: { 200: json(interactions, "Every interaction of the user"), ...commonErrors },
  }),
  initOnboarding: createRoute({
    method: "post",
    path: "/api/app/user/init-onboarding",
    tags,
    summary: "Answer the eligibility questions; an eligible host goes on to list a first property",
    security,
    request: { body: jsonBody(eligibilityAnswers) },
    responses: { 200: json(eligibility, "Whether the host may list, and why not"), ...commonErrors },
  }),
};
