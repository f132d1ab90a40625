import { z } from "zod";
import { ABOUT_HOST_MAX, HOST_LANGUAGES, SECONDARY_PHONE_TYPES } from "./account-settings";
import { normalizePhoneNumber } from "./onboarding";
import { multiLineText, singleLineText } from "./text";

/** The host profile's request schema (§3), apart from account-settings.ts so that pages do not load zod. */

/** An optional phone number in international form; empty is none. */
const optionalPhone = z
  .string()
  .max(40, "too_long")
  .nullish()
  .transform((value, ctx) => {
    if (!value?.trim()) return null;
    const normalized = normalizePhoneNumber(value);
    if (normalized) return normalized;
    ctx.addIssue({ code: "custom", message: "phone_invalid" });
    return z.NEVER;
  });

const optionalText = (max: number) =>
  singleLineText(max)
    .nullish()
    .transform((v) => v || null);

/**
 * The profile as saved (PATCH /api/app/user/profile): every field optional, a field left out keeps
 * its value. Names are the account's (`firstName`, `lastName` of a person, `legalBusinessName` of a
 * company, which is its account's company name).
 */
export const hostProfilePatchSchema = z
  .object({
    aboutHost: multiLineText(ABOUT_HOST_MAX)
      .nullish()
      .transform((v) => v?.trim() || null),
    hostLanguages: z
      .array(z.enum(HOST_LANGUAGES, { message: "invalid_choice" }))
      .max(HOST_LANGUAGES.length, "too_many")
      .transform((list) => [...new Set(list)]),
    phone: optionalPhone,
    phoneForGuests: optionalPhone,
    phoneForSms: optionalPhone,
    secondaryPhone: optionalPhone,
    secondaryPhoneType: z.enum(SECONDARY_PHONE_TYPES, { message: "invalid_choice" }).nullable(),
    sendInquirySms: z.boolean(),
    showPhoneNumberOnOffer: z.boolean(),
    marketingConsent: z.boolean(),
    alias: optionalText(80),
    firstName: singleLineText(80).min(1, "required"),
    lastName: singleLineText(80).min(1, "required"),
    legalBusinessName: singleLineText(200).min(1, "required"),
  })
  .partial()
  .strict();
export type HostProfilePatch = z.output<typeof hostProfilePatchSchema>;

