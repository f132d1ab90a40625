import { and, count, eq, isNull } from "drizzle-orm";
import { guestReviews as guestContract, reviews as contract } from "@contract/reviews";
import { todayUtc } from "@domain/dates";
import { isReviewable } from "@domain/reviews";
import type { ApiEnv } from "@api/context";
import { bookings, propertyUnits, reviews } from "@api/db/schema";
import { ApiError } from "@api/lib/errors";
import { contractRouter } from "@api/lib/openapi";
import { owned, ownReview, ownUnit } from "@api/lib/ownership";
import { guestAuth, type GuestApiEnv } from "@api/guest/auth";
import { markSeen, paginationOf, presentRating, presentReview, ratingRead, replyToReview, reviewListReads, reviewsWhere, submitReview } from "./reviews";

/** §7 Reviews: the host's side. */
export const reviewRoutes = contractRouter<ApiEnv>()
  .openapi(contract.newCount, async (c) => {
    const host = c.var.principal.user.id;
    const rows = await c.var.db
      .select({ unitId: propertyUnits.publicId, count: count() })
      .from(reviews)
      .innerJoin(propertyUnits, eq(propertyUnits.id, reviews.unitId))
      .where(and(eq(reviews.hostUserId, host), isNull(reviews.seenAt)))
      .groupBy(propertyUnits.publicId);
    return c.json({ count: rows.reduce((sum, r) => sum + r.count, 0), units: rows }, 200);
  })
  .openapi(owned(contract.markSeen, ownUnit("unitId")), async (c) => {
    await markSeen(c.var.db, c.var.principal.user.id, c.var.unit.id, new Date());
    return c.body(null, 204);
  })
  .openapi(owned(contract.rating, ownUnit("unitId")), async (c) => {
    const [row] = await ratingRead(c.var.db, reviewsWhere(c.var.principal.user.id, c.var.unit.id, undefined));
    return c.json(presentRating(row), 200);
  })
  .openapi(owned(contract.reply, ownReview()), async (c) => {
    const { review } = c.var;
    const [unit] = await c.var.db.select({ publicId: propertyUnits.publicId, title: propertyUnits.title }).from(propertyUnits).where(eq(propertyUnits.id, review.unitId)).limit(1);
    const now = new Date();
    const row = await replyToReview(c.var.db, review, c.req.valid("json").text, now);
    return c.json(presentReview(row, unit!, now), 200);
  })
  .openapi(owned(contract.list, ownUnit("unitId")), async (c) => {
    const { page, limit, search } = c.req.valid("query");
    const [rows, [total]] = await c.var.db.batch(reviewListReads(c.var.db, reviewsWhere(c.var.principal.user.id, c.var.unit.id, search || undefined), page, limit));
    const now = new Date();
    return c.json({ items: rows.map((r) => presentReview(r.review, { publicId: r.unitPublicId, title: r.unitTitle }, now)), pagination: paginationOf(page, limit, total?.total ?? 0) }, 200);
  });

/** The guest's side: the review of the signed-in guest's stay (a booking; a request or an inquiry has none). */
export const guestReviewRoutes = contractRouter<GuestApiEnv>();
guestReviewRoutes.use(guestContract.get.path, guestAuth);

async function guestBooking(c: { var: GuestApiEnv["Variables"] }) {
  if (c.var.guest.type !== "booking") return null;
  const [row] = await c.var.db
    .select({ booking: bookings, unit: { publicId: propertyUnits.publicId, title: propertyUnits.title }, review: reviews })
    .from(bookings)
    .innerJoin(propertyUnits, eq(propertyUnits.id, bookings.unitId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(eq(bookings.publicId, c.var.guest.id))
    .limit(1);
  return row ?? null;
}

const withoutSeen = ({ seen: _seen, ...review }: ReturnType<typeof presentReview>) => review;

guestReviewRoutes
  .openapi(guestContract.get, async (c) => {
    const found = await guestBooking(c);
    const now = new Date();
    return c.json({ reviewable: !!found && !found.review && isReviewable(found.booking, todayUtc()), review: found?.review ? withoutSeen(presentReview(found.review, found.unit, now)) : null }, 200);
  })
  .openapi(guestContract.submit, async (c) => {
    const found = await guestBooking(c);
    if (!found) throw new ApiError(409, "Only a booking's stay can be reviewed", [{ field: null, message: "Only a booking's stay can be reviewed.", type: "not_reviewable" }]);
    const now = new Date();
    const row = await submitReview(c.var.db, found.booking, c.req.valid("json"), now, todayUtc());
    return c.json(withoutSeen(presentReview(row, found.unit, now)), 201);
  });
