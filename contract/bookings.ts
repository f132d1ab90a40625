import { createRoute, z } from "@hono/zod-openapi";
import { ACTOR_ROLES, BOOKING_FILTERS, BOOKING_STATUSES, CANCEL_REASONS, CANCEL_SUB_REASONS, isSubReasonOf, PAYMENT_PLANS } from "@domain/booking";
import { isIsoDate } from "@domain/dates";
import { AMOUNT_UNIT } from "@domain/pricing";
import { commonErrors, conflictWithReasons, json, jsonBody, pagination, security } from "./http";
import { stayPriceSchema } from "./pricing";

/** §3 Booking, §7 Bookings: what a host reads of a booking and how they cancel it (decision 027). */

export const isoDateSchema = z.string("required").refine(isIsoDate, "date_invalid");

/** The most items a list answers per page; a larger `limit` is refused. */
export const LIST_MAX_LIMIT = 100;
export const LIST_DEFAULT_LIMIT = 20;

export const listPaging = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
};

/** A search by the guest's name or the code, at most 100 characters. */
export const searchSchema = z.string().trim().max(100).optional();

export const customerSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable().openapi({ description: "Null when the guest gave none (or none with a digit)" }),
    message: z.string().nullable(),
    language: z.string().nullable().openapi({ description: "The language the guest speaks, as a product locale (de_CH); null when not known", example: "de_CH" }),
  })
  .openapi("Customer");

export const unitSummarySchema = z
  .object({ publicId: z.string(), title: z.string(), propertyId: z.string(), propertyTitle: z.string() })
  .openapi("PropertyUnitSummary");

export const moneySchema = z
  .object({
    currency: z.string(),
    amountUnit: z.literal(AMOUNT_UNIT),
    totalAmount: z.number().int().openapi({ description: "What the guest pays, in minor units" }),
    priceBreakdown: stayPriceSchema,
    paymentPlan: z.enum(PAYMENT_PLANS),
    instalments: z.array(z.object({ due: z.string().openapi({ description: "`booking` (paid when booking) or the date it is due" }), method: z.enum(["online", "on_arrival"]), amount: z.number().int() })),
    commission: z.object({ percent: z.number().nullable(), amount: z.number().int() }).openapi({ description: "The platform's commission (commission and hybrid hosts); percent null on subscription" }),
    payout: z.number().int().openapi({ description: "What the host receives: the total less the commission" }),
  })
  .openapi("BookingMoney");

const staySummary = {
  publicId: z.string(),
  code: z.string().openapi({ description: "The code the guest received" }),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  guests: z.number().int(),
  customer: customerSchema,
  propertyUnitSummary: unitSummarySchema,
  propertyId: z.string(),
  createdAt: z.string(),
};

export const bookingSchema = z
  .object({
    ...staySummary,
    status: z.enum(BOOKING_STATUSES),
    publicState: z.enum(BOOKING_STATUSES),
    cancelledBy: z.enum(["guest", "owner"]).nullable().openapi({ description: "How a cancelled booking is shown: by the guest, by the owner, or plain (null)" }),
    cancellation: z
      .object({ role: z.enum(ACTOR_ROLES).nullable(), reason: z.string().nullable(), subReason: z.string().nullable(), explanation: z.string().nullable(), cancelledAt: z.string() })
      .nullable(),
    source: z.enum(["direct", "smoobu"]),
    externalId: z.string().nullable(),
    bookedAt: z.string(),
    ...moneySchema.shape,
    keptOnCancellation: z
      .object({
        paid: z.number().int().openapi({ description: "What the guest had paid online by the day of the cancellation (instalments due at booking or by then); not refunded" }),
        commission: z.number().int().openapi({ description: "The commission's share of that payment (half up)" }),
        payout: z.number().int().openapi({ description: "What the host keeps: the payment less its commission" }),
      })
      .nullable()
      .openapi({ description: "What a cancelled booking still pays the host, as the earnings and the DAC7 report count it; null unless cancelled. `payout` and `instalments` stay what was sold" }),
  })
  .openapi("Booking");

/** A row of the booking list: the booking without its price breakdown. */
export const bookingListItemSchema = bookingSchema.omit({ priceBreakdown: true, instalments: true }).openapi("BookingListItem");

/** A page of the booking list (GET bookings, and the shell's `bookings`). */
export const bookingsPageSchema = z.object({ items: z.array(bookingListItemSchema), pagination });

export const BOOKING_TABS = ["upcoming", "current", "completed", "cancelled", "all"] as const;

export const bookingListQuery = z
  .object({
    tab: z.enum(BOOKING_TABS).default("all").openapi({ description: "upcoming: confirmed, not yet arrived; current: confirmed, staying now; completed; cancelled; all" }),
    status: z.enum(BOOKING_FILTERS).optional().openapi({ description: "§3 filter value, on top of the tab" }),
    unitId: z.string().max(64).optional(),
    dateFrom: isoDateSchema.optional().openapi({ description: "Stays that have a night on or after this day" }),
    dateTo: isoDateSchema.optional().openapi({ description: "Stays that arrive before this day" }),
    search: searchSchema.openapi({ description: "The guest's name (first, last or both) or the booking code" }),
    ...listPaging,
  })
  .superRefine((q, ctx) => {
    if (q.dateFrom && q.dateTo && isIsoDate(q.dateFrom) && isIsoDate(q.dateTo) && q.dateTo < q.dateFrom) ctx.addIssue({ code: "custom", path: ["dateTo"], message: "date_range_invalid" });
  });

export type BookingListQueryInput = z.input<typeof bookingListQuery>;

export const cancelBodySchema = z
  .object({
    reason: z.enum(CANCEL_REASONS),
    subReason: z
      .string()
      .trim()
      .max(100)
      .optional()
      .openapi({ description: `One of the reason's sub-reasons, or empty: ${Object.entries(CANCEL_SUB_REASONS).map(([reason, subs]) => `${reason}: ${subs.join(", ") || "none"}`).join("; ")}` }),
    explanation: z.string().trim().max(2000).optional().openapi({ description: "Sent only when not empty (§5)" }),
  })
  .superRefine((body, ctx) => {
    if (!isSubReasonOf(CANCEL_SUB_REASONS, body.reason, body.subReason)) ctx.addIssue({ code: "custom", path: ["subReason"], message: "invalid_choice" });
  })
  .openapi("CancelBooking");

const bookingId = z.object({ bookingId: z.string().openapi({ description: "The booking's public id (bkg_…)" }) });
const tags = ["Bookings"];

export const bookings = {
  list: createRoute({
    method: "get",
    path: "/api/app/bookings",
    tags,
    summary: `The host's bookings of a tab, filtered and searched, ${LIST_DEFAULT_LIMIT} a page (at most ${LIST_MAX_LIMIT})`,
    security,
    request: { query: bookingListQuery },
    responses: { 200: json(bookingsPageSchema, "A page of bookings"), ...commonErrors },
  }),
  get: createRoute({
    method: "get",
    path: "/api/app/bookings/{bookingId}",
    tags,
    summary: "A booking with its guest, stay, price breakdown, payment plan and payout",
    security,
    request: { params: bookingId },
    responses: { 200: json(bookingSchema, "The booking"), ...commonErrors },
  }),
  cancel: createRoute({
    method: "post",
    path: "/api/app/bookings/{bookingId}/cancel",
    tags,
    summary: "Cancel a confirmed booking as its host; its nights are free again at once",
    security,
    request: { params: bookingId, body: jsonBody(cancelBodySchema) },
    responses: { 200: json(bookingSchema, "The cancelled booking"), ...commonErrors, ...conflictWithReasons },
  }),
};
