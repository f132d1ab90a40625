import { z } from "zod";
import { HostApiError } from "~/lib/host-api.server";

/**
 * A reason form's fields (§5, §8): one of the reasons, an explanation that OTHER needs, and where
 * asked a message to the guest. The API applies §5's rules of what it keeps; the form refuses an
 * OTHER without words before sending anything.
 */
export function reasonSchema<const R extends readonly [string, ...string[]]>(reasons: R, subReasons: Readonly<Record<R[number], readonly string[]>> | null = null) {
  return z
    .object({
      intent: z.string(),
      reason: z.enum(reasons, { message: "required" }),
      subReason: z.string().trim().max(100, "too_long").optional(),
      explanation: z.string().trim().max(2000, "too_long").optional(),
      message: z.string().trim().max(2000, "too_long").optional(),
    })
    .superRefine((value, ctx) => {
      if (value.reason === "OTHER" && !value.explanation) ctx.addIssue({ code: "custom", path: ["explanation"], message: "required" });
    })
    .transform((value) => {
      // Sub-reasons show under the chosen reason only: one picked under another reason before the
      // host changed their mind is not part of the answer (the API refuses a foreign one).
      const own: readonly string[] = subReasons?.[value.reason as R[number]] ?? [];
      return { ...value, subReason: value.subReason && own.includes(value.subReason) ? value.subReason : undefined };
    });
}

/** §5: an explanation is sent only when it says something. */
export function withExplanation<T extends { explanation?: string | undefined }>(value: T): T {
  const { explanation, ...rest } = value;
  return (explanation ? { ...rest, explanation } : rest) as T;
}

/**
 * Why a confirmation was refused (409), as the page says it: a night taken meanwhile, or the
 * request or inquiry answered or expired meanwhile (`notAnswerable`). Null for any other error.
 */
export function confirmRefusal<const K extends string>(error: unknown, notAnswerable: K): "refusal.nightsTaken" | K | null {
  if (!(error instanceof HostApiError) || error.status !== 409) return null;
  const taken = Object.values(error.fieldErrors).flat().concat(error.formErrors).some((e) => e.type === "nights_taken");
  return taken ? "refusal.nightsTaken" : notAnswerable;
}
