import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { isClientMessageId, messagePreview, SAVED_REPLIES_MAX, messageTextProblem, systemClientMessageId, systemMessageText, unreadAfter, type ConversationSide, type ConversationType, type MessageSender, type SystemNote } from "@domain/messaging";
import { d1Statement, type Database } from "@api/db/client";
import { limitText } from "@api/db/literal-limits";
import { bookingInquiries, bookingRequests, bookings, conversations, messages, savedReplies } from "@api/db/schema";
import { ApiError, notFound, validationFailed } from "@api/lib/errors";
import { newPublicId } from "@api/lib/ids";
import { translator } from "@api/lib/translate";
import { noteWrittenSystemMessage } from "./written";

/**
 * Messaging's persistence (decision 032). Every function takes the database and ids, never a
 * request: the host API, the guest API and the live conversation object call the same ones. They
 * do not check who may act: the caller has loaded the conversation for its host or guest first.
 */

const english = translator("en_US");

export type ConversationRow = typeof conversations.$inferSelect;

/** A message as stored. `seq` numbers it within its conversation (1, 2, 3, …). */
export interface StoredMessage {
  id: string;
  conversationId: string;
  seq: number;
  sender: MessageSender;
  text: string;
  clientMessageId: string;
  createdAt: Date;
}

/** What a stay that arrives knows of itself: the row values of a booking, request or inquiry. */
export interface ArrivingStay {
  publicId: string;
  code: string;
  hostUserId: number;
  unitId: number;
  guestFirstName: string;
  guestLastName: string;
  guestEmail: string;
  guestMessage: string | null;
}

/** The client message id of the guest's message that came with the stay. */
export const STAY_MESSAGE_CLIENT_ID = "stay-message";

/**
 * The statements that open the conversation of a stay as it arrives, for the stay's own batch (so a
 * stay is never stored without its conversation): the conversation, and the guest's message from
 * the reservation as its first message, unread by the host.
 */
export function openConversationQueries(db: Database, type: ConversationType, stay: ArrivingStay, now: Date): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  return conversationOpening(db, type, stay, now).queries;
}

function conversationOpening(db: Database, type: ConversationType, stay: ArrivingStay, now: Date): { publicId: string; queries: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] } {
  const publicId = newPublicId("cnv");
  const text = stay.guestMessage?.trim() ? stay.guestMessage : null;
  const conversation = db
    .insert(conversations)
    .values({
      publicId,
      hostUserId: stay.hostUserId,
      unitId: stay.unitId,
      type,
      stayPublicId: stay.publicId,
      stayCode: stay.code,
      guestFirstName: stay.guestFirstName,
      guestLastName: stay.guestLastName,
      guestEmail: stay.guestEmail,
      messageCount: text ? 1 : 0,
      lastMessageAt: text ? now : null,
      lastMessagePreview: text ? messagePreview(text) : null,
      lastMessageSender: text ? "guest" : null,
      lastActivityAt: now,
      hostUnread: text ? 1 : 0,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: conversations.stayPublicId });
  if (!text) return { publicId, queries: [conversation] };
  const message = db.insert(messages).values({
    publicId: newPublicId("msg"),
    conversationId: sql`(SELECT ${conversations.id} FROM ${conversations} WHERE ${conversations.stayPublicId} = ${stay.publicId})`,
    seq: 1,
    sender: "guest",
    text,
    clientMessageId: STAY_MESSAGE_CLIENT_ID,
    createdAt: now,
  }).onConflictDoNothing();
  return { publicId, queries: [conversation, message] };
}

/** The same statements for D1's own batch (a stay written with `db.$client.batch`). */
export function openConversationStatements(db: Database, type: ConversationType, stay: ArrivingStay, now: Date): D1PreparedStatement[] {
  return openConversationQueries(db, type, stay, now).map((query) => d1Statement(db, query as unknown as { toSQL(): { sql: string; params: unknown[] } }));
}

