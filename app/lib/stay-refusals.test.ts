import { describe, expect, it } from "vitest";
import { LOCALES } from "@domain/locales";
import { STAY_REFUSAL_RULES, type StayRefusal } from "@domain/quote";
import { STAY_REFUSAL_KEYS, STAY_UNAVAILABLE_KEYS, stayRefusalMessage } from "@domain/stay-refusal-messages";
import { resources } from "@locales/resources";
import { createTranslator, type Translations } from "./i18n";
import { stayRefusalText } from "./stay-refusals";

/** One refusal of every rule, with the limit it names. */
const SAMPLES: Record<StayRefusal["rule"], StayRefusal[]> = {
  stay_empty: [{ rule: "stay_empty" }],
  stay_too_short: [{ rule: "stay_too_short", minNights: 1 }, { rule: "stay_too_short", minNights: 3 }, { rule: "stay_too_short", minNights: 7 }],
  stay_too_long: [{ rule: "stay_too_long", maxNights: 1 }, { rule: "stay_too_long", maxNights: 28 }],
  arrival_closed: [{ rule: "arrival_closed", date: "2027-07-03" }],
  departure_closed: [{ rule: "departure_closed", date: "2027-07-10" }],
  notice_too_short: [{ rule: "notice_too_short", minDays: 1 }, { rule: "notice_too_short", minDays: 2 }, { rule: "notice_too_short", minDays: 7 }],
  preparation_time: [{ rule: "preparation_time", nights: 1 }, { rule: "preparation_time", nights: 2 }],
  price_missing: [{ rule: "price_missing", dates: ["2027-07-04"] }, { rule: "price_missing", dates: ["2027-07-04", "2027-07-05"] }],
};

const shownDate = (date: string) => `<${date}>`;

describe("the texts of the quote's refusals", () => {
  it("give every rule of the quote a key of its own", () => {
    expect(Object.keys(STAY_REFUSAL_KEYS).sort()).toEqual([...STAY_REFUSAL_RULES].sort());
    expect(new Set(Object.values(STAY_REFUSAL_KEYS)).size).toBe(STAY_REFUSAL_RULES.length);
  });

  it("carry the limit a rule names, and the days", () => {
    expect(stayRefusalMessage({ rule: "stay_too_short", minNights: 3 })).toEqual({ key: "quote:refusal.stayTooShort", count: 3 });
    expect(stayRefusalMessage({ rule: "stay_too_long", maxNights: 14 })).toEqual({ key: "quote:refusal.stayTooLong", count: 14 });
    expect(stayRefusalMessage({ rule: "arrival_closed", date: "2027-07-03" })).toEqual({ key: "quote:refusal.arrivalClosed", date: "2027-07-03" });
    expect(stayRefusalMessage({ rule: "departure_closed", date: "2027-07-10" })).toEqual({ key: "quote:refusal.departureClosed", date: "2027-07-10" });
    expect(stayRefusalMessage({ rule: "notice_too_short", minDays: 2 })).toEqual({ key: "quote:refusal.noticeTooShort", count: 2 });
    expect(stayRefusalMessage({ rule: "preparation_time", nights: 1 })).toEqual({ key: "quote:refusal.preparationTime", count: 1 });
    expect(stayRefusalMessage({ rule: "price_missing", dates: ["2027-07-04", "2027-07-05"] })).toEqual({ key: "quote:refusal.priceMissing", count: 2, dates: ["2027-07-04", "2027-07-05"] });
  });

  it("read in English with the limit and the days in them", () => {
    const { t } = createTranslator("en_US", resources.en_US as Translations);
    const text = (refusal: StayRefusal) => stayRefusalText(t, shownDate, refusal);
    expect(text({ rule: "stay_too_short", minNights: 1 })).toBe("The minimum stay is 1 night.");
    expect(text({ rule: "stay_too_short", minNights: 3 })).toBe("The minimum stay is 3 nights.");
    expect(text({ rule: "stay_too_long", maxNights: 28 })).toBe("The maximum stay is 28 nights.");
    expect(text({ rule: "arrival_closed", date: "2027-07-03" })).toBe("Guests cannot arrive on <2027-07-03>.");
    expect(text({ rule: "departure_closed", date: "2027-07-10" })).toBe("Guests cannot leave on <2027-07-10>.");
    expect(text({ rule: "notice_too_short", minDays: 2 })).toBe("This stay must be booked at least 2 days before arrival.");
    expect(text({ rule: "preparation_time", nights: 1 })).toBe("The unit needs 1 free night between stays to be prepared.");
    expect(text({ rule: "price_missing", dates: ["2027-07-04", "2027-07-05"] })).toBe("2 nights of this stay have no price yet: <2027-07-04>, <2027-07-05>.");
  });

  for (const locale of LOCALES) {
    it(`are translated in ${locale}, each with its limit or days filled in`, () => {
      const { t } = createTranslator(locale, resources[locale] as Translations);
      for (const refusal of Object.values(SAMPLES).flat()) {
        const text = stayRefusalText(t, shownDate, refusal);
        const { key, count, date, dates } = stayRefusalMessage(refusal);
        expect(text, `${locale} ${key}`).not.toBe(key.slice(key.indexOf(":") + 1));
        expect(text, `${locale} ${key}`).not.toMatch(/\{\{|quote:/);
        // Each limit shows as a number, each day as the page formats it (a list of days names them instead of counting).
        const shown = [...(count === undefined || dates ? [] : [String(count)]), ...[date ?? [], dates ?? []].flat().map(shownDate)];
        for (const part of shown) expect(text, `${locale} ${key}`).toContain(part);
      }
      for (const key of Object.values(STAY_UNAVAILABLE_KEYS)) expect(t(key), `${locale} ${key}`).not.toBe(key.slice(key.indexOf(":") + 1));
    });
  }
});
