import { and, asc, eq, gt, inArray, lte, sql, type Placeholder, type SQLWrapper } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import type { TakenNightKind } from "@domain/calendar";
import { TAKEN_NIGHT_KINDS } from "@domain/calendar";
import { timeZoneOf } from "@domain/time-zones";
import type { IcalFeed, FeedFailure } from "@contract/ical";
import { FEED_FAILURES } from "@contract/ical";
import { cachedRowsStatement } from "@api/db/rows-column";
import { d1Statement, type Database } from "@api/db/client";
import { icalFeeds, icalFeedStays, propertyUnits } from "@api/db/schema";
import { ApiError } from "@api/lib/errors";
import { newPublicId } from "@api/lib/ids";
import { translator } from "@api/lib/translate";
import { ownedUnitId, type PropertyRow, type UnitRow } from "@api/properties/queries";
import { ownerPrefixOf, syncFeed, type FeedToSync, type SyncOutcome } from "./sync";
import type { FetchLimits } from "./fetch-feed";

/** A unit follows at most this many calendars. */
export const MAX_FEEDS_PER_UNIT = 20;
/** Conflicts listed per feed. */
const CONFLICTS_SHOWN = 50;

export type FeedRow = typeof icalFeeds.$inferSelect;

const english = translator("en_US");

/** The unit's feeds, oldest first. `unitId` may be a subquery (a batch with the ownership row). */
export function feedsQuery(db: Database, unitId: number | SQLWrapper) {
  return db
    .select()
    .from(icalFeeds)
    .where(inArray(icalFeeds.unitId, typeof unitId === "number" ? [unitId] : unitId))
    .orderBy(asc(icalFeeds.id));
}

/** Nights of the stay held by the stay itself, against its length: fewer means something of ours (or another feed) holds the rest. */
// Written with the table's name: drizzle leaves it out of a one-table select, and inside the subquery a bare column would be taken_nights'.
const heldNights = sql.raw(`(SELECT count(*) FROM taken_nights t WHERE t.unit_id = ical_feed_stays.unit_id AND t.kind = 'external' AND t.owner_id = ical_feed_stays.owner_id)`);
const stayLength = sql.raw(`(julianday(ical_feed_stays.date_to) - julianday(ical_feed_stays.date_from))`);
const overlapping = sql.raw(`(SELECT group_concat(DISTINCT t.kind) FROM taken_nights t WHERE t.unit_id = ical_feed_stays.unit_id
  AND t.night >= ical_feed_stays.date_from AND t.night < ical_feed_stays.date_to AND t.owner_id <> ical_feed_stays.owner_id)`);

/**
 * The imported stays of the unit's feeds that could not take all their nights, with what holds them;
 * of one feed, or with a night in the days `range.dateFrom..range.dateTo` (both included).
 */
export function conflictsQuery(db: Database, unitId: number | SQLWrapper, feedId?: number, range?: { dateFrom: string; dateTo: string }) {
  const unit = typeof unitId === "number" ? [unitId] : unitId;
  return db
    .select({
      feedId: icalFeedStays.feedId,
      id: icalFeedStays.ownerId,
      dateFrom: icalFeedStays.dateFrom,
      dateTo: icalFeedStays.dateTo,
      summary: icalFeedStays.summary,
      overlaps: sql<string | null>`${overlapping}`.as("overlaps"),
    })
    .from(icalFeedStays)
    .where(
      and(
        inArray(icalFeedStays.unitId, unit),
        feedId === undefined ? undefined : eq(icalFeedStays.feedId, feedId),
        range === undefined ? undefined : and(lte(icalFeedStays.dateFrom, range.dateTo), gt(icalFeedStays.dateTo, range.dateFrom)),
        sql`${heldNights} < ${stayLength}`,
      ),
    )
    .orderBy(asc(icalFeedStays.dateFrom))
    .limit(CONFLICTS_SHOWN * MAX_FEEDS_PER_UNIT);
}

export type ConflictRow = Awaited<ReturnType<typeof conflictsQuery>>[number];

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function overlapsOf(value: string | null): TakenNightKind[] {
  return (value ?? "").split(",").filter((kind): kind is TakenNightKind => (TAKEN_NIGHT_KINDS as readonly string[]).includes(kind));
}

export function presentFeed(row: FeedRow, conflicts: readonly ConflictRow[]): IcalFeed {
  const reason = FEED_FAILURES.includes(row.failureReason as FeedFailure) ? (row.failureReason as FeedFailure) : null;
  return {
    id: row.publicId,
    name: row.name,
    url: row.url,
    status: row.status,
    lastSyncAt: iso(row.lastAttemptAt),
    lastSuccessAt: iso(row.lastSuccessAt),
    failure: row.status === "failing" && reason ? { reason, detail: row.failureDetail ?? "" } : null,
    eventCount: row.eventCount,
    intervalMinutes: row.intervalMinutes,
    conflicts: conflicts
      .filter((c) => c.feedId === row.id)
      .slice(0, CONFLICTS_SHOWN)
      .map((c) => ({ id: c.id, dateFrom: c.dateFrom, dateTo: c.dateTo, summary: c.summary, overlaps: overlapsOf(c.overlaps) })),
  };
}

/** The unit of the iCal panels' statement (`ownedFeeds`), named apart from the tables its subqueries read. */
const feedUnit = alias(propertyUnits, "feed_unit");

/**
 * The unit calendar's iCal panels read the unit's feeds with the shell's call (GET
 * /api/app/shell?icalFeedsUnit=…): one statement, built once per isolate, answering a row only for
 * the host's unit, with its feeds and their conflicts as JSON columns (decision 049), read by the
 * row's id instead of each checking the unit's ownership again.
 */
