import { createRoute, z } from "@hono/zod-openapi";
import { INQUIRY_REJECT_REASONS, INQUIRY_STATUSES } from "@domain/booking";
import { AMOUNT_UNIT } from "@domain/pricing";
import { customerSchema, listPaging, searchSchema, unitSummarySchema } from "./bookings";
import { calendarEventSchema } from "./calendar";
import { idealGuestSchema } from "./home";
import { commonErrors, conflictWithReasons, json, jsonBody, pagination, security } from "./http";
import { stayPriceSchema } from "./pricing";

/** §3 Inquiry, §7 Inquiries: a guest's question about a stay, for hosts on subscription. */

export const inquirySchema = z
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
    status: z.enum(INQUIRY_STATUSES),
    state: z.string().openapi({ description: "The status as §3 writes it in lower case (requested, action needed, confirmed, …)" }),
    conversationId: z.string().nullable(),
    currency: z.string(),
    amountUnit: z.literal(AMOUNT_UNIT),
    totalAmount: z.number().int(),
    priceBreakdown: stayPriceSchema,
    rejection: z.object({ reason: z.enum(INQUIRY_REJECT_REASONS), explanation: z.string().nullable(), message: z.string().nullable() }).nullable(),
    answeredAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("Inquiry");

/** One inquiry as its page reads it: with the host's ideal guest, for the guest's match level. */
export const inquiryDetailSchema = inquirySchema.extend({ idealGuest: idealGuestSchema }).openapi("InquiryDetail");

export const inquiryListItemSchema = inquirySchema.omit({ priceBreakdown: true }).openapi("InquiryListItem");

/** A page of the inquiries (GET booking-inquiries, and the shell's `inquiries`). */
export const inquiriesPageSchema = z.object({ items: z.array(inquiryListItemSchema), pagination });

export const INQUIRY_LIST_STATUSES = ["open", "confirmed", "rejected", "closed", "all"] as const;

export const inquiryListQuery = z.object({
  status: z.enum(INQUIRY_LIST_STATUSES).default("all").openapi({ description: "open: requested or action needed; confirmed (and its review states); rejected; closed: expired at check-out" }),
  search: searchSchema.openapi({ description: "The guest's name or the inquiry's code" }),
  unitId: z.string().max(64).optional(),
  ...listPaging,
});

export type InquiryListQueryInput = z.input<typeof inquiryListQuery>;

export const rejectInquirySchema = z
  .object({
    reason: z.enum(INQUIRY_REJECT_REASONS),
    explanation: z.string().trim().max(2000).optional().openapi({ description: "Required for OTHER and kept only then (§5)" }),
    message: z.string().trim().max(2000).optional().openapi({ description: "A message to the guest" }),
  })
  .openapi("RejectInquiry");

const id = z.object({ id: z.string().openapi({ description: "The inquiry's public id (inq_…)" }) });
const tags = ["Inquiries"];

export const inquiries = {
  list: createRoute({
    method: "get",
    path: "/api/app/booking-inquiries",
    tags,
    summary: "The host's inquiries, newest first",
    security,
    request: { query: inquiryListQuery },
    responses: { 200: json(inquiriesPageSchema, "A page of inquiries"), ...commonErrors },
  }),
  get: createRoute({
    method: "get",
    path: "/api/app/booking-inquiries/{id}",
    tags,
    summary: "An inquiry with its guest, stay and quoted price",
    security,
    request: { params: id },
    responses: { 200: json(inquiryDetailSchema, "The inquiry, with the host's ideal guest"), ...commonErrors },
  }),
  confirm: createRoute({
    method: "post",
    path: "/api/app/booking-inquiries/{id}/confirm",
    tags,
    summary: "Confirm an open inquiry: its nights are taken; 409 when one is taken already",
    security,
    request: { params: id },
    responses: { 200: json(inquirySchema, "The confirmed inquiry"), ...commonErrors, ...conflictWithReasons },
  }),
  reject: createRoute({
    method: "post",
    path: "/api/app/booking-inquiries/{id}/reject",
    tags,
    summary: "Reject an open inquiry with a reason (§8) and a message to the guest",
    security,
    request: { params: id, body: jsonBody(rejectInquirySchema) },
    responses: { 200: json(inquirySchema, "The rejected inquiry"), ...commonErrors, ...conflictWithReasons },
  }),
  overlappingUnavailabilities: createRoute({
    method: "get",
    path: "/api/app/booking-inquiries/{id}/overlapping-unavailabilities",
    tags,
    summary: "What takes the inquiry's nights already (bookings, blocks, imported events, pauses), by first night",
    security,
    request: { params: id, query: z.object(listPaging) },
    responses: { 200: json(z.object({ items: z.array(calendarEventSchema), pagination }), "A page of overlapping events"), ...commonErrors },
  }),
};
