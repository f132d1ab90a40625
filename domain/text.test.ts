import { describe, expect, it } from "vitest";
import { CONTROL_CHARACTERS, isMultiLineText, isSingleLineText, multiLineText, singleLineText } from "./text";

const REFUSED_EVERYWHERE = ["\u0000", "\u0007", "\u001B", "\u007F", "\u0085", "\u009F", "\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"];
const LINE_BREAKS = ["\n", "\r", "\t", "\r\n", "\u2028", "\u2029"];

describe("text a host may type", () => {
  it("accepts ordinary text in any script, with emoji and directional marks", () => {
    const texts = ["Villa Sole", "Ferienwohnung Müller – 2. OG", "דירה\u200F בתל אביב", "شقة على البحر", "Casa 🌊 azul", "Zürich, Bahnhofstrasse 1", "l'Ermitage & co."];
    expect(texts.filter((text) => !isSingleLineText(text))).toEqual([]);
    expect(texts.filter((text) => !isMultiLineText(text))).toEqual([]);
  });

  it("refuses control characters and bidi overrides and isolates in every field", () => {
    expect(REFUSED_EVERYWHERE.filter((character) => isSingleLineText(`Villa${character}Sole`))).toEqual([]);
    expect(REFUSED_EVERYWHERE.filter((character) => isMultiLineText(`Villa${character}Sole`))).toEqual([]);
  });

  it("keeps newlines and tabs in multi-line fields only", () => {
    expect(LINE_BREAKS.filter((character) => isSingleLineText(`Villa${character}Sole`))).toEqual([]);
    for (const character of ["\n", "\r\n", "\t", "\u2028"]) expect(isMultiLineText(`First line${character}second line`)).toBe(true);
  });

  it("gives schemas that trim, limit the length and name the refusal with a code", () => {
    expect(singleLineText(20).parse("  Villa Sole \n")).toBe("Villa Sole");
    expect(singleLineText(20).safeParse("Villa\u202Eeloс").error?.issues.map((i) => i.message)).toEqual([CONTROL_CHARACTERS]);
    expect(singleLineText(5).safeParse("Villa Sole").error?.issues.map((i) => i.message)).toEqual(["too_long"]);
    expect(singleLineText(20).min(1, "required").safeParse("   ").error?.issues.map((i) => i.message)).toEqual(["required"]);
    expect(multiLineText(100).parse("Sea view.\n\nQuiet street.")).toBe("Sea view.\n\nQuiet street.");
    expect(multiLineText(100).safeParse("Sea view.\u0000").error?.issues.map((i) => i.message)).toEqual([CONTROL_CHARACTERS]);
  });
});
