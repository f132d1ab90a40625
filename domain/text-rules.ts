/**
 * What a host may type into a text field. Control characters (C0 and C1, NUL, DEL) and the
 * invisible bidirectional embedding, override and isolate characters (U+202A–U+202E,
 * U+2066–U+2069) are refused: they hide or reorder what a guest, a host or staff reads (a
 * right-to-left override turns "txt.exe" around), break CSV exports and headers, and NUL cuts
 * strings in other systems. A single-line field (a title, a name, an address line, a number)
 * also refuses line breaks and tabs; a multi-line field (a description) keeps newlines and tabs.
 * Left-to-right and right-to-left marks (U+200E, U+200F) stay allowed: Arabic and Hebrew text
 * needs them, and they reorder nothing around them.
 */
const BIDI_CONTROLS = "\\u202A-\\u202E\\u2066-\\u2069";
const SINGLE_LINE_REFUSED = new RegExp(`[\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029${BIDI_CONTROLS}]`, "u");
const MULTI_LINE_REFUSED = new RegExp(`[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${BIDI_CONTROLS}]`, "u");

/** The error code of a refused character (`validation.control_characters` in the locales). */
export const CONTROL_CHARACTERS = "control_characters";

export function isSingleLineText(value: string) {
  return !SINGLE_LINE_REFUSED.test(value);
}

export function isMultiLineText(value: string) {
  return !MULTI_LINE_REFUSED.test(value);
}
