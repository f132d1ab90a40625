import type { SubmissionResult } from "@conform-to/react";
import { HostApiError } from "./host-api.server";

/**
 * Puts an API failure onto the submitted form: field errors on their fields (under an optional
 * prefix), the rest as form errors. Codes stay codes; the form translates them.
 */
export function replyWithApiError(
  submission: { reply: (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => SubmissionResult<string[]> },
  error: unknown,
  options: { prefix?: string; hideFields?: string[] } = {},
) {
  if (!(error instanceof HostApiError)) throw error;
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, errors] of Object.entries(error.fieldErrors)) {
    fieldErrors[options.prefix ? `${options.prefix}.${field}` : field] = errors.map((e) => e.type);
  }
  const formErrors = error.formErrors.map((e) => e.type);
  return { result: submission.reply({ formErrors, fieldErrors, hideFields: options.hideFields }), status: error.status >= 500 ? 500 : error.status === 429 ? 429 : 400 };
}
