import { insights as contract } from "@contract/insights";
import type { ApiEnv } from "@api/context";
import { notFound } from "@api/lib/errors";
import { contractRouter } from "@api/lib/openapi";
import type { Context } from "hono";
import { canReply, REVIEW_CATEGORIES } from "@domain/reviews";
import { paginationOf, presentRating } from "@api/reviews/reviews";
import { d1Statement } from "@api/db/client";
import { commonOf, figuresReads, presentEarnings, presentOccupancy, presentPerformance, UNIT_STATEMENTS, type FigureTab, type FiguresQuery } from "./figures";
import { reviewStatements, unitStatements, type Scope } from "./queries";

/** Reviews a page of the reviews tab shows. */
export const INSIGHTS_REVIEWS_PAGE = 10;

type Row = Record<string, unknown>;

/** A page's figures in one D1 batch (404 for another host's unit). */
async function figures<P>(c: Context<ApiEnv>, tab: FigureTab, query: FiguresQuery, present: (scope: Scope, query: FiguresQuery, results: Row[][], currency: string) => P | null): Promise<P> {
  const scope: Scope = { hostUserId: c.var.principal.user.id, unitId: query.unitId || undefined };
  const results = (await c.var.db.$client.batch<Row>(figuresReads((statement) => d1Statement(c.var.db, statement), tab, scope, query))) as D1Result<Row>[];
  const answer = present(scope, query, results.map((result) => result.results), c.var.principal.user.currency);
  if (answer === null) throw notFound("Unit");
  return answer;
}

/** Insights (decision 037): per month, the sums of the period and the year before; one D1 batch per call. */
export const insightsRoutes = contractRouter<ApiEnv>()
  .openapi(contract.performance, async (c) => c.json(await figures(c, "performance", c.req.valid("query"), presentPerformance), 200))
  .openapi(contract.earnings, async (c) => c.json(await figures(c, "earnings", c.req.valid("query"), presentEarnings), 200))
  .openapi(contract.occupancy, async (c) => c.json(await figures(c, "occupancy", c.req.valid("query"), presentOccupancy), 200))
  .openapi(contract.reviews, async (c) => {
    const query = c.req.valid("query");
    const scope: Scope = { hostUserId: c.var.principal.user.id, unitId: query.unitId || undefined };
    const results = (await c.var.db.$client.batch<Row>([...unitStatements((statement) => d1Statement(c.var.db, statement), scope, query.unitsPage), ...reviewStatements(c.var.db, scope, query.page, INSIGHTS_REVIEWS_PAGE)])) as D1Result<Row>[];
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
    const common = commonOf(scope, query.unitsPage, results.slice(0, UNIT_STATEMENTS).map((result) => result.results), c.var.principal.user.currency);
    if (!common) throw notFound("Unit");
    return c.json({ ...common, rating, items, pagination: paginationOf(query.page, INSIGHTS_REVIEWS_PAGE, rating.count) }, 200);
  });
