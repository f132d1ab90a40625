import { createInstance, type i18n } from "i18next";
import { DEFAULT_LOCALE } from "../../domain/locales";

export const DEFAULT_NAMESPACE = "common";

/** A synchronous i18next instance over already-loaded resources; the same on server and client. */
export function createI18n(locale: string, resources: Record<string, Record<string, unknown>>): i18n {
  const instance = createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    defaultNS: DEFAULT_NAMESPACE,
    ns: Object.keys(resources),
    resources: { [locale]: resources },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