const ownedFeeds = cachedRowsStatement(
  (db) => {
    // In parentheses: the statements read it as `unit_id in (…)`.
    const unitId = sql`(${feedUnit.id})`;
    return { feeds: feedsQuery(db, unitId), conflicts: conflictsQuery(db, unitId) };
  },
  (db, $: (name: "hostUserId" | "unitId") => Placeholder, columns) =>
    db
      .select({ id: feedUnit.id, ...columns })
      .from(feedUnit)
      .where(inArray(feedUnit.id, ownedUnitId(db, $("hostUserId"), $("unitId"))))
      .limit(1),
);

/** The statement of GET …/ical-feeds for a host's unit named by its public id, for another batch. */
export function ownedFeedsReads(db: Database, hostUserId: number, unitId: string) {
  return [ownedFeeds.statement(db, { hostUserId, unitId })] as const;
}

/** The feeds as GET …/ical-feeds lists them, from what `ownedFeedsReads` read; null for a unit that is not the host's. */
export function presentOwnedFeeds([[unit]]: BatchResponse<ReturnType<typeof ownedFeedsReads>>): IcalFeed[] | null {
  if (!unit) return null;
  const conflicts = ownedFeeds.rowsOf("conflicts", unit.conflicts);
  return ownedFeeds.rowsOf("feeds", unit.feeds).map((feed) => presentFeed(feed, conflicts));
}

/** A feed and its conflicts as the API answers them, read in one batch. */
export async function readFeed(db: Database, feedId: number): Promise<IcalFeed> {
  const [[row], conflicts] = await db.batch([db.select().from(icalFeeds).where(eq(icalFeeds.id, feedId)), conflictsQueryOfFeed(db, feedId)]);
  if (!row) throw new ApiError(404, "Feed not found");
  return presentFeed(row, conflicts);
}

function conflictsQueryOfFeed(db: Database, feedId: number) {
  return conflictsQuery(db, db.select({ id: icalFeeds.unitId }).from(icalFeeds).where(eq(icalFeeds.id, feedId)), feedId);
}

/** What a sync needs of a feed: its row, and the unit's time zone from the property's address. */
export function feedToSync(row: FeedRow, property: Pick<PropertyRow, "countryCode" | "stateOrProvince">): FeedToSync {
  return {
    id: row.id,
    publicId: row.publicId,
    unitId: row.unitId,
    hostUserId: row.hostUserId,
    url: row.url,
    eventCount: row.eventCount,
    contentHash: row.contentHash,
    syncVersion: row.syncVersion,
    timeZone: timeZoneOf(property.countryCode, property.stateOrProvince),
  };
}

function refused(status: 409 | 400, field: string, type: string, message: string) {
  return new ApiError(status, message, [{ field, message: english(`validation.${type}`), type }]);
}

/** Adds a feed to the unit (at most MAX_FEEDS_PER_UNIT, each address once) and reads it at once. */
export async function addFeed(db: Database, unit: UnitRow, property: PropertyRow, input: { name: string; url: string }, limits: FetchLimits, now: Date): Promise<IcalFeed> {
  const publicId = newPublicId("icf");
  const existing = await db.select({ url: icalFeeds.url }).from(icalFeeds).where(eq(icalFeeds.unitId, unit.id));
  if (existing.some((feed) => feed.url === input.url)) throw refused(409, "url", "ical_feed_exists", "This calendar is imported already");
  if (existing.length >= MAX_FEEDS_PER_UNIT) throw refused(409, "url", "ical_feed_limit", "The unit imports as many calendars as it may");
  let row: FeedRow | undefined;
  try {
    [row] = await db.insert(icalFeeds).values({ publicId, unitId: unit.id, hostUserId: unit.hostUserId, name: input.name, url: input.url }).returning();
  } catch (error) {
    // The same address added twice at the same time: the unique index keeps one.
    if (String((error as Error).cause ?? error).includes("UNIQUE")) throw refused(409, "url", "ical_feed_exists", "This calendar is imported already");
    throw error;
  }
  await syncFeed(db, feedToSync(row!, property), limits, now);
  return readFeed(db, row!.id);
}

export async function renameFeed(db: Database, feed: FeedRow, name: string): Promise<IcalFeed> {
  await db.update(icalFeeds).set({ name, updatedAt: new Date() }).where(eq(icalFeeds.id, feed.id));
  return readFeed(db, feed.id);
}

/** Stops importing a feed: its nights and stays go with it, in one batch. */
export async function removeFeed(db: Database, feed: FeedRow): Promise<void> {
  const prefix = ownerPrefixOf(feed.publicId);
  await db.$client.batch([
    d1Statement(db, sql`DELETE FROM taken_nights WHERE unit_id = ${feed.unitId} AND kind = 'external' AND substr(owner_id, 1, ${prefix.length}) = ${prefix}`),
    d1Statement(db, sql`DELETE FROM ical_feeds WHERE id = ${feed.id}`),
  ]);
}

/** "Sync now": reads the feed whatever its interval; `acceptEmpty` lets an emptied feed free its nights. */
export async function syncFeedNow(db: Database, feed: FeedRow, property: PropertyRow, limits: FetchLimits, now: Date, acceptEmpty: boolean): Promise<{ feed: IcalFeed; outcome: SyncOutcome }> {
  const outcome = await syncFeed(db, feedToSync(feed, property), limits, now, { acceptEmpty, intervalMinutes: feed.intervalMinutes });
  return { feed: await readFeed(db, feed.id), outcome };
}
