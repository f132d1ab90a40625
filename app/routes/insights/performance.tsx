import type { Route } from "./+types/performance";
import { addPerformance, change, emptyPerformance, performanceFigures, type PerformanceFigures, type PerformanceSums } from "@domain/insights";
import { MonthChart } from "~/components/insights/chart";
import { chartGeometry } from "~/components/insights/chart-geometry.server";
import { InsightsFrame } from "~/components/insights/frame";
import { Figures, MonthTable, type Figure } from "~/components/insights/figures";
import { authContext } from "~/lib/auth.server";
import { formatNumber, useFormat } from "~/lib/format";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { getLocale, serverT } from "~/lib/i18n.server";
import { insightsQuery, tabsOf } from "./insights.server";
import stylesheet from "~/components/insights/insights.css?url";

/** Its forms choose what is shown (GET): no form errors, so their texts are not sent (decision 024). */
export const handle: TranslationsHandle = { i18n: ["insights"], formErrors: false };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** Performance (§2): listing views, requests, inquiries, bookings and the figures derived from them, per month, against the year before. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  const query = insightsQuery(request);
  const data = await auth.insightsFigures("performance", { unitId: params.id, from: query.from, to: query.to, unitsPage: query.unitsPage });
  const sums = new Map(data.months.map(({ month, ...sum }) => [month, sum as PerformanceSums]));
  const of = (month: string) => sums.get(month) ?? emptyPerformance();
  const months = query.range.months.map((month, i) => ({ month, now: of(month), before: of(query.previous.months[i]!) }));
  const total = (pick: "now" | "before") => performanceFigures(months.reduce((sum, m) => addPerformance(sum, m[pick]), emptyPerformance()));
  const locale = getLocale(context);
  const chart = (key: "views" | "bookings") => chartGeometry(months.map((m) => ({ value: m.now[key], previous: m.before[key] })), (value) => formatNumber(value, locale));
  return {
    title: serverT(context)("insights:performance.title"),
    frame: { tab: "performance" as const, tabs: tabsOf(auth), unit: data.unit, units: data.units, newReviews: data.newReviews, period: query.period, from: query.from, to: query.to, adjusted: query.adjusted, search: query.search },
    currency: data.currency,
    // What the page shows (its data is written into the page twice, as HTML and as data): each month's figures, and the year before's views and bookings for the charts.
    months: months.map((m) => ({ month: m.month, ...performanceFigures(m.now) })),
    previous: { views: months.map((m) => m.before.views), bookings: months.map((m) => m.before.bookings) },
    total: { now: total("now"), before: total("before") },
    charts: { views: chart("views"), bookings: chart("bookings") },
  };
}

const FIGURES: (keyof PerformanceFigures)[] = ["views", "requests", "inquiries", "bookings", "conversion", "averageNightlyRate", "averageLeadTime", "averageLengthOfStay", "cancellationRate"];

export default function Performance({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { months, previous, total, currency, charts } = loaderData;
  const show = (key: keyof PerformanceFigures, value: number | null) => {
    if (value === null) return "–";
    if (key === "averageNightlyRate") return format.money(value, currency);
    if (key === "conversion" || key === "cancellationRate") return format.percent(value);
    // The plural form follows the number ("1 night", "1.5 nights"), written as the locale writes it.
    if (key === "averageLeadTime" || key === "averageLengthOfStay") return t(key === "averageLeadTime" ? "insights:unit.days" : "insights:unit.nights", { count: value, value: format.number(value) });
    return format.number(value);
  };
  const figures: Figure[] = FIGURES.map((key) => ({ key, label: t(`insights:performance.${key}`), value: show(key, total.now[key]), previous: show(key, total.before[key]), change: change(total.now[key], total.before[key]) }));
  return (
    <InsightsFrame data={loaderData.frame} title={loaderData.title}>
      <Figures figures={figures} />
      <div className="insights__charts">
        <MonthChart
          id="views-chart"
          title={t("insights:performance.viewsChart")}
          points={months.map((m, i) => ({ label: format.month(m.month), value: m.views, previous: previous.views[i]! }))}
          geometry={charts.views}
          format={(value) => format.number(value)}
          currentLabel={t("insights:chart.current")}
          previousLabel={t("insights:chart.previous")}
        />
        <MonthChart
          id="bookings-chart"
          title={t("insights:performance.bookingsChart")}
          points={months.map((m, i) => ({ label: format.month(m.month), value: m.bookings, previous: previous.bookings[i]! }))}
          geometry={charts.bookings}
          format={(value) => format.number(value)}
          currentLabel={t("insights:chart.current")}
          previousLabel={t("insights:chart.previous")}
        />
      </div>
      <MonthTable
        caption={t("insights:performance.table")}
        months={months.map((m) => m.month)}
        columns={FIGURES.map((key) => ({ label: t(`insights:performance.${key}`), values: months.map((m) => show(key, m[key])) }))}
      />
      <p className="muted">{t("insights:performance.explained")}</p>
    </InsightsFrame>
  );
}
