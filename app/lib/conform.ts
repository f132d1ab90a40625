/**
 * conform's zod bindings, for every form of the app: import them from here. Loading this module
 * makes zod answer the translated codes of domain/validation-codes.ts wherever a schema names no
 * message of its own (zod keeps one configuration per process). The browser thus sets it up with
 * the first form, and pages without a form do not load zod at all.
 */
import { answerZodIssuesWithCodes } from "@domain/validation-codes";

answerZodIssuesWithCodes();

// The one place that may import the bindings themselves (.oxlintrc.json sends every form here).
// oxlint-disable-next-line no-restricted-imports
export { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
