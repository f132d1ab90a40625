import { describe, expect, it } from "vitest";
import { CITY_NAMES, cityNamesMatching, foldName } from "./city-names";

describe("city names", () => {
  it("finds a city stored by its local name from its name in another language", () => {
    expect(cityNamesMatching("Lisbon")).toContain("Lisboa");
    expect(cityNamesMatching("lissabon")).toContain("Lisboa");
    expect(cityNamesMatching("Munich")).toContain("München");
    expect(cityNamesMatching("Copenhague")).toContain("København");
  });

  it("ignores accents and case, and matches a part of a name", () => {
    expect(cityNamesMatching("zurich")).toContain("Zürich");
    expect(cityNamesMatching("MALAGA")).toContain("Málaga");
    expect(cityNamesMatching("Lisb")).toEqual(expect.arrayContaining(["Lisboa", "Lisbon"]));
  });

  it("expands nothing for short or unknown searches, and stays within the limit", () => {
    expect(cityNamesMatching("Li")).toEqual([]);
    expect(cityNamesMatching("Hamburg")).toEqual([]);
    expect(cityNamesMatching("   ")).toEqual([]);
    expect(cityNamesMatching("ber", 5)).toHaveLength(5);
  });

  it("lists each city once, its local name first", () => {
    const locals = CITY_NAMES.map((group) => foldName(group[0]!));
    expect(new Set(locals).size).toBe(locals.length);
    expect(CITY_NAMES.filter((group) => new Set(group).size !== group.length)).toEqual([]);
    expect(foldName("Zürich")).toBe("zurich");
  });
});
