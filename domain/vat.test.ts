import { describe, expect, it } from "vitest";
import { EU_MEMBER_STATES, isEuMemberState, normalizeVat, vatCountry, vatProblem } from "./vat";

describe("VAT numbers", () => {
  it("accepts each country's shape, written with spaces, dots or dashes", () => {
    for (const vat of ["DE123456789", "de 123.456.789", "ATU12345678", "BE0123456789", "FRXX123456789", "FR12345678901", "NL123456789B01", "ESX1234567X", "IT12345678901", "EL123456789", "IE1234567WA", "IE1A23456W", "SE123456789001", "CHE-123.456.789 MWST", "GB123456789", "GBGD123", "PT123456789", "HR12345678901", "PL1234567890"]) {
      expect([vat, vatProblem(vat)]).toEqual([vat, null]);
    }
  });

  it("refuses a number without a country prefix", () => {
    expect(vatProblem("123456789")).toBe("vat_prefix");
    expect(vatProblem("")).toBe("vat_prefix");
    expect(vatProblem("1E123")).toBe("vat_prefix");
  });

  it("refuses a number of the wrong shape for its prefix", () => {
    expect(vatProblem("DE12345678")).toBe("vat_invalid");
    expect(vatProblem("DE1234567890")).toBe("vat_invalid");
    expect(vatProblem("AT12345678")).toBe("vat_invalid");
    expect(vatProblem("NL123456789A01")).toBe("vat_invalid");
    expect(vatProblem("BE2123456789")).toBe("vat_invalid");
    expect(vatProblem("SE123456789000")).toBe("vat_invalid");
    expect(vatProblem("FRIO123456789")).toBe("vat_invalid");
  });

  it("checks other prefixes by length and characters only", () => {
    expect(vatProblem("US12345")).toBeNull();
    expect(vatProblem("US1")).toBe("vat_invalid");
    expect(vatProblem("US12345678901234")).toBe("vat_invalid");
  });

  it("normalises and names the prefix's country (EL is Greece, XI the United Kingdom)", () => {
    expect(normalizeVat("fr 12-345.678/901")).toBe("FR12345678901");
    expect(vatCountry("EL123456789")).toBe("GR");
    expect(vatCountry("XI123456789")).toBe("GB");
    expect(vatCountry("de123456789")).toBe("DE");
  });

  it("knows the 27 EU member states", () => {
    expect(EU_MEMBER_STATES).toHaveLength(27);
    expect(isEuMemberState("FR")).toBe(true);
    expect(isEuMemberState("CH")).toBe(false);
    expect(isEuMemberState("GB")).toBe(false);
  });
});
