import { lt } from "drizzle-orm";
import { database } from "@api/db/client";
import { oauthRevocations } from "@api/db/schema";

/** The provider's KV keys whose deletion revokes something: an access token's record, a grant (with its refresh token). */
export function isRevokingKey(key: string): boolean {
  return key.startsWith("token:") || key.startsWith("grant:");
}

/** Writes a revocation to D1 (and drops those no unexpired token can need any more) before its KV key goes. */
async function recordRevocation(d1: D1Database, key: string, keptSeconds: number): Promise<void> {
  const db = database(d1);
  const now = Math.floor(Date.now() / 1000);
  await db.batch([
    db.delete(oauthRevocations).where(lt(oauthRevocations.revokedAt, now - keptSeconds)),
    db.insert(oauthRevocations).values({ key, revokedAt: now }).onConflictDoUpdate({ target: oauthRevocations.key, set: { revokedAt: now } }),
  ]);
}

/** The provider's KV, whose `delete` of a revoking key records the revocation in D1 first (and fails if that fails). */
function loggingKv(kv: KVNamespace, d1: D1Database, keptSeconds: number): KVNamespace {
  const remove = async (key: string) => {
    if (isRevokingKey(key)) await recordRevocation(d1, key, keptSeconds);
    await kv.delete(key);
  };
  return new Proxy(kv, {
    get(target, property) {
      if (property === "delete") return remove;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const logged = new WeakMap<object, object>();

/**
 * The Worker's bindings as every OAuth path must see them (decision 003's addendum): the same, except
 * that the provider's KV records in D1 (`oauth_revocations`) every access token record and grant it
 * deletes, before deleting it. Every way a token is revoked deletes through it: the revocation
 * endpoint (sign-out), `revokeGrant` (a refresh token used twice, a client deleted, the purge), a new
 * sign-in replacing grants. So a token revoked anywhere is refused by the next page that checks its
 * batch's `oauth_revocations` row, in every isolate, without reading KV. `keptSeconds`: how long a
 * row must stay (as long as a token it revokes can be unexpired).
 */
export function withRevocationLog<E extends { OAUTH_KV: KVNamespace; DB: D1Database }>(env: E, keptSeconds: number): E {
  let wrapped = logged.get(env) as E | undefined;
  if (!wrapped) {
    // The provider keeps its helpers on the bindings it was given (`OAUTH_PROVIDER`): they must be made from these.
    const { OAUTH_PROVIDER: _helpers, ...bindings } = env as E & { OAUTH_PROVIDER?: unknown };
    wrapped = { ...bindings, OAUTH_KV: loggingKv(env.OAUTH_KV, env.DB, keptSeconds) } as E;
    logged.set(env, wrapped);
    logged.set(wrapped, wrapped);
  }
  return wrapped;
}