/**
 * The statements that write a system message (`SystemNote`, "request confirmed", "booking
 * cancelled", …) into the conversation of a stay, for the batch of the change that causes it: a
 * change that fails takes its message with it, and one that is stored always has it. The
 * conversation is the stay's own, or for a booking confirmed from a request the request's. It
 * counts as nobody's unread message (`unreadAfter`) and moves the conversation up the inbox. A stay
 * without a conversation gets none; the same event twice (its client message id) is written once.
 * `onlyIf`: a condition the message waits for, e.g. the stay's status, checked in the same batch.
 * Once committed it reaches the conversation's open sockets like a chat message: the request (or the
 * cron run) that wrote it pushes it afterwards (`pushSystemMessages`, api/live/system-push.ts).
 */
export function systemMessageStatements(db: Database, stayPublicId: string, note: SystemNote, now: Date, onlyIf: SQL = sql`1`): D1PreparedStatement[] {
  const publicId = newPublicId("msg");
  noteWrittenSystemMessage(db, publicId);
  const text = systemMessageText(note);
  const at = now.getTime();
  const conversation = sql`(SELECT id FROM conversations WHERE stay_public_id IN (${stayPublicId}, (SELECT public_id FROM booking_requests WHERE booking_public_id = ${stayPublicId})) ORDER BY id LIMIT 1)`;
  return [
    d1Statement(
      db,
      sql`INSERT INTO messages (public_id, conversation_id, seq, sender, text, client_message_id, created_at)
          SELECT ${publicId}, id, message_count + 1, 'system', ${text}, ${systemClientMessageId(note, now)}, ${at} FROM conversations WHERE id = ${conversation} AND ${onlyIf}
          ON CONFLICT (conversation_id, client_message_id) DO NOTHING`,
    ),
    d1Statement(
      db,
      sql`UPDATE conversations SET message_count = message_count + 1, last_message_at = ${at}, last_message_preview = ${messagePreview(text)}, last_message_sender = 'system', last_activity_at = ${at}, updated_at = ${at}
          WHERE id = ${conversation} AND EXISTS (SELECT 1 FROM messages WHERE public_id = ${publicId})`,
    ),
  ];
}

const stayTables = { booking: bookings, bookingRequest: bookingRequests, bookingInquiry: bookingInquiries } as const;

/**
 * The conversation of a host's booking, request or inquiry (`POST /messaging/conversation`): the one
 * that exists, or a new one for a stay that has none (a stay from before messaging). A booking
 * confirmed from a request talks in the request's conversation. 404 when the stay is not the host's.
 */
export async function conversationForStay(db: Database, hostUserId: number, type: ConversationType, stayPublicId: string, now: Date): Promise<{ conversation: ConversationRow; created: boolean }> {
  const table = stayTables[type] as typeof bookings;
  const [[stay], [fromRequest]] = await db.batch([
    db
      .select()
      .from(table)
      .where(and(eq(table.publicId, stayPublicId), eq(table.hostUserId, hostUserId)))
      .limit(1),
    db
      .select({ conversation: conversations })
      .from(bookingRequests)
      .innerJoin(conversations, eq(conversations.stayPublicId, bookingRequests.publicId))
      .where(and(eq(bookingRequests.bookingPublicId, type === "booking" ? stayPublicId : ""), eq(bookingRequests.hostUserId, hostUserId)))
      .limit(1),
  ]);
  if (!stay) throw notFound(type === "booking" ? "Booking" : type === "bookingRequest" ? "Booking request" : "Inquiry");
  if (fromRequest) return { conversation: fromRequest.conversation, created: false };
  // Opened here, the guest's message of the reservation is its first message too; a conversation
  // opened meanwhile by another call wins (the stay's unique index), and is answered.
  const opening = conversationOpening(db, type, stay, now);
  const results = await db.batch([...opening.queries, db.select().from(conversations).where(eq(conversations.stayPublicId, stayPublicId)).limit(1)]);
  const found = (results.at(-1) as ConversationRow[])[0]!;
  return { conversation: found, created: found.publicId === opening.publicId };
}

export interface SendMessage {
  /** The conversation's public id (cnv_…). */
  conversationId: string;
  sender: MessageSender;
  /** Stored as written; see `messageTextProblem`. */
  text: string;
  /** The sending client's id of the message: sent again (after a reconnect), it is stored once. */
  clientMessageId: string;
  now?: Date;
}

