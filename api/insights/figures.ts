import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "@api/db/client";
import { INSIGHTS_UNIT_PAGE_SIZE, nightsForSale, rangeOf, yearBefore, type Month, type SaleSpan } from "@domain/insights";
import { canReply, REVIEW_CATEGORIES } from "@domain/reviews";
import { paginationOf, presentRating } from "@api/reviews/reviews";
import { earningsStatements, numbers, occupancyStatements, performanceStatements, reviewStatements, UNIT_STATEMENTS, unitStatements, type Scope, type Statement } from "./queries";

/**
 * The figures of the performance, earnings and occupancy pages (decisions 037 and 042): the
 * statements of one page and the answer from their rows, shared by GET /api/app/insights/{tab} and
 * the shell's call, which reads a page's figures in its own batch (`insights=…`, decision 024).
 */

export const FIGURE_TABS = ["performance", "earnings", "occupancy"] as const;
export type FigureTab = (typeof FIGURE_TABS)[number];

export interface FiguresQuery {
  unitId?: string;
  from: string;
  to: string;
  unitsPage: number;
}

type Row = Record<string, unknown>;


const PERFORMANCE_KEYS = ["views", "requests", "inquiries", "bookings", "directBookings", "cancelled", "nights", "revenue", "leadDays"] as const;
const EARNINGS_KEYS = ["gross", "commission", "payout", "stays"] as const;

/** The period asked for (ends in either order) and the year before it. */
export function periodOf(query: FiguresQuery) {
  const period = rangeOf(query.from <= query.to ? query.from : query.to, query.from <= query.to ? query.to : query.from);
  return { period, previous: yearBefore(period) };
}

/** A page's statements: the unit selector's, then the tab's. */
export function figuresReads<T>(make: (statement: Statement) => T, tab: FigureTab, scope: Scope, query: FiguresQuery): T[] {
  const { period, previous } = periodOf(query);
  const statements = { performance: performanceStatements, earnings: earningsStatements, occupancy: occupancyStatements }[tab];
  return [...unitStatements(make, scope, query.unitsPage), ...statements(make, scope, period, previous)];
}

/** What every insights answer carries: the unit (null: not the host's) and the selector's page, from the row of `unitStatements`. */
export function commonOf(scope: Scope, page: number, [rows]: Row[][], currency: string) {
  const row: Row | undefined = rows?.[0];
  const selected = typeof row?.unit === "string" ? (JSON.parse(row.unit) as [string, string]) : undefined;
  if (scope.unitId !== undefined && !selected) return null;
  const total = Number(row?.total ?? 0);
  const pages = Math.max(1, Math.ceil(total / INSIGHTS_UNIT_PAGE_SIZE));
  const items = typeof row?.items === "string" ? (JSON.parse(row.items) as [string, string, string][]) : [];
  return {
    unit: selected ? { id: selected[0], title: selected[1] } : null,
    units: {
      items: items.map(([id, title, propertyTitle]) => ({ id, title, propertyTitle })),
      pagination: { current: page, next: Math.min(page + 1, pages), total, pageSize: INSIGHTS_UNIT_PAGE_SIZE },
    },
    currency,
    newReviews: Number(row?.count ?? 0),
  };
}

/** Months of statements' rows, merged into one record per month. */
function byMonth(...results: Row[][]): Map<string, Row> {
  const months = new Map<string, Row>();
  for (const rows of results) for (const row of rows) months.set(String(row.month), { ...months.get(String(row.month)), ...row });
  return months;
}

export function presentPerformance(scope: Scope, query: FiguresQuery, results: Row[][], currency: string) {
  const at = UNIT_STATEMENTS;
  const common = commonOf(scope, query.unitsPage, results.slice(0, at), currency);
  if (!common) return null;
  // The months with a figure (a month of the sums may hold only earnings or nights).
  const months = [...byMonth(...results.slice(at)).entries()]
    .map(([month, row]) => ({ month, ...numbers(row, PERFORMANCE_KEYS) }))
    .filter((month) => PERFORMANCE_KEYS.some((key) => month[key] !== 0));
  return { ...common, months: months.sort((a, b) => a.month.localeCompare(b.month)) };
}

export function presentEarnings(scope: Scope, query: FiguresQuery, results: Row[][], currency: string) {
  const at = UNIT_STATEMENTS;
  const common = commonOf(scope, query.unitsPage, results.slice(0, at), currency);
  if (!common) return null;
  const rows = results[at]!.toSorted((a, b) => String(a.month).localeCompare(String(b.month)));
  // One row per month holds both views of the money: by the month stayed (stay_*) and by the month paid out (payout_*); a month is listed where it has any.
  const months = (prefix: "stay" | "payout") =>
    rows
      .map((row) => ({ month: String(row.month), ...numbers({ gross: row[`${prefix}Gross`], commission: row[`${prefix}Commission`], payout: row[`${prefix}Payout`], stays: row[prefix === "stay" ? "stays" : "payoutStays"] }, EARNINGS_KEYS) }))
      .filter((month) => EARNINGS_KEYS.some((key) => month[key] !== 0));
  return { ...common, byStayMonth: months("stay"), byPayoutMonth: months("payout") };
}

