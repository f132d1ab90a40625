import { DEFAULT_LOCALE, resolveLocale, toLanguageTag } from "@domain/locales";

/**
 * The calendar's formatters, made once per locale (and currency) and kept: a month grid formats a
 * date, a price and a number per day, and making an `Intl` formatter costs far more than using one.
 */
const kept = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function keep<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let format = kept.get(key) as T | undefined;
  if (!format) kept.set(key, (format = make()));
  return format;
}

const tagOf = (locale: string) => toLanguageTag(resolveLocale(locale) ?? DEFAULT_LOCALE);
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

export function calendarFormat(locale: string) {
  const tag = tagOf(locale);
  const dateFormat = (style: "long" | "medium") => keep(`d${style} ${tag}`, () => new Intl.DateTimeFormat(tag, { dateStyle: style, timeZone: "UTC" }));
  return {
    /** A day as the locale writes it in full ("December 10, 2026"). */
    date: (date: string, style: "long" | "medium" = "long") => dateFormat(style).format(utc(date)),
    /** A month's caption ("December 2026"). */
    month: (month: string) => keep(`m ${tag}`, () => new Intl.DateTimeFormat(tag, { month: "long", year: "numeric", timeZone: "UTC" })).format(utc(`${month}-01`)),
    /** A weekday's name, long or as one letter. */
    weekday: (date: Date, style: "long" | "narrow") => keep(`w${style} ${tag}`, () => new Intl.DateTimeFormat(tag, { weekday: style, timeZone: "UTC" })).format(date),
    /** Money in minor units of its currency. */
    money: (minorUnits: number, currency: string) => {
      const format = keep(`c${currency} ${tag}`, () => new Intl.NumberFormat(tag, { style: "currency", currency }));
      return format.format(minorUnits / 10 ** ((format as Intl.NumberFormat).resolvedOptions().maximumFractionDigits ?? 2));
    },
    /** A price as a bare whole number, for the small cells of phones. */
    whole: (minorUnits: number, currency: string) => {
      const digits = (keep(`c${currency} ${tag}`, () => new Intl.NumberFormat(tag, { style: "currency", currency })) as Intl.NumberFormat).resolvedOptions().maximumFractionDigits ?? 2;
      return keep(`n ${tag}`, () => new Intl.NumberFormat(tag, { maximumFractionDigits: 0 })).format(Math.round(minorUnits / 10 ** digits));
    },
  };
}
