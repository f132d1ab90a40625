import { z } from "zod";
import { DESCRIPTION_MAX_LENGTH, EXTRA_DESCRIPTION_MAX_LENGTH, isNoticeOption, isPreparationOption, REGISTRATION_NUMBER_MAX_LENGTH, TITLE_MAX_LENGTH } from "./field-limits";
import { multiLineText, singleLineText } from "./text";

/**
 * Field rules of a property and its units that the host API and the web's actions share, as zod
 * schemas of the limits in field-limits.ts (§4 About, Booking policies): the form never accepts
 * what the API refuses.
 */
export const titleSchema = singleLineText(TITLE_MAX_LENGTH);
export const descriptionSchema = multiLineText(DESCRIPTION_MAX_LENGTH);
export const extraDescriptionSchema = multiLineText(EXTRA_DESCRIPTION_MAX_LENGTH);
export const registrationNumberSchema = singleLineText(REGISTRATION_NUMBER_MAX_LENGTH);

/** As the API receives them: JSON numbers. Forms read the same with `z.coerce.number()`. */
export const noticeSchema = z.number({ message: "notice_invalid" }).refine(isNoticeOption, "notice_invalid");
export const preparationSchema = z.number({ message: "preparation_invalid" }).refine(isPreparationOption, "preparation_invalid");
