import { createRoute, z } from "@hono/zod-openapi";
import { BOOKING_CODE_LENGTH } from "@domain/booking";
import { AMOUNT_UNIT } from "@domain/pricing";
import { MESSAGE_MAX_LENGTH, MESSAGES_PAGE_MAX } from "@domain/messaging";
import { errorsListSchema, json, jsonBody, messageSchema, noContent } from "./http";
import { liveTokenSchema } from "./live";

/**
 * The guest's side (§2 "Guest", §6 guest role): a guest signs in with the code of a booking, request
 * or inquiry and the email it was made with, and receives a bearer token for `/api/guest/*` (a day
 * long, §9). The token names one stay: every guest endpoint answers about that stay only, so a guest
 * names no ids of their own. A missing, expired or forged token answers 401, and the guest's client
 * forgets the token and what it cached (§4).
 */

/** How long a guest token (and the web's guest cookie) lasts, in seconds (§9). */
export const GUEST_TOKEN_TTL_SECONDS = 86_400;

export const guestSessionBodySchema = z
  .object({
    code: z
      .string("required")
      .transform((code) => code.replace(/[\s-]/g, "").toUpperCase())
      .pipe(z.string().min(1, "required").max(BOOKING_CODE_LENGTH * 2, "guest_code_invalid"))
      .openapi({ example: "K7QX4MPA", description: "The code the guest received with the booking, request or inquiry (spaces and case do not matter)" }),
    email: z.string("required").trim().min(1, "required").max(254).email("email_invalid").openapi({ example: "maria@guest.example" }),
  })
  .openapi("GuestSignIn");

export const guestSessionSchema = z
  .object({
    token: z.string().openapi({ description: "Send as Authorization: Bearer … to /api/guest/*" }),
    expiresIn: z.number().int().openapi({ description: "Seconds the token is valid" }),
  })
  .openapi("GuestSession");

export const GUEST_STAY_TYPES = ["booking", "bookingRequest", "bookingInquiry"] as const;
export type GuestStayType = (typeof GUEST_STAY_TYPES)[number];

export const guestStaySchema = z
  .object({
    type: z.enum(GUEST_STAY_TYPES).openapi({ description: "What the code names: a booking, a booking request or an inquiry (§3 conversation types)" }),
    id: z.string().openapi({ description: "Its public id" }),
    code: z.string(),
    status: z.string(),
    checkIn: z.string(),
    checkOut: z.string(),
    nights: z.number().int(),
    guests: z.number().int(),
    currency: z.string(),
    amountUnit: z.literal(AMOUNT_UNIT),
    totalAmount: z.number().int(),
    guest: z.object({ firstName: z.string(), lastName: z.string() }),
    unit: z.object({ id: z.string(), title: z.string(), propertyTitle: z.string(), city: z.string().nullable() }),
    host: z.object({ name: z.string() }),
  })
  .openapi("GuestStay");
export type GuestStay = z.infer<typeof guestStaySchema>;

/** A message of the guest's conversation, as the guest API and the live socket carry it (contract/live-protocol.ts LiveMessage). */
export const guestMessageSchema = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    seq: z.number().int().openapi({ description: "1, 2, 3, … within the conversation" }),
    sender: z.enum(["host", "guest", "system"]),
    text: z.string().openapi({ description: "As written; render it escaped" }),
    clientMessageId: z.string(),
    createdAt: z.string().openapi({ description: "ISO 8601" }),
  })
  .openapi("GuestMessage");

export const guestConversationSchema = z
  .object({
    id: z.string().openapi({ description: "The conversation's public id (cnv_…), for the live socket" }),
    messages: z.array(guestMessageSchema).openapi({ description: "Oldest first" }),
    hasMore: z.boolean().openapi({ description: "With `after`: newer messages remain; otherwise older ones do" }),
  })
  .openapi("GuestConversation");
export type GuestConversation = z.infer<typeof guestConversationSchema>;

