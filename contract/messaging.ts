import { createRoute, z } from "@hono/zod-openapi";
import {
  CHANNEL_STATUSES,
  CONVERSATION_TYPES,
  CONVERSATIONS_PAGE_DEFAULT,
  CONVERSATIONS_PAGE_MAX,
  MESSAGE_MAX_LENGTH,
  MESSAGE_SENDERS,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
  SAVED_REPLY_BODY_MAX,
  SAVED_REPLY_TITLE_MAX,
} from "@domain/messaging";
import { BOOKING_STATUSES } from "@domain/booking";
import { multiLineText, singleLineText } from "@domain/text";
import { idealGuestSchema } from "./home";
import { commonErrors, conflict, json, jsonBody, noContent, pagination, security } from "./http";

/** §7 Messaging (and issue 15's host inbox beyond it): conversations of the host's stays, their messages, saved replies. */

export const chatMessageSchema = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    seq: z.number().int().openapi({ description: "1, 2, 3, … within the conversation; catch-up asks for the messages after the last it has" }),
    sender: z.enum(MESSAGE_SENDERS),
    text: z.string().openapi({ description: "As written; render it escaped" }),
    clientMessageId: z.string(),
    createdAt: z.string(),
  })
  .openapi("ChatMessage");

export const conversationSchema = z
  .object({
    id: z.string(),
    type: z.enum(CONVERSATION_TYPES),
    stay: z.object({
      id: z.string().openapi({ description: "The booking's, request's or inquiry's public id" }),
      code: z.string(),
      status: z.string().nullable().openapi({ description: "The stay's status (§3), null when the stay is gone" }),
      checkIn: z.string().nullable(),
      checkOut: z.string().nullable(),
      guests: z.number().int().nullable(),
      bookingId: z.string().nullable().openapi({ description: "The booking a confirmed request became" }),
      createdAt: z.string().nullable().openapi({ description: "When the guest booked (a channel's booking: when it was booked there), requested or asked; null when the stay is gone" }),
    }),
    unit: z.object({ id: z.string(), title: z.string(), propertyId: z.string() }),
    guest: z.object({
      firstName: z.string(),
      lastName: z.string(),
      fullName: z.string(),
      email: z.string(),
      language: z.string().nullable().openapi({ description: "The language the guest speaks, as a product locale (de_CH); null when not known" }),
    }),
    archived: z.boolean(),
    favourite: z.boolean(),
    unreadCount: z.number().int().openapi({ description: "Messages the host has not read" }),
    guestUnreadCount: z.number().int(),
    messageCount: z.number().int(),
    lastMessage: z.object({ preview: z.string(), sender: z.enum(MESSAGE_SENDERS), createdAt: z.string() }).nullable(),
    lastActivityAt: z.string(),
    createdAt: z.string(),
  })
  .openapi("Conversation");

/** A conversation as its page reads it: its stay as the stay card shows it, and the host's ideal guest, for the guest's match level beside it. */
export const openedConversationSchema = conversationSchema
  .extend({
    stay: conversationSchema.shape.stay.extend({
      expirationTime: z.string().nullable().openapi({ description: "A request's answer-by: when it expires unanswered (ISO 8601, UTC); null for a booking or an inquiry" }),
      booking: z
        .object({
          id: z.string(),
          status: z.enum(BOOKING_STATUSES),
          cancelledBy: z.enum(["guest", "owner"]).nullable().openapi({ description: "How a cancelled booking is shown: by the guest, by the owner, or plain (null)" }),
          cancelledAt: z.string().nullable().openapi({ description: "When a cancelled booking was cancelled; null for one that stands" }),
        })
        .nullable()
        .openapi({ description: "The booking the stay is, or a confirmed request became (the request's conversation is its booking's); null for an inquiry or a request not confirmed" }),
    }),
    idealGuest: idealGuestSchema,
  })
  .openapi("OpenedConversation");

export const savedReplySchema = z.object({ id: z.string(), title: z.string(), body: z.string(), createdAt: z.string(), updatedAt: z.string() }).openapi("SavedReply");

const flag = z
  .enum(["true", "false"])
  .optional()
  .transform((value) => value === "true");

export const conversationListQuery = z.object({
  status: z.enum(CHANNEL_STATUSES).default("all").openapi({ description: "all: the inbox (not archived); archived" }),
  unread: flag.openapi({ description: "Only conversations with messages the host has not read" }),
  favourite: flag.openapi({ description: "Only favourites" }),
  type: z.enum(CONVERSATION_TYPES).optional(),
  search: z.string().trim().max(100).optional().openapi({ description: "The guest's name (first, last or both) or the beginning of the stay's code" }),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(CONVERSATIONS_PAGE_MAX).default(CONVERSATIONS_PAGE_DEFAULT),
  opened: z.string().max(64).optional().openapi({ description: "The conversation the page opens beside the list (and so reads): it counts as read in `unreadConversations`" }),
});

export const conversationListSchema = z.object({ items: z.array(conversationSchema), pagination, unreadConversations: z.number().int() }).openapi("ConversationList");
export type ConversationListQueryInput = z.input<typeof conversationListQuery>;
export type ConversationList = z.infer<typeof conversationListSchema>;

const messagesQuery = z.object({
  after: z.coerce.number().int().min(0).optional().openapi({ description: "Messages after this number, oldest first (catch-up)" }),
  before: z.coerce.number().int().min(1).optional().openapi({ description: "Messages before this number (older ones)" }),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_DEFAULT),
});

