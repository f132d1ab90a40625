import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { PASSWORD_MIN_LENGTH, signInSchema, signUpSchema } from "./account";
import { LOCALES } from "./locales";

function issues(result: z.ZodSafeParseResult<unknown>): { path: PropertyKey[]; message: string }[] {
  if (result.success) throw new Error("expected the input to be rejected");
  return result.error.issues.map((i) => ({ path: i.path, message: i.message }));
}

describe("signInSchema", () => {
  it("trims and lowercases the email", () => {
    const result = signInSchema.parse({ email: "  Anna.Host@Example.COM  ", password: "secret" });
    expect(result.email).toBe("anna.host@example.com");
    expect(result.password).toBe("secret");
  });

  it("rejects an invalid email with email_invalid", () => {
    for (const email of ["anna", "anna@", "@example.com", "anna host@example.com"]) {
      expect(issues(signInSchema.safeParse({ email, password: "secret" }))).toEqual([{ path: ["email"], message: "email_invalid" }]);
    }
  });

  it("rejects an empty or missing email with required", () => {
    expect(issues(signInSchema.safeParse({ email: "   ", password: "secret" }))).toContainEqual({ path: ["email"], message: "required" });
    expect(issues(signInSchema.safeParse({ password: "secret" }))).toContainEqual({ path: ["email"], message: "required" });
  });

  it("rejects a missing or empty password with required", () => {
    expect(issues(signInSchema.safeParse({ email: "anna@example.com" }))).toEqual([{ path: ["password"], message: "required" }]);
    expect(issues(signInSchema.safeParse({ email: "anna@example.com", password: "" }))).toEqual([{ path: ["password"], message: "required" }]);
  });

  it("does not trim the password", () => {
    expect(signInSchema.parse({ email: "anna@example.com", password: " pw " }).password).toBe(" pw ");
  });

  it("rejects an overly long password with too_long", () => {
    expect(issues(signInSchema.safeParse({ email: "anna@example.com", password: "x".repeat(201) }))).toEqual([
      { path: ["password"], message: "too_long" },
    ]);
  });
});

describe("signUpSchema", () => {
  const valid = {
    type: "individual",
    firstName: "Anna",
    lastName: "Host",
    email: "Anna@Example.com",
    password: "x".repeat(PASSWORD_MIN_LENGTH),
  } as const;

  it("accepts a valid individual and normalises the email and names", () => {
    const result = signUpSchema.parse({ ...valid, firstName: "  Anna ", lastName: " Host " });
    expect(result).toMatchObject({ type: "individual", firstName: "Anna", lastName: "Host", email: "anna@example.com" });
  });

  it("requires companyName for a company", () => {
    expect(issues(signUpSchema.safeParse({ ...valid, type: "company" }))).toEqual([{ path: ["companyName"], message: "required" }]);
    expect(issues(signUpSchema.safeParse({ ...valid, type: "company", companyName: "" }))).toEqual([
      { path: ["companyName"], message: "required" },
    ]);
    expect(issues(signUpSchema.safeParse({ ...valid, type: "company", companyName: "   " }))).toEqual([
      { path: ["companyName"], message: "required" },
    ]);
  });

  it("accepts a company with a company name", () => {
    expect(signUpSchema.parse({ ...valid, type: "company", companyName: " Alpine Stays AG " }).companyName).toBe("Alpine Stays AG");
  });

  it("does not require companyName for an individual", () => {
    expect(signUpSchema.safeParse(valid).success).toBe(true);
  });

  it("rejects an unknown type with required", () => {
    expect(issues(signUpSchema.safeParse({ ...valid, type: "robot" }))).toContainEqual({ path: ["type"], message: "required" });
  });

  it(`requires a password of at least ${PASSWORD_MIN_LENGTH} characters`, () => {
    expect(PASSWORD_MIN_LENGTH).toBe(10);
    expect(issues(signUpSchema.safeParse({ ...valid, password: "x".repeat(PASSWORD_MIN_LENGTH - 1) }))).toEqual([
      { path: ["password"], message: "password_too_short" },
    ]);
    expect(signUpSchema.safeParse({ ...valid, password: "x".repeat(PASSWORD_MIN_LENGTH) }).success).toBe(true);
  });

  it("requires first and last name", () => {
    const result = issues(signUpSchema.safeParse({ ...valid, firstName: "  ", lastName: undefined }));
    expect(result).toContainEqual({ path: ["firstName"], message: "required" });
    expect(result).toContainEqual({ path: ["lastName"], message: "required" });
  });

  it("rejects an invalid email with email_invalid", () => {
    expect(issues(signUpSchema.safeParse({ ...valid, email: "not-an-email" }))).toEqual([{ path: ["email"], message: "email_invalid" }]);
  });

  it("accepts each of the ten locales and no other", () => {
    for (const locale of LOCALES) expect(signUpSchema.safeParse({ ...valid, locale }).success).toBe(true);
    for (const locale of ["de-CH", "de", "sv_SE", "EN_US"]) {
      expect(issues(signUpSchema.safeParse({ ...valid, locale })).map((i) => i.path)).toEqual([["locale"]]);
    }
  });

  it("treats locale as optional", () => {
    expect(signUpSchema.parse(valid).locale).toBeUndefined();
  });
});
