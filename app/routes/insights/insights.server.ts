import { href, redirect } from "react-router";
import { todayUtc } from "@domain/dates";
import { earningsAvailable, isMonth, periodRange, PERIODS, yearBefore, type InsightTab, type Period, type PeriodRange } from "@domain/insights";
import type { Auth } from "~/lib/auth.server";

/** What an insights page reads of its address: the period (and a custom range), and the unit selector's page. */
export interface InsightsQuery {
  period: Period;
  from: string;
  to: string;
  unitsPage: number;
  range: PeriodRange;
  previous: PeriodRange;
  /** The query the page's links keep (period and custom range), without the selector's page. */
  search: Record<string, string>;
}

export function insightsQuery(request: Request, today = todayUtc()): InsightsQuery {
  const url = new URL(request.url);
  const asked = url.searchParams.get("period") ?? "";
  const period: Period = (PERIODS as readonly string[]).includes(asked) ? (asked as Period) : "last-12-months";
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  const custom = period === "custom" && isMonth(from) && isMonth(to) ? { from, to } : undefined;
  const range = periodRange(custom ? "custom" : period === "custom" ? "last-12-months" : period, today, custom);
  const unitsPage = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("unitsPage") ?? "1", 10) || 1));
  const search: Record<string, string> = custom ? { period, from: range.first, to: range.last } : period === "last-12-months" ? {} : { period: period === "custom" ? "last-12-months" : period };
  return { period: custom ? "custom" : period === "custom" ? "last-12-months" : period, from: range.first, to: range.last, unitsPage, range, previous: yearBefore(range), search };
}

/** The earnings and occupancy tabs are there only when the host's setting allows (§2); elsewhere they lead to performance. */
export function requireEarningsTab(auth: Auth, unitId: string | undefined) {
  if (!earningsAvailable(auth.user)) throw redirect(href("/insights/performance/:id?", { id: unitId }));
}

export function tabsOf(auth: Auth): InsightTab[] {
  return earningsAvailable(auth.user) ? ["earnings", "occupancy", "performance", "reviews"] : ["performance", "reviews"];
}
