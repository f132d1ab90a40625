import { and, asc, eq, gt, gte, inArray, type Placeholder } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { addDays, todayIn } from "@domain/dates";
import { calendarHead, CALENDAR_TAIL, eventText } from "@domain/ical-export";
import { timeZoneOf } from "@domain/time-zones";
import type { TakenNightKind } from "@domain/calendar";
import { cachedStatement } from "@api/db/cached-statement";
import type { Database } from "@api/db/client";
import { icalExports, properties, propertyUnits, takenNights } from "@api/db/schema";
import { newPublicId } from "@api/lib/ids";
import { loopTurn } from "@api/lib/loop-turn";
import { ownedUnitId } from "@api/properties/queries";

/**
 * The unit's calendar for other platforms, at a secret address. It holds the nights that are ours
 * to give away: bookings (confirmed requests are bookings) as "Reserved", blocks and pauses as "Not
 * available"; never the nights imported from other feeds (they would echo back to their source),
 * and nothing about the guest. Read from taken nights page by page and sent as it is read.
 */

const EXPORTED_KINDS: readonly TakenNightKind[] = ["booking", "manual", "pause"];
const SUMMARIES: Record<TakenNightKind, string> = { booking: "Reserved", manual: "Not available", pause: "Not available", external: "Not available" };
/** Nights from this many days before the unit's today. */
const DAYS_BEFORE = 30;
const PAGE_SIZE = 2000;

export const TOKEN_PATTERN = /^ics_[0-9a-z]{32}$/;

const newToken = () => newPublicId("ics", 32);

export function exportUrl(appUrl: string, token: string): string {
  return `${new URL(appUrl).origin}/api/public/ical/${token}.ics`;
}

/** The unit's token, made on first use (one batch: made if missing, then read). */
export async function exportTokenOf(db: Database, unit: { id: number; hostUserId: number }): Promise<string> {
  const [, [row]] = await db.batch([
    db.insert(icalExports).values({ unitId: unit.id, hostUserId: unit.hostUserId, token: newToken() }).onConflictDoNothing(),
    db.select({ token: icalExports.token }).from(icalExports).where(eq(icalExports.unitId, unit.id)),
  ]);
  return row!.token;
}

// The export panel reads the address with the shell's call (GET /api/app/shell?icalExportUnit=…), once it is made.
const ownedExportToken = cachedStatement((db, $: (name: "hostUserId" | "unitId") => Placeholder) =>
  db
    .select({ token: icalExports.token })
    .from(icalExports)
    .where(inArray(icalExports.unitId, ownedUnitId(db, $("hostUserId"), $("unitId"))))
    .limit(1),
);

/** The statement reading a host's unit's export token (no row before the first GET …/ical-export, or for another host's unit). */
export function ownedExportReads(db: Database, hostUserId: number, unitId: string) {
  return [ownedExportToken(db, { hostUserId, unitId })] as const;
}

/** The address as GET …/ical-export answers it, from what `ownedExportReads` read; null when there is none yet (or the unit is not the host's). */
export function presentOwnedExport(appUrl: string, [[row]]: BatchResponse<ReturnType<typeof ownedExportReads>>): { url: string } | null {
  return row ? { url: exportUrl(appUrl, row.token) } : null;
}

/** A new token for the unit: the old address stops working at once. */
export async function regenerateExportToken(db: Database, unit: { id: number; hostUserId: number }): Promise<string> {
  const token = newToken();
  await db
    .insert(icalExports)
    .values({ unitId: unit.id, hostUserId: unit.hostUserId, token })
    .onConflictDoUpdate({ target: icalExports.unitId, set: { token, createdAt: new Date() } });
  return token;
}

/** The unit a token stands for, with what its feed needs (name, time zone), or null. */
export async function unitOfToken(db: Database, token: string) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ id: propertyUnits.id, title: propertyUnits.title, propertyTitle: properties.title, countryCode: properties.countryCode, region: properties.stateOrProvince })
    .from(icalExports)
    .innerJoin(propertyUnits, eq(propertyUnits.id, icalExports.unitId))
    .innerJoin(properties, eq(properties.id, propertyUnits.propertyId))
    .where(eq(icalExports.token, token))
    .limit(1);
  return row ?? null;
}

type Run = { ownerId: string; kind: TakenNightKind; dateFrom: string; dateTo: string };

/**
 * The calendar's text as a stream: the head at once, then the events of each page of taken nights
 * (consecutive nights of one owner are one event), then the tail. A run of nights that continues
 * on the next page is completed before it is written.
 */
export function exportStream(db: Database, unit: NonNullable<Awaited<ReturnType<typeof unitOfToken>>>, host: string, now: Date): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const from = addDays(todayIn(timeZoneOf(unit.countryCode, unit.region), now), -DAYS_BEFORE);
  const uids = new Set<string>();
  let after: string | null = null;
  let open: Run | null = null;
  let finished = false;

  const text = (run: Run) => {
    // One owner is one run of nights; should it ever hold two, the second is told apart by its first night.
    let uid = `${run.ownerId}@${host}`;
    if (uids.has(uid)) uid = `${run.ownerId}-${run.dateFrom}@${host}`;
    uids.add(uid);
    return eventText({ uid, dateFrom: run.dateFrom, dateTo: run.dateTo, summary: SUMMARIES[run.kind] }, now);
  };

  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(calendarHead([unit.propertyTitle, unit.title].filter(Boolean).join(" – ") || "Stayhost")));
    },
    async pull(controller) {
      if (finished) return;
      // The loop turns before each page, as the DAC7 report's stream does (api/lib/loop-turn.ts).
      await loopTurn();
      const rows = await db
        .select({ night: takenNights.night, kind: takenNights.kind, ownerId: takenNights.ownerId })
        .from(takenNights)
        .where(and(eq(takenNights.unitId, unit.id), inArray(takenNights.kind, [...EXPORTED_KINDS]), after === null ? gte(takenNights.night, from) : gt(takenNights.night, after)))
        .orderBy(asc(takenNights.night))
        .limit(PAGE_SIZE);
      let chunk = "";
      for (const row of rows) {
        if (open && open.ownerId === row.ownerId && open.dateTo === row.night) {
          open.dateTo = addDays(row.night, 1);
          continue;
        }
        if (open) chunk += text(open);
        open = { ownerId: row.ownerId, kind: row.kind, dateFrom: row.night, dateTo: addDays(row.night, 1) };
      }
      after = rows.at(-1)?.night ?? after;
      if (rows.length < PAGE_SIZE) {
        if (open) chunk += text(open);
        chunk += CALENDAR_TAIL;
        finished = true;
      }
      if (chunk) controller.enqueue(encoder.encode(chunk));
      if (finished) controller.close();
    },
  });
}
