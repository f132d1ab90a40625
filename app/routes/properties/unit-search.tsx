import { useEffect, useRef, useState } from "react";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { Form, href, Link, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/unit-search";
import { UNIT_PAGES, unitHref, withQuery, type UnitPage } from "~/lib/pages";
import { authContext } from "~/lib/auth.server";
import { serverT } from "~/lib/i18n.server";
import { SearchForm } from "~/components/search-form";
import { hostApi } from "@contract/index";
import { unitsMatching } from "./unit-choices";

export const handle: TranslationsHandle = { i18n: ["properties"], formErrors: false };

/** The search of the unit selector waits this long after the last keystroke (§9). */
export const SEARCH_DEBOUNCE_MS = 500;

const querySchema = z.object({ search: z.string().trim().max(100).catch(""), section: z.enum(UNIT_PAGES).or(z.literal("")).catch("") });

export interface UnitChoice {
  propertyId: string;
  unitId: string;
  title: string;
  propertyTitle: string;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/**
 * Units matching a search, grouped into single-unit and multi-unit properties (§2 unit selector).
 * With JavaScript the selector loads this as data; without it, this is the page the selector's
 * search form opens.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { search, section } = querySchema.parse({ search: url.searchParams.get("search") ?? "", section: url.searchParams.get("section") ?? "" });
  const { call } = context.get(authContext);
  const list = await call(hostApi.properties.listItems, { query: { "criteria[search]": search || undefined, page: 1 } });
  const toChoices = (type: "single" | "multi") =>
    list.items
      .filter((p) => p.propertyType === type)
      .flatMap((p) => unitsMatching(p.units, search).map((u) => ({ propertyId: p.id, unitId: u.id, title: u.title || p.title, propertyTitle: p.title })));
  return { title: serverT(context)("properties:selector.title"), search, section, single: toChoices("single"), multi: toChoices("multi") };
}

function Results({ single, multi, section }: { single: UnitChoice[]; multi: UnitChoice[]; section: UnitPage | "" }) {
  const { t } = useTranslation();
  const groups = [
    { id: "single", label: t("properties:selector.single"), items: single },
    { id: "multi", label: t("properties:selector.multi"), items: multi },
  ].filter((g) => g.items.length);
  return (
    <>
      {groups.map((group) => (
        <div key={group.id} className="unit-selector__group">
          <p className="unit-selector__group-title" id={`unit-group-${group.id}`}>
            {group.label}
          </p>
          <ul aria-labelledby={`unit-group-${group.id}`}>
            {group.items.map((choice) => (
              <li key={choice.unitId}>
                <Link to={unitHref(choice, section)}>
                  {choice.title}
                  {group.id === "multi" ? <span className="muted"> · {choice.propertyTitle}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

/** Without JavaScript: the search results as a page. */
export default function UnitSearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { search, section, single, multi } = loaderData;
  return (
    <div className="page stack">
      <h1>{t("properties:selector.title")}</h1>
      <SearchForm id="unit-search-page" label={t("properties:selector.search")} defaultValue={search} keep={{ section }} />
      {single.length + multi.length === 0 ? <p>{t("properties:selector.noResults")}</p> : <Results single={single} multi={multi} section={section} />}
    </div>
  );
}

/**
 * The unit selector: a GET form to the page above without JavaScript; with it, a dropdown that
 * searches as the host types (debounced), shows a spinner while waiting and a clear button when
 * nothing matches.
 */
export function UnitSelector({ section }: { section: UnitPage | "" }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof loader>();
  const [search, setSearch] = useState("");
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const root = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const { load } = fetcher;

  // A click or tap anywhere outside the selector closes the dropdown.
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void load(withQuery(href("/units-search"), { search, section })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [search, section, open, load]);

  const results = fetcher.data;
  const pending = fetcher.state !== "idle";
  const empty = results && results.single.length + results.multi.length === 0;
  return (
    <Form
      ref={root}
      method="get"
      action={href("/units-search")}
      role="search"
      className="unit-selector"
      onSubmit={(event) => event.preventDefault()}
      // Escape closes the dropdown and leaves the focus in the search field.
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        event.preventDefault();
        setOpen(false);
        input.current?.focus();
      }}
      // Tabbing out of the selector (into the page, not into its results) closes it.
      onBlur={(event) => {
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <input type="hidden" name="section" value={section} />
      <label htmlFor="unit-selector-search">{t("properties:selector.search")}</label>
      <div className="unit-selector__control">
        <input
          id="unit-selector-search"
          type="search"
          name="search"
          autoComplete="off"
          ref={input}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          aria-controls={open ? "unit-selector-results" : undefined}
        />
        <noscript>
          <button type="submit" className="button button--small">
            {t("commons.search")}
          </button>
        </noscript>
      </div>
      {open ? (
        <div id="unit-selector-results" className="unit-selector__dropdown" aria-live="polite" aria-busy={pending}>
          {pending ? <p className="unit-selector__spinner" role="status">{t("properties:selector.loading")}</p> : null}
          {empty && !pending ? (
            <div className="stack stack--tight">
              <p>{t("properties:selector.noResults")}</p>
              <button type="button" className="button button--small" onClick={() => setSearch("")}>
                {t("properties:selector.clear")}
              </button>
            </div>
          ) : null}
          {results && !empty ? <Results single={results.single} multi={results.multi} section={section} /> : null}
        </div>
      ) : null}
    </Form>
  );
}
