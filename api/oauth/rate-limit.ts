import { and, desc, eq, gt, lt, or } from "drizzle-orm";
import type { Database } from "@api/db/client";
import { signInAttempts } from "@api/db/schema";

/** Failed sign-ins allowed per window, per account and per client address. */
export const SIGN_IN_LIMITS = { account: 5, address: 20, windowMs: 15 * 60 * 1000 } as const;

export function subjects(email: string, address: string) {
  return { account: `account:${email}`, address: `address:${address}` };
}

/**
 * How long, in whole seconds, until both the account and the address are below their limits again
 * (0: not locked out): the wait is until enough of the counted failures have left the window.
 */
export async function lockedOutSeconds(db: Database, email: string, address: string, now = Date.now()): Promise<number> {
  const { account, address: addr } = subjects(email, address);
  const since = new Date(now - SIGN_IN_LIMITS.windowMs);
  const rows = await db
    .select({ subject: signInAttempts.subject, attemptedAt: signInAttempts.attemptedAt })
    .from(signInAttempts)
    .where(and(or(eq(signInAttempts.subject, account), eq(signInAttempts.subject, addr)), gt(signInAttempts.attemptedAt, since)))
    .orderBy(desc(signInAttempts.attemptedAt));
  let until = now;
  for (const [subject, limit] of [
    [account, SIGN_IN_LIMITS.account],
    [addr, SIGN_IN_LIMITS.address],
  ] as const) {
    const newestFirst = rows.filter((r) => r.subject === subject);
    // The limit-th newest failure is the one that must leave the window for an attempt to count again.
    const blocking = newestFirst[limit - 1];
    if (blocking) until = Math.max(until, blocking.attemptedAt.getTime() + SIGN_IN_LIMITS.windowMs);
  }
  return Math.ceil((until - now) / 1000);
}

export async function recordFailure(db: Database, email: string, address: string, now = Date.now()) {
  const { account, address: addr } = subjects(email, address);
  const at = new Date(now);
  await db.batch([
    db.insert(signInAttempts).values([
      { subject: account, attemptedAt: at },
      { subject: addr, attemptedAt: at },
    ]),
    // Old rows are useless; pruning on write keeps the table small without a sweeper.
    db.delete(signInAttempts).where(lt(signInAttempts.attemptedAt, new Date(now - SIGN_IN_LIMITS.windowMs))),
  ]);
}

export async function clearAccountFailures(db: Database, email: string) {
  await db.delete(signInAttempts).where(eq(signInAttempts.subject, subjects(email, "").account));
}
