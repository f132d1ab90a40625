import { describe, expect, it } from "vitest";
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_NATIVE_NAMES,
  localeFromAcceptLanguage,
  LOCALES,
  resolveLocale,
  toLanguageTag,
} from "./locales";

describe("LOCALES", () => {
  it("are the ten product locales with en_US as default", () => {
    expect([...LOCALES]).toEqual(["de_CH", "de_DE", "en_GB", "en_US", "es_ES", "fr_FR", "hr_HR", "it_IT", "nl_NL", "pt_PT"]);
    expect(DEFAULT_LOCALE).toBe("en_US");
  });
});

describe("isLocale", () => {
  it("accepts every product locale", () => {
    for (const locale of LOCALES) expect(isLocale(locale)).toBe(true);
  });

  it("rejects tags, other spellings and non-strings", () => {
    expect(isLocale("de-CH")).toBe(false);
    expect(isLocale("de_ch")).toBe(false);
    expect(isLocale("de")).toBe(false);
    expect(isLocale("sv_SE")).toBe(false);
    expect(isLocale("")).toBe(false);
    expect(isLocale(null)).toBe(false);
    expect(isLocale(undefined)).toBe(false);
    expect(isLocale(42)).toBe(false);
    expect(isLocale(["en_US"])).toBe(false);
  });
});

describe("toLanguageTag", () => {
  it("turns the underscore into a hyphen", () => {
    expect(toLanguageTag("de_CH")).toBe("de-CH");
    expect(toLanguageTag("en_US")).toBe("en-US");
    expect(toLanguageTag("pt_PT")).toBe("pt-PT");
  });

  it("gives a tag Intl accepts for every locale", () => {
    for (const locale of LOCALES) {
      const tag = toLanguageTag(locale);
      expect(tag).toMatch(/^[a-z]{2}-[A-Z]{2}$/);
      expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
    }
  });
});

describe("resolveLocale", () => {
  it("answers a product locale as itself", () => {
    for (const locale of LOCALES) expect(resolveLocale(locale)).toBe(locale);
  });

  it("answers the product locale of a BCP 47 tag", () => {
    expect(resolveLocale("de-CH")).toBe("de_CH");
    expect(resolveLocale("en-GB")).toBe("en_GB");
    expect(resolveLocale("hr-HR")).toBe("hr_HR");
  });

  it("maps a bare language to its primary locale", () => {
    expect(resolveLocale("de")).toBe("de_DE");
    expect(resolveLocale("en")).toBe("en_US");
    expect(resolveLocale("es")).toBe("es_ES");
    expect(resolveLocale("fr")).toBe("fr_FR");
    expect(resolveLocale("hr")).toBe("hr_HR");
    expect(resolveLocale("it")).toBe("it_IT");
    expect(resolveLocale("nl")).toBe("nl_NL");
    expect(resolveLocale("pt")).toBe("pt_PT");
  });

  it("falls back to the language's primary locale for an unknown region", () => {
    expect(resolveLocale("de-AT")).toBe("de_DE");
    expect(resolveLocale("en-AU")).toBe("en_US");
    expect(resolveLocale("pt-BR")).toBe("pt_PT");
    expect(resolveLocale("fr_BE")).toBe("fr_FR");
  });

  it("ignores case and surrounding whitespace", () => {
    expect(resolveLocale("DE-ch")).toBe("de_CH");
    expect(resolveLocale("de_ch")).toBe("de_CH");
    expect(resolveLocale("EN-gb")).toBe("en_GB");
    expect(resolveLocale("FR")).toBe("fr_FR");
    expect(resolveLocale("  it-IT ")).toBe("it_IT");
  });

  it("answers null for unknown languages and empty input", () => {
    expect(resolveLocale("sv")).toBeNull();
    expect(resolveLocale("sv-SE")).toBeNull();
    expect(resolveLocale("zz_ZZ")).toBeNull();
    expect(resolveLocale("")).toBeNull();
    expect(resolveLocale(null)).toBeNull();
    expect(resolveLocale(undefined)).toBeNull();
  });
});

describe("localeFromAcceptLanguage", () => {
  it("answers null without a header", () => {
    expect(localeFromAcceptLanguage(null)).toBeNull();
    expect(localeFromAcceptLanguage("")).toBeNull();
  });

  it("takes the first entry when no weights are given", () => {
    expect(localeFromAcceptLanguage("fr-FR, de-DE")).toBe("fr_FR");
    expect(localeFromAcceptLanguage("de-CH")).toBe("de_CH");
  });

  it("orders by q-weight, not by position", () => {
    expect(localeFromAcceptLanguage("fr;q=0.5, de-CH;q=0.9, it;q=0.7")).toBe("de_CH");
    expect(localeFromAcceptLanguage("en;q=0.1, nl")).toBe("nl_NL");
    expect(localeFromAcceptLanguage("es;q=0.3,pt;q=0.8")).toBe("pt_PT");
  });

  it("tolerates whitespace around weights", () => {
    expect(localeFromAcceptLanguage("fr ; q=0.2 , it ; q=0.9")).toBe("it_IT");
  });

  it("ignores the * wildcard", () => {
    expect(localeFromAcceptLanguage("*")).toBeNull();
    expect(localeFromAcceptLanguage("*, fr;q=0.5")).toBe("fr_FR");
  });

  it("ignores entries with q=0", () => {
    expect(localeFromAcceptLanguage("de;q=0, fr;q=0.1")).toBe("fr_FR");
    expect(localeFromAcceptLanguage("de;q=0")).toBeNull();
  });

  it("ignores malformed weights", () => {
    expect(localeFromAcceptLanguage("de;q=abc, fr;q=0.2")).toBe("fr_FR");
  });

  it("skips unknown languages and takes the next known one", () => {
    expect(localeFromAcceptLanguage("sv-SE, ja;q=0.9, nl;q=0.8, de;q=0.7")).toBe("nl_NL");
    expect(localeFromAcceptLanguage("sv, ja")).toBeNull();
  });

  it("parses a typical browser header", () => {
    expect(localeFromAcceptLanguage("de-CH,de;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("de_CH");
    expect(localeFromAcceptLanguage("en-GB,en;q=0.9")).toBe("en_GB");
  });
});

describe("LOCALE_NATIVE_NAMES", () => {
  it("names every locale, and only those", () => {
    expect(Object.keys(LOCALE_NATIVE_NAMES).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) expect(LOCALE_NATIVE_NAMES[locale].trim()).not.toBe("");
  });

  it("gives each locale a distinct name", () => {
    const names = Object.values(LOCALE_NATIVE_NAMES);
    expect(new Set(names).size).toBe(names.length);
  });
});
