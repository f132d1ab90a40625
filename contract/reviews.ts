import { createRoute, z } from "@hono/zod-openapi";
import { REVIEW_CATEGORIES, REVIEWS_PAGE_MAX, REVIEWS_SEARCH_MAX, replyInputSchema, reviewInputSchema } from "@domain/reviews";
import { commonErrors, conflictWithReasons, errorsListSchema, json, jsonBody, messageSchema, noContent, pagination, security } from "./http";

/** §7 Reviews: what guests wrote about a host's units, the host's public answer, ratings and what is new. */

const categories = z.object(Object.fromEntries(REVIEW_CATEGORIES.map((c) => [c, z.number().int()])) as Record<(typeof REVIEW_CATEGORIES)[number], z.ZodNumber>);

export const reviewSchema = z
  .object({
    publicId: z.string(),
    unitId: z.string(),
    unitTitle: z.string(),
    guestName: z.string().openapi({ description: "The guest's first name" }),
    rating: z.number().int().openapi({ description: "Overall, 1–5" }),
    categories,
    text: z.string(),
    createdAt: z.string(),
    reply: z.string().nullable(),
    repliedAt: z.string().nullable(),
    replyEditable: z.boolean().openapi({ description: "Whether the host may still write or change the answer" }),
    seen: z.boolean(),
  })
  .openapi("Review");

const averages = z.object(Object.fromEntries(REVIEW_CATEGORIES.map((c) => [c, z.number().nullable()])) as Record<(typeof REVIEW_CATEGORIES)[number], z.ZodNullable<z.ZodNumber>>);

export const ratingSchema = z
  .object({ count: z.number().int(), rating: z.number().nullable().openapi({ description: "Average overall rating, one decimal; null without reviews" }), categories: averages })
  .openapi("Rating");

const reviewsPage = z.object({ items: z.array(reviewSchema), pagination }).openapi("Reviews", { description: "Newest first; more exists while current < next" });

export const reviewsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(REVIEWS_PAGE_MAX).default(10),
  search: z.string().trim().max(REVIEWS_SEARCH_MAX).optional().openapi({ description: "Words of the review's text or the guest's name" }),
});

const unitParam = z.object({ unitId: z.string().openapi({ description: "The unit's public id" }) });
const tags = ["Reviews"];

export const reviews = {
  list: createRoute({
    method: "get",
    path: "/api/app/reviews/{unitId}",
    tags,
    summary: "A unit's reviews, newest first",
    security,
    request: { params: unitParam, query: reviewsQuery },
    responses: { 200: json(reviewsPage, "A page of reviews"), ...commonErrors },
  }),
  reply: createRoute({
    method: "post",
    path: "/api/app/reviews/reply/{reviewId}",
    tags,
    summary: `Answer a review in public (one answer, which the host may change for ${14} days)`,
    security,
    request: { params: z.object({ reviewId: z.string() }), body: jsonBody(replyInputSchema) },
    responses: { 200: json(reviewSchema, "The review with its answer"), ...commonErrors, ...conflictWithReasons },
  }),
  rating: createRoute({
    method: "get",
    path: "/api/app/reviews/rating/{unitId}",
    tags,
    summary: "A unit's average rating, overall and per category",
    security,
    request: { params: unitParam },
    responses: { 200: json(ratingSchema, "The averages"), ...commonErrors },
  }),
  newCount: createRoute({
    method: "get",
    path: "/api/app/reviews/new",
    tags,
    summary: "How many reviews the host has not marked seen, in all and per unit",
    security,
    responses: { 200: json(z.object({ count: z.number().int(), units: z.array(z.object({ unitId: z.string(), count: z.number().int() })) }).openapi("NewReviews"), "The counts"), ...commonErrors },
  }),
  markSeen: createRoute({
    method: "put",
    path: "/api/app/reviews/new/{unitId}",
    tags,
    summary: "Mark a unit's reviews seen",
    security,
    request: { params: unitParam },
    responses: { ...noContent, ...commonErrors },
  }),
};

/** The guest's side: the review of the stay the guest signed in for (after check-out). */
const guestSecurity = [{ guestToken: [] }];

export const guestReviews = {
  get: createRoute({
    method: "get",
    path: "/api/guest/review",
    tags,
    summary: "Whether the guest's stay can be reviewed now, and the review once written",
    security: guestSecurity,
    responses: {
      200: json(z.object({ reviewable: z.boolean(), review: reviewSchema.omit({ seen: true }).nullable() }).openapi("GuestReview"), "The stay's review state"),
      401: json(messageSchema, "No valid guest token"),
    },
  }),
  submit: createRoute({
    method: "post",
    path: "/api/guest/review",
    tags,
    summary: "Review the stay: overall and per category (1–5), and a text",
    security: guestSecurity,
    request: { body: jsonBody(reviewInputSchema) },
    responses: {
      201: json(reviewSchema.omit({ seen: true }), "The review"),
      400: json(z.union([errorsListSchema, messageSchema]), "Validation failed"),
      401: json(messageSchema, "No valid guest token"),
      409: json(z.union([errorsListSchema, messageSchema]), "The stay cannot be reviewed (not over, already reviewed, or its review collection ended)"),
      415: json(messageSchema, "The body is not JSON"),
    },
  }),
};
