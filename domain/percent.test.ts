import { describe, expect, it } from "vitest";
import { formatPercent } from "./percent";

describe("percentages per locale", () => {
  it("writes a percentage as the locale does: glued in English, after a no-break space in German and French", () => {
    expect(formatPercent(12, "en_US")).toBe("12%");
    expect(formatPercent(12, "en_GB")).toBe("12%");
    expect(formatPercent(12, "de_DE")).toBe("12\u00a0%");
    // French writes a no-break space before the sign; CLDR versions differ on which one.
    expect(formatPercent(12, "fr_FR")).toMatch(/^12[\u00a0\u202f]%$/);
    expect(formatPercent(12, "es_ES")).toBe("12\u00a0%");
    expect(formatPercent(12, "it_IT")).toBe("12%");
    expect(formatPercent(12, "nl_NL")).toBe("12%");
  });

  it("rounds a percentage as numbers are rounded, with the locale's decimal separator", () => {
    expect(formatPercent(14.5, "en_US")).toBe("14.5%");
    expect(formatPercent(14.5, "de_DE")).toBe("14,5\u00a0%");
    expect(formatPercent(14.5, "pt_PT")).toBe("14,5%");
    expect(formatPercent(100 / 3, "en_US")).toBe("33.333%");
    expect(formatPercent(100 / 3, "de_DE")).toBe(`${new Intl.NumberFormat("de-DE").format(100 / 3)}\u00a0%`);
    expect(formatPercent(7, "en_US")).toBe("7%");
    expect(formatPercent(0, "de_DE")).toBe("0\u00a0%");
    expect(formatPercent(1250, "en_US")).toBe("1,250%");
  });

  it("writes a change of a percentage with its sign, none for no change", () => {
    expect(formatPercent(12, "en_US", true)).toBe("+12%");
    expect(formatPercent(-5.5, "de_DE", true)).toBe("-5,5\u00a0%");
    expect(formatPercent(0, "en_US", true)).toBe("0%");
    expect(formatPercent(-5, "en_US")).toBe("-5%");
  });

  it("falls back to en_US for an unknown locale", () => {
    expect(formatPercent(12, "xx_XX")).toBe("12%");
  });
});
