import { describe, expect, it } from "vitest";
import { majorAmountSchema, parseMajorAmount, toMajorText } from "./money";

describe("amounts as hosts type them", () => {
  it("reads whole and decimal amounts with a point or a comma, and spaces between thousands", () => {
    expect(parseMajorAmount("120")).toBe(12000);
    expect(parseMajorAmount("120.5")).toBe(12050);
    expect(parseMajorAmount("120,05")).toBe(12005);
    expect(parseMajorAmount(" 1 200,50 ")).toBe(120050);
  });

  it("refuses what is not an amount", () => {
    for (const text of ["", "abc", "-5", "12.345", "1e3", "12."]) expect(parseMajorAmount(text)).toBeNull();
  });

  it("writes minor units back in major units", () => {
    expect(toMajorText(12050)).toBe("120.50");
    expect(toMajorText(12000)).toBe("120");
    expect(toMajorText(5)).toBe("0.05");
  });
});

describe("an amount field of a form", () => {
  it("reads what the host typed into minor units, or says it is not an amount", () => {
    expect(majorAmountSchema.parse("1 200,50")).toBe(120050);
    const refused = majorAmountSchema.safeParse("ninety");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual(["amount_invalid"]);
  });
});
