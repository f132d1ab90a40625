import { describe, expect, it } from "vitest";
import { formatCountry, formatDate, formatDateTime, formatDeduction, formatMoney, formatMoneyTick, formatNumber, formatWeekday } from "./format";

describe("formatting per locale", () => {
  it("formats a stay date without shifting it, in the locale's order", () => {
    expect(formatDate("2027-03-01", "en_US")).toBe("Mar 1, 2027");
    expect(formatDate("2027-03-01", "de_DE")).toBe("01.03.2027");
    expect(formatDate("2027-03-01", "en_GB", "short")).toBe("01/03/2027");
    expect(formatDate("2027-03-01", "fr_FR", "long")).toBe("1 mars 2027");
  });

  it("formats a moment with its time in UTC, in the locale's order", () => {
    expect(formatDateTime("2027-03-01T14:05:00.000Z", "en_US")).toMatch(/^Mar 1, 2027, 2:05\sPM UTC$/);
    expect(formatDateTime("2027-03-01T14:05:00.000Z", "de_DE")).toBe("01.03.2027, 14:05 UTC");
  });

  it("formats numbers with the locale's separators", () => {
    expect(formatNumber(1234567.5, "en_US")).toBe("1,234,567.5");
    expect(formatNumber(1234567.5, "de_DE")).toBe("1.234.567,5");
    // Swiss grouping is an apostrophe; CLDR versions differ on which one.
    expect(formatNumber(1234567.5, "de_CH")).toMatch(/^1['’]234['’]567\.5$/);
  });

  it("formats money from minor units", () => {
    expect(formatMoney(123456, "EUR", "en_US")).toBe("€1,234.56");
    expect(formatMoney(123456, "EUR", "de_DE")).toBe("1.234,56\u00a0€");
    expect(formatMoney(5000, "CHF", "de_CH")).toBe("CHF\u00a050.00");
  });

  it("writes money taken off as the locale writes an amount below zero, and nothing taken off without a sign", () => {
    expect(formatDeduction(1_500, "EUR", "en_US")).toBe("-€15.00");
    expect(formatDeduction(1_500, "EUR", "de_DE")).toBe("-15,00\u00a0€");
    expect(formatDeduction(1_500, "EUR", "nl_NL")).toBe("€\u00a0-15,00");
    expect(formatDeduction(0, "EUR", "en_US")).toBe("€0.00");
    expect(formatDeduction(0, "EUR", "fr_FR")).toBe("0,00\u00a0€");
  });

  it("writes a chart's money ticks without minor digits when they are whole", () => {
    expect(formatMoneyTick(250_000, "EUR", "en_US")).toBe("€2,500");
    expect(formatMoneyTick(250_000, "EUR", "de_DE")).toBe("2.500\u00a0€");
    expect(formatMoneyTick(0, "EUR", "en_GB")).toBe("€0");
    expect(formatMoneyTick(1_250, "EUR", "en_US")).toBe("€12.50");
  });

  it("names the days of the week by their number, 0 being Sunday", () => {
    expect([0, 1, 6].map((day) => formatWeekday(day, "en_US"))).toEqual(["Sunday", "Monday", "Saturday"]);
    expect(formatWeekday(3, "de_DE")).toBe("Mittwoch");
  });

  it("falls back to en_US for an unknown locale", () => {
    expect(formatNumber(1000, "xx_XX")).toBe("1,000");
  });

  it("names a country in the locale's language instead of showing its code", () => {
    expect(formatCountry("ES", "de_DE")).toBe("Spanien");
    expect(formatCountry("PT", "fr_FR")).toBe("Portugal");
    expect(formatCountry("DE", "en_US")).toBe("Germany");
    expect(formatCountry("??", "en_US")).toBe("??");
  });
});
