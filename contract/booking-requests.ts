import { createRoute, z } from "@hono/zod-openapi";
import { isSubReasonOf, REQUEST_REJECT_REASONS, REQUEST_REJECT_SUB_REASONS, REQUEST_STATUSES } from "@domain/booking";
import { bookingSchema, customerSchema, isoDateSchema, listPaging, moneySchema, searchSchema, unitSummarySchema } from "./bookings";
import { idealGuestSchema } from "./home";
import { commonErrors, conflictWithReasons, json, jsonBody, pagination, security } from "./http";

/** §7 Booking requests. */

export const pendingCountSchema = z.number().int().min(0).openapi({ description: "Booking requests still waiting for an answer: requested and not yet expired" });

export const bookingRequestSchema = z
  .object({
    publicId: z.string(),
    code: z.string(),
    checkIn: z.string(),
    checkOut: z.string(),
    nights: z.number().int(),
    guests: z.number().int(),
    customer: customerSchema,
    propertyUnitSummary: unitSummarySchema,
    propertyId: z.string(),
    status: z.enum(REQUEST_STATUSES).openapi({ description: "REQUESTED (pending until expirationTime), CONFIRMED, REJECTED, EXPIRED; a request past its expiration time is EXPIRED even before the job has run" }),
    pending: z.boolean(),
    expirationTime: z.string().openapi({ description: "When the request expires unanswered (ISO 8601, UTC)" }),
    rejection: z.object({ reason: z.enum(REQUEST_REJECT_REASONS), subReason: z.string().nullable(), explanation: z.string().nullable() }).nullable(),
    bookingId: z.string().nullable().openapi({ description: "The booking its confirmation made" }),
    answeredAt: z.string().nullable(),
    createdAt: z.string(),
    ...moneySchema.shape,
  })
  .openapi("BookingRequest");

/** One request as its page reads it: with the host's ideal guest, for the guest's match level. */
export const bookingRequestDetailSchema = bookingRequestSchema.extend({ idealGuest: idealGuestSchema }).openapi("BookingRequestDetail");

export const bookingRequestListItemSchema = bookingRequestSchema.omit({ priceBreakdown: true, instalments: true }).openapi("BookingRequestListItem");

/** A page of the requests (GET booking-requests, and the shell's `requests`). */
export const requestsPageSchema = z.object({ items: z.array(bookingRequestListItemSchema), pagination });

export const REQUEST_LIST_STATUSES = ["pending", "confirmed", "rejected", "expired", "all"] as const;

export const requestListQuery = z.object({
  status: z.enum(REQUEST_LIST_STATUSES).default("pending").openapi({ description: "pending (the default): requested and not expired" }),
  search: searchSchema.openapi({ description: "The guest's name or the request's code" }),
  unitId: z.string().max(64).optional(),
  "checkIn.to": isoDateSchema.optional().openapi({ description: "Requests arriving on or before this day" }),
  "checkOut.from": isoDateSchema.optional().openapi({ description: "Requests leaving on or after this day" }),
  ...listPaging,
});

export type RequestListQueryInput = z.input<typeof requestListQuery>;

export const rejectRequestSchema = z
  .object({
    reason: z.enum(REQUEST_REJECT_REASONS),
    subReason: z
      .string()
      .trim()
      .max(100)
      .optional()
      .openapi({ description: `One of the reason's sub-reasons, or empty: ${Object.entries(REQUEST_REJECT_SUB_REASONS).map(([reason, subs]) => `${reason}: ${subs.join(", ") || "none"}`).join("; ")}` }),
    explanation: z.string().trim().max(2000).optional().openapi({ description: "Required for OTHER; otherwise kept only with a sub-reason (§5)" }),
  })
  .superRefine((body, ctx) => {
    if (!isSubReasonOf(REQUEST_REJECT_SUB_REASONS, body.reason, body.subReason)) ctx.addIssue({ code: "custom", path: ["subReason"], message: "invalid_choice" });
  })
  .openapi("RejectBookingRequest");

const id = z.object({ id: z.string().openapi({ description: "The request's public id (brq_…)" }) });
const tags = ["Booking requests"];

export const bookingRequests = {
  pendingCount: createRoute({
    method: "get",
    path: "/api/app/booking-requests-pending-count",
    tags,
    summary: "How many booking requests wait for the host's answer",
    security,
    responses: { 200: json(z.object({ count: pendingCountSchema }), "The count"), ...commonErrors },
  }),
  list: createRoute({
    method: "get",
    path: "/api/app/booking-requests",
    tags,
    summary: "The host's booking requests (pending by default), soonest arrival first",
    security,
    request: { query: requestListQuery },
    responses: { 200: json(requestsPageSchema, "A page of requests"), ...commonErrors },
  }),
  get: createRoute({
    method: "get",
    path: "/api/app/booking-requests/{id}",
    tags,
    summary: "A booking request with its guest, stay, price and expiration time",
    security,
    request: { params: id },
    responses: { 200: json(bookingRequestDetailSchema, "The request, with the host's ideal guest"), ...commonErrors },
  }),
  confirm: createRoute({
    method: "post",
    path: "/api/app/booking-requests/{id}/confirm",
    tags,
    summary: "Confirm a pending request: it becomes a booking and takes its nights; 409 when a night was taken meanwhile (the request stays pending) or the request is no longer pending",
    security,
    request: { params: id },
    responses: { 200: json(z.object({ request: bookingRequestSchema, booking: bookingSchema }), "The confirmed request and its booking"), ...commonErrors, ...conflictWithReasons },
  }),
  reject: createRoute({
    method: "post",
    path: "/api/app/booking-requests/{id}/reject",
    tags,
    summary: "Reject a pending request with a reason (§8)",
    security,
    request: { params: id, body: jsonBody(rejectRequestSchema) },
    responses: { 200: json(bookingRequestSchema, "The rejected request"), ...commonErrors, ...conflictWithReasons },
  }),
};
