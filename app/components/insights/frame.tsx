import type { ReactNode } from "react";
import { Form, href } from "react-router";
import { PERIODS, type InsightTab } from "@domain/insights";
import { badgeFor } from "@domain/navigation";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { withQuery } from "~/lib/pages";
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
 * The frame of every insights page (§2): the tabs (reviews with its dot badge), the unit selector
 * (all units or one, 20 a page) and the period form — links and a GET form, with or without JavaScript.
 */
export function InsightsFrame({ data, title, children }: { data: InsightsFrameData; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const followLink = useFollowLink();
  const unitId = data.unit?.id;
  const { current, next, total, pageSize } = data.units.pagination;
  // The period the tabs' and the selector's links keep, written once for the page's 26 links.
  const query = withQuery("", data.search);
  const pageLink = (page: number) => withQuery(insightsHref(data.tab, unitId, {}), { ...data.search, ...(page > 1 ? { unitsPage: String(page) } : {}) });
  return (
    <div className="page stack insights">
      <div className="page-heading">
        <h1>{title}</h1>
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
            <ul className="insights__unit-list">
              <li>
                <a href={insightsPath(data.tab, undefined) + query} onClick={followLink} data-discover="true" aria-current={data.unit ? undefined : "page"}>
                  {t("insights:units.all")}
                </a>
              </li>
              {data.units.items.map((unit) => (
                <li key={unit.id}>
                  <a href={insightsPath(data.tab, unit.id) + query} onClick={followLink} data-discover="true" aria-current={unit.id === unitId ? "page" : undefined}>
                    {unit.title || t("insights:units.untitled")}
                    {unit.propertyTitle && unit.propertyTitle !== unit.title ? <span className="muted"> · {unit.propertyTitle}</span> : null}
                  </a>
                </li>
              ))}
            </ul>
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
        <Form method="get" className="insights__period" aria-label={t("insights:period.label")}>
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
        </Form>
      </div>
      <p className="muted">{t("insights:period.compared")}</p>
      {children}
    </div>
  );
}
