import { insights as contract } from "@contract/insights";
import type { ApiEnv } from "@api/context";
import { notFound } from "@api/lib/errors";
import { contractRouter } from "@api/lib/openapi";
import type { Context } from "hono";
import { d1Of, figuresReads, presentEarnings, presentOccupancy, presentPerformance, presentReviews, reviewsReads, type FigureTab, type FiguresQuery } from "./figures";
import type { Scope } from "./queries";

type Row = Record<string, unknown>;

/** A page's figures in one D1 batch (404 for another host's unit). */
async function figures<P>(c: Context<ApiEnv>, tab: FigureTab, query: FiguresQuery, present: (scope: Scope, query: FiguresQuery, results: Row[][], currency: string) => P | null): Promise<P> {
  const scope: Scope = { hostUserId: c.var.principal.user.id, unitId: query.unitId || undefined };
  const results = (await c.var.db.$client.batch<Row>(figuresReads((statement) => d1Of(c.var.db, statement), tab, scope, query))) as D1Result<Row>[];
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
    const results = (await c.var.db.$client.batch<Row>(reviewsReads((statement) => d1Of(c.var.db, statement), scope, query))) as D1Result<Row>[];
    const answer = presentReviews(scope, query, results.map((result) => result.results), c.var.principal.user.currency, new Date());
    if (answer === null) throw notFound("Unit");
    return c.json(answer, 200);
  });