/** A refused text or client message id: 400 with the field and its code. */
export function checkMessage(text: string, clientMessageId: string): void {
  const problem = messageTextProblem(text);
  const errors = [];
  if (problem) errors.push({ field: "text", message: english(`validation.${problem}`), type: problem });
  if (!isClientMessageId(clientMessageId)) errors.push({ field: "clientMessageId", message: english("validation.invalid_format"), type: "invalid_format" });
  if (errors.length) throw validationFailed(errors);
}

interface MessageRecord {
  public_id: string;
  seq: number;
  sender: MessageSender;
  text: string;
  client_message_id: string;
  created_at: number;
}

const messageOf = (conversationId: string, row: MessageRecord): StoredMessage => ({
  id: row.public_id,
  conversationId,
  seq: row.seq,
  sender: row.sender,
  text: row.text,
  clientMessageId: row.client_message_id,
  createdAt: new Date(row.created_at),
});

/**
 * Stores a message and answers it, in one batch: the message numbered after the conversation's
 * last, and the conversation's last message, unread counts (the other side's one more, the
 * sender's none) and archive (a guest's message brings it back to the inbox). The same
 * `clientMessageId` again answers the message stored the first time and changes nothing
 * (`created: false`), also when both arrive at once (the unique index decides).
 * 400 for a refused text or id, 404 when the conversation does not exist.
 */
export async function sendMessage(db: Database, input: SendMessage): Promise<{ message: StoredMessage; created: boolean }> {
  checkMessage(input.text, input.clientMessageId);
  const now = input.now ?? new Date();
  const at = now.getTime();
  const publicId = newPublicId("msg");
  const effect = unreadAfter(input.sender);
  const readBySender = input.sender === "host" || input.sender === "guest" ? input.sender : null;
  const [, , found] = await db.$client.batch<MessageRecord>([
    d1Statement(
      db,
      sql`INSERT INTO messages (public_id, conversation_id, seq, sender, text, client_message_id, created_at)
          SELECT ${publicId}, id, message_count + 1, ${input.sender}, ${input.text}, ${input.clientMessageId}, ${at} FROM conversations WHERE public_id = ${input.conversationId}
          ON CONFLICT (conversation_id, client_message_id) DO NOTHING`,
    ),
    d1Statement(
      db,
      sql`UPDATE conversations SET
            message_count = message_count + 1,
            last_message_at = ${at}, last_message_preview = ${messagePreview(input.text)}, last_message_sender = ${input.sender}, last_activity_at = ${at},
            host_unread = ${readBySender === "host" ? sql`0` : sql`host_unread + ${effect.host}`},
            guest_unread = ${readBySender === "guest" ? sql`0` : sql`guest_unread + ${effect.guest}`},
            host_read_at = ${readBySender === "host" ? sql`${at}` : sql`host_read_at`},
            guest_read_at = ${readBySender === "guest" ? sql`${at}` : sql`guest_read_at`},
            archived_at = ${effect.unarchives ? sql`NULL` : sql`archived_at`},
            updated_at = ${at}
          WHERE public_id = ${input.conversationId} AND EXISTS (SELECT 1 FROM messages WHERE public_id = ${publicId})`,
    ),
    d1Statement(
      db,
      sql`SELECT m.public_id, m.seq, m.sender, m.text, m.client_message_id, m.created_at FROM messages m JOIN conversations c ON c.id = m.conversation_id
          WHERE c.public_id = ${input.conversationId} AND m.client_message_id = ${input.clientMessageId}`,
    ),
  ]);
  const row = found?.results[0];
  if (!row) throw notFound("Conversation");
  return { message: messageOf(input.conversationId, row), created: row.public_id === publicId };
}

export interface MessageWindow {
  /** Messages with a `seq` above this (catch-up after a reconnect), oldest first. */
  after?: number;
  /** Messages with a `seq` below this (older ones), oldest first. */
  before?: number;
  limit?: number;
}

/**
 * A window of a conversation's messages, oldest first, at most `limit` (≤ 100). With `after`: the
 * first ones after it (`hasMore`: newer ones remain). With `before`, or neither: the last ones
 * before it (`hasMore`: older ones remain). An unknown conversation answers no messages.
 */
