import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { codeOf } from "@domain/validation-codes";
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
    const text = english(`validation.${code}`);
    return {
      field: issue.path.length ? issue.path.join(".") : null,
      message: text === `validation.${code}` ? code : text,
      type: code,
    };
  });
}

export function errorResponse(c: Context, error: ApiError) {
  if (error.errors) return c.json({ message: error.message, errors: error.errors }, error.status);
  return c.json({ message: error.message }, error.status);
}
