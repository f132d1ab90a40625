import { useTranslation } from "~/lib/i18n";
import { Form, Link } from "react-router";

interface SearchFormProps {
  id: string;
  label: string;
  defaultValue: string;
  /** Where "Clear search" leads; shown only while there is a search. */
  clearHref?: string;
  /** Hidden fields the search keeps (e.g. the section of the unit selector). */
  keep?: Record<string, string>;
}

/** A GET search form: the same on every list, working with and without JavaScript. */
export function SearchForm({ id, label, defaultValue, clearHref, keep = {} }: SearchFormProps) {
  const { t } = useTranslation();
  return (
    <Form method="get" role="search" className="inline-form">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" name="search" defaultValue={defaultValue} />
      <button type="submit" className="button">
        {t("commons.search")}
      </button>
      {clearHref && defaultValue ? <Link to={clearHref}>{t("properties:search.clear")}</Link> : null}
    </Form>
  );
}
