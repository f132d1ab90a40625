import type { SubmissionResult } from "~/lib/conform";
import { data, type MiddlewareFunction } from "react-router";
import { HostApiError, refusalOf } from "./host-api.server";

/**
 * Puts an API failure onto the submitted form: field errors on their fields, the rest as form
 * errors. `apiPrefix` names the object the API nests the form's fields in (`bookingPolicies`);
 * `rename` maps an API field to the form's own name where they differ; with `fields` (the form's
 * own field names) an error on any other field is said as the form's, so that none goes unseen.
 * Codes stay codes; the form translates them. `headers` passes on the API's Retry-After. A 404 is
 * the page's (see refusalOf).
 */
export function replyWithApiError(
  submission: { reply: (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => SubmissionResult<string[]> },
  error: unknown,
  options: { apiPrefix?: string; hideFields?: string[]; rename?: Record<string, string>; fields?: readonly string[] } = {},
) {
  // An API that failed (5xx) is said on the form too, so that what was typed stays.
  const refusal = error instanceof HostApiError && error.status >= 500 ? error : refusalOf(error);
  const fieldErrors: Record<string, string[]> = {};
  const formErrors = refusal.formErrors.map((e) => e.type);
  for (const [field, errors] of Object.entries(refusal.fieldErrors)) {
    const unprefixed = options.apiPrefix && field.startsWith(`${options.apiPrefix}.`) ? field.slice(options.apiPrefix.length + 1) : field;
    const name = options.rename?.[unprefixed] ?? unprefixed;
    if (options.fields && !options.fields.includes(name)) formErrors.push(...errors.map((e) => e.type));
    else fieldErrors[name] = errors.map((e) => e.type);
  }
  return {
    result: submission.reply({ formErrors, fieldErrors, hideFields: options.hideFields }),
    status: refusal.status >= 500 ? 500 : refusal.status === 429 ? 429 : 400,
    headers: refusal.retryAfter ? { "Retry-After": refusal.retryAfter } : undefined,
  };
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Every page's actions read a form (`request.formData()`); a write whose body is not a form (JSON,
 * text) is refused with 415 before an action parses it, instead of failing as a 500. A write
 * without any body arrives as an empty form (workers/app.ts). Root middleware: a page without an
 * action still answers 405 (entry.server.tsx).
 */
export const formBodyMiddleware: MiddlewareFunction<Response> = ({ request }, next) => {
  if (request.method === "GET" || request.method === "HEAD") return next();
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) throw data(null, { status: 415 });
  return next();
};
