import { createRoute, z } from "@hono/zod-openapi";
import { isIsoDate } from "@domain/dates";
import { bookingRequestListItemSchema } from "./booking-requests";
import { bookingListItemSchema, isoDateSchema, LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT, listPaging, searchSchema } from "./bookings";
import { commonErrors, json, pagination, security } from "./http";

/**
 * The bookings list's own reads beyond §7 (decision 027's addendum): its All tab, every booking and
 * every request that did not become one, and how many stays each of its tabs holds.
 */

/** A row of the All tab: a booking, or a request that did not become one (waiting, rejected, expired). */
export const bookingListEntrySchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("booking"), booking: bookingListItemSchema }),
    z.object({ type: z.literal("bookingRequest"), request: bookingRequestListItemSchema }),
  ])
  .openapi("BookingListEntry");

/** A page of the All tab (GET booking-list, and the shell's `bookingList`). */
export const bookingListPageSchema = z.object({ items: z.array(bookingListEntrySchema), pagination });

export const allTabQuery = z
  .object({
    unitId: z.string().max(64).optional(),
    dateFrom: isoDateSchema.optional().openapi({ description: "Stays that have a night on or after this day" }),
    dateTo: isoDateSchema.optional().openapi({ description: "Stays that arrive on or before this day" }),
    search: searchSchema.openapi({ description: "The guest's name (first, last or both) or the code" }),
    ...listPaging,
  })
  .superRefine((q, ctx) => {
    if (q.dateFrom && q.dateTo && isIsoDate(q.dateFrom) && isIsoDate(q.dateTo) && q.dateTo < q.dateFrom) ctx.addIssue({ code: "custom", path: ["dateTo"], message: "date_range_invalid" });
  });

export type AllTabQueryInput = z.input<typeof allTabQuery>;

const count = (what: string) => z.number().int().min(0).openapi({ description: what });

/** How many stays each tab of the bookings list holds, unfiltered: each its list's total (§2 /bookings/{tab}). */
export const bookingTabCountsSchema = z
  .object({
    requests: count("Requests waiting for an answer (as GET booking-requests-pending-count)"),
    upcoming: count("Confirmed bookings not yet arrived"),
    current: count("Confirmed bookings staying now"),
    completed: count("Completed bookings (and their review states)"),
    cancelled: count("Cancelled bookings"),
    all: count("Every booking and every request that did not become one (as GET booking-list)"),
    inquiries: count("Every inquiry"),
  })
  .openapi("BookingTabCounts");

const tags = ["Bookings"];

export const bookingList = {
  all: createRoute({
    method: "get",
    path: "/api/app/booking-list",
    tags,
    summary: `The bookings list's All tab: every booking and every request that did not become one (waiting, rejected, expired; a confirmed request is its booking), latest arrival first, filtered and searched as the bookings are, ${LIST_DEFAULT_LIMIT} a page (at most ${LIST_MAX_LIMIT})`,
    security,
    request: { query: allTabQuery },
    responses: { 200: json(bookingListPageSchema, "A page of bookings and requests"), ...commonErrors },
  }),
  tabCounts: createRoute({
    method: "get",
    path: "/api/app/booking-list/tab-counts",
    tags,
    summary: "How many stays each tab of the bookings list holds: the requests waiting, the bookings of each tab, All, the inquiries",
    security,
    responses: { 200: json(bookingTabCountsSchema, "The counts"), ...commonErrors },
  }),
};
