import { insights as contract } from "@contract/insights";
import { INSIGHTS_UNIT_PAGE_SIZE, rangeOf, yearBefore } from "@domain/insights";
import type { ApiEnv } from "@api/context";
import { notFound } from "@api/lib/errors";
import { contractRouter } from "@api/lib/openapi";
import type { Context } from "hono";
import { canReply, REVIEW_CATEGORIES } from "@domain/reviews";
import { paginationOf, presentRating } from "@api/reviews/reviews";
import { earningsStatements, numbers, occupancyStatements, performanceStatements, reviewStatements, unitStatements, type Scope } from "./queries";

/** Reviews a page of the reviews tab shows. */
export const INSIGHTS_REVIEWS_PAGE = 10;

type Row = Record<string, unknown>;

/** The period asked for and the year before it, the scope, and the unit selector's statements. */
function request(c: Context<ApiEnv>, query: { unitId?: string; from: string; to: string; unitsPage: number }) {
  const period = rangeOf(query.from <= query.to ? query.from : query.to, query.from <= query.to ? query.to : query.from);
  const scope: Scope = { hostUserId: c.var.principal.user.id, unitId: query.unitId || undefined };
  return { period, previous: yearBefore(period), scope, units: unitStatements(c.var.db, scope, query.unitsPage) };
}

/** What every insights answer carries: the unit (404 when it is not the host's) and the selector's page. */
function common(scope: Scope, page: number, [unit, items, count, reviews]: D1Result<Row>[], currency: string) {
  const selected = unit!.results[0] as { id: string; title: string } | undefined;
  if (scope.unitId !== undefined && !selected) throw notFound("Unit");
  const total = Number((count!.results[0] as { total: number } | undefined)?.total ?? 0);
  const pages = Math.max(1, Math.ceil(total / INSIGHTS_UNIT_PAGE_SIZE));
  return {
    unit: selected ? { id: selected.id, title: selected.title } : null,
    units: {
      items: (items!.results as { id: string; title: string; propertyTitle: string }[]).map((u) => ({ id: u.id, title: u.title, propertyTitle: u.propertyTitle })),
      pagination: { current: page, next: Math.min(page + 1, pages), total, pageSize: INSIGHTS_UNIT_PAGE_SIZE },
    },
    currency,
    newReviews: Number(reviews!.results[0]?.count ?? 0),
  };
}

/** Months of a statement's rows, merged into one record per month. */
function byMonth(...results: D1Result<Row>[]): Map<string, Row> {
  const months = new Map<string, Row>();
  for (const result of results) for (const row of result.results) months.set(String(row.month), { ...months.get(String(row.month)), ...row });
  return months;
}

/** How many statements of the batch `unitStatements` makes before the tab's own. */
const UNIT_STATEMENTS = 4;

const PERFORMANCE_KEYS = ["views", "requests", "inquiries", "bookings", "cancelled", "nights", "revenue", "leadDays"] as const;
const EARNINGS_KEYS = ["gross", "commission", "payout", "stays"] as const;

/** Insights (decision 037): per month, the sums of the period and the year before; one D1 batch per call. */
export const insightsRoutes = contractRouter<ApiEnv>()
  .openapi(contract.performance, async (c) => {
    const query = c.req.valid("query");
    const { period, previous, scope, units } = request(c, query);
    const results = (await c.var.db.$client.batch<Row>([...units, ...performanceStatements(c.var.db, scope, period, previous)])) as D1Result<Row>[];
    // The months with a figure (a month of the sums may hold only earnings or nights).
    const months = [...byMonth(...results.slice(UNIT_STATEMENTS)).entries()].map(([month, row]) => ({ month, ...numbers(row, PERFORMANCE_KEYS) })).filter((month) => PERFORMANCE_KEYS.some((key) => month[key] !== 0));
    return c.json({ ...common(scope, query.unitsPage, results.slice(0, UNIT_STATEMENTS), c.var.principal.user.currency), months: months.sort((a, b) => a.month.localeCompare(b.month)) }, 200);
  })
  .openapi(contract.earnings, async (c) => {
    const query = c.req.valid("query");
    const { period, previous, scope, units } = request(c, query);
    const results = (await c.var.db.$client.batch<Row>([...units, ...earningsStatements(c.var.db, scope, period, previous)])) as D1Result<Row>[];
    const rows = results[UNIT_STATEMENTS]!.results.toSorted((a, b) => String(a.month).localeCompare(String(b.month)));
    // One row per month holds both views of the money: by the month stayed (stay_*) and by the month paid out (payout_*); a month is listed where it has any.
    const months = (prefix: "stay" | "payout") =>
      rows
        .map((row) => ({ month: String(row.month), ...numbers({ gross: row[`${prefix}Gross`], commission: row[`${prefix}Commission`], payout: row[`${prefix}Payout`], stays: row[prefix === "stay" ? "stays" : "payoutStays"] }, EARNINGS_KEYS) }))
        .filter((month) => EARNINGS_KEYS.some((key) => month[key] !== 0));
    return c.json({ ...common(scope, query.unitsPage, results.slice(0, UNIT_STATEMENTS), c.var.principal.user.currency), byStayMonth: months("stay"), byPayoutMonth: months("payout") }, 200);
  })
  .openapi(contract.occupancy, async (c) => {
    const query = c.req.valid("query");
    const { period, previous, scope, units } = request(c, query);
    const results = (await c.var.db.$client.batch<Row>([...units, ...occupancyStatements(c.var.db, scope, period, previous)])) as D1Result<Row>[];
    const unitCount = Number(results[UNIT_STATEMENTS + 2]!.results[0]?.units ?? 0);
    const nights = byMonth(results[UNIT_STATEMENTS]!, results[UNIT_STATEMENTS + 1]!);
    // Every month of both ranges: a month without a booked night still has nights for sale.
    const all = [...new Set([...previous.months, ...period.months])].sort();
    const months = all.map((month) => ({ month, ...numbers(nights.get(month) ?? {}, ["booked", "unavailable"] as const), units: unitCount }));
    return c.json({ ...common(scope, query.unitsPage, results.slice(0, UNIT_STATEMENTS), c.var.principal.user.currency), months }, 200);
  })
  .openapi(contract.reviews, async (c) => {
    const query = c.req.valid("query");
    const scope: Scope = { hostUserId: c.var.principal.user.id, unitId: query.unitId || undefined };
    const results = (await c.var.db.$client.batch<Row>([...unitStatements(c.var.db, scope, query.unitsPage), ...reviewStatements(c.var.db, scope, query.page, INSIGHTS_REVIEWS_PAGE)])) as D1Result<Row>[];
    const rating = presentRating(results[UNIT_STATEMENTS]!.results[0]);
    const now = new Date();
    const items = results[UNIT_STATEMENTS + 1]!.results.map((r) => {
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
    return c.json({ ...common(scope, query.unitsPage, results.slice(0, UNIT_STATEMENTS), c.var.principal.user.currency), rating, items, pagination: paginationOf(query.page, INSIGHTS_REVIEWS_PAGE, rating.count) }, 200);
  });
