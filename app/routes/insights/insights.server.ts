import { href, redirect } from "react-router";
import { todayUtc } from "@domain/dates";
import { REVIEWS_SEARCH_MAX } from "@domain/review-rules";
import { earningsAvailable, isMonth, periodRange, PERIODS, yearBefore, type InsightTab, type Period, type PeriodRange } from "@domain/insights";
import type { Auth } from "~/lib/auth.server";
import { pagePathname, withQuery } from "~/lib/pages";

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
  /** How the page changed the custom range it was asked for: reversed ends swapped, more than 36 months cut to the last 36. */
  adjusted: { swapped: boolean; clamped: boolean };
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
  const adjusted = { swapped: custom ? custom.from > custom.to : false, clamped: custom ? range.first !== (custom.from <= custom.to ? custom.from : custom.to) : false };
  return { period: custom ? "custom" : period === "custom" ? "last-12-months" : period, from: range.first, to: range.last, unitsPage, range, previous: yearBefore(range), search, adjusted };
}

/** The earnings and occupancy tabs are there only when the host's setting allows (§2); elsewhere they lead to performance, keeping the unit and the period. */
export function requireEarningsTab(auth: Auth, unitId: string | undefined, request: Request) {
  if (!earningsAvailable(auth.user)) throw redirect(withQuery(href("/insights/performance/:id?", { id: unitId }), insightsQuery(request).search));
}

export function tabsOf(auth: Auth): InsightTab[] {
  return earningsAvailable(auth.user) ? ["earnings", "occupancy", "performance", "reviews"] : ["performance", "reviews"];
}

/** The figures' pages, whose figures come with the shell's call (decision 024): performance, earnings, occupancy. */
export type FigureTab = "performance" | "earnings" | "occupancy";
const INSIGHTS_PAGE = /^\/insights\/(performance|earnings|occupancy|reviews)(?:\/([^/]+))?\/?$/;

/** The reviews tab's page of reviews (`?page=`). */
export function reviewsPageOf(request: Request): number {
  return Math.max(1, Math.min(10_000, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1));
}

/** The reviews tab's search (`?search=`): its words trimmed, cut to what the API takes; undefined without words. */
export function reviewsSearchOf(request: Request): string | undefined {
  const search = (new URL(request.url).searchParams.get("search") ?? "").trim().slice(0, REVIEWS_SEARCH_MAX).trim();
  return search || undefined;
}

/**
 * What an insights page reads with the shell's call, from its address (its tab, unit and period, the
 * reviews tab its page of reviews and its search); undefined for any other request.
 */
export function figuresPageOf(request: Request): { tab: FigureTab | "reviews"; unitId: string | undefined; from: string; to: string; unitsPage: number; page: number | undefined; search: string | undefined } | undefined {
  if (request.method !== "GET") return undefined;
  const match = INSIGHTS_PAGE.exec(pagePathname(request.url));
  if (!match) return undefined;
  const query = insightsQuery(request);
  const tab = match[1] as FigureTab | "reviews";
  return { tab, unitId: match[2] ? decodeURIComponent(match[2]) : undefined, from: query.from, to: query.to, unitsPage: query.unitsPage, page: tab === "reviews" ? reviewsPageOf(request) : undefined, search: tab === "reviews" ? reviewsSearchOf(request) : undefined };
}
