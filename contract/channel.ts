import { createRoute, z } from "@hono/zod-openapi";
import { nightRangeProblem } from "@domain/calendar";
import { BOOKING_STATUSES, PAYMENT_PLANS } from "@domain/booking";
import { isIsoDate } from "@domain/dates";
import { AMOUNT_UNIT } from "@domain/pricing";
import { commonErrors, errorsListSchema, json, jsonBody, messageSchema, noContent, security } from "./http";
import { guestDetailsFields } from "./stays";

/**
 * The channel intake API (§3 channel-manager source `smoobu`, decision 027): another sales channel
 * or a channel manager creates, modifies and cancels reservations of a host's units with an API key
 * the host creates in the app. Every write carries an `Idempotency-Key`: the same key and body
 * answer the same again, the same key with another body 422.
 */

const isoDate = z.string("required").refine(isIsoDate, "date_invalid");

// ---------------------------------------------------------------------------------------------
// The host's keys (host API, signed in)
// ---------------------------------------------------------------------------------------------

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().openapi({ description: "The key's first characters, to recognise it" }),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .openapi("ChannelApiKey");

const keyId = z.object({ keyId: z.string().openapi({ description: "The key's id (key_…)" }) });
const keyTags = ["Channel API keys"];

export const channelKeys = {
  list: createRoute({
    method: "get",
    path: "/api/app/channel-api-keys",
    tags: keyTags,
    summary: "The host's channel API keys that are not revoked, newest first (at most 20)",
    security,
    responses: { 200: json(z.object({ items: z.array(apiKeySchema) }), "The keys"), ...commonErrors },
  }),
  create: createRoute({
    method: "post",
    path: "/api/app/channel-api-keys",
    tags: keyTags,
    summary: "Create a channel API key; its secret is answered this once and stored only as a hash",
    security,
    request: { body: jsonBody(z.object({ name: z.string("required").trim().min(1, "required").max(80) }).openapi("NewChannelApiKey")) },
    responses: { 201: json(apiKeySchema.extend({ secret: z.string().openapi({ description: "Send as Authorization: Bearer <secret>; shown only now" }) }), "The key and its secret"), ...commonErrors, 409: json(messageSchema, "The host has 20 keys already") },
  }),
  revoke: createRoute({
    method: "delete",
    path: "/api/app/channel-api-keys/{keyId}",
    tags: keyTags,
    summary: "Revoke a channel API key: calls with it are refused from now on",
    security,
    request: { params: keyId },
    responses: { ...noContent, ...commonErrors },
  }),
};

// ---------------------------------------------------------------------------------------------
// Intake (API key)
// ---------------------------------------------------------------------------------------------

export const IDEMPOTENCY_HEADER = "idempotency-key";

const idempotency = z.object({
  [IDEMPOTENCY_HEADER]: z.string("required").trim().min(1, "required").max(200).openapi({ description: "Unique per intended change: a retry with the same key and body answers the first answer again" }),
});

const stayFields = {
  checkIn: isoDate.openapi({ example: "2027-07-03" }),
  checkOut: isoDate.openapi({ example: "2027-07-10" }),
  guests: z.number("guests_range").int("guests_range").min(1, "guests_range").max(99, "guests_range"),
};

function refineStay(stay: { checkIn: string; checkOut: string }, ctx: z.RefinementCtx) {
  if (!isIsoDate(stay.checkIn) || !isIsoDate(stay.checkOut)) return;
  const problem = nightRangeProblem(stay);
  if (problem) ctx.addIssue({ code: "custom", path: ["checkOut"], message: problem });
}

export const channelReservationBodySchema = z
  .object({
    unitId: z.string("required").min(1, "required").max(64).openapi({ description: "The host's published unit (unt_…)" }),
    reservationId: z.string("required").trim().min(1, "required").max(100).openapi({ description: "The reservation's id in the channel; names it in later calls" }),
    ...stayFields,
    guest: z.object(guestDetailsFields),
    bookedAt: z.iso.datetime({ offset: true }).optional().openapi({ description: "When the guest booked on the channel (not in the future); the notice counts from its day. Default: now" }),
    paymentPlan: z.enum(PAYMENT_PLANS).optional().openapi({ description: "How the channel takes the guest's money; default: the product's plan for the stay" }),
  })
  .superRefine(refineStay)
  .openapi("ChannelReservation");

export const channelModificationSchema = z.object(stayFields).superRefine(refineStay).openapi("ChannelModification");

export const channelCancellationSchema = z
  .object({ cancelledBy: z.enum(["guest", "owner", "channel"]).default("guest").openapi({ description: "Who cancelled on the channel's side" }), reason: z.string().trim().max(100).optional() })
  .openapi("ChannelCancellation");

