import { bookingList as contract } from "@contract/booking-list";
import { localDaysAt } from "@domain/time-zones";
import type { ApiEnv } from "@api/context";
import { contractRouter } from "@api/lib/openapi";
import { presentAllTab } from "./present";
import { allStaysListReads, allStaysPageOf, tabCountsOf, tabCountsRead } from "./queries";

/** The bookings list's All tab and its tabs' counts (decision 027's addendum). */
export const bookingListRoutes = contractRouter<ApiEnv>()
  .openapi(contract.all, async (c) => {
    const query = c.req.valid("query");
    return c.json(presentAllTab(query, allStaysPageOf(await c.var.db.batch(allStaysListReads(c.var.db, c.var.principal.user.id, query))), new Date()), 200);
  })
  .openapi(contract.tabCounts, async (c) => {
    const now = new Date();
    return c.json(tabCountsOf(await tabCountsRead(c.var.db, c.var.principal.user.id, now, localDaysAt(now))), 200);
  });
