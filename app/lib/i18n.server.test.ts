import { describe, expect, it } from "vitest";
import { LOCALES } from "@domain/locales";
import { resources } from "@locales/resources";
import { asciiJson } from "./i18n.server";

describe("asciiJson", () => {
  it("writes every character beyond ASCII as its escape, and parses back to the same strings", () => {
    const value = { quote: "It’s – “done”…", accents: "Grüße, déjà vu", croatian: "Čćšž đ", emoji: "🏠 home", control: "a\nb\t\"c\"\\" };
    const text = asciiJson(JSON.stringify(value));
    expect(text).toMatch(/^[\x20-\x7e]*$/);
    expect(text).toContain("It\\u2019s \\u2013");
    expect(text).toContain("\\ud83c\\udfe0");
    expect(JSON.parse(text)).toEqual(value);
  });

  it("keeps JSON text without such characters as it is", () => {
    const text = JSON.stringify({ a: "plain text", n: [1, 2.5, null] });
    expect(asciiJson(text)).toBe(text);
  });

  it.each(LOCALES)("sends the strings of %s as ASCII that read back the same", (locale) => {
    const text = asciiJson(JSON.stringify(resources[locale]));
    expect(text).toMatch(/^[\x20-\x7e]*$/);
    expect(JSON.parse(text)).toEqual(resources[locale]);
  });
});
