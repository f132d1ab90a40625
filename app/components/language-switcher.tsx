import { useTranslation } from "~/lib/i18n";
import { Form, useLocation } from "react-router";
import { LANGUAGE_PARAM, LOCALE_NATIVE_NAMES, LOCALES } from "@domain/locales";

/** A GET form: without JavaScript it submits with its button; with it, on change. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const params = [...new URLSearchParams(location.search)].filter(([key]) => key !== LANGUAGE_PARAM);
  return (
    <Form method="get" action={location.pathname} className="language-switcher">
      {params.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor="language-select">{t("language.label")}</label>
      <select
        id="language-select"
        name={LANGUAGE_PARAM}
        defaultValue={i18n.language}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale.replace("_", "-")}>
            {LOCALE_NATIVE_NAMES[locale]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="button button--small">
          {t("language.apply")}
        </button>
      </noscript>
    </Form>
  );
}
