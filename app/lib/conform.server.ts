/**
 * conform's zod bindings, for the actions and loaders of every form: import them from here. Loading
 * this module makes zod answer the translated codes of domain/validation-codes.ts wherever a schema
 * names no message of its own (zod keeps one configuration per process; the web's server entry sets
 * it up too). The browser never loads zod: its forms are `useHostForm` (~/lib/conform).
 */
import type { z } from "zod";
import { answerZodIssuesWithCodes } from "@domain/validation-codes";
import type { FormConstraint } from "~/lib/conform";
// The one place that may import the bindings themselves (.oxlintrc.json sends every form here).
// oxlint-disable-next-line no-restricted-imports
import { getZodConstraint } from "@conform-to/zod/v4";

answerZodIssuesWithCodes();

// oxlint-disable-next-line no-restricted-imports
export { parseWithZod } from "@conform-to/zod/v4";

/**
 * What a form's fields declare to the browser (required, lengths, bounds), for a loader to hand to
 * `useHostForm`: the schema stays on the server, the attributes go into the HTML.
 */
export function constraintOf(schema: z.ZodType): FormConstraint {
  return getZodConstraint(schema);
}
