import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { href, useSubmit } from "react-router";
import { MAX_PERIOD_MONTHS, PERIODS, type InsightTab } from "@domain/insights";
import { badgeFor } from "@domain/navigation";
import { escapeHtml } from "~/lib/html";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { withQuery } from "~/lib/pages";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { useFollowLink } from "~/lib/follow-link";

export interface InsightsFrameData {
  tab: InsightTab;
  tabs: InsightTab[];
  unit: { id: string; title: string } | null;
  units: { items: { id: string; title: string; propertyTitle: string }[]; pagination: { current: number; next: number; total: number; pageSize: number } };
  newReviews: number;
  period: string;
  from: string;
  to: string;
  /** How the page changed the custom range it was asked for (insightsQuery): said under the form. */
  adjusted: { swapped: boolean; clamped: boolean };
  search: Record<string, string>;
}

/** A tab's page for a unit (or all units). */
function insightsPath(tab: InsightTab, unitId: string | undefined) {
  switch (tab) {
    case "earnings":
      return href("/insights/earnings/:id?", { id: unitId });
    case "occupancy":
      return href("/insights/occupancy/:id?", { id: unitId });
    case "performance":
      return href("/insights/performance/:id?", { id: unitId });
    case "reviews":
      return href("/insights/reviews/:id?", { id: unitId });
  }
}

/** A tab's page for a unit (or all units), keeping the period. */
export function insightsHref(tab: InsightTab, unitId: string | undefined, search: Record<string, string>) {
  return withQuery(insightsPath(tab, unitId), search);
}

/**
 * The unit selector's links (all units, then a page of units), as one string: 21 links written as
 * elements cost the server some 0.3 ms per page; the browser follows them through one click handler
 * on their list (`useFollowLink`). `current`: the unit shown (undefined: all units). Every text is escaped.
 */
export function unitListMarkup(
  tab: InsightTab,
  current: string | undefined,
  items: { id: string; title: string; propertyTitle: string }[],
  query: string,
  labels: { all: string; untitled: string },
): string {
  const link = (unitId: string | undefined, content: string) =>
    `<li><a href="${escapeHtml(insightsPath(tab, unitId) + query)}" data-discover="true"${unitId === current ? ' aria-current="page"' : ""}>${content}</a></li>`;
  let markup = link(undefined, escapeHtml(labels.all));
  for (const unit of items) {
    const property = unit.propertyTitle && unit.propertyTitle !== unit.title ? `<span class="muted"> · ${escapeHtml(unit.propertyTitle)}</span>` : "";
    markup += link(unit.id, escapeHtml(unit.title || labels.untitled) + property);
  }
  return markup;
}

/**
 * The period form's controls show the period the page shows. Without JavaScript the server writes
 * them with each page; with it the router shows another period in the same form, whose uncontrolled
 * controls would keep what was typed (a reversed range the page swapped, the custom months after
 * choosing a preset, the preset after going back): each new page's data sets them again. Not at
 * hydration, which keeps what the host chose before it; and by setting the values, not by a new
 * form, so that the focus stays on Show.
 */
function usePeriodShown(data: InsightsFrameData) {
  const form = useRef<HTMLFormElement>(null);
  const shown = useRef(data);
  useEffect(() => {
    if (shown.current === data) return;
    shown.current = data;
    const controls = form.current?.elements;
    if (!controls) return;
    for (const [name, value] of [
      ["period", data.period],
      ["from", data.from],
      ["to", data.to],
    ] as const) {
      const control = controls.namedItem(name);
      if (control instanceof HTMLSelectElement || control instanceof HTMLInputElement) control.value = value;
    }
  }, [data]);
  return form;
}

/**
 * The frame of every insights page (§2): the tax report's link by the heading, the tabs (reviews
 * with its dot badge), the unit selector (all units or one, 20 a page) and, on the tabs of figures,
 * the period form — links and a GET form, with or without JavaScript. The reviews tab lists every
 * review, newest first, whatever the period: it has no period form, and its links keep the period
 * for the other tabs.
 */
