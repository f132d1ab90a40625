import { and, count, eq, gt } from "drizzle-orm";
import { Hono } from "hono";
import type { ApiEnv } from "../context";
import type { Database } from "../db/client";
import { bookingRequests } from "../db/schema";

/** The host's booking requests still waiting for an answer: requested and not yet expired. */
export async function countPendingRequests(db: Database, hostUserId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(bookingRequests)
    .where(and(eq(bookingRequests.hostUserId, hostUserId), eq(bookingRequests.status, "REQUESTED"), gt(bookingRequests.expiresAt, new Date())));
  return row?.count ?? 0;
}

export const bookingRequestRoutes = new Hono<ApiEnv>().get("/booking-requests-pending-count", async (c) =>
  c.json({ count: await countPendingRequests(c.var.db, c.var.principal.user.id) }),
);
