import { z } from "zod";

/**
 * A reason form's fields (§5, §8): one of the reasons, an explanation that OTHER needs, and where
 * asked a message to the guest. The API applies §5's rules of what it keeps; the form refuses an
 * OTHER without words before sending anything.
 */
export function reasonSchema<const R extends readonly [string, ...string[]]>(reasons: R) {
  return z
    .object({
      intent: z.string(),
      reason: z.enum(reasons, { message: "required" }),
      explanation: z.string().trim().max(2000, "too_long").optional(),
      message: z.string().trim().max(2000, "too_long").optional(),
    })
    .superRefine((value, ctx) => {
      if (value.reason === "OTHER" && !value.explanation) ctx.addIssue({ code: "custom", path: ["explanation"], message: "required" });
    });
}

/** §5: an explanation is sent only when it says something. */
export function withExplanation<T extends { explanation?: string | undefined }>(value: T): T {
  const { explanation, ...rest } = value;
  return (explanation ? { ...rest, explanation } : rest) as T;
}