export function InsightsFrame({ data, title, children }: { data: InsightsFrameData; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const followLink = useFollowLink();
  // The period form is a plain GET form that the router submits with JavaScript (one hook, not a router <Form>'s).
  const submit = useSubmit();
  const submitPeriod = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(event.currentTarget);
  };
  const periodForm = usePeriodShown(data);
  const format = useFormat();
  const { swapped, clamped } = data.adjusted;
  const adjustedKey = swapped && clamped ? "swappedClamped" : swapped ? "swapped" : clamped ? "clamped" : null;
  const unitId = data.unit?.id;
  const { current, next, total, pageSize } = data.units.pagination;
  // The period the tabs' and the selector's links keep, written once for the page's 26 links.
  const query = withQuery("", data.search);
  const pageLink = (page: number) => withQuery(insightsHref(data.tab, unitId, {}), { ...data.search, ...(page > 1 ? { unitsPage: String(page) } : {}) });
  return (
    <div className="page stack insights">
      <div className="page-heading">
        <h1>{title}</h1>
        {/* The yearly DAC7 report is every host's (§1): reached from each tab, whichever tabs the host has. */}
        <a href={href("/insights/tax-report")} onClick={followLink} data-discover="true">
          {t("insights:taxReport.link")}
        </a>
      </div>
      <nav aria-label={t("insights:tabs.label")} className="tabs">
        <ul>
          {data.tabs.map((tab) => (
            <li key={tab}>
              <a href={insightsPath(tab, unitId) + query} onClick={followLink} data-discover="true" className={tab === data.tab ? "tabs__link tabs__link--active" : "tabs__link"} aria-current={tab === data.tab ? "page" : undefined}>
                {t(`insights:tabs.${tab}`)}
                {tab === "reviews" ? <Badge badge={badgeFor(data.newReviews)} label={t("insights:tabs.newReviews", { count: data.newReviews })} /> : null}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="insights__controls">
        <details className="insights__units">
          <summary>
            {t("insights:units.label")}: <strong>{data.unit ? data.unit.title || t("insights:units.untitled") : t("insights:units.all")}</strong>
          </summary>
          <nav aria-label={t("insights:units.label")}>
            {/* The links' clicks are followed here once (Enter on a link is its click, which comes here too). */}
            {/* oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
            <ul
              className="insights__unit-list"
              onClick={followLink}
              dangerouslySetInnerHTML={{ __html: unitListMarkup(data.tab, unitId, data.units.items, query, { all: t("insights:units.all"), untitled: t("insights:units.untitled") }) }}
            />
            {total > pageSize ? (
              <p className="button-row">
                {current > 1 ? (
                  <a className={buttonClass({ size: "small" })} href={pageLink(current - 1)}>
                    {t("insights:units.previous")}
                  </a>
                ) : null}
                <span className="muted">{t("insights:units.page", { current, pages: Math.ceil(total / pageSize) })}</span>
                {next > current ? (
                  <a className={buttonClass({ size: "small" })} href={pageLink(next)}>
                    {t("insights:units.next")}
                  </a>
                ) : null}
              </p>
            ) : null}
          </nav>
        </details>
        {data.tab === "reviews" ? null : (
          <form ref={periodForm} method="get" onSubmit={submitPeriod} className="insights__period" aria-label={t("insights:period.label")}>
            <label>
              {t("insights:period.label")}
              <select name="period" defaultValue={data.period}>
                {PERIODS.map((period) => (
                  <option key={period} value={period}>
                    {t(`insights:period.${period}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t("insights:period.from")}
              <input type="month" name="from" defaultValue={data.from} />
            </label>
            <label>
              {t("insights:period.to")}
              <input type="month" name="to" defaultValue={data.to} />
            </label>
            <button type="submit" className={buttonClass({ size: "small" })}>
              {t("insights:period.show")}
            </button>
          </form>
        )}
      </div>
      {/* A status, so that a screen reader hears it when the router shows the corrected range without a page load. */}
      {data.tab === "reviews" ? null : (
        <p role="status" className="insights__adjusted">
          {adjustedKey ? t(`insights:period.${adjustedKey}`, { from: format.monthYear(data.from), to: format.monthYear(data.to), max: MAX_PERIOD_MONTHS }) : null}
        </p>
      )}
      {data.tab === "reviews" ? null : <p className="muted">{t("insights:period.compared")}</p>}
      {children}
    </div>
  );
}
