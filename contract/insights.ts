import { createRoute, z } from "@hono/zod-openapi";
import { INSIGHTS_UNIT_PAGE_SIZE, isMonth } from "@domain/insights";
import { REVIEWS_SEARCH_MAX } from "@domain/review-rules";
import { commonErrors, json, pagination, security } from "./http";
import { ratingSchema, reviewSchema } from "./reviews";

/**
 * Insights (§2 Insights; the paths beyond §7): per month, the sums every figure of the insights
 * pages is derived from (domain/insights.ts), for all the host's units or one, over a period and the
 * same months a year before, with a page of the unit selector — one call and one D1 batch per page.
 */

const monthSchema = z.string().refine(isMonth, "month_invalid").openapi({ description: "A month, YYYY-MM" });

export const insightsQuery = z.object({
  unitId: z.string().optional().openapi({ description: "One unit's public id; all the host's units without it" }),
  from: monthSchema.openapi({ description: "The period's first month (YYYY-MM); the answer also covers the same months a year before" }),
  to: monthSchema.openapi({ description: "The period's last month (YYYY-MM), at most 36 months after `from`" }),
  unitsPage: z.coerce.number().int().min(1).max(10_000).default(1).openapi({ description: `The unit selector's page (${INSIGHTS_UNIT_PAGE_SIZE} units a page)` }),
});

const unitsPageSchema = z
  .object({
    items: z.array(z.object({ id: z.string(), title: z.string(), propertyTitle: z.string() })),
    pagination,
  })
  .openapi("InsightsUnits");

const selectedUnit = z.object({ id: z.string(), title: z.string() }).nullable().openapi({ description: "The unit the figures are of; null for all units" });

const performanceMonth = z
  .object({
    month: z.string(),
    views: z.number().int(),
    requests: z.number().int(),
    inquiries: z.number().int(),
    bookings: z.number().int(),
    directBookings: z.number().int().openapi({ description: "Of the bookings, those made on the listing (not brought by a channel manager): conversion is these per listing view" }),
    cancelled: z.number().int(),
    nights: z.number().int(),
    revenue: z.number().int(),
    leadDays: z.number().int(),
  })
  .openapi("PerformanceMonth", { description: "Listing views by day; requests and inquiries by the month they arrived; bookings by the month they were made (nights, revenue and lead days of those not cancelled)" });

const earningsMonth = z
  .object({ month: z.string(), gross: z.number().int(), commission: z.number().int(), payout: z.number().int(), stays: z.number().int() })
  .openapi("EarningsMonth", { description: "Gross booking value, commission and host payout in minor units" });

const occupancyMonth = z
  .object({
    month: z.string(),
    booked: z.number().int(),
    unavailable: z.number().int().openapi({ description: "Nights blocked, paused or taken by another platform while the unit was for sale" }),
    nights: z.number().int().openapi({ description: "The units' nights for sale: each unit's from the day it was first published (or its first booked night, if earlier) until it was unpublished or deleted" }),
    units: z.number().int().openapi({ description: "The units with nights for sale in the month" }),
  })
  .openapi("OccupancyMonth", { description: "Nights booked, nights for sale and of those the nights not available, and the units counted; nights available are nights − unavailable" });

const base = { unit: selectedUnit, units: unitsPageSchema, currency: z.string(), newReviews: z.number().int().openapi({ description: "Reviews the host has not marked seen (the reviews tab's badge)" }) };
const tags = ["Insights"];

export const performanceSchema = z.object({ ...base, months: z.array(performanceMonth) }).openapi("Performance");
export const earningsSchema = z.object({ ...base, byStayMonth: z.array(earningsMonth), byPayoutMonth: z.array(earningsMonth) }).openapi("Earnings");
export const occupancySchema = z.object({ ...base, months: z.array(occupancyMonth) }).openapi("Occupancy");
export const insightsReviewsSchema = z
  .object({ ...base, rating: ratingSchema, items: z.array(reviewSchema), pagination: pagination.openapi({ description: "Of the reviews listed: all of them, or those the search found" }) })
  .openapi("InsightsReviews");
export const reviewsQuery = z.object({
  unitId: insightsQuery.shape.unitId,
  unitsPage: insightsQuery.shape.unitsPage,
  page: z.coerce.number().int().min(1).max(10_000).default(1).openapi({ description: "The page of reviews" }),
  search: z.string().trim().max(REVIEWS_SEARCH_MAX).optional().openapi({ description: "Words of the review's text or the guest's name: the page lists the reviews that hold them (the rating summary stays that of every review)" }),
});

export const insights = {
  performance: createRoute({
    method: "get",
    path: "/api/app/insights/performance",
    tags,
    summary: "Listing views, requests, inquiries and bookings per month",
    security,
    request: { query: insightsQuery },
    responses: { 200: json(performanceSchema, "Months with activity, of the period and the year before"), ...commonErrors },
  }),
  earnings: createRoute({
    method: "get",
    path: "/api/app/insights/earnings",
    tags,
    summary: "Gross booking value, commission and payout per month: by the month of the nights stayed and by the month paid out (the check-in)",
    security,
    request: { query: insightsQuery },
    responses: {
      200: json(earningsSchema, "Months with earnings, of the period and the year before"),
      ...commonErrors,
    },
  }),
  reviews: createRoute({
    method: "get",
    path: "/api/app/insights/reviews",
    tags,
    summary: "The reviews tab: average ratings per category and a page of reviews, for all units or one",
    security,
    request: { query: reviewsQuery },
    responses: { 200: json(insightsReviewsSchema, "The reviews, newest first"), ...commonErrors },
  }),
  occupancy: createRoute({
    method: "get",
    path: "/api/app/insights/occupancy",
    tags,
    summary: "Nights booked and nights not for sale per month, and the units counted",
    security,
    request: { query: insightsQuery },
    responses: { 200: json(occupancySchema, "Months of the period and the year before"), ...commonErrors },
  }),
};
