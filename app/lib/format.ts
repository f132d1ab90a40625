import { useRouteLoaderData } from "react-router";
import { useTranslation } from "./i18n";
import { DEFAULT_LOCALE, resolveLocale, toLanguageTag } from "@domain/locales";
import { formatPercent } from "@domain/percent";
import { displayNames } from "./display-names";

/**
 * Dates, numbers and money formatted for a locale. Stay dates are plain `YYYY-MM-DD` without a
 * time zone, so they are formatted in UTC and never shift by a day.
 */
function tag(locale: string) {
  return toLanguageTag(resolveLocale(locale) ?? DEFAULT_LOCALE);
}

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/**
 * One formatter per locale and options, made on first use: making an `Intl` formatter costs far more
 * than formatting with it, and a page formats many values (decision 024).
 */
function formatter<F extends Intl.DateTimeFormat | Intl.NumberFormat>(kind: string, locale: string, options: Record<string, string>, make: (tag: string) => F): F {
  const languageTag = tag(locale);
  const key = `${kind} ${languageTag} ${JSON.stringify(options)}`;
  let made = formats.get(key) as F | undefined;
  if (!made) {
    made = make(languageTag);
    formats.set(key, made);
  }
  return made;
}

const kept = new Map<string, unknown>();

/**
 * What `make` answers for a short key, kept for the isolate (or the tab): the formatters a page calls
 * for each of its values (numbers, money, months; an insights page some 200 times, a calendar every
 * day) are found by a key of the caller's, without building `formatter`'s (the language tag and the
 * options as JSON) for each value. Keys start with what they format ("money …", "calendar …").
 */
export function keptFormat<T>(key: string, make: () => T): T {
  let value = kept.get(key) as T | undefined;
  if (value === undefined) {
    value = make();
    kept.set(key, value);
  }
  return value;
}

const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions & Record<string, string>) => formatter("date", locale, options, (languageTag) => new Intl.DateTimeFormat(languageTag, options));
const numberFormat = (locale: string, options: Intl.NumberFormatOptions & Record<string, string>) => formatter("number", locale, options, (languageTag) => new Intl.NumberFormat(languageTag, options));

export function formatDate(value: string | Date, locale: string, style: "short" | "medium" | "long" = "medium") {
  const date = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return dateFormat(locale, { dateStyle: style, timeZone: "UTC" }).format(date);
}

/**
 * A moment (when something happened, a deadline) with its time, in the viewer's time zone (UTC
 * unless the browser named another, `time-zone.ts`), followed by the zone's short name so that it is
 * never mistaken for another zone's time ("Nov 27, 2026, 11:00 PM GMT+1", "… UTC").
 */
export function formatDateTime(value: string | Date, locale: string, timeZone = "UTC") {
  const moment = new Date(value);
  const zone = dateFormat(locale, { timeZoneName: "short", timeZone }).formatToParts(moment).find((part) => part.type === "timeZoneName")?.value ?? timeZone;
  return `${dateFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(moment)} ${zone}`;
}

export function formatNumber(value: number, locale: string) {
  return keptFormat(`number ${locale}`, () => numberFormat(locale, {})).format(value);
}

