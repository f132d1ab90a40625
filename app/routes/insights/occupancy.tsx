import type { Route } from "./+types/occupancy";
import { change, occupancyRate } from "@domain/insights";
import { formatPercent } from "@domain/percent";
import { MonthChart } from "~/components/insights/chart";
import { chartGeometry } from "~/components/insights/chart-geometry.server";
import { Figures, MonthTable } from "~/components/insights/figures";
import { InsightsFrame } from "~/components/insights/frame";
import { authContext } from "~/lib/auth.server";
import { useFormat } from "~/lib/format";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { getLocale, serverT } from "~/lib/i18n.server";
import { insightsQuery, requireEarningsTab, tabsOf } from "./insights.server";
import stylesheet from "~/components/insights/insights.css?url";

/** Its forms choose what is shown (GET): no form errors, so their texts are not sent (decision 024). */
export const handle: TranslationsHandle = { i18n: ["insights"], formErrors: false };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** Occupancy (§2): booked nights ÷ nights available (each unit's while it was for sale, blocked and paused nights left out), per month, against the year before. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  requireEarningsTab(auth, params.id, request);
  const query = insightsQuery(request);
  const data = await auth.insightsFigures("occupancy", { unitId: params.id, from: query.from, to: query.to, unitsPage: query.unitsPage });
  const nights = new Map(data.months.map((m) => [m.month, m]));
  const figures = (month: string) => {
    const m = nights.get(month) ?? { booked: 0, unavailable: 0, nights: 0 };
    return { booked: m.booked, unavailable: m.unavailable, ...occupancyRate(m.nights, m) };
  };
  const months = query.range.months.map((month, i) => ({ month, now: figures(month), before: figures(query.previous.months[i]!) }));
  const sum = (pick: "now" | "before") => {
    const booked = months.reduce((s, m) => s + m[pick].booked, 0);
    const available = months.reduce((s, m) => s + m[pick].available, 0);
    return { booked, available, rate: available > 0 ? Math.round((Math.min(booked, available) / available) * 1000) / 10 : null };
  };
  return {
    title: serverT(context)("insights:occupancy.title"),
    frame: { tab: "occupancy" as const, tabs: tabsOf(auth), unit: data.unit, units: data.units, newReviews: data.newReviews, period: query.period, from: query.from, to: query.to, adjusted: query.adjusted, search: query.search },
    // What the page shows (its data is written into the page twice, as HTML and as data): each month's nights and rate, and the year before's rate for the chart.
    months: months.map(({ month, now }) => ({ month, ...now })),
    previousRate: months.map((m) => m.before.rate ?? 0),
    total: { now: sum("now"), before: sum("before") },
    chart: chartGeometry(
      months.map((m) => ({ value: m.now.rate ?? 0, previous: m.before.rate ?? 0 })),
      (value) => formatPercent(value, getLocale(context)),
    ),
  };
}

export default function Occupancy({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { months, previousRate, total, chart } = loaderData;
  const percent = (value: number | null) => (value === null ? "–" : format.percent(value));
  return (
    <InsightsFrame data={loaderData.frame} title={loaderData.title}>
      <Figures
        figures={[
          { key: "rate", label: t("insights:occupancy.rate"), value: percent(total.now.rate), previous: percent(total.before.rate), change: change(total.now.rate, total.before.rate) },
          { key: "booked", label: t("insights:occupancy.booked"), value: format.number(total.now.booked), previous: format.number(total.before.booked), change: change(total.now.booked, total.before.booked) },
          { key: "available", label: t("insights:occupancy.available"), value: format.number(total.now.available), previous: format.number(total.before.available), change: change(total.now.available, total.before.available) },
        ]}
      />
      <MonthChart
        id="occupancy-chart"
        title={t("insights:occupancy.chart")}
        points={months.map((m, i) => ({ label: format.month(m.month), value: m.rate ?? 0, previous: previousRate[i]! }))}
        geometry={chart}
        format={(value) => format.percent(value)}
        currentLabel={t("insights:chart.current")}
        previousLabel={t("insights:chart.previous")}
      />
      <MonthTable
        caption={t("insights:occupancy.table")}
        months={months.map((m) => m.month)}
        columns={[
          { label: t("insights:occupancy.booked"), values: months.map((m) => format.number(m.booked)) },
          { label: t("insights:occupancy.unavailable"), values: months.map((m) => format.number(m.unavailable)) },
          { label: t("insights:occupancy.available"), values: months.map((m) => format.number(m.available)) },
          { label: t("insights:occupancy.rate"), values: months.map((m) => percent(m.rate)) },
        ]}
      />
      <p className="muted">{t("insights:occupancy.explained")}</p>
    </InsightsFrame>
  );
}
