/**
 * The review rules' constants (issue 16, §3 Review), without the schemas of domain/reviews.ts: a page
 * that only shows reviews imports these and loads no validation library in the browser.
 */

export const REVIEW_CATEGORIES = ["cleanliness", "accuracy", "communication", "location", "checkIn", "value"] as const;
export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number];

export const REVIEW_TEXT_MAX_LENGTH = 2000;
export const REPLY_MAX_LENGTH = 2000;
/** How long after first answering a host may still change the answer. */
export const REPLY_EDITABLE_DAYS = 14;
/** §9 "review page initial 1"; a page of reviews holds at most this many. */
export const REVIEWS_PAGE_MAX = 50;
/** The longest search of a host's reviews (their words or the guest's name). */
export const REVIEWS_SEARCH_MAX = 100;
