import { HOST_LANGUAGES } from "@domain/account-settings";
import type { SubmissionResult } from "~/lib/conform";
import { displayNames } from "~/lib/display-names";
import { HostApiError, refusalOf } from "~/lib/host-api.server";

/** An API field (`taxIdentifications.0.id`) as the form names it (`taxIdentifications[0].id`). */
export function formFieldName(apiField: string): string {
  return apiField.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

/**
 * Puts an API refusal on an account form: field errors under their fields (list rows included),
 * the rest as the form's; what the host typed stays. A 404 is the page's.
 */
export function replyWithAccountError(
  submission: { reply: (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> },
  error: unknown,
  mapField: (apiField: string) => string = (field) => field,
) {
  const refusal = error instanceof HostApiError && error.status >= 500 ? error : refusalOf(error);
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, errors] of Object.entries(refusal.fieldErrors)) (fieldErrors[formFieldName(mapField(field))] ??= []).push(...errors.map((e) => e.type));
  return {
    result: submission.reply({ formErrors: refusal.formErrors.map((e) => e.type), fieldErrors }),
    status: refusal.status >= 500 ? 500 : 400,
  };
}

/** A text field of a form: empty is none. */
export function textOrNull(value: string | undefined): string | null {
  return value?.trim() ? value.trim() : null;
}

/**
 * The rows of a list the host filled in (blank rows are left out), and how to name an API error on
 * one of them by the row the host sees: `list.0.id` of the API is `list.2.id` when rows 0 and 1
 * were blank.
 */
export function filledRows<T extends Record<string, unknown>>(name: string, rows: readonly T[] | undefined, filled: (row: T) => boolean) {
  const kept = (rows ?? []).map((row, index) => ({ row, index })).filter(({ row }) => filled(row));
  return {
    rows: kept.map((k) => k.row),
    mapField: (field: string) => {
      const match = new RegExp(`^${name}\\.(\\d+)(.*)$`).exec(field);
      return match ? `${name}.${kept[Number(match[1])]?.index ?? match[1]}${match[2]}` : field;
    },
  };
}

/** Whether any text of a row was filled in. */
export function anyText(row: Record<string, unknown>): boolean {
  return Object.values(row).some((v) => typeof v === "string" && v.trim() !== "");
}

/** The languages a host may speak, by their names in one language, sorted: once per isolate and language (decision 009). */
const hostLanguageOptions = new Map<string, readonly { value: string; label: string }[]>();

export function hostLanguagesIn(languageTag: string): readonly { value: string; label: string }[] {
  let options = hostLanguageOptions.get(languageTag);
  if (!options) {
    const names = displayNames(languageTag, { type: "language" });
    options = HOST_LANGUAGES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label));
    hostLanguageOptions.set(languageTag, options);
  }
  return options;
}
