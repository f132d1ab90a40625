import { and, desc, eq, gt, lt, or } from "drizzle-orm";
import type { Database } from "@api/db/client";
import { signInAttempts } from "@api/db/schema";

/**
 * Failed guest sign-ins allowed per window, per booking code and per client address. Counted in
 * D1 (`sign_in_attempts`, the hosts' sign-in lockout's table, under subjects of their own), so every
 * isolate sees the same counts: a code of 8 characters cannot be guessed from one address, and one
 * code cannot be tried against many emails from many addresses.
 */
export const GUEST_SIGN_IN_LIMITS = { code: 5, address: 20, windowMs: 15 * 60 * 1000 } as const;

function subjects(code: string, address: string) {
  return { code: `guest-code:${code}`, address: `guest-address:${address}` };
}

/** Seconds until both the code and the address are below their limits again (0: not locked out). */
export async function guestLockedOutSeconds(db: Database, code: string, address: string, now = Date.now()): Promise<number> {
  const s = subjects(code, address);
  const rows = await db
    .select({ subject: signInAttempts.subject, attemptedAt: signInAttempts.attemptedAt })
    .from(signInAttempts)
    .where(and(or(eq(signInAttempts.subject, s.code), eq(signInAttempts.subject, s.address)), gt(signInAttempts.attemptedAt, new Date(now - GUEST_SIGN_IN_LIMITS.windowMs))))
    .orderBy(desc(signInAttempts.attemptedAt));
  let until = now;
  for (const [subject, limit] of [
    [s.code, GUEST_SIGN_IN_LIMITS.code],
    [s.address, GUEST_SIGN_IN_LIMITS.address],
  ] as const) {
    // The limit-th newest failure must leave the window before an attempt counts again.
    const blocking = rows.filter((r) => r.subject === subject)[limit - 1];
    if (blocking) until = Math.max(until, blocking.attemptedAt.getTime() + GUEST_SIGN_IN_LIMITS.windowMs);
  }
  return Math.ceil((until - now) / 1000);
}

export async function recordGuestFailure(db: Database, code: string, address: string, now = Date.now()) {
  const s = subjects(code, address);
  const at = new Date(now);
  await db.batch([
    db.insert(signInAttempts).values([
      { subject: s.code, attemptedAt: at },
      { subject: s.address, attemptedAt: at },
    ]),
    db.delete(signInAttempts).where(and(lt(signInAttempts.attemptedAt, new Date(now - GUEST_SIGN_IN_LIMITS.windowMs)), or(eq(signInAttempts.subject, s.code), eq(signInAttempts.subject, s.address)))),
  ]);
}

/** A successful sign-in forgets the code's failures (the address's stay counted). */
export async function clearGuestCodeFailures(db: Database, code: string) {
  await db.delete(signInAttempts).where(eq(signInAttempts.subject, subjects(code, "").code));
}
