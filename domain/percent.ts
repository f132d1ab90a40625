import { DEFAULT_LOCALE, resolveLocale, toLanguageTag } from "./locales";

/** One formatter per locale and sign, kept: making an `Intl` formatter costs far more than using one. */
const formats = new Map<string, Intl.NumberFormat>();

/**
 * A percentage given in percent (12 for 12 %) as the locale writes it: "12%" in English, Italian and
 * Dutch, "12 %" in German, French, Spanish and Croatian with a no-break space that keeps the sign by
 * its number. Rounded as numbers are (at most three decimals). `signed` writes a change with its sign
 * ("+12%", "-5%", "0%"). Translations never write the sign: they take the percentage formatted
 * here as a value, on the pages (`useFormat().percent`) as in the API's answers (plan names).
 */
export function formatPercent(percent: number, locale: string, signed = false): string {
  const key = `${signed} ${locale}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(toLanguageTag(resolveLocale(locale) ?? DEFAULT_LOCALE), { style: "percent", maximumFractionDigits: 3, signDisplay: signed ? "exceptZero" : "auto" });
    formats.set(key, format);
  }
  return format.format(percent / 100);
}