const seqQuery = z.coerce.number("invalid").int("invalid").min(0, "invalid");
export const guestConversationQuery = z.object({
  after: seqQuery.optional().openapi({ description: "Only messages after this seq (catch-up), oldest first" }),
  before: seqQuery.optional().openapi({ description: "Only messages before this seq (older ones)" }),
  limit: z.coerce.number("invalid").int("invalid").min(1, "invalid").max(MESSAGES_PAGE_MAX, "invalid").optional(),
});

export const guestMessageBodySchema = z
  .object({
    text: z.string("required").max(MESSAGE_MAX_LENGTH, "too_long").openapi({ description: `Stored as written, at most ${MESSAGE_MAX_LENGTH} characters` }),
    clientMessageId: z.string("required").regex(/^[A-Za-z0-9_-]{1,64}$/, "invalid").openapi({ description: "The client's id of the message: sent again, it is stored once" }),
  })
  .openapi("GuestMessageSend");

const tags = ["Guest"];
const unauthorized = { 401: json(messageSchema, "No valid guest token: sign in again") };
/** Access to /api/guest: the bearer token of POST /api/guest/session. */
export const guestSecurity = [{ guestToken: [] }];

export const guest = {
  signIn: createRoute({
    method: "post",
    path: "/api/guest/session",
    tags,
    summary: "Sign a guest in with the code and email of a booking, request or inquiry; answers a bearer token for a day",
    request: { body: jsonBody(guestSessionBodySchema) },
    responses: {
      201: json(guestSessionSchema, "Signed in"),
      400: json(z.union([errorsListSchema, messageSchema]), "Validation failed, or malformed JSON"),
      401: json(errorsListSchema, "No booking, request or inquiry has this code and email (type guest_credentials_invalid)"),
      415: json(messageSchema, "The body is not JSON"),
      429: {
        ...json(errorsListSchema, "Too many failed attempts from this address or for this code (type guest_locked_out); Retry-After says when to try again"),
        headers: z.object({ "Retry-After": z.string() }),
      },
    },
  }),
  stay: createRoute({
    method: "get",
    path: "/api/guest/stay",
    tags,
    security: guestSecurity,
    summary: "The guest's booking, request or inquiry: dates, guests, price, the unit and the host's name",
    responses: { 200: json(guestStaySchema, "The guest's stay"), ...unauthorized },
  }),
  conversation: createRoute({
    method: "get",
    path: "/api/guest/conversation",
    tags,
    security: guestSecurity,
    summary: "The guest's conversation with the host: the last messages, or those after or before a seq",
    request: { query: guestConversationQuery },
    responses: { 200: json(guestConversationSchema, "The conversation"), 400: json(errorsListSchema, "Validation failed"), ...unauthorized },
  }),
  send: createRoute({
    method: "post",
    path: "/api/guest/conversation/messages",
    tags,
    security: guestSecurity,
    summary: "Send the host a message; the same clientMessageId again answers the message stored the first time",
    request: { body: jsonBody(guestMessageBodySchema) },
    responses: {
      200: json(guestMessageSchema, "Stored before, with this clientMessageId"),
      201: json(guestMessageSchema, "Stored, and passed to the conversation's open sockets"),
      400: json(z.union([errorsListSchema, messageSchema]), "Validation failed (text: required, too_long, control_characters), or malformed JSON"),
      ...unauthorized,
      415: json(messageSchema, "The body is not JSON"),
    },
  }),
  read: createRoute({
    method: "post",
    path: "/api/guest/conversation/read",
    tags,
    security: guestSecurity,
    summary: "The guest has read the conversation",
    responses: { ...noContent, ...unauthorized },
  }),
  liveToken: createRoute({
    method: "get",
    path: "/api/guest/messaging/token",
    tags,
    security: guestSecurity,
    summary: "A short-lived token to open the live socket of the guest's conversation",
    responses: { 200: json(liveTokenSchema.extend({ conversationId: z.string() }).openapi("GuestLiveToken"), "The token"), ...unauthorized },
  }),
};
