import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { weakestCalendarStatus, type CalendarVerificationStatus } from "@domain/calendar-verification";
import { calendarStatusesOf } from "@api/calendar-verification/routes";
import type { Database } from "@api/db/client";
import { propertyUnits, subscriptionBoosts, subscriptions, subscriptionServices, subscriptionUnits } from "@api/db/schema";
import { notFound } from "@api/lib/errors";

/*
 * Reads of subscriptions (issue 10 §3): what routes and services load before they decide or
 * present. Every query is scoped to the host.
 */

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type ServiceRow = typeof subscriptionServices.$inferSelect;
type BoostRow = typeof subscriptionBoosts.$inferSelect;

export interface Details {
  units: { id: number; publicId: string }[];
  services: ServiceRow[];
  boosts: (BoostRow & { unitPublicId: string })[];
}

/** The host's newest subscription: the current one unless it has expired. */
export async function latestSubscription(db: Database, hostUserId: number): Promise<SubscriptionRow | undefined> {
  return db.query.subscriptions.findFirst({ where: eq(subscriptions.hostUserId, hostUserId), orderBy: desc(subscriptions.id) });
}

export async function findSubscription(db: Database, hostUserId: number, publicId: string): Promise<SubscriptionRow> {
  const row = await db.query.subscriptions.findFirst({ where: and(eq(subscriptions.publicId, publicId), eq(subscriptions.hostUserId, hostUserId)) });
  if (!row) throw notFound("Subscription");
  return row;
}

/** Units (not deleted), optional services and boosts of a subscription, in one round trip. */
export async function loadDetails(db: Database, sub: SubscriptionRow): Promise<Details> {
  const [units, serviceRows, boosts] = await db.batch([
    db
      .select({ id: propertyUnits.id, publicId: propertyUnits.publicId })
      .from(subscriptionUnits)
      .innerJoin(propertyUnits, eq(propertyUnits.id, subscriptionUnits.unitId))
      .where(and(eq(subscriptionUnits.subscriptionId, sub.id), eq(subscriptionUnits.hostUserId, sub.hostUserId), ne(propertyUnits.state, "DELETED")))
      .orderBy(asc(subscriptionUnits.createdAt), asc(propertyUnits.id)),
    db
      .select()
      .from(subscriptionServices)
      .where(and(eq(subscriptionServices.subscriptionId, sub.id), eq(subscriptionServices.hostUserId, sub.hostUserId))),
    // Aliased: D1's batch answers rows keyed by column name, and both tables have a public_id.
    db
      .select({ boost: subscriptionBoosts, unitPublicId: sql<string>`${propertyUnits.publicId}`.as("unit_public_id") })
      .from(subscriptionBoosts)
      .innerJoin(propertyUnits, eq(propertyUnits.id, subscriptionBoosts.unitId))
      .where(and(eq(subscriptionBoosts.subscriptionId, sub.id), eq(subscriptionBoosts.hostUserId, sub.hostUserId)))
      .orderBy(asc(subscriptionBoosts.startDate), asc(subscriptionBoosts.id)),
  ]);
  return { units, services: serviceRows, boosts: boosts.map((b) => ({ ...b.boost, unitPublicId: b.unitPublicId })) };
}

/** The calendar status that decides a subscription's plans: that of its least verified unit. */
export async function subscriptionCalendarStatus(db: Database, hostUserId: number, details: Details): Promise<CalendarVerificationStatus> {
  const statuses = await calendarStatusesOf(db, hostUserId, details.units.map((u) => u.id));
  return weakestCalendarStatus([...statuses.values()]);
}

/** The calendar status of one unit of the host; a unit never verified is not started. */
export async function unitCalendarStatus(db: Database, hostUserId: number, unitId: number): Promise<CalendarVerificationStatus> {
  return (await calendarStatusesOf(db, hostUserId, [unitId])).get(unitId) ?? "not_started";
}

/** The newest subscription a unit of the host is under, or undefined. */
export async function subscriptionOfUnit(db: Database, hostUserId: number, unitId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select({ sub: subscriptions })
    .from(subscriptionUnits)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionUnits.subscriptionId))
    .where(and(eq(subscriptionUnits.unitId, unitId), eq(subscriptionUnits.hostUserId, hostUserId), eq(subscriptions.hostUserId, hostUserId)))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  return row?.sub;
}

export const isLive = (sub: SubscriptionRow, now: Date) => sub.expiresAt.getTime() > now.getTime();

/** Boost credits used in the current term (since the term started); cancelled boosts give theirs back. */
export function boostCreditsUsed(sub: SubscriptionRow, details: Details): number {
  return details.boosts.filter((b) => b.cancelledAt === null && b.createdAt.getTime() >= sub.startedAt.getTime()).reduce((sum, b) => sum + b.credits, 0);
}

