import { describe, expect, it } from "vitest";
import { LOCALES } from "@domain/locales";
import type { CommercialModel } from "@domain/user-flags";
import { resources } from "@locales/resources";
import { createTranslator, type Translations } from "~/lib/i18n";

const MODELS: CommercialModel[] = ["commission", "subscription", "hybrid"];
const open = (locale: (typeof LOCALES)[number], model: CommercialModel) => createTranslator(locale, resources[locale] as Translations).t(`listing:calendar.AVAILABLE.${model}`);

describe("the calendar step's open calendar", () => {
  it("has a text for every model in every locale", () => {
    for (const locale of LOCALES) for (const model of MODELS) expect(open(locale, model), `${locale} ${model}`).not.toMatch(/^listing:|calendar\.AVAILABLE/);
  });

  it("tells a subscription host its guests send inquiries, a commission host that they book, a hybrid host both", () => {
    expect(open("en_US", "subscription")).toMatch(/inquiries/);
    expect(open("en_US", "subscription")).not.toMatch(/book/);
    expect(open("en_US", "commission")).toMatch(/can book/);
    expect(open("en_US", "commission")).not.toMatch(/inquir/);
    expect(open("en_US", "hybrid")).toMatch(/book.*inquiries/);
    expect(open("en_GB", "subscription")).toMatch(/enquiries/);
    // German: "Anfrage" is an inquiry, "buchen" is booking.
    expect(open("de_DE", "subscription")).toMatch(/Anfragen/);
    expect(open("de_DE", "subscription")).not.toMatch(/buchen/);
    expect(open("de_DE", "hybrid")).toMatch(/buchen.*Anfragen/);
    // Each language says the subscription's open calendar otherwise than the commission's.
    expect(LOCALES.filter((locale) => open(locale, "subscription") === open(locale, "commission"))).toEqual([]);
  });
});
