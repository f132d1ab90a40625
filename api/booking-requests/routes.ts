import { and, count, eq, gt } from "drizzle-orm";
import { Hono } from "hono";
import type { ApiEnv } from "../context";
import { bookingRequests } from "../db/schema";

export const bookingRequestRoutes = new Hono<ApiEnv>().get("/booking-requests-pending-count", async (c) => {
  const [row] = await c.var.db
    .select({ count: count() })
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.hostUserId, c.var.principal.user.id),
        eq(bookingRequests.status, "REQUESTED"),
        gt(bookingRequests.expiresAt, new Date()),
      ),
    );
  return c.json({ count: row?.count ?? 0 });
});
