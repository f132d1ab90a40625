import type { Route } from "./+types/earnings";
import { todayUtc } from "@domain/dates";
import { change } from "@domain/insights";
import { MonthChart } from "~/components/insights/chart";
import { chartGeometry } from "~/components/insights/chart-geometry.server";
import { Figures, MonthTable } from "~/components/insights/figures";
import { InsightsFrame } from "~/components/insights/frame";
import { authContext } from "~/lib/auth.server";
import { currencyFormat, formatMoneyTick, useFormat } from "~/lib/format";
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

type Money = { gross: number; commission: number; payout: number; stays: number };
const none: Money = { gross: 0, commission: 0, payout: 0, stays: 0 };
const add = (a: Money, b: Money): Money => ({ gross: a.gross + b.gross, commission: a.commission + b.commission, payout: a.payout + b.payout, stays: a.stays + b.stays });

/** Earnings (§2): gross booking value, commission and payout by the month stayed and by the month paid out, against the year before. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  requireEarningsTab(auth, params.id, request);
  const query = insightsQuery(request);
  const data = await auth.insightsFigures("earnings", { unitId: params.id, from: query.from, to: query.to, unitsPage: query.unitsPage });
  const lookup = (rows: (Money & { month: string })[]) => {
    const map = new Map(rows.map(({ month, ...money }) => [month, money]));
    return query.range.months.map((month, i) => ({ month, now: map.get(month) ?? none, before: map.get(query.previous.months[i]!) ?? none }));
  };
  const byStay = lookup(data.byStayMonth);
  const byPayout = lookup(data.byPayoutMonth);
  // The page's data is what it shows (it is written into the page twice, as HTML and as data): each month's money, and the year before's payout for the chart.
  const shown = (months: typeof byStay) => months.map(({ month, now }) => ({ month, gross: now.gross, commission: now.commission, payout: now.payout }));
  return {
    title: serverT(context)("insights:earnings.title"),
    frame: { tab: "earnings" as const, tabs: tabsOf(auth), unit: data.unit, units: data.units, newReviews: data.newReviews, period: query.period, from: query.from, to: query.to, adjusted: query.adjusted, search: query.search },
    currency: data.currency,
    // A payout is made on the check-in day: the months after this one are still to come, this one partly (as the periods, UTC).
    thisMonth: todayUtc().slice(0, 7),
    byStay: shown(byStay),
    byPayout: shown(byPayout),
    previousPayout: byStay.map((m) => m.before.payout),
    total: { now: byPayout.reduce((sum, m) => add(sum, m.now), none), before: byPayout.reduce((sum, m) => add(sum, m.before), none) },
    chart: chartGeometry(
      byStay.map((m) => ({ value: m.now.payout, previous: m.before.payout })),
      (value) => formatMoneyTick(value, data.currency, getLocale(context)),
      // Whole amounts of money ("€0", "€1", not "€0.20").
      currencyFormat(getLocale(context), data.currency).unit,
    ),
  };
}

export default function Earnings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { byStay, byPayout, previousPayout, total, currency, chart, thisMonth } = loaderData;
  const money = (value: number) => format.money(value, currency);
  const keys = ["gross", "commission", "payout"] as const;
  return (
    <InsightsFrame data={loaderData.frame} title={loaderData.title}>
      <Figures figures={keys.map((key) => ({ key, label: t(`insights:earnings.${key}`), value: money(total.now[key]), previous: money(total.before[key]), change: change(total.now[key], total.before[key]) }))} />
      <MonthChart
        id="payout-chart"
        title={t("insights:earnings.chart")}
        points={byStay.map((m, i) => ({ label: format.month(m.month), value: m.payout, previous: previousPayout[i]! }))}
        geometry={chart}
        format={(value) => format.money(value, currency)}
        currentLabel={t("insights:chart.current")}
        previousLabel={t("insights:chart.previous")}
      />
      <MonthTable caption={t("insights:earnings.byStayMonth")} months={byStay.map((m) => m.month)} columns={keys.map((key) => ({ label: t(`insights:earnings.${key}`), values: byStay.map((m) => money(m[key])) }))} />
      <MonthTable
        caption={t("insights:earnings.byPayoutMonth")}
        months={byPayout.map((m) => m.month)}
        columns={keys.map((key) => ({ label: t(`insights:earnings.${key}`), values: byPayout.map((m) => money(m[key])) }))}
        label={(month, text) => (month > thisMonth ? t("insights:earnings.upcoming", { month: text }) : month === thisMonth ? t("insights:earnings.inProgress", { month: text }) : text)}
      />
      {/* Unlike the tax report, which stops at today, the payouts of stays still to check in are here: said beside their table. */}
      {byPayout.some((m) => m.month >= thisMonth) ? <p className="muted">{t("insights:earnings.payoutsUpcoming")}</p> : null}
      <p className="muted">{t("insights:earnings.explained")}</p>
    </InsightsFrame>
  );
}
