import { sql } from "drizzle-orm";
import { todayIn } from "@domain/dates";
import { importWindow, readFeed, staysOf, type FeedStay } from "@domain/ical-import";
import { d1Statement, type Database } from "@api/db/client";
import { fetchFeed, type FetchLimits } from "./fetch-feed";

/**
 * One sync of one feed: fetch, read, and replace the feed's nights with the nights its events take,
 * in one D1 batch. Matching is by UID: a stay's nights are owned by an id made from the feed and the
 * UID of its first event, so a moved event moves its nights (the same owner, other nights), an event
 * gone frees them, and a second sync of the same feed writes nothing new. A night another owner
 * holds (a booking, a block, another feed) is left to it: the stay keeps the nights it can take and
 * counts as a conflict, which the feed and the calendar show. Nothing changes when the feed fails,
 * and a feed that had events and comes back without any counts as failing (a platform's hiccup must
 * not free every night), unless the host asks for it.
 */

export type SyncFailure = "address_refused" | "timeout" | "http_status" | "too_large" | "too_many_redirects" | "network" | "unparsable" | "too_many_events" | "empty_after_full";

export interface FeedToSync {
  id: number;
  publicId: string;
  unitId: number;
  hostUserId: number;
  url: string;
  eventCount: number;
  contentHash: string | null;
  syncVersion: number;
  timeZone: string;
}

export type SyncOutcome = { status: "ok"; events: number; stays: number } | { status: "failing"; reason: SyncFailure; detail: string } | { status: "superseded" };

/** A feed is read again after its interval: the feed's REFRESH-INTERVAL, never under 15 or over 60 minutes. */
export const MIN_INTERVAL_MINUTES = 15;
export const MAX_INTERVAL_MINUTES = 60;

export function intervalOf(refreshMinutes: number | null): number {
  return Math.min(MAX_INTERVAL_MINUTES, Math.max(MIN_INTERVAL_MINUTES, refreshMinutes ?? MIN_INTERVAL_MINUTES));
}

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** FNV-1a (32 bits) of `text` from `seed`, written in base 32. */
function fnv(text: string, seed: number): string {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  let out = "";
  for (let i = 0; i < 7; i++) {
    out += ALPHABET[hash % 32];
    hash = Math.floor(hash / 32);
  }
  return out;
}

/** Every owner id of a feed's nights starts so: `ext_<feed>_`. */
export function ownerPrefixOf(feedPublicId: string): string {
  return `ext_${feedPublicId.replace(/^icf_/, "")}_`;
}

/** The owner of a stay's nights, the same at every sync for the same first event. */
export function ownerIdOf(feedPublicId: string, stayKey: string): string {
  return `${ownerPrefixOf(feedPublicId)}${fnv(stayKey, 0x811c9dc5)}${fnv(stayKey, 0x01000193)}`;
}

