import type { Database } from "./db/client";
import type { users } from "./db/schema";

export type UserRow = typeof users.$inferSelect;

/** Who a request acts for: the signed-in user, or the host a staff member impersonates. */
export interface Principal {
  user: UserRow;
  /** The staff user behind an impersonation, when there is one. */
  impersonator: UserRow | null;
  sessionId: string;
}

/** What completeAuthorization() stores on a grant; comes back as ctx.props on every API call. */
export interface GrantProps {
  userId: number;
  sessionId: string;
}

export interface ApiEnv {
  Bindings: Env;
  Variables: { db: Database; principal: Principal };
}

export interface PublicApiEnv {
  Bindings: Env;
  Variables: { db: Database };
}
