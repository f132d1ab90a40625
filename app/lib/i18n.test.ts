import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { LOCALES, toLanguageTag } from "@domain/locales";
import { resources } from "@locales/resources";
import { createTranslator, type Namespace, type TranslateOptions, type Translations } from "./i18n";
import { I18NEXT_OPTIONS } from "./i18n.server";

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 3, 4, 5, 11, 21, 22, 25, 101, 1.5];

/** Every key of a namespace (plural forms once, by their base key) with the placeholders its strings use. */
function keysOf(namespace: Namespace, prefix = ""): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  for (const [name, value] of Object.entries(namespace)) {
    const path = `${prefix}${name}`;
    if (typeof value !== "string") {
      for (const [key, placeholders] of keysOf(value, `${path}.`)) keys.set(key, placeholders);
      continue;
    }
    const key = path.replace(PLURAL_SUFFIX, "");
    const placeholders = keys.get(key) ?? new Set<string>();
    for (const [, inner] of value.matchAll(/\{\{(.+?)\}\}/g)) placeholders.add(inner!.split(",")[0]!.trim());
    keys.set(key, placeholders);
  }
  return keys;
}

function i18next(locale: (typeof LOCALES)[number]) {
  const instance = createInstance({ ...I18NEXT_OPTIONS, lng: toLanguageTag(locale) });
  void instance.init();
  return instance.t;
}

describe("the browser's translator", () => {
  for (const locale of LOCALES) {
    it(`answers as i18next for every key of ${locale}`, () => {
      const expected = i18next(locale);
      const translations = resources[locale] as Translations;
      const { t } = createTranslator(locale, translations);
      let compared = 0;
      for (const [namespace, strings] of Object.entries(translations)) {
        for (const [key, placeholders] of keysOf(strings)) {
          const fullKey = `${namespace}:${key}`;
          const variables = Object.fromEntries([...placeholders].filter((p) => p !== "count").map((p) => [p, `<${p}>`]));
          const calls: TranslateOptions[] = placeholders.has("count") || PLURAL_SUFFIX.test(Object.keys(strings).join(" ")) ? COUNTS.map((count) => ({ ...variables, count })) : [variables];
          for (const options of calls) {
            expect(t(fullKey, options), `${fullKey} ${JSON.stringify(options)}`).toBe(expected(fullKey, options));
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(500);
    });
  }

  it("formats numbers in placeholders, keeps unknown placeholders and falls back to defaultValue, then the key", () => {
    const strings = { common: { price: "{{amount, number}} from {{day}}", partial: "{{known}} and {{unknown}}" } };
    const { t } = createTranslator("de_CH", strings);
    const expected = createInstance({ ...I18NEXT_OPTIONS, resources: { "de-CH": strings }, lng: "de-CH" });
    void expected.init();
    const day = "15.1.2027";
    expect(t("price", { amount: 12345.5, day })).toBe(expected.t("price", { amount: 12345.5, day }));
    expect(t("price", { amount: 12345.5, day })).toBe(`${new Intl.NumberFormat("de-CH").format(12345.5)} from 15.1.2027`);
    expect(t("partial", { known: "A" })).toBe("A and {{unknown}}");
    expect(t("partial", { known: "A", unknown: undefined })).toBe(expected.t("partial", { known: "A", unknown: undefined }));
    expect(t("validation.some_code", { defaultValue: "some_code" })).toBe("some_code");
    expect(t("properties:missing.key")).toBe(expected.t("properties:missing.key"));
  });

  it("writes the insights' counts in the form their number takes: one review, 1.5 nights, 21 noćenje", () => {
    const en = createTranslator("en_US", resources.en_US as Translations).t;
    expect(en("insights:reviews.summary", { count: 1 })).toBe("Ratings from 1 review");
    expect(en("insights:reviews.summary", { count: 12 })).toBe("Ratings from 12 reviews");
    expect(en("insights:unit.nights", { count: 1, value: "1" })).toBe("1 night");
    expect(en("insights:unit.nights", { count: 1.5, value: "1.5" })).toBe("1.5 nights");
    expect(en("insights:unit.days", { count: 0, value: "0" })).toBe("0 days");
    const hr = createTranslator("hr_HR", resources.hr_HR as Translations).t;
    expect([1, 3, 5, 21, 3.8].map((count) => hr("insights:unit.nights", { count, value: String(count) }))).toEqual(["1 noćenje", "3 noćenja", "5 noćenja", "21 noćenje", "3.8 noćenja"]);
  });
});
