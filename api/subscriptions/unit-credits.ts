import { and, count, eq, ne, sql } from "drizzle-orm";
import type { PublishPlan } from "@domain/listing-status";
import { planById } from "@domain/subscription-plans";
import type { Database } from "@api/db/client";
import { propertyUnits, subscriptions, subscriptionUnits } from "@api/db/schema";
import { isLive, latestSubscription } from "./queries";

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The host's running subscription (the newest one, while it has not expired), or null. */
export async function runningSubscription(db: Database, hostUserId: number, now = new Date()): Promise<SubscriptionRow | null> {
  const sub = await latestSubscription(db, hostUserId);
  return sub && isLive(sub, now) ? sub : null;
}

/** The plan's unit-publish credits as publishing a unit sees them. */
export async function publishPlanOf(db: Database, sub: SubscriptionRow, unitId: number): Promise<PublishPlan> {
  const [row] = await db
    .select({ used: count(), covers: sql<number>`coalesce(sum(${subscriptionUnits.unitId} = ${unitId}), 0)` })
    .from(subscriptionUnits)
    .innerJoin(propertyUnits, eq(propertyUnits.id, subscriptionUnits.unitId))
    .where(and(eq(subscriptionUnits.subscriptionId, sub.id), ne(propertyUnits.state, "DELETED")));
  const quota = planById(sub.planId)?.unitPublish.quota ?? 0;
  return { coversUnit: Number(row?.covers ?? 0) > 0, creditsLeft: Math.max(0, quota - (row?.used ?? 0)) };
}
