import { z } from "zod";

/** The current user of §3 as the web reads it (GET /api/app/user/info). */
export const currentUserSchema = z.object({
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
  isImpersonating: z.boolean(),
  impersonatedBy: z.object({ userId: z.string(), fullName: z.string() }).nullable(),
  sessionId: z.string(),
  kycInitiated: z.boolean(),
  accountSource: z.string(),
  status: z.string(),
  commercialModel: z.enum(["subscription", "commission", "hybrid"]),
  biddingTag: z.string().nullable(),
  commissionApplicable: z.boolean(),
  subscriptionApplicable: z.boolean(),
  bookingsAvailable: z.boolean(),
  inquiriesAvailable: z.boolean(),
  isSubscriptionCheckoutAvailable: z.boolean(),
  isKYCApplicable: z.boolean(),
  isCoinSubscriptionEnabled: z.boolean(),
  isB2B: z.boolean(),
  appFeatures: z.array(z.string()),
  memberSince: z.iso.datetime(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
  token_type: z.string(),
});

export const interactionsSchema = z.object({
  interactions: z.array(z.object({ interactionType: z.string(), interacted: z.boolean() })),
});

export const pendingCountSchema = z.object({ count: z.number().int().min(0) });

export const brandConfigSchema = z.object({
  brand: z.string(),
  name: z.string(),
  stylesheet: z.string().nullable(),
  helpCenterUrl: z.string(),
});
export type BrandConfig = z.infer<typeof brandConfigSchema>;

export const staffHostsSchema = z.object({
  items: z.array(
    z.object({ userId: z.string(), email: z.string(), firstName: z.string(), lastName: z.string(), companyName: z.string().nullable(), type: z.string() }),
  ),
  pagination: z.object({ current: z.number(), next: z.number() }),
});
