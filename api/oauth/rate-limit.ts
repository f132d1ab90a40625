import { and, count, eq, gt, lt, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { signInAttempts } from "../db/schema";

/** Failed sign-ins allowed per window, per account and per client address. */
export const SIGN_IN_LIMITS = { account: 5, address: 20, windowMs: 15 * 60 * 1000 } as const;

export function subjects(email: string, address: string) {
  return { account: `account:${email}`, address: `address:${address}` };
}

/** True when either the account or the address has used up its failed attempts in the window. */
export async function isLockedOut(db: Database, email: string, address: string, now = Date.now()): Promise<boolean> {
  const { account, address: addr } = subjects(email, address);
  const since = new Date(now - SIGN_IN_LIMITS.windowMs);
  const rows = await db
    .select({ subject: signInAttempts.subject, n: count() })
    .from(signInAttempts)
    .where(and(or(eq(signInAttempts.subject, account), eq(signInAttempts.subject, addr)), gt(signInAttempts.attemptedAt, since)))
    .groupBy(signInAttempts.subject);
  const counts = new Map(rows.map((r) => [r.subject, r.n]));
  return (counts.get(account) ?? 0) >= SIGN_IN_LIMITS.account || (counts.get(addr) ?? 0) >= SIGN_IN_LIMITS.address;
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
