import { describe, expect, it } from "vitest";
import { IBAN_LENGTHS, ibanCountry, ibanProblem, ibanRemainder, isValidBic, isValidIban, maskIban, normalizeBic, normalizeIban } from "./iban";

/** Published example IBANs (ECBS / national banking associations). */
const VALID = [
  "DE89370400440532013000",
  "GB82WEST12345698765432",
  "FR1420041010050500013M02606",
  "NL91ABNA0417164300",
  "ES9121000418450200051332",
  "IT60X0542811101000000123456",
  "BE68539007547034",
  "CH9300762011623852957",
  "AT611904300234573201",
  "HR1210010051863000160",
  "PT50000201231234567890154",
  "NO9386011117947",
  "MT84MALT011000012345MTLCAST001S",
];

describe("IBAN", () => {
  it.each(VALID)("accepts %s", (iban) => {
    expect(ibanProblem(iban)).toBeNull();
    expect(isValidIban(iban)).toBe(true);
    expect(ibanRemainder(iban)).toBe(1);
  });

  it("ignores spaces, dashes and case", () => {
    expect(isValidIban("de89 3704 0044 0532 0130 00")).toBe(true);
    expect(isValidIban("DE89-3704-0044-0532-0130-00")).toBe(true);
    expect(normalizeIban(" de89 3704 0044 0532 0130 00 ")).toBe("DE89370400440532013000");
  });

  it("refuses a wrong check digit or a changed digit (mod-97)", () => {
    expect(ibanProblem("DE88370400440532013000")).toBe("checksum");
    expect(ibanProblem("DE89370400440532013001")).toBe("checksum");
    // Two swapped digits.
    expect(ibanProblem("DE89370400440532031000")).toBe("checksum");
  });

  it("refuses a length that does not match the country", () => {
    expect(ibanProblem("DE8937040044053201300")).toBe("length");
    expect(ibanProblem("DE893704004405320130000")).toBe("length");
    expect(ibanProblem("NL91ABNA04171643001")).toBe("length");
  });

  it("refuses unknown countries and malformed input", () => {
    expect(ibanProblem("US12345678901234567890")).toBe("country");
    expect(ibanProblem("")).toBe("format");
    expect(ibanProblem("DE")).toBe("format");
    expect(ibanProblem("1234567890")).toBe("format");
    expect(ibanProblem("DE89 3704 0044 0532 0130 0!")).toBe("format");
  });

  it("knows the lengths of the countries the product lists", () => {
    const expected = { AT: 20, BE: 16, CH: 21, CZ: 24, DE: 22, DK: 18, ES: 24, FR: 27, GB: 22, GR: 27, HR: 21, IT: 27, NL: 18, PT: 25, SI: 19 };
    expect(Object.fromEntries(Object.keys(expected).map((country) => [country, IBAN_LENGTHS[country]]))).toEqual(expected);
  });

  it("masks every character but the last four", () => {
    expect(maskIban("DE89370400440532013000")).toBe("******************3000");
    expect(maskIban("de89 3704 0044 0532 0130 00")).toBe("******************3000");
    expect(maskIban("NO9386011117947")).toHaveLength(15);
    expect(maskIban("NO9386011117947").endsWith("7947")).toBe(true);
  });

  it("reads the country", () => {
    expect(ibanCountry("fr14 2004 1010 0505 0001 3M02 606")).toBe("FR");
  });
});

describe("BIC", () => {
  it("accepts 8 and 11 characters", () => {
    expect(isValidBic("DEUTDEFF")).toBe(true);
    expect(isValidBic("DEUTDEFF500")).toBe(true);
    expect(isValidBic("deut de ff")).toBe(true);
    expect(normalizeBic("deut de ff")).toBe("DEUTDEFF");
  });

  it("refuses other lengths and digits where letters belong", () => {
    expect(isValidBic("DEUTDEF")).toBe(false);
    expect(isValidBic("DEUTDEFF5")).toBe(false);
    expect(isValidBic("DEUTDEFF5000")).toBe(false);
    expect(isValidBic("DE1TDEFF")).toBe(false);
    expect(isValidBic("DEUT12FF")).toBe(false);
  });
});
