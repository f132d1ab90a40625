import { describe, expect, it } from "vitest";
import { displayNames } from "./display-names";

describe("displayNames", () => {
  it("makes one Intl.DisplayNames per language tag and options, and names as a new one does", () => {
    const german = displayNames("de-DE", { type: "language" });
    expect(displayNames("de-DE", { type: "language" })).toBe(german);
    expect(german.of("fr")).toBe(new Intl.DisplayNames(["de-DE"], { type: "language" }).of("fr"));
    expect(displayNames("fr-FR", { type: "language" })).not.toBe(german);
    const regions = displayNames("de-DE", { type: "region", fallback: "code" });
    expect(regions).not.toBe(german);
    expect(regions.of("ES")).toBe("Spanien");
    expect(displayNames("de-DE", { type: "language", languageDisplay: "standard", fallback: "code" })).not.toBe(german);
  });

  it("throws for a tag Intl does not take, and keeps nothing for it", () => {
    expect(() => displayNames("not a tag", { type: "language" })).toThrow(RangeError);
    expect(() => displayNames("not a tag", { type: "language" })).toThrow(RangeError);
  });
});
