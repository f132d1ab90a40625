import { and, count, eq, gt, type SQLWrapper } from "drizzle-orm";
import { bookingRequests as contract } from "@contract/booking-requests";
import type { ApiEnv } from "@api/context";
import type { Database } from "@api/db/client";
import { bookingRequests } from "@api/db/schema";
import { contractRouter } from "@api/lib/openapi";

/** The query counting the host's booking requests still waiting for an answer: requested and not yet expired. */
export function pendingRequestsQuery(db: Database, hostUserId: number | SQLWrapper, now: Date | SQLWrapper = new Date()) {
  return db
    .select({ count: count() })
    .from(bookingRequests)
    .where(and(eq(bookingRequests.hostUserId, hostUserId), eq(bookingRequests.status, "REQUESTED"), gt(bookingRequests.expiresAt, now)));
}

export const bookingRequestRoutes = contractRouter<ApiEnv>().openapi(contract.pendingCount, async (c) => {
  const [row] = await pendingRequestsQuery(c.var.db, c.var.principal.user.id);
  return c.json({ count: row?.count ?? 0 }, 200);
});
