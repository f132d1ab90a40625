import { shell as contract } from "@contract/shell";
import { pendingRequestsQuery } from "@api/booking-requests/routes";
import type { PublicApiEnv } from "@api/context";
import { principalWith } from "@api/lib/principal";
import { contractRouter } from "@api/lib/openapi";
import { presentCurrentUser } from "@api/user/current-user";
import { listInteractions, presentInteractions } from "@api/user/routes";

/**
 * What the signed-in shell shows on every page, in one call and one D1 round trip with the principal
 * (registered before the principal middleware, see principalWith): the current user
 * (as GET /user/info), the tooltips and tours seen (as GET /user/interactions) and the pending
 * booking requests (as GET /booking-requests-pending-count).
 */
export const shellRoutes = contractRouter<PublicApiEnv>().openapi(contract.get, async (c) => {
  const [principal, [interactions, [pending]]] = await principalWith(c, (db, hostUserId) => [listInteractions(db, hostUserId), pendingRequestsQuery(db, hostUserId)] as const);
  return c.json({ user: presentCurrentUser(principal), interactions: presentInteractions(interactions), pendingCount: pending?.count ?? 0 }, 200);
});
