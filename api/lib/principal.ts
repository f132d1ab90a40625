import { and, eq, isNull, sql, type Placeholder } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ApiEnv, GrantProps, Principal, PublicApiEnv } from "@api/context";
import { cachedStatement } from "@api/db/cached-statement";
import type { Database } from "@api/db/client";
import { impersonations, oauthRevocations, users } from "@api/db/schema";
import { IMPERSONATE_HEADER, IMPERSONATION_ENDED } from "@contract/staff";
import { CallerScope } from "./caller-scope";
import { ApiError } from "./errors";

export { IMPERSONATE_HEADER } from "@contract/staff";

/** What the OAuth provider put on the call's context once it accepted the token. */
function grantOf(ctx: object): GrantProps {
  const props = (ctx as { props?: GrantProps }).props;
  if (!props?.userId) throw new ApiError(401, "Not signed in");
  return props;
}

/** The signed-in user, or the host a staff member acts for (with an active impersonation only). */
async function loadPrincipal(db: Database, props: GrantProps, actAs: string | undefined): Promise<Principal> {
  const signedIn = await db.query.users.findFirst({ where: eq(users.id, props.userId) });
  if (!signedIn) throw new ApiError(401, "The account no longer exists");
  if (!actAs || signedIn.role !== "staff") return { user: signedIn, impersonator: null, sessionId: props.sessionId };
  const [row] = await db
    .select({ host: users })
    .from(impersonations)
    .innerJoin(users, eq(users.id, impersonations.hostUserId))
    .where(and(eq(impersonations.staffUserId, signedIn.id), isNull(impersonations.endedAt), eq(users.publicId, actAs)))
    .limit(1);
  if (!row) {
    const message = "No active impersonation of this host";
    throw new ApiError(403, message, [{ field: null, message, type: IMPERSONATION_ENDED }]);
  }
  return { user: row.host, impersonator: signedIn, sessionId: props.sessionId };
}

/** The call's principal: loaded once per web request for in-process calls (CallerScope), else per call. */
function principalOf(db: Database, ctx: object, props: GrantProps, actAs: string | undefined): Promise<Principal> {
  const scope = CallerScope.of(ctx);
  const load = () => loadPrincipal(db, props, actAs);
  return scope ? scope.principal(props, actAs, load) : load();
}

/** Every route registered after it finds the principal in `c.var.principal`. */
export const principalMiddleware = createMiddleware<ApiEnv>(async (c, next) => {
  c.set("principal", await principalOf(c.var.db, c.executionCtx, grantOf(c.executionCtx), c.req.header(IMPERSONATE_HEADER)));
  await next();
});

/**
 * The signed-in user's row, read by every signed-in page: its SQL is built once per isolate (decision
 * 024). With it, whether the provider revoked the page's token or its grant (`TokenCheck`, decision
 * 003's addendum; without a check both keys are null and nothing is found).
 */
const userRow = cachedStatement((db, $: (name: "userId" | "tokenKey" | "grantKey") => Placeholder) =>
  db
    .select({ user: users, revoked: sql<number>`exists (select 1 from ${oauthRevocations} where ${oauthRevocations.key} in (${$("tokenKey")}, ${$("grantKey")}))`.as("revoked") })
    .from(users)
    .where(eq(users.id, $("userId")))
    .limit(1),
);

type HostReads = readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/**
 * For a route registered before `principalMiddleware` (the shell, first call of every signed-in
 * page): the principal and the route's `reads` of the host's data in one D1 batch. The reads get the
 * host's user id. Only a staff member's impersonation, or a principal this web request has already
 * loaded, takes a round trip of its own; the principal loaded here serves the request's later calls.
 */
export async function principalWith<R extends HostReads>(c: Context<PublicApiEnv>, reads: (db: Database, hostUserId: number) => R): Promise<[Principal, BatchResponse<R>]> {
  const { db } = c.var;
  const props = grantOf(c.executionCtx);
  const actAs = c.req.header(IMPERSONATE_HEADER);
  const scope = CallerScope.of(c.executionCtx);
  if (actAs || scope?.knows(props, actAs)) {
    const principal = await principalOf(db, c.executionCtx, props, actAs);
    return [principal, await db.batch(reads(db, principal.user.id))];
  }
  const check = scope?.tokenCheck(c.executionCtx);
  const [[row], ...results] = await db.batch([userRow(db, { userId: props.userId, tokenKey: check?.tokenKey ?? null, grantKey: check?.grantKey ?? null }), ...reads(db, props.userId)]);
  if (check) check.revoked = Boolean(row?.revoked);
  if (check?.revoked) throw new ApiError(401, "The session was revoked");
  const user = row?.user;
  if (!user) throw new ApiError(401, "The account no longer exists");
  const principal: Principal = { user, impersonator: null, sessionId: props.sessionId };
  scope?.principal(props, actAs, async () => principal);
  return [principal, results];
}
