/** The ten product locales of the spec (§3); en_US is the source of translation keys. */
export const LOCALES = [
  "de_CH",
  "de_DE",
  "en_GB",
  "en_US",
  "es_ES",
  "fr_FR",
  "hr_HR",
  "it_IT",
  "nl_NL",
  "pt_PT",
] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en_US";

/** The query parameter that picks the language (§9). */
export const LANGUAGE_PARAM = "hl";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** `de_CH` → `de-CH`, the BCP 47 tag that Intl and the `lang` attribute expect. */
export function toLanguageTag(locale: Locale): string {
  return locale.replace("_", "-");
}

/**
 * Accepts a product locale (`de_CH`), a BCP 47 tag (`de-CH`) or a bare language (`de`), and
 * answers the product locale it means, or null.
 */
export function resolveLocale(value: string | null | undefined): Locale | null {
  if (!value) return null;
  const normalised = value.trim().replace("-", "_");
  const exact = LOCALES.find((l) => l.toLowerCase() === normalised.toLowerCase());
  if (exact) return exact;
  const language = normalised.split("_")[0]?.toLowerCase();
  if (!language) return null;
  return PRIMARY_LOCALE_BY_LANGUAGE[language] ?? null;
}

const PRIMARY_LOCALE_BY_LANGUAGE: Record<string, Locale> = {
  de: "de_DE",
  en: "en_US",
  es: "es_ES",
  fr: "fr_FR",
  hr: "hr_HR",
  it: "it_IT",
  nl: "nl_NL",
  pt: "pt_PT",
};

/** Picks the best product locale from an Accept-Language header, honouring q-weights. */
export function localeFromAcceptLanguage(header: string | null): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag ?? "", q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const locale = resolveLocale(tag);
    if (locale) return locale;
  }
  return null;
}

/** Each locale named in its own language, as language pickers show them. */
export const LOCALE_NATIVE_NAMES: Record<Locale, string> = {
  de_CH: "Deutsch (Schweiz)",
  de_DE: "Deutsch (Deutschland)",
  en_GB: "English (UK)",
  en_US: "English (US)",
  es_ES: "Español",
  fr_FR: "Français",
  hr_HR: "Hrvatski",
  it_IT: "Italiano",
  nl_NL: "Nederlands",
  pt_PT: "Português",
};
