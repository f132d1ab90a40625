import { describe, expect, it } from "vitest";
import { isRegistrationNumber, REGISTRATION_NUMBER_MAX_LENGTH } from "./field-limits";
import { registrationNumberSchema } from "./listing-fields";

describe("isRegistrationNumber", () => {
  // The regional dialog enables its button with the predicate; the action parses the schema.
  const required = registrationNumberSchema.min(1, "required");
  const samples = [
    "",
    "   ",
    "IT012345",
    "  IT012345  ",
    "x".repeat(REGISTRATION_NUMBER_MAX_LENGTH),
    ` ${"x".repeat(REGISTRATION_NUMBER_MAX_LENGTH)} `,
    "x".repeat(REGISTRATION_NUMBER_MAX_LENGTH + 1),
    "IT\u0000123",
    "IT\u202E123",
    "IT\n123",
    "IT\t123",
    "Lisboa-AL/12345",
  ];

  it.each(samples)("agrees with the schema on %j", (value) => {
    expect(isRegistrationNumber(value)).toBe(required.safeParse(value).success);
  });

  it("accepts a number and refuses the empty, the too long and the control characters", () => {
    expect(isRegistrationNumber("IT012345")).toBe(true);
    expect(isRegistrationNumber(" ")).toBe(false);
    expect(isRegistrationNumber("x".repeat(REGISTRATION_NUMBER_MAX_LENGTH + 1))).toBe(false);
    expect(isRegistrationNumber("IT\u202E123")).toBe(false);
  });
});
