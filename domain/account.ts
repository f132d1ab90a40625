import { z } from "zod";
import { LOCALES } from "./locales";
import { singleLineText } from "./text";

/**
 * Sign-in and registration rules shared by the web forms and the host API. Messages are codes;
 * each side turns a code into words (`validation.<code>` in the locales).
 */
export const PASSWORD_MIN_LENGTH = 10;

export const email = z
  .string({ message: "required" })
  .trim()
  .toLowerCase()
  .min(1, "required")
  .max(254, "too_long")
  .pipe(z.email({ message: "email_invalid" }));

export const signInSchema = z.object({
  email,
  password: z.string({ message: "required" }).min(1, "required").max(200, "too_long"),
});

const personName = singleLineText(80).min(1, "required");

export const signUpSchema = z
  .object({
    type: z.enum(["individual", "company"], { message: "required" }),
    firstName: personName,
    lastName: personName,
    companyName: singleLineText(120).optional(),
    email,
    password: z
      .string({ message: "required" })
      .min(PASSWORD_MIN_LENGTH, "password_too_short")
      .max(200, "too_long"),
    locale: z.enum(LOCALES).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type === "company" && !value.companyName) {
      ctx.addIssue({ code: "custom", path: ["companyName"], message: "required" });
    }
  });

export type SignUpInput = z.infer<typeof signUpSchema>;
