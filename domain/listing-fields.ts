import { z } from "zod";
import { multiLineText, singleLineText } from "./text";

/**
 * Field rules of a property and its units that the host API and the web forms share: one place
 * for the lengths of titles and descriptions and the choices of booking policies (§4 About,
 * Booking policies), so the form never accepts what the API refuses.
 */
export const TITLE_MAX_LENGTH = 120;
export const DESCRIPTION_MAX_LENGTH = 5000;
/** The property's restaurant and special-offer texts. */
export const EXTRA_DESCRIPTION_MAX_LENGTH = 2000;

/** Days of notice a guest must give before arrival. */
export const NOTICE_OPTIONS = [0, 1, 2, 3, 7] as const;
/** Nights kept free after a stay, to prepare the unit. */
export const PREPARATION_OPTIONS = [0, 1, 2] as const;

/** A unit's registration number and Italian national identification code (CIN), as typed. */
export const REGISTRATION_NUMBER_MAX_LENGTH = 64;

export const titleSchema = singleLineText(TITLE_MAX_LENGTH);
export const descriptionSchema = multiLineText(DESCRIPTION_MAX_LENGTH);
export const extraDescriptionSchema = multiLineText(EXTRA_DESCRIPTION_MAX_LENGTH);
export const registrationNumberSchema = singleLineText(REGISTRATION_NUMBER_MAX_LENGTH);

export const isNoticeOption = (days: number) => (NOTICE_OPTIONS as readonly number[]).includes(days);
export const isPreparationOption = (nights: number) => (PREPARATION_OPTIONS as readonly number[]).includes(nights);

/** As the API receives them: JSON numbers. Forms read the same with `z.coerce.number()`. */
export const noticeSchema = z.number({ message: "notice_invalid" }).refine(isNoticeOption, "notice_invalid");
export const preparationSchema = z.number({ message: "preparation_invalid" }).refine(isPreparationOption, "preparation_invalid");
