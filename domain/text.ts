import { z } from "zod";
import { CONTROL_CHARACTERS, isMultiLineText, isSingleLineText } from "./text-rules";

/**
 * The text fields' schemas (zod). The rules themselves are in `text-rules.ts`, without zod, so a
 * page that only checks a text (the inbox's composer) does not load the schema library.
 */
export { CONTROL_CHARACTERS, isMultiLineText, isSingleLineText };

/** A trimmed single-line text of at most `max` characters; add `.min(1, "required")` where it is required. */
export function singleLineText(max: number) {
  return z.string({ message: "required" }).trim().max(max, "too_long").refine(isSingleLineText, CONTROL_CHARACTERS);
}

/** A trimmed multi-line text (newlines and tabs kept) of at most `max` characters. */
export function multiLineText(max: number) {
  return z.string({ message: "required" }).trim().max(max, "too_long").refine(isMultiLineText, CONTROL_CHARACTERS);
}
