import { and, count, desc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { REVIEW_CATEGORIES, REVIEWABLE_STATUSES, averageOf, canReply, type ReviewInput } from "@domain/reviews";
import { REVIEW_COLLECTION_DAYS } from "@domain/booking";
import { addDays, type IsoDate } from "@domain/days";
import type { Database } from "@api/db/client";
import { bookings, propertyUnits, reviews } from "@api/db/schema";
import { ApiError } from "@api/lib/errors";
import { newPublicId } from "@api/lib/ids";

export type ReviewRow = typeof reviews.$inferSelect;

/** A review as the API answers it (`unit` is its unit's public id and title). */
export function presentReview(row: ReviewRow, unit: { publicId: string; title: string }, now: Date) {
  return {
    publicId: row.publicId,
    unitId: unit.publicId,
    unitTitle: unit.title,
    guestName: row.guestName,
    rating: row.rating,
    categories: Object.fromEntries(REVIEW_CATEGORIES.map((c) => [c, row[c]])) as Record<(typeof REVIEW_CATEGORIES)[number], number>,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    replyEditable: canReply(row.repliedAt, now),
    seen: row.seenAt !== null,
  };
}

/** Reviews of the host, one unit's or all, matching a search: where-clause for lists and counts. */
export function reviewsWhere(hostUserId: number, unitId: SQL | number | undefined, search: string | undefined) {
  return and(
    eq(reviews.hostUserId, hostUserId),
    unitId === undefined ? undefined : typeof unitId === "number" ? eq(reviews.unitId, unitId) : sql`${reviews.unitId} = (${unitId})`,
    // `instr`, not `LIKE`: D1 refuses a `LIKE` pattern over 50 bytes; `%` and `_` match themselves.
    search ? or(sql`instr(lower(${reviews.text}), lower(${search})) > 0`, sql`instr(lower(${reviews.guestName}), lower(${search})) > 0`) : undefined,
  );
}

/** A page of reviews, newest first, with their units; and their count. For one batch. */
export function reviewListReads(db: Database, where: SQL | undefined, page: number, limit: number) {
  return [
    db
      // Aliased: in a batch D1 answers rows keyed by column name, and both tables have public_id.
      .select({ review: reviews, unitPublicId: sql<string>`${propertyUnits.publicId}`.as("unit_public_id"), unitTitle: sql<string>`${propertyUnits.title}`.as("unit_title") })
      .from(reviews)
      .innerJoin(propertyUnits, eq(propertyUnits.id, reviews.unitId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(reviews).where(where),
  ] as const;
}

/** The averages (overall and per category) and count of the reviews the where-clause names, in SQL. */
export function ratingRead(db: Database, where: SQL | undefined) {
  return db
    .select({
      count: count(),
      rating: sql<number>`SUM(${reviews.rating})`,
      ...(Object.fromEntries(REVIEW_CATEGORIES.map((c) => [c, sql<number>`SUM(${reviews[c]})`])) as Record<(typeof REVIEW_CATEGORIES)[number], SQL<number>>),
    })
    .from(reviews)
    .where(where);
}

export function presentRating(row: Record<string, unknown> | undefined) {
  const n = Number(row?.count ?? 0);
  return {
    count: n,
    rating: averageOf(Number(row?.rating ?? 0), n),
    categories: Object.fromEntries(REVIEW_CATEGORIES.map((c) => [c, averageOf(Number(row?.[c] ?? 0), n)])) as Record<(typeof REVIEW_CATEGORIES)[number], number | null>,
  };
}

export function paginationOf(page: number, limit: number, total: number) {
  const pages = Math.max(1, Math.ceil(total / limit));
  return { current: page, next: Math.min(page + 1, pages), total, pageSize: limit };
}

/**
 * The guest reviews the stay: in one batch the review is stored and the booking moves on through its
 * review collection (→ REVIEW_COLLECTED, or the batch fails: a stay not over yet, cancelled, or whose
 * review time ended). A second review of the booking fails its unique index.
 */
export async function submitReview(db: Database, booking: { id: number; hostUserId: number; unitId: number; guestFirstName: string }, input: ReviewInput, now: Date, today: IsoDate): Promise<ReviewRow> {
  const values = {
    publicId: newPublicId("rev"),
    hostUserId: booking.hostUserId,
    unitId: booking.unitId,
    bookingId: booking.id,
    guestName: booking.guestFirstName,
    rating: input.rating,
    cleanliness: input.cleanliness,
    accuracy: input.accuracy,
    communication: input.communication,
    location: input.location,
    checkIn: input.checkIn,
    value: input.value,
    text: input.text,
    createdAt: now,
    updatedAt: now,
  };
  // The guard is the rule of isReviewable in SQL: a stay over, within its review time, not cancelled nor closed.
  const statuses = sql.join(REVIEWABLE_STATUSES.map((s) => sql`${s}`), sql`, `);
  const collect = db
    .update(bookings)
    .set({
      status: sql`CASE WHEN ${bookings.status} IN (${statuses}) AND ${bookings.checkOut} <= ${today} AND ${bookings.checkOut} > ${addDays(today, -REVIEW_COLLECTION_DAYS)} THEN 'REVIEW_COLLECTED' END` as unknown as "REVIEW_COLLECTED",
      updatedAt: now,
    })
    .where(eq(bookings.id, booking.id));
  try {
    const [, [row]] = await db.batch([collect, db.insert(reviews).values(values).returning()]);
    return row!;
  } catch (error) {
    const text = String((error as Error)?.message ?? error) + String((error as { cause?: unknown })?.cause ?? "");
    if (/UNIQUE/i.test(text) && /reviews/i.test(text)) throw new ApiError(409, "This stay has a review already", [{ field: null, message: "This stay has a review already.", type: "review_exists" }]);
    if (/NOT NULL/i.test(text)) throw new ApiError(409, "This stay cannot be reviewed now", [{ field: null, message: "This stay cannot be reviewed now: it is not over yet, or its review time has ended.", type: "not_reviewable" }]);
    throw error;
  }
}

/** The host answers (or changes the answer) while it may; refused after REPLY_EDITABLE_DAYS. */
export async function replyToReview(db: Database, review: ReviewRow, text: string, now: Date): Promise<ReviewRow> {
  if (!canReply(review.repliedAt, now)) throw new ApiError(409, "The answer can no longer be changed", [{ field: "text", message: "The answer can no longer be changed.", type: "reply_locked" }]);
  const [row] = await db
    .update(reviews)
    .set({ reply: text, repliedAt: review.repliedAt ?? now, seenAt: review.seenAt ?? now, updatedAt: now })
    .where(eq(reviews.id, review.id))
    .returning();
  return row!;
}

/** Marks the unit's new reviews seen. */
export function markSeen(db: Database, hostUserId: number, unitId: number, now: Date) {
  return db.update(reviews).set({ seenAt: now }).where(and(eq(reviews.hostUserId, hostUserId), eq(reviews.unitId, unitId), isNull(reviews.seenAt)));
}
