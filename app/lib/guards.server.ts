import { href, redirect, type MiddlewareFunction } from "react-router";
import { authContext } from "./auth.server";

/**
 * For pages only commission hosts have (inbox, payout): everyone else goes to `/` (§2). Runs after
 * requireAuth, so the current user is known.
 */
export const requireCommission: MiddlewareFunction<Response> = async ({ context }, next) => {
  if (!context.get(authContext).user.commissionApplicable) throw redirect(href("/"));
  return next();
};
