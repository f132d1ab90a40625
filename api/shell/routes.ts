import { shell as contract } from "@contract/shell";
import { pendingRequestsQuery } from "@api/booking-requests/routes";
import type { ApiEnv } from "@api/context";
import { contractRouter } from "@api/lib/openapi";
import { presentCurrentUser } from "@api/user/current-user";
import { listInteractions, presentInteractions } from "@api/user/routes";

/**
 * What the signed-in shell shows on every page, in one call and one D1 round trip: the current user
 * (as GET /user/info), the tooltips and tours seen (as GET /user/interactions) and the pending
 * booking requests (as GET /booking-requests-pending-count).
 */
export const shellRoutes = contractRouter<ApiEnv>().openapi(contract.get, async (c) => {
  const { principal, db } = c.var;
  const [interactions, [pending]] = await db.batch([listInteractions(db, principal.user.id), pendingRequestsQuery(db, principal.user.id)]);
  return c.json({ user: presentCurrentUser(principal), interactions: presentInteractions(interactions), pendingCount: pending?.count ?? 0 }, 200);
});
