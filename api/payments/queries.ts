import { and, count, desc, eq, max } from "drizzle-orm";
import type { Database } from "@api/db/client";
import { paymentCheckouts } from "@api/db/schema";
import { notFound } from "@api/lib/errors";

export type CheckoutRow = typeof paymentCheckouts.$inferSelect;

/** How many checkouts of the host were paid, with which provider, and when last. */
export async function paidCheckouts(db: Database, hostUserId: number): Promise<{ count: number; provider: string | null; lastPaymentAt: Date | null }> {
  const [row] = await db
    .select({ count: count(), lastPaymentAt: max(paymentCheckouts.confirmedAt) })
    .from(paymentCheckouts)
    .where(and(eq(paymentCheckouts.hostUserId, hostUserId), eq(paymentCheckouts.status, "paid")));
  const last = row?.count
    ? await db.query.paymentCheckouts.findFirst({ where: and(eq(paymentCheckouts.hostUserId, hostUserId), eq(paymentCheckouts.status, "paid")), orderBy: desc(paymentCheckouts.id) })
    : undefined;
  return { count: row?.count ?? 0, provider: last?.provider ?? null, lastPaymentAt: row?.lastPaymentAt ? new Date(row.lastPaymentAt) : null };
}

/** A checkout of the host by the provider's hosted page id; another host's answers 404. */
export async function findCheckout(db: Database, hostUserId: number, hostedPageId: string): Promise<CheckoutRow> {
  const row = await db.query.paymentCheckouts.findFirst({ where: and(eq(paymentCheckouts.hostUserId, hostUserId), eq(paymentCheckouts.hostedPageId, hostedPageId)) });
  if (!row) throw notFound("Checkout");
  return row;
}
