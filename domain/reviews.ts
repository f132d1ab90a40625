import { z } from "zod";
import { REVIEW_COLLECTION_DAYS } from "./booking";
import { addDays, type IsoDate } from "./days";
import { REPLY_EDITABLE_DAYS, REPLY_MAX_LENGTH, REVIEW_CATEGORIES, REVIEW_TEXT_MAX_LENGTH, type ReviewCategory } from "./review-rules";

/**
 * Guests' reviews (issue 16, §3 Review): after check-out a guest rates the stay overall and by
 * category and may write a text; the host answers once in public and may edit the answer for a while.
 */

export { REPLY_EDITABLE_DAYS, REPLY_MAX_LENGTH, REVIEW_CATEGORIES, REVIEW_TEXT_MAX_LENGTH, REVIEWS_PAGE_MAX, REVIEWS_SEARCH_MAX, type ReviewCategory } from "./review-rules";

const stars = z.coerce.number("required").int("rating_invalid").min(1, "rating_invalid").max(5, "rating_invalid");

/** What a guest sends: the overall rating, one per category, and an optional text. */
export const reviewInputSchema = z
  .object({
    rating: stars,
    ...(Object.fromEntries(REVIEW_CATEGORIES.map((category) => [category, stars])) as Record<ReviewCategory, typeof stars>),
    text: z.string().trim().max(REVIEW_TEXT_MAX_LENGTH, "too_long").default(""),
  })
  .strict();
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const replyInputSchema = z.object({ text: z.string("required").trim().min(1, "required").max(REPLY_MAX_LENGTH, "too_long") }).strict();

/**
 * The booking statuses from which a guest may review, once the stay is over and for
 * REVIEW_COLLECTION_DAYS after check-out: what the cron's jobs make IN_REVIEW_COLLECTION (a stay
 * still CONFIRMED or COMPLETED because the job has not run yet is in its review time all the same).
 */
export const REVIEWABLE_STATUSES = ["CONFIRMED", "COMPLETED", "IN_REVIEW_COLLECTION"] as const;

/** The first day a stay that ended on `checkOut` can no longer be reviewed. */
export const reviewClosesOn = (checkOut: IsoDate): IsoDate => addDays(checkOut, REVIEW_COLLECTION_DAYS);

export function isReviewable(booking: { status: string; checkOut: IsoDate }, today: IsoDate): boolean {
  return (REVIEWABLE_STATUSES as readonly string[]).includes(booking.status) && booking.checkOut <= today && today < reviewClosesOn(booking.checkOut);
}

/**
 * Why a guest's stay cannot be reviewed now, as the guest area says it (the review page, and whether
 * the conversation asks for a review): only a booking's stay is reviewed, a cancelled one had no stay,
 * one not over yet can be reviewed from its check-out day, and one whose review time (14 days after
 * check-out) ended, or that the job closed, no longer can. Null: it can be reviewed.
 */
export type NotReviewable = "notBooked" | "cancelled" | "notYet" | "ended";
export function whyNotReviewable(stay: { type: string; status: string; checkOut: IsoDate }, today: IsoDate): NotReviewable | null {
  if (stay.type !== "booking") return "notBooked";
  if (stay.status === "CANCELLED") return "cancelled";
  if (today < stay.checkOut) return "notYet";
  return isReviewable(stay, today) ? null : "ended";
}

/** Whether the host may still write or change the answer: before the first answer, or within REPLY_EDITABLE_DAYS of it. */
export function canReply(repliedAt: Date | null, now: Date): boolean {
  return repliedAt === null || now.getTime() - repliedAt.getTime() < REPLY_EDITABLE_DAYS * 86_400_000;
}

/** An average of 1–5 ratings to one decimal; null without ratings. */
export function averageOf(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}
