import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, LOCALES } from "@domain/locales";
import { TUTORIALS } from "@domain/tour";
import { PICTURE_LOCALES, tutorialPicture } from "./tour-pictures";

/** The pictures of all locales together stay small: they are in the repository and in every deployment. */
const ALL_PICTURES_BUDGET_BYTES = 2 * 1024 * 1024;
const ONE_PICTURE_BUDGET_BYTES = 60 * 1024;

/** Width and height of a WebP file (lossy VP8, or the extended header). */
function webpSize(file: Buffer): { width: number; height: number } {
  expect(file.toString("ascii", 0, 4)).toBe("RIFF");
  expect(file.toString("ascii", 8, 12)).toBe("WEBP");
  const chunk = file.toString("ascii", 12, 16);
  if (chunk === "VP8 ") return { width: file.readUInt16LE(26) & 0x3fff, height: file.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8X") return { width: 1 + file.readUIntLE(24, 3), height: 1 + file.readUIntLE(27, 3) };
  throw new Error(`Unexpected WebP chunk ${chunk}`);
}

describe("the tutorials' pictures", () => {
  it("are the host's locale's where its set was made, the English ones otherwise", () => {
    expect(tutorialPicture("modifyPrices", "de_DE", ["en_US", "de_DE"])).toBe("/tour/de_DE/modifyPrices.webp");
    expect(tutorialPicture("modifyPrices", "fr_FR", ["en_US", "de_DE"])).toBe("/tour/en_US/modifyPrices.webp");
    expect(tutorialPicture("welcome", "xx_YY", ["en_US"])).toBe("/tour/en_US/welcome.webp");
  });

  it("exist for every locale the manifest names, English among them, as 960 × 600 WebP within their budget", () => {
    expect(PICTURE_LOCALES).toContain(DEFAULT_LOCALE);
    let total = 0;
    for (const locale of PICTURE_LOCALES) {
      expect(LOCALES).toContain(locale);
      for (const tutorial of TUTORIALS) {
        const path = `public${tutorialPicture(tutorial, locale)}`;
        expect(path).toBe(`public/tour/${locale}/${tutorial}.webp`);
        const file = readFileSync(path);
        expect({ path, ...webpSize(file) }).toEqual({ path, width: 960, height: 600 });
        expect({ path, small: file.length < ONE_PICTURE_BUDGET_BYTES }).toEqual({ path, small: true });
        total += file.length;
      }
    }
    expect(total).toBeLessThan(ALL_PICTURES_BUDGET_BYTES);
  });
});
