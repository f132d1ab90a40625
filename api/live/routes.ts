import { live as contract, LIVE_TOKEN_TTL_SECONDS } from "@contract/live";
import type { ApiEnv } from "@api/context";
import { contractRouter } from "@api/lib/openapi";
import { hostLiveToken } from "./tokens";

/** §7 `GET /api/app/messaging/token`: the host's live token (decision 033). */
export const liveRoutes = contractRouter<ApiEnv>().openapi(contract.token, async (c) => {
  return c.json({ token: await hostLiveToken(c.env, c.var.principal.user.id), expiresIn: LIVE_TOKEN_TTL_SECONDS }, 200);
});
