import { deriveUserFlags } from "@domain/user-flags";
import type { Principal } from "@api/context";
import { profileImageUrls } from "./profile-image";

/** The current user of §3, every field, with flags derived from stored data. */
export function presentCurrentUser({ user, impersonator, sessionId }: Principal) {
  const flags = deriveUserFlags(user);
  const fullName = user.type === "company" && user.companyName
    ? user.companyName
    : `${user.firstName} ${user.lastName}`.trim();
  return {
    userId: user.publicId,
    role: user.role,
    type: user.type,
    locale: user.locale,
    language: user.locale.split("_")[0] ?? user.locale,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    alias: user.alias,
    companyName: user.companyName,
    fullName,
    currency: user.currency,
    imageUrls: profileImageUrls(user.imageKey),
    onboardingStatus: user.onboardingStatus,
    listingEligibility: user.listingEligibility,
    isImpersonating: impersonator !== null,
    impersonatedBy: impersonator ? { userId: impersonator.publicId, fullName: `${impersonator.firstName} ${impersonator.lastName}`.trim() } : null,
    sessionId,
    kycInitiated: user.kycStartedAt !== null,
    accountSource: user.accountSource,
    status: user.kycStatus,
    memberSince: user.createdAt.toISOString(),
    ...flags,
  };
}

export type CurrentUser = ReturnType<typeof presentCurrentUser>;