export function presentOccupancy(scope: Scope, query: FiguresQuery, results: Row[][], currency: string) {
  const at = UNIT_STATEMENTS;
  const common = commonOf(scope, query.unitsPage, results.slice(0, at), currency);
  if (!common) return null;
  const { period, previous } = periodOf(query);
  // Every month of both ranges: a month without a booked night still has nights for sale.
  const all = [...new Set([...previous.months, ...period.months])].sort();
  return { ...common, months: occupancyMonths(results.slice(at), all) };
}

/**
 * Each month's occupancy from the rows of `occupancyStatements` (booked nights, nights not for sale,
 * the units' days for sale): what the occupancy page answers, and the overview's month (its
 * occupancy is this month's on the page, decision 037's addendum).
 */
export function occupancyMonths([booked, unavailable, sale]: Row[][], months: readonly Month[]) {
  const spans: SaleSpan[] = sale!.map((row) => ({ since: String(row.since), until: row.until === null ? null : String(row.until) }));
  const nights = byMonth(booked!, unavailable!);
  return months.map((month) => ({ month, ...numbers(nights.get(month) ?? {}, ["booked", "unavailable"] as const), ...nightsForSale(month, spans) }));
}

/** Reviews a page of the reviews tab shows. */
export const INSIGHTS_REVIEWS_PAGE = 10;

export interface ReviewsQuery {
  unitId?: string;
  unitsPage: number;
  page: number;
  /** Words of the review's text or the guest's name: only the reviews that hold them are listed. */
  search?: string;
}

/** The reviews tab's statements (GET /insights/reviews, and the shell's call on that tab): the unit selector's, then the rating, the page of reviews and, with a search, how many it finds. */
export function reviewsReads<T>(make: (statement: Statement) => T, scope: Scope, query: ReviewsQuery): T[] {
  return [...unitStatements(make, scope, query.unitsPage), ...reviewStatements(make, scope, query.page, INSIGHTS_REVIEWS_PAGE, query.search || undefined)];
}

/** The reviews tab's answer from its statements' rows; null for another host's unit. */
export function presentReviews(scope: Scope, query: ReviewsQuery, results: Row[][], currency: string, now: Date) {
  const at = UNIT_STATEMENTS;
  const common = commonOf(scope, query.unitsPage, results.slice(0, at), currency);
  if (!common) return null;
  const rating = presentRating(results[at]![0] as Parameters<typeof presentRating>[0]);
  const items = results[at + 1]!.map((r) => {
    const repliedAt = r.repliedAt === null ? null : new Date(Number(r.repliedAt));
    return {
      publicId: String(r.publicId),
      unitId: String(r.unitId),
      unitTitle: String(r.unitTitle),
      guestName: String(r.guestName),
      rating: Number(r.rating),
      categories: Object.fromEntries(REVIEW_CATEGORIES.map((category) => [category, Number(r[category])])) as Record<(typeof REVIEW_CATEGORIES)[number], number>,
      text: String(r.text),
      createdAt: new Date(Number(r.createdAt)).toISOString(),
      reply: r.reply === null ? null : String(r.reply),
      repliedAt: repliedAt?.toISOString() ?? null,
      replyEditable: canReply(repliedAt, now),
      seen: r.seenAt !== null,
    };
  });
  // Without a search every review of the scope is listed: the rating counts them.
  const listed = query.search ? Number(results[at + 2]![0]?.total ?? 0) : rating.count;
  return { ...common, rating, items, pagination: paginationOf(query.page, INSIGHTS_REVIEWS_PAGE, listed) };
}

/** A statement as a D1 statement, for the insights' own batch. */
export const d1Of = (db: Database, { text, params }: Statement): D1PreparedStatement => db.$client.prepare(text).bind(...params);

/**
 * A statement as an item of drizzle's D1 batch (the shell's, `principalWith`), its rows as D1 answers
 * them: what drizzle's batch asks of an item (`_prepare()`), as `cachedStatement` (api/db/cached-statement.ts) gives it.
 */
export function shellBatchItem(db: Database, { text, params }: Statement): BatchItem<"sqlite"> {
  const item = {
    // oxlint-disable-next-line no-underscore-dangle -- drizzle's D1 batch prepares each item with this method
    _prepare: () => ({ getQuery: () => ({ sql: text, params }), stmt: db.$client.prepare(text), mapResult: (result: D1Result<Row>) => result.results }),
  };
  return item as unknown as BatchItem<"sqlite">;
}
