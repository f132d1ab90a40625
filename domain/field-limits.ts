import { isSingleLineText } from "./text";

/**
 * The lengths and choices of a property's and its units' fields, as plain values: what the schemas
 * of domain/listing-fields.ts check on the server and what a page may check in the browser, which
 * never loads zod (docs/decisions/023-forms-validate-on-the-server.md).
 */
export const TITLE_MAX_LENGTH = 120;
export const DESCRIPTION_MAX_LENGTH = 5000;
/** The property's restaurant and special-offer texts. */
export const EXTRA_DESCRIPTION_MAX_LENGTH = 2000;

/** Days of notice a guest must give before arrival. */
export const NOTICE_OPTIONS = [0, 1, 2, 3, 7] as const;
/** Nights kept free after a stay, to prepare the unit. */
export const PREPARATION_OPTIONS = [0, 1, 2] as const;

export const isNoticeOption = (days: number) => (NOTICE_OPTIONS as readonly number[]).includes(days);
export const isPreparationOption = (nights: number) => (PREPARATION_OPTIONS as readonly number[]).includes(nights);

/** A unit's registration number and Italian national identification code (CIN), as typed. */
export const REGISTRATION_NUMBER_MAX_LENGTH = 64;

/** What `registrationNumberSchema.min(1)` accepts: a filled-in single line of at most 64 characters, once trimmed. */
export function isRegistrationNumber(value: string) {
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= REGISTRATION_NUMBER_MAX_LENGTH && isSingleLineText(trimmed);
}