async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(bytes.slice(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The nights of the stays in `json` (`[[owner, dateFrom, dateTo, summary], …]`), as rows
 * `(owner, night)` of a recursive query: one bound parameter for any number of stays.
 */
function stayNights(json: string) {
  return sql`WITH RECURSIVE stay(owner, night, last) AS (
    SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), date(json_extract(value, '$[2]'), '-1 day') FROM json_each(${json})
    UNION ALL SELECT owner, date(night, '+1 day'), last FROM stay WHERE night < last)`;
}

/** The statement that refuses the rest of the batch when another sync of the feed came first (the NOT NULL column takes no NULL). */
function claim(feed: FeedToSync) {
  return sql`UPDATE ical_feeds SET sync_version = CASE WHEN sync_version = ${feed.syncVersion} THEN sync_version + 1 END WHERE id = ${feed.id}`;
}

function superseded(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (e.message.includes("NOT NULL constraint failed: ical_feeds.sync_version")) return true;
  return false;
}

async function markFailing(db: Database, feed: FeedToSync, now: Date, reason: SyncFailure, detail: string, intervalMinutes: number): Promise<SyncOutcome> {
  try {
    await db.$client.batch([
      d1Statement(db, claim(feed)),
      d1Statement(
        db,
        sql`UPDATE ical_feeds SET status = 'failing', failure_reason = ${reason}, failure_detail = ${detail.slice(0, 200)}, last_attempt_at = ${now.getTime()},
          next_sync_at = ${now.getTime() + intervalMinutes * 60_000}, updated_at = ${now.getTime()} WHERE id = ${feed.id}`,
      ),
    ]);
  } catch (error) {
    if (superseded(error)) return { status: "superseded" };
    throw error;
  }
  return { status: "failing", reason, detail };
}

/** Replaces the feed's nights and stays with `stays` (one batch) and marks it synced. */
async function applyStays(db: Database, feed: FeedToSync, now: Date, stays: (FeedStay & { ownerId: string })[], events: number, intervalMinutes: number): Promise<SyncOutcome> {
  const rows = stays.map((s) => [s.ownerId, s.dateFrom, s.dateTo, s.summary]);
  const json = JSON.stringify(rows);
  const hash = await digest(json);
  const prefix = ownerPrefixOf(feed.publicId);
  const ours = sql`unit_id = ${feed.unitId} AND kind = 'external' AND substr(owner_id, 1, ${prefix.length}) = ${prefix}`;
  const feedExists = sql`EXISTS (SELECT 1 FROM ical_feeds WHERE id = ${feed.id})`;
  const statements = [
    claim(feed),
    // Nights the feed no longer takes are freed.
    sql`${stayNights(json)} DELETE FROM taken_nights WHERE ${ours} AND night NOT IN (SELECT night FROM stay)`,
    // Its nights are taken, a night of its own moved to the stay that now holds it; another owner's night stays theirs.
    sql`${stayNights(json)} INSERT INTO taken_nights (unit_id, night, host_user_id, kind, owner_id)
      SELECT ${feed.unitId}, night, ${feed.hostUserId}, 'external', owner FROM stay WHERE ${feedExists}
      ON CONFLICT (unit_id, night) DO UPDATE SET owner_id = excluded.owner_id
      WHERE taken_nights.kind = 'external' AND substr(taken_nights.owner_id, 1, ${prefix.length}) = ${prefix} AND taken_nights.owner_id <> excluded.owner_id`,
  ];
  if (hash !== feed.contentHash) {
    statements.push(
      sql`DELETE FROM ical_feed_stays WHERE feed_id = ${feed.id}`,
      sql`INSERT INTO ical_feed_stays (feed_id, owner_id, unit_id, host_user_id, date_from, date_to, summary)
        SELECT ${feed.id}, json_extract(value, '$[0]'), ${feed.unitId}, ${feed.hostUserId}, json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]')
        FROM json_each(${json}) WHERE ${feedExists}`,
    );
  }
  statements.push(sql`UPDATE ical_feeds SET status = 'ok', failure_reason = NULL, failure_detail = NULL, last_attempt_at = ${now.getTime()}, last_success_at = ${now.getTime()},
    next_sync_at = ${now.getTime() + intervalMinutes * 60_000}, interval_minutes = ${intervalMinutes}, event_count = ${events}, content_hash = ${hash},
    conflict_count = (SELECT count(*) FROM ical_feed_stays s WHERE s.feed_id = ical_feeds.id
      AND (SELECT count(*) FROM taken_nights t WHERE t.unit_id = s.unit_id AND t.kind = 'external' AND t.owner_id = s.owner_id) < julianday(s.date_to) - julianday(s.date_from)),
    updated_at = ${now.getTime()} WHERE id = ${feed.id}`);
  try {
    await db.$client.batch(statements.map((statement) => d1Statement(db, statement)));
  } catch (error) {
    if (superseded(error)) return { status: "superseded" };
    throw error;
  }
  return { status: "ok", events, stays: stays.length };
}

/** Fetches and applies one feed. Never throws for what the feed does; a database failure does throw. */
export async function syncFeed(db: Database, feed: FeedToSync, limits: FetchLimits, now: Date, options: { acceptEmpty?: boolean; intervalMinutes?: number } = {}): Promise<SyncOutcome> {
  const interval = options.intervalMinutes ?? MIN_INTERVAL_MINUTES;
  const fetched = await fetchFeed(feed.url, limits);
  if (!fetched.ok) return markFailing(db, feed, now, fetched.reason, fetched.detail, interval);
  const reading = readFeed(fetched.text, { timeZone: feed.timeZone, window: importWindow(todayIn(feed.timeZone, now)) });
  if (!reading.ok) return markFailing(db, feed, now, reading.reason, reading.detail, interval);
  const intervalMinutes = intervalOf(reading.refreshMinutes);
  if (reading.componentCount === 0 && feed.eventCount > 0 && !options.acceptEmpty) {
    return markFailing(db, feed, now, "empty_after_full", `The feed had ${feed.eventCount} events and now has none`, intervalMinutes);
  }
  const stays = staysOf(reading.events).map((stay) => ({ ...stay, ownerId: ownerIdOf(feed.publicId, stay.key) }));
  return applyStays(db, feed, now, stays, reading.events.length, intervalMinutes);
}