export async function listMessages(db: Database, conversationId: string, window: MessageWindow = {}): Promise<{ items: StoredMessage[]; hasMore: boolean }> {
  const limit = Math.min(Math.max(Math.trunc(window.limit ?? 30), 1), 100);
  const forward = window.after !== undefined;
  const bound = forward ? sql`AND m.seq > ${window.after}` : window.before !== undefined ? sql`AND m.seq < ${window.before}` : sql``;
  const { results } = await d1Statement(
    db,
    sql`SELECT m.public_id, m.seq, m.sender, m.text, m.client_message_id, m.created_at FROM messages m
        WHERE m.conversation_id = (SELECT id FROM conversations WHERE public_id = ${conversationId}) ${bound}
        ORDER BY m.seq ${forward ? sql`ASC` : sql`DESC`} ${sql.raw(limitText(limit + 1))}`,
  ).all<MessageRecord>();
  const hasMore = results.length > limit;
  const rows = results.slice(0, limit);
  if (!forward) rows.reverse();
  return { items: rows.map((row) => messageOf(conversationId, row)), hasMore };
}

/** One side has read the conversation: its unread count goes to 0. */
export async function markRead(db: Database, conversationId: string, side: ConversationSide, now: Date = new Date()): Promise<void> {
  await db
    .update(conversations)
    .set(side === "host" ? { hostUnread: 0, hostReadAt: now } : { guestUnread: 0, guestReadAt: now })
    .where(eq(conversations.publicId, conversationId));
}

/** The host archives or brings back, favourites or not, a conversation. */
export async function updateConversation(db: Database, conversation: ConversationRow, change: { archived?: boolean; favourite?: boolean }, now: Date = new Date()): Promise<ConversationRow> {
  const values: Partial<ConversationRow> = { updatedAt: now };
  if (change.archived !== undefined) values.archivedAt = change.archived ? (conversation.archivedAt ?? now) : null;
  if (change.favourite !== undefined) values.favourite = change.favourite;
  const [row] = await db.update(conversations).set(values).where(eq(conversations.id, conversation.id)).returning();
  if (!row) throw new ApiError(404, "Conversation not found");
  return row;
}

// ---------------------------------------------------------------------------------------------
// Saved replies
// ---------------------------------------------------------------------------------------------

export type SavedReplyRow = typeof savedReplies.$inferSelect;

/** A new saved reply; refused (409 `saved_replies_full`) when the host has `SAVED_REPLIES_MAX` already, counted in the insert itself. */
export async function createSavedReply(db: Database, hostUserId: number, reply: { title: string; body: string }, now: Date = new Date()): Promise<SavedReplyRow> {
  const publicId = newPublicId("rpl");
  const at = now.getTime();
  await d1Statement(
    db,
    sql`INSERT INTO saved_replies (public_id, host_user_id, title, body, created_at, updated_at)
        SELECT ${publicId}, ${hostUserId}, ${reply.title}, ${reply.body}, ${at}, ${at}
        WHERE (SELECT count(*) FROM saved_replies WHERE host_user_id = ${hostUserId}) < ${SAVED_REPLIES_MAX}`,
  ).run();
  const [row] = await db.select().from(savedReplies).where(eq(savedReplies.publicId, publicId)).limit(1);
  if (!row) throw new ApiError(409, `At most ${SAVED_REPLIES_MAX} saved replies`, [{ field: null, message: english("validation.saved_replies_full"), type: "saved_replies_full" }]);
  return row;
}

export async function updateSavedReply(db: Database, reply: SavedReplyRow, change: { title: string; body: string }, now: Date = new Date()): Promise<SavedReplyRow> {
  const [row] = await db.update(savedReplies).set({ title: change.title, body: change.body, updatedAt: now }).where(eq(savedReplies.id, reply.id)).returning();
  if (!row) throw notFound("Saved reply");
  return row;
}

export async function deleteSavedReply(db: Database, reply: SavedReplyRow): Promise<void> {
  await db.delete(savedReplies).where(eq(savedReplies.id, reply.id));
}
