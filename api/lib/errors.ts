import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { codeOf } from "@domain/validation-codes";
import { formatPercent } from "@domain/percent";
import { readMessage } from "@domain/validation-messages";
import { translator } from "./translate";

/** One entry of the "errors list" format of §3: `{ errors: [{ field, message, type }] }`. */
export interface FieldError {
  field: string | null;
  message: string;
  type: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export const notFound = (what = "Resource") => new ApiError(404, `${what} not found`);

export function validationFailed(errors: FieldError[]): ApiError {
  return new ApiError(400, "Validation failed", errors);
}

const english = translator("en_US");

/**
 * Maps zod issues to the errors list with dotted field paths (`address.city`). Every `type` is a
 * code of `validation.*` (a schema's own, or the code of what it left to zod, see
 * domain/validation-codes.ts), with the English text as `message`.
 */
export function zodErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const code = codeOf(issue);
    return { field: issue.path.length ? issue.path.join(".") : null, message: englishText(code, readMessage(issue.message)?.values ?? {}), type: code };
  });
}

const englishPlurals = new Intl.PluralRules("en-US");
/** The English text of a key; undefined where there is none. */
const englishOf = (key: string) => (english(key) === key ? undefined : english(key));

/** A code's English text with the values its message names (`{{percent}}`; the plural form by `count`), or the code where it has none. */
function englishText(code: string, values: Record<string, string | number>): string {
  const key = `validation.${code}`;
  const template = (typeof values.count === "number" ? englishOf(`${key}_${englishPlurals.select(values.count)}`) : undefined) ?? englishOf(key);
  if (template === undefined) return code;
  // A message's `percent` is a number of percent, written as the language writes percentages (domain/percent.ts).
  const text = (name: string) => (name === "percent" && typeof values[name] === "number" ? formatPercent(values[name], "en_US") : String(values[name]));
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => (Object.hasOwn(values, name) ? text(name) : placeholder));
}

export function errorResponse(c: Context, error: ApiError) {
  if (error.errors) return c.json({ message: error.message, errors: error.errors }, error.status);
  return c.json({ message: error.message }, error.status);
}