export const channelBookingSchema = z
  .object({
    bookingId: z.string(),
    reservationId: z.string(),
    code: z.string(),
    unitId: z.string(),
    status: z.enum(BOOKING_STATUSES),
    checkIn: z.string(),
    checkOut: z.string(),
    guests: z.number().int(),
    currency: z.string(),
    amountUnit: z.literal(AMOUNT_UNIT),
    totalAmount: z.number().int(),
    commission: z.number().int(),
    payout: z.number().int(),
  })
  .openapi("ChannelBooking");

/** At most this many reservations in one import (a channel manager moving a host's history over): with their reads and writes (up to 10 statements per reservation) an import stays within the D1 queries one Worker invocation may make (1,000). */
export const CHANNEL_IMPORT_MAX = 100;

export const channelImportSchema = z
  .object({ reservations: z.array(channelReservationBodySchema).min(1, "required").max(CHANNEL_IMPORT_MAX, "too_many") })
  .openapi("ChannelImport");

export const channelImportResultSchema = z
  .object({
    created: z.number().int().openapi({ description: "How many reservations became bookings" }),
    items: z.array(
      z.object({
        reservationId: z.string(),
        status: z.union([z.literal(201), z.literal(400), z.literal(404), z.literal(409)]).openapi({ description: "201: made a booking; 400: bookedAt in the future; 404: no published unit of the key's host; 409: refused by a rule or a duplicate reservation id (the errors name it)" }),
        bookingId: z.string().nullable(),
        code: z.string().nullable(),
        errors: errorsListSchema.shape.errors.optional(),
      }),
    ),
  })
  .openapi("ChannelImportResult");

const reservationId = z.object({ reservationId: z.string().openapi({ description: "The channel's reservation id" }) });
const tags = ["Channel intake"];
const channelSecurity = [{ channelKey: [] }];
const refusals = {
  400: json(z.union([errorsListSchema, messageSchema]), "Validation failed, or no Idempotency-Key"),
  401: json(messageSchema, "No valid API key"),
  404: json(messageSchema, "No such unit or reservation of the key's host"),
  409: json(z.union([errorsListSchema, messageSchema]), "Refused: the errors list names each rule (nights taken, minimum stay, notice, …); or a call with this key is still running"),
  415: json(messageSchema, "The body is not JSON"),
  422: json(errorsListSchema, "This Idempotency-Key was used with another request"),
};

export const channel = {
  create: createRoute({
    method: "post",
    path: "/api/channel/reservations",
    tags,
    summary: "A reservation made on the channel: a confirmed booking of the host's unit, its nights taken at once",
    security: channelSecurity,
    request: { headers: idempotency, body: jsonBody(channelReservationBodySchema) },
    responses: { 201: json(channelBookingSchema, "The booking"), ...refusals },
  }),
  import: createRoute({
    method: "post",
    path: "/api/channel/reservations/import",
    tags,
    summary: `Many reservations at once (at most ${CHANNEL_IMPORT_MAX}, e.g. a host's history when they connect a channel manager): each is created as POST /reservations creates it, with the same rules, in the order sent per unit; each answers its own result`,
    security: channelSecurity,
    request: { headers: idempotency, body: jsonBody(channelImportSchema) },
    responses: { 200: json(channelImportResultSchema, "A result per reservation, in the order sent"), ...refusals },
  }),
  get: createRoute({
    method: "get",
    path: "/api/channel/reservations/{reservationId}",
    tags,
    summary: "The booking a reservation made, as it is now",
    security: channelSecurity,
    request: { params: reservationId },
    responses: { 200: json(channelBookingSchema, "The booking"), ...refusals },
  }),
  modify: createRoute({
    method: "put",
    path: "/api/channel/reservations/{reservationId}",
    tags,
    summary: "New dates or guests for a confirmed reservation: its nights move in one batch (refused whole when a new night is taken), its price is quoted again",
    security: channelSecurity,
    request: { params: reservationId, headers: idempotency, body: jsonBody(channelModificationSchema) },
    responses: { 200: json(channelBookingSchema, "The booking"), ...refusals },
  }),
  cancel: createRoute({
    method: "post",
    path: "/api/channel/reservations/{reservationId}/cancel",
    tags,
    summary: "The reservation was cancelled on the channel: the booking is cancelled and its nights are free",
    security: channelSecurity,
    request: { params: reservationId, headers: idempotency, body: jsonBody(channelCancellationSchema) },
    responses: { 200: json(channelBookingSchema, "The cancelled booking"), ...refusals },
  }),
};
