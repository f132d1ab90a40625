import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { Database } from "@api/db/client";
import { icalFeeds, properties, propertyUnits } from "@api/db/schema";
import { feedToSync } from "./feeds";
import { fetchLimitsOf } from "./fetch-feed";
import { syncFeed } from "./sync";

/** Feeds read per run of the cron (every 15 minutes), and at the same time. */
export const FEEDS_PER_RUN = 50;
const AT_ONCE = 6;

/**
 * The cron's iCal job: reads every feed whose interval has passed, oldest due first. A feed that
 * fails is marked failing and tried again after its interval; one feed's failure (even the
 * database's) never stops the others. Idempotent: a feed read twice applies the same nights.
 */
export async function syncDueFeeds(db: Database, now: Date, env: Env): Promise<{ synced: number; failed: number }> {
  const due = await db
    .select({ feed: icalFeeds, countryCode: properties.countryCode, stateOrProvince: properties.stateOrProvince })
    .from(icalFeeds)
    .innerJoin(propertyUnits, eq(propertyUnits.id, icalFeeds.unitId))
    .innerJoin(properties, eq(properties.id, propertyUnits.propertyId))
    .where(and(lte(icalFeeds.nextSyncAt, now.getTime()), isNull(properties.deletedAt)))
    .orderBy(asc(icalFeeds.nextSyncAt))
    .limit(FEEDS_PER_RUN);
  const limits = fetchLimitsOf(env);
  let synced = 0;
  let failed = 0;
  for (let start = 0; start < due.length; start += AT_ONCE) {
    const results = await Promise.allSettled(
      due.slice(start, start + AT_ONCE).map(({ feed, ...property }) => syncFeed(db, feedToSync(feed, property), limits, now, { intervalMinutes: feed.intervalMinutes })),
    );
    for (const result of results) {
      if (result.status === "fulfilled" && result.value.status === "ok") synced++;
      else failed++;
      if (result.status === "rejected") console.error("iCal sync failed", result.reason);
    }
  }
  return { synced, failed };
}