/** A country's name in the locale's language, from its ISO 3166 code ("ES" → "Spanien"); an unknown code stays as it is. */
export function formatCountry(code: string, locale: string) {
  try {
    return displayNames(tag(locale), { type: "region", fallback: "code" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A language by its locale ("de_CH" → "German (Switzerland)") in the viewer's language; an unknown one stays as it is. */
export function formatLanguage(language: string, locale: string) {
  try {
    return displayNames(tag(locale), { type: "language", languageDisplay: "standard", fallback: "code" }).of(language.replace("_", "-")) ?? language;
  } catch {
    return language;
  }
}

/** A currency's formatter in a locale, with what a major unit is worth in minor units (100 for EUR, 1 for JPY). */
export function currencyFormat(locale: string, currency: string): { format: Intl.NumberFormat; unit: number } {
  return keptFormat(`money ${currency} ${locale}`, () => {
    const format = numberFormat(locale, { style: "currency", currency });
    return { format, unit: 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2) };
  });
}

/** Money is integer minor units plus an ISO currency. */
export function formatMoney(minorUnits: number, currency: string, locale: string) {
  const { format, unit } = currencyFormat(locale, currency);
  return format.format(minorUnits / unit);
}

/**
 * Money taken off (a discount, a commission) as the locale writes an amount below zero ("-€15.00",
 * "-15,00 €", "€ -15,00"); nothing taken off is written as nothing, without a sign.
 */
export function formatDeduction(minorUnits: number, currency: string, locale: string) {
  return formatMoney(minorUnits === 0 ? 0 : -minorUnits, currency, locale);
}

/** Money on a chart's axis: a whole amount without its minor digits ("€2,500"), any other as `formatMoney` writes it. */
export function formatMoneyTick(minorUnits: number, currency: string, locale: string) {
  const { unit } = currencyFormat(locale, currency);
  if (minorUnits % unit !== 0) return formatMoney(minorUnits, currency, locale);
  return keptFormat(`money whole ${currency} ${locale}`, () => new Intl.NumberFormat(tag(locale), { style: "currency", currency, minimumFractionDigits: 0, maximumFractionDigits: 0 })).format(minorUnits / unit);
}

/** A day of the week by its number as `Date.getUTCDay()` (0 is Sunday), in the locale's words. */
export function formatWeekday(day: number, locale: string) {
  // 7 January 2024 was a Sunday.
  return dateFormat(locale, { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, 7 + day)));
}

/** A month and its year ("November 2026") of a day written YYYY-MM-DD. */
export function formatMonthYear(day: string, locale: string) {
  return dateFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${day.slice(0, 7)}-01T00:00:00Z`));
}

/** The first moment of a month written `YYYY-MM` (UTC), as a number `Intl.DateTimeFormat` formats without parsing a text. */
const monthStart = (month: string) => Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1);

/**
 * The page's formatters in its language. Each finds its `Intl` formatter on its first value and keeps
 * it for the rest (money for the last currency asked for): a table of months calls them hundreds of
 * times (an insights page of 36 months some 400), and finding a kept formatter by its key costs about
 * as much as formatting with it.
 */
export function useFormat() {
  const { i18n } = useTranslation();
  return formatsIn(i18n.language, useRouteLoaderData<{ timeZone?: string }>("root")?.timeZone ?? "UTC");
}

/** `useFormat`'s formatters for a language and a time zone. */
function formatsIn(locale: string, timeZone: string) {
  let numbers: Intl.NumberFormat | undefined;
  let money: { currency: string; format: Intl.NumberFormat; unit: number } | undefined;
  let shortMonth: Intl.DateTimeFormat | undefined;
  let shortMonthYear: Intl.DateTimeFormat | undefined;
  return {
    date: (value: string | Date, style?: "short" | "medium" | "long") => formatDate(value, locale, style),
    dateTime: (value: string | Date) => formatDateTime(value, locale, timeZone),
    number: (value: number) => (numbers ??= keptFormat(`number ${locale}`, () => numberFormat(locale, {}))).format(value),
    /** A percentage given in percent (12 → "12%", "12 %"); `signed` for a change ("+12%"). */
    percent: (value: number, signed?: boolean) => formatPercent(value, locale, signed),
    country: (code: string) => formatCountry(code, locale),
    language: (language: string) => formatLanguage(language, locale),
    money: (minorUnits: number, currency: string) => {
      if (money?.currency !== currency) money = { currency, ...currencyFormat(locale, currency) };
      return money.format.format(minorUnits / money.unit);
    },
    /** Money taken off (`formatDeduction`). */
    deduction: (minorUnits: number, currency: string) => formatDeduction(minorUnits, currency, locale),
    weekday: (day: number) => formatWeekday(day, locale),
    /** A month (`YYYY-MM`) by its short name ("Jan"), and with its year ("Jan 2026"). */
    month: (month: string) => (shortMonth ??= keptFormat(`month ${locale}`, () => dateFormat(locale, { month: "short", timeZone: "UTC" }))).format(monthStart(month)),
    monthYear: (month: string) => (shortMonthYear ??= keptFormat(`monthYear ${locale}`, () => dateFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" }))).format(monthStart(month)),
    /** A day's month with its year in full ("November 2026"). */
    longMonthYear: (day: string) => formatMonthYear(day, locale),
  };
}
