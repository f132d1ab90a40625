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

/** A new password: at least PASSWORD_MIN_LENGTH characters. */
const newPassword = z.string({ message: "required" }).min(PASSWORD_MIN_LENGTH, "password_too_short").max(200, "too_long");

export const signUpSchema = z
  .object({
    type: z.enum(["individual", "company"], { message: "required" }),
    firstName: personName,
    lastName: personName,
    companyName: singleLineText(120).optional(),
    email,
    password: newPassword,
    locale: z.enum(LOCALES).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type === "company" && !value.companyName) {
      ctx.addIssue({ code: "custom", path: ["companyName"], message: "required" });
    }
  });

export type SignUpInput = z.infer<typeof signUpSchema>;

/**
 * A staff member's account, made by the team that runs the marketplace (POST /api/operator/staff-accounts,
 * `scripts/create-staff.ts`): a person's names, an email no account has, a password as a host's, the
 * language of the staff pages.
 */
export const staffAccountSchema = z.object({
  email,
  firstName: personName,
  lastName: personName,
  password: newPassword,
  locale: z.enum(LOCALES).optional(),
});

export type StaffAccountInput = z.infer<typeof staffAccountSchema>;
