import { z } from "zod";
import { describe, expect, it } from "vitest";
import { answerZodIssuesWithCodes, codeOf, issueCode } from "./validation-codes";

describe("zod issues as codes", () => {
  const schema = z
    .object({
      title: z.string().max(3),
      name: z.string().min(1),
      code: z.string().min(4),
      guests: z.number().min(1).max(9),
      kind: z.enum(["single", "multi"]),
      rooms: z.array(z.string()).min(1).max(1),
      email: z.email(),
      missing: z.string(),
      wrongType: z.number(),
    })
    .strict();
  const input = { title: "abcd", name: "", code: "ab", guests: 12, kind: "triple", rooms: ["a", "b"], email: "no", wrongType: "x", extra: 1 };

  it("maps what a schema leaves to zod to a code, never to zod's English", () => {
    const issues = schema.safeParse(input, { error: (issue) => issueCode(issue) }).error!.issues;
    expect(Object.fromEntries(issues.map((i) => [i.path.join(".") || "(object)", i.message]))).toEqual({
      title: "too_long",
      name: "required",
      code: "too_short",
      guests: "too_large",
      kind: "invalid_choice",
      rooms: "too_many",
      email: "email_invalid",
      missing: "required",
      wrongType: "invalid",
      "(object)": "unknown_field",
    });
    expect(issueCode({ code: "too_small", origin: "number", minimum: 1 })).toBe("too_small");
    expect(issueCode({ code: "too_small", origin: "array", minimum: 1 })).toBe("too_few");
  });

  it("keeps a schema's own code, and answers codes for every schema once configured", () => {
    expect(codeOf({ code: "too_big", origin: "string", message: "title_too_long" })).toBe("title_too_long");
    expect(codeOf({ code: "too_big", origin: "string", message: "Too big: expected string to have <=100 characters" })).toBe("too_long");
    answerZodIssuesWithCodes();
    const messages = schema.safeParse(input).error!.issues.map((i) => i.message);
    for (const message of messages) expect(message).toMatch(/^[a-z_]+$/);
    expect(z.string().max(2, "custom_code").safeParse("abc").error!.issues[0]!.message).toBe("custom_code");
  });
});
