import { BIDDING_TAGS, earningsAvailable, type BiddingTag, type CommercialModel } from "./user-flags";

/**
 * The account pages' rules (§2 Account, §3 Host profile, §6): which tabs a host sees, what the host
 * profile holds, the profile image's limits and the billing tags a commission host may switch to.
 * Messages are codes (`validation.<code>` in the locales). No zod here: pages import these in the
 * browser; the profile's request schema is in account-profile-schema.ts.
 */

// ---------------------------------------------------------------------------------------------
// Tabs (§2: profile/details, billing, payout for commission hosts, pricing model for commission or
// B2B hosts and not hybrid, payment details when subscription checkout is available, earning
// details per setting (the earnings setting of a commission host, as the statistics' earnings),
// localization)
// ---------------------------------------------------------------------------------------------

export const ACCOUNT_TABS = ["profile", "billing", "payout", "pricing", "payment", "earnings", "localization"] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export interface AccountTabFlags {
  commercialModel: CommercialModel;
  commissionApplicable: boolean;
  isB2B: boolean;
  isSubscriptionCheckoutAvailable: boolean;
  appFeatures: readonly string[];
}

export function isAccountTab(value: unknown): value is AccountTab {
  return typeof value === "string" && (ACCOUNT_TABS as readonly string[]).includes(value);
}

/** The tabs the host sees, in the order of §2. */
export function visibleAccountTabs(flags: AccountTabFlags): AccountTab[] {
  return ACCOUNT_TABS.filter((tab) => {
    switch (tab) {
      case "payout":
        return flags.commissionApplicable;
      case "pricing":
        return flags.commercialModel !== "hybrid" && (flags.commercialModel === "commission" || flags.isB2B);
      case "payment":
        return flags.isSubscriptionCheckoutAvailable;
      case "earnings":
        // The setting of the statistics' earnings (§2 Insights): the tab leads there.
        return earningsAvailable(flags);
      default:
        return true;
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Host profile (§3)
// ---------------------------------------------------------------------------------------------

/** Languages a host may say they speak (ISO 639-1); their names come from `Intl.DisplayNames`. */
export const HOST_LANGUAGES = [
  "ar", "bg", "cs", "da", "de", "el", "en", "es", "et", "fi", "fr", "he", "hr", "hu", "it", "ja", "ko", "lt", "lv", "nl",
  "no", "pl", "pt", "ro", "ru", "sk", "sl", "sr", "sv", "tr", "uk", "zh",
] as const;
export type HostLanguage = (typeof HOST_LANGUAGES)[number];

export const SECONDARY_PHONE_TYPES = ["mobile", "landline", "whatsapp"] as const;
export type SecondaryPhoneType = (typeof SECONDARY_PHONE_TYPES)[number];

export const ABOUT_HOST_MAX = 2000;

export interface StoredHostProfile {
  phoneForGuests: string | null;
  phoneForSms: string | null;
  secondaryPhone: string | null;
  secondaryPhoneType: string | null;
  sendInquirySms: boolean;
  showPhoneNumberOnOffer: boolean;
}

/**
 * What a saved profile must hold together (after the patch is applied): SMS about inquiries need
 * the SMS number, a number shown on offers needs the guests' number, a second number its type.
 * Answers the problems as field and code.
 */
export function hostProfileProblems(profile: StoredHostProfile): { field: keyof StoredHostProfile; type: string }[] {
  const problems: { field: keyof StoredHostProfile; type: string }[] = [];
  if (profile.sendInquirySms && !profile.phoneForSms) problems.push({ field: "phoneForSms", type: "phone_for_sms_required" });
  if (profile.showPhoneNumberOnOffer && !profile.phoneForGuests) problems.push({ field: "phoneForGuests", type: "phone_for_guests_required" });
  if (profile.secondaryPhone && !profile.secondaryPhoneType) problems.push({ field: "secondaryPhoneType", type: "required" });
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Profile image (checked by its bytes, like unit photos)
// ---------------------------------------------------------------------------------------------

export const PROFILE_IMAGE_CONSTRAINTS = {
  mimeTypes: ["image/jpeg", "image/png", "image/webp"] as const,
  maxBytes: 5 * 1024 * 1024,
  minWidth: 100,
  minHeight: 100,
  maxWidth: 6000,
  maxHeight: 6000,
};

/** Why an image (its type and size read from its bytes) cannot be the profile image; null when it can. */
export function profileImageProblem(info: { mimeType: string; width: number; height: number; complete: boolean } | null, bytes: number): string | null {
  if (bytes > PROFILE_IMAGE_CONSTRAINTS.maxBytes) return "image_too_large";
  if (!info || !(PROFILE_IMAGE_CONSTRAINTS.mimeTypes as readonly string[]).includes(info.mimeType)) return "image_type_invalid";
  if (!info.complete) return "image_incomplete";
  if (info.width < PROFILE_IMAGE_CONSTRAINTS.minWidth || info.height < PROFILE_IMAGE_CONSTRAINTS.minHeight) return "image_too_small";
  if (info.width > PROFILE_IMAGE_CONSTRAINTS.maxWidth || info.height > PROFILE_IMAGE_CONSTRAINTS.maxHeight) return "image_too_big";
  return null;
}

// ---------------------------------------------------------------------------------------------
// Billing tags (§7 PUT /api/app/user/billing-tag/{tag}/save)
// ---------------------------------------------------------------------------------------------

/** `standard`: the standard commission; `hybrid_N`: N % commission beside a subscription (§1). */
export const BILLING_TAGS = ["standard", ...BIDDING_TAGS] as const;
export type BillingTag = (typeof BILLING_TAGS)[number];

export function isBillingTag(value: unknown): value is BillingTag {
  return typeof value === "string" && (BILLING_TAGS as readonly string[]).includes(value);
}

/** The tag a host has now. */
export function currentBillingTag(biddingTag: BiddingTag | null): BillingTag {
  return biddingTag ?? "standard";
}

/**
 * Whether the host may switch billing tags: commission hosts only (hybrid ones are commission
 * hosts with a tag), once onboarding is finished (the commercial model is chosen while onboarding).
 */
export function mayChooseBillingTag(user: { commercialModel: "subscription" | "commission"; onboardingStatus: "in_progress" | "finished" }): boolean {
  return user.commercialModel === "commission" && user.onboardingStatus === "finished";
}

/** The bidding tag stored for a billing tag. */
export function biddingTagOf(tag: BillingTag): BiddingTag | null {
  return tag === "standard" ? null : tag;
}
