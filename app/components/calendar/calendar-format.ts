import { DEFAULT_LOCALE, resolveLocale, toLanguageTag } from "@domain/locales";
import { currencyFormat, keptFormat } from "~/lib/format";

/**
 * The calendar's formatters are made once per locale (and currency) and kept (`keptFormat`, keys
 * "calendar …"): a month grid formats a date, a price and a number per day, and making an `Intl`
 * formatter costs far more than using one.
 */
const keep = <T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T => keptFormat(`calendar ${key}`, make);

const tagOf = (locale: string) => toLanguageTag(resolveLocale(locale) ?? DEFAULT_LOCALE);
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * The texts of days, months and weekdays once formatted, kept per locale: a page names each of its
 * 60 to 365 days in full (what screen readers hear), and the same days on every page. Bounded: a
 * full cache starts again.
 */
const written = new Map<string, string>();
const WRITTEN_MAX = 5000;
function writtenOnce(key: string, write: () => string): string {
  let text = written.get(key);
  if (text === undefined) {
    if (written.size >= WRITTEN_MAX) written.clear();
    written.set(key, (text = write()));
  }
  return text;
}

export function calendarFormat(locale: string) {
  const tag = tagOf(locale);
  const dateFormat = (style: "long" | "medium") => keep(`d${style} ${tag}`, () => new Intl.DateTimeFormat(tag, { dateStyle: style, timeZone: "UTC" }));
  return {
    /** A day as the locale writes it in full ("December 10, 2026"). */
    date: (date: string, style: "long" | "medium" = "long") => writtenOnce(`d${style} ${tag} ${date}`, () => dateFormat(style).format(utc(date))),
    /** A month's caption ("December 2026"). */
    month: (month: string) => writtenOnce(`m ${tag} ${month}`, () => keep(`m ${tag}`, () => new Intl.DateTimeFormat(tag, { month: "long", year: "numeric", timeZone: "UTC" })).format(utc(`${month}-01`))),
    /** A weekday's name, long or as one letter. */
    weekday: (date: Date, style: "long" | "narrow") => writtenOnce(`w${style} ${tag} ${date.getUTCDay()}`, () => keep(`w${style} ${tag}`, () => new Intl.DateTimeFormat(tag, { weekday: style, timeZone: "UTC" })).format(date)),
    /** Money in minor units of its currency. */
    money: (minorUnits: number, currency: string) => writtenOnce(`$ ${currency} ${tag} ${minorUnits}`, () => currencyFormat(locale, currency).format.format(minorUnits / currencyFormat(locale, currency).unit)),
    /** A price as a bare whole number, for the small cells of phones. */
    whole: (minorUnits: number, currency: string) =>
      writtenOnce(`n ${currency} ${tag} ${minorUnits}`, () => keep(`n ${tag}`, () => new Intl.NumberFormat(tag, { maximumFractionDigits: 0 })).format(Math.round(minorUnits / currencyFormat(locale, currency).unit))),
  };
}