export const sendMessageSchema = z
  .object({
    text: z.string().max(MESSAGE_MAX_LENGTH, "too_long").openapi({ description: "Stored as written; not blank" }),
    clientMessageId: z.string().max(64).openapi({ description: "The client's id of the message (letters, digits, - and _): sent again, it is stored once" }),
  })
  .openapi("SendMessage");

export const conversationChangeSchema = z.object({ archived: z.boolean().optional(), favourite: z.boolean().optional() }).openapi("ConversationChange");

export const openConversationSchema = z
  .object({ type: z.enum(CONVERSATION_TYPES), id: z.string().max(64).openapi({ description: "The booking's, request's or inquiry's public id" }) })
  .openapi("OpenConversation");

export const savedReplyBodySchema = z
  .object({ title: singleLineText(SAVED_REPLY_TITLE_MAX).min(1, "required"), body: multiLineText(SAVED_REPLY_BODY_MAX).min(1, "required") })
  .openapi("SavedReplyBody");

const conversationId = z.object({ conversationId: z.string().openapi({ description: "The conversation's public id (cnv_…)" }) });
const replyId = z.object({ replyId: z.string().openapi({ description: "The saved reply's public id (rpl_…)" }) });
const tags = ["Messaging"];

export const messaging = {
  conversation: createRoute({
    method: "post",
    path: "/api/app/messaging/conversation",
    tags,
    summary: "The conversation of a booking, request or inquiry of the host: the one it has (200), or a new one (201)",
    security,
    request: { body: jsonBody(openConversationSchema) },
    responses: { 200: json(conversationSchema, "The stay's conversation"), 201: json(conversationSchema, "Opened now"), ...commonErrors },
  }),
  conversations: createRoute({
    method: "get",
    path: "/api/app/messaging/conversations",
    tags,
    summary: "The host's inbox: conversations by their last message, newest first, with the count of unread ones",
    security,
    request: { query: conversationListQuery },
    responses: { 200: json(conversationListSchema, "A page of conversations"), ...commonErrors },
  }),
  unreadCount: createRoute({
    method: "get",
    path: "/api/app/messaging/unread-count",
    tags,
    summary: "How many conversations of the inbox have messages the host has not read",
    security,
    responses: { 200: json(z.object({ count: z.number().int() }), "The count"), ...commonErrors },
  }),
  get: createRoute({
    method: "get",
    path: "/api/app/messaging/conversations/{conversationId}",
    tags,
    summary: "A conversation",
    security,
    request: { params: conversationId },
    responses: { 200: json(openedConversationSchema, "The conversation, with the host's ideal guest"), ...commonErrors },
  }),
  update: createRoute({
    method: "patch",
    path: "/api/app/messaging/conversations/{conversationId}",
    tags,
    summary: "Archive or bring back, favourite or not",
    security,
    request: { params: conversationId, body: jsonBody(conversationChangeSchema) },
    responses: { 200: json(conversationSchema, "The conversation"), ...commonErrors },
  }),
  messages: createRoute({
    method: "get",
    path: "/api/app/messaging/conversations/{conversationId}/messages",
    tags,
    summary: "Messages, oldest first: the latest, those before a number, or those after it (catch-up)",
    security,
    request: { params: conversationId, query: messagesQuery },
    responses: { 200: json(z.object({ items: z.array(chatMessageSchema), hasMore: z.boolean() }), "A window of messages"), ...commonErrors },
  }),
  send: createRoute({
    method: "post",
    path: "/api/app/messaging/conversations/{conversationId}/messages",
    tags,
    summary: "Send a message as the host; the same clientMessageId again answers the stored message (200) and stores nothing",
    security,
    request: { params: conversationId, body: jsonBody(sendMessageSchema) },
    responses: { 201: json(chatMessageSchema, "Stored"), 200: json(chatMessageSchema, "Stored before with this clientMessageId"), ...commonErrors },
  }),
  read: createRoute({
    method: "post",
    path: "/api/app/messaging/conversations/{conversationId}/read",
    tags,
    summary: "The host has read the conversation",
    security,
    request: { params: conversationId },
    responses: { ...noContent, ...commonErrors },
  }),
  savedReplies: createRoute({
    method: "get",
    path: "/api/app/messaging/saved-replies",
    tags,
    summary: "The host's saved replies by title (at most 100)",
    security,
    responses: { 200: json(z.object({ items: z.array(savedReplySchema) }), "The saved replies"), ...commonErrors },
  }),
  createSavedReply: createRoute({
    method: "post",
    path: "/api/app/messaging/saved-replies",
    tags,
    summary: "Save a reply; placeholders {guestFirstName}, {checkIn}, {checkOut}, {unitName} are filled when it is inserted",
    security,
    request: { body: jsonBody(savedReplyBodySchema) },
    responses: { 201: json(savedReplySchema, "Saved"), ...commonErrors, ...conflict },
  }),
  updateSavedReply: createRoute({
    method: "patch",
    path: "/api/app/messaging/saved-replies/{replyId}",
    tags,
    summary: "Change a saved reply",
    security,
    request: { params: replyId, body: jsonBody(savedReplyBodySchema) },
    responses: { 200: json(savedReplySchema, "Saved"), ...commonErrors },
  }),
  deleteSavedReply: createRoute({
    method: "delete",
    path: "/api/app/messaging/saved-replies/{replyId}",
    tags,
    summary: "Delete a saved reply",
    security,
    request: { params: replyId },
    responses: { ...noContent, ...commonErrors },
  }),
};
