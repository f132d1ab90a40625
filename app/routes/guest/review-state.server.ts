import type { GuestStay } from "@contract/guest";
import { REVIEW_COLLECTION_DAYS } from "@domain/booking";
import { todayUtc } from "@domain/dates";
import { whyNotReviewable, type NotReviewable } from "@domain/reviews";

/**
 * What the guest area says of the stay's review (issue 16), on the server: the rules and the day's
 * date stay out of the pages' browser code.
 */

/** The conversation's link to the review: asked for while it can be written, "your review" once written, none otherwise. */
export function reviewLinkOf(stay: Pick<GuestStay, "type" | "status" | "checkOut">): "asked" | "written" | null {
  if (stay.status === "REVIEW_COLLECTED") return "written";
  return whyNotReviewable(stay, todayUtc()) === null ? "asked" : null;
}

/**
 * Why the review page has no form, when it has neither one nor the review (the API's `reviewable`
 * decides, the rule says why), with the days after check-out a stay can be reviewed.
 */
export function notReviewableOf(stay: Pick<GuestStay, "type" | "status" | "checkOut">, state: { reviewable: boolean; review: unknown }): { reason: NotReviewable; days: number } | null {
  if (state.reviewable || state.review) return null;
  return { reason: whyNotReviewable(stay, todayUtc()) ?? "ended", days: REVIEW_COLLECTION_DAYS };
}
