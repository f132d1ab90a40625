import { z } from "zod";
import { readMessage } from "./validation-messages";

/**
 * Every validation message is a code of `validation.*` that the web and the API translate (§5): a
 * schema names its own codes ("required", "too_long"), and what a schema leaves to zod is mapped
 * here instead of zod's English ("Too big: expected string to have <=100 characters").
 */
export const ZOD_ISSUE_CODES = [
  "required",
  "invalid",
  "too_long",
  "too_short",
  "too_many",
  "too_few",
  "too_large",
  "too_small",
  "invalid_choice",
  "format_invalid",
  "email_invalid",
  "unknown_field",
] as const;
export type ZodIssueCode = (typeof ZOD_ISSUE_CODES)[number];

/** What of a zod issue decides its code (a raw issue while parsing, or one of a ZodError). */
interface IssueFacts {
  code: string;
  origin?: string;
  minimum?: number | bigint;
  format?: string;
  input?: unknown;
}

export function issueCode(issue: IssueFacts): ZodIssueCode {
  switch (issue.code) {
    case "invalid_type":
      // While parsing, the issue carries its input: nothing sent is "required".
      return "input" in issue && issue.input === undefined ? "required" : "invalid";
    case "too_big":
      return issue.origin === "string" ? "too_long" : issue.origin === "array" || issue.origin === "set" ? "too_many" : "too_large";
    case "too_small":
      if (issue.origin === "string") return Number(issue.minimum) <= 1 ? "required" : "too_short";
      return issue.origin === "array" || issue.origin === "set" ? "too_few" : "too_small";
    case "invalid_value":
      return "invalid_choice";
    case "invalid_format":
      return issue.format === "email" ? "email_invalid" : "format_invalid";
    case "unrecognized_keys":
      return "unknown_field";
    default:
      return "invalid";
  }
}

/** A schema's own message, when it is a code (without the values it names, validation-messages.ts); otherwise the code of the issue. */
export function codeOf(issue: IssueFacts & { message: string }): string {
  return readMessage(issue.message)?.code ?? issueCode(issue);
}

/**
 * Makes zod answer codes wherever a schema names no message of its own, for every schema of the
 * process (zod keeps one configuration). Called once by each side's entry: the API, the web's
 * server and the browser.
 */
export function answerZodIssuesWithCodes() {
  z.config({ customError: (issue) => issueCode(issue) });
}
