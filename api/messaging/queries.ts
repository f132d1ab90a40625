import { and, count, desc, eq, gt, isNull, sql, type SQLWrapper } from "drizzle-orm";
import type { ActorRole, BookingStatus } from "@domain/booking";
import { type ChannelStatus, type ConversationType } from "@domain/messaging";
import type { Placeholder } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { BatchResponse } from "drizzle-orm/batch";
import { cachedStatement } from "@api/db/cached-statement";
import type { Database } from "@api/db/client";
import { bookingInquiries, bookingRequests, bookings, conversations, guestPreferences, properties, propertyUnits, savedReplies } from "@api/db/schema";
import { notFound } from "@api/lib/errors";

/**
 * The host's inbox: a page of conversations with their stay, unit and property (one statement, the
 * stay read from whichever table its type names), the total and the unread count, in one batch.
 */

// Aliased: D1's batch answers rows as objects keyed by column name, and the stays share theirs.
const joined = {
  unitPublicId: sql<string>`${propertyUnits.publicId}`.as("unit_public_id"),
  unitTitle: sql<string>`${propertyUnits.title}`.as("unit_title"),
  propertyPublicId: sql<string>`${properties.publicId}`.as("property_public_id"),
  stayStatus: sql<string | null>`coalesce(${bookings.status}, ${bookingRequests.status}, ${bookingInquiries.status})`.as("stay_status"),
  checkIn: sql<string | null>`coalesce(${bookings.checkIn}, ${bookingRequests.checkIn}, ${bookingInquiries.checkIn})`.as("stay_check_in"),
  checkOut: sql<string | null>`coalesce(${bookings.checkOut}, ${bookingRequests.checkOut}, ${bookingInquiries.checkOut})`.as("stay_check_out"),
  guests: sql<number | null>`coalesce(${bookings.guests}, ${bookingRequests.guests}, ${bookingInquiries.guests})`.as("stay_guests"),
  // When the guest booked (a channel's booking: when it was booked there), requested or asked; what the ideal guest's booking time measures.
  stayAskedAt: sql<number | null>`coalesce(${bookings.bookedAt}, ${bookingRequests.createdAt}, ${bookingInquiries.createdAt})`.as("stay_asked_at"),
  guestLanguage: sql<string | null>`coalesce(${bookings.guestLanguage}, ${bookingRequests.guestLanguage}, ${bookingInquiries.guestLanguage})`.as("stay_guest_language"),
  requestExpiresAt: sql<number | null>`${bookingRequests.expiresAt}`.as("request_expires_at"),
  requestBookingId: sql<string | null>`${bookingRequests.bookingPublicId}`.as("request_booking_id"),
};

function withStay(db: Database) {
  return db
    .select({ conversation: conversations, ...joined })
    .from(conversations)
    .innerJoin(propertyUnits, eq(propertyUnits.id, conversations.unitId))
    .innerJoin(properties, eq(properties.id, propertyUnits.propertyId))
    .leftJoin(bookings, and(eq(conversations.type, "booking"), eq(bookings.publicId, conversations.stayPublicId)))
    .leftJoin(bookingRequests, and(eq(conversations.type, "bookingRequest"), eq(bookingRequests.publicId, conversations.stayPublicId)))
    .leftJoin(bookingInquiries, and(eq(conversations.type, "bookingInquiry"), eq(bookingInquiries.publicId, conversations.stayPublicId)));
}

export type ConversationWithStay = Awaited<ReturnType<ReturnType<typeof withStay>["limit"]>>[number];

/** The booking a confirmed request became, beside the request (its conversation is the request's, decision 032). */
const requestBooking = alias(bookings, "request_booking");

/**
 * The booking a conversation's stay is, or its request became: its status and, once cancelled, by
 * whom and when, as the stay card says it (null columns for an inquiry or a request not confirmed).
 */
const stayBooking = {
  bookingPublicId: sql<string | null>`coalesce(${bookings.publicId}, ${requestBooking.publicId})`.as("booking_public_id"),
  bookingStatus: sql<BookingStatus | null>`coalesce(${bookings.status}, ${requestBooking.status})`.as("booking_status"),
  bookingCancelledByRole: sql<ActorRole | null>`coalesce(${bookings.cancelledByRole}, ${requestBooking.cancelledByRole})`.as("booking_cancelled_by_role"),
  bookingCancelledAt: sql<number | null>`coalesce(${bookings.cancelledAt}, ${requestBooking.cancelledAt})`.as("booking_cancelled_at"),
};

/** A conversation as its own page reads it: with its stay's booking, and the host's ideal guest for the guest's match level (§2 Guest). */
export type OpenedConversation = ConversationWithStay & { bookingPublicId: string | null; bookingStatus: BookingStatus | null; bookingCancelledByRole: ActorRole | null; bookingCancelledAt: number | null; idealGuest: typeof guestPreferences.$inferSelect | null };

/**
 * A conversation of the host, with its stay, the stay's booking and the host's ideal guest, in one
 * statement (not in a batch, so the join's equal column names are safe); 404 for another host's or none.
 */
export async function findConversation(db: Database, hostUserId: number, publicId: string): Promise<OpenedConversation> {
  // withStay's joins, the booking a confirmed request became, and the host's ideal guest (one row by its key).
  const [found] = await db
    .select({ conversation: conversations, ...joined, ...stayBooking, idealGuest: guestPreferences })
    .from(conversations)
    .innerJoin(propertyUnits, eq(propertyUnits.id, conversations.unitId))
    .innerJoin(properties, eq(properties.id, propertyUnits.propertyId))
    .leftJoin(bookings, and(eq(conversations.type, "booking"), eq(bookings.publicId, conversations.stayPublicId)))
    .leftJoin(bookingRequests, and(eq(conversations.type, "bookingRequest"), eq(bookingRequests.publicId, conversations.stayPublicId)))
    .leftJoin(bookingInquiries, and(eq(conversations.type, "bookingInquiry"), eq(bookingInquiries.publicId, conversations.stayPublicId)))
    .leftJoin(requestBooking, eq(requestBooking.publicId, bookingRequests.bookingPublicId))
    .leftJoin(guestPreferences, eq(guestPreferences.userId, conversations.hostUserId))
    .where(and(eq(conversations.publicId, publicId), eq(conversations.hostUserId, hostUserId)))
    .limit(1);
  if (!found) throw notFound("Conversation");
  return found;
}

export interface InboxQuery {
  status: ChannelStatus;
  unread: boolean;
  favourite: boolean;
  type?: ConversationType;
  search?: string;
  page: number;
  limit: number;
  /** The conversation the page opens (and reads): not counted unread. */
  opened?: string;
}

type InboxValue = "hostUserId" | "archived" | "unread" | "favourite" | "type" | "search" | "code";

/**
 * The inbox's conditions with a placeholder for each filter, so that the statements are built once
 * per isolate (decision 024): an unused filter's placeholder is 0 or ''. The search matches the
 * guest's name (first, last or "first last", either order) or the beginning of the stay's code, by
 * `instr` (D1 refuses a `LIKE` pattern over 50 bytes; `%` and `_` match themselves).
 */
function inboxWhere($: (name: InboxValue) => Placeholder) {
  return and(
    eq(conversations.hostUserId, $("hostUserId")),
    sql`(CASE WHEN ${$("archived")} = 1 THEN ${conversations.archivedAt} IS NOT NULL ELSE ${conversations.archivedAt} IS NULL END)`,
    sql`(${$("unread")} = 0 OR ${conversations.hostUnread} > 0)`,
    sql`(${$("favourite")} = 0 OR ${conversations.favourite} = 1)`,
    sql`(${$("type")} = '' OR ${conversations.type} = ${$("type")})`,
    sql`(${$("search")} = '' OR instr(${conversations.stayCode}, ${$("code")}) = 1
      OR instr(lower(${conversations.guestFirstName} || ' ' || ${conversations.guestLastName}), lower(${$("search")})) > 0
      OR instr(lower(${conversations.guestLastName} || ' ' || ${conversations.guestFirstName}), lower(${$("search")})) > 0)`,
  );
}

/** The page's rows of a page size: its LIMIT is written in, not bound (decision 050), so each size the contract allows is a statement of its own. */
const inboxRowsOf = (limit: number) =>
  cachedStatement((db, $: (name: InboxValue | "offset") => Placeholder) =>
    withStay(db)
      .where(inboxWhere($))
      .orderBy(desc(conversations.lastActivityAt), desc(conversations.id))
      .limit(limit)
      .offset($("offset") as unknown as number),
  );
const inboxRowsBySize = new Map<number, ReturnType<typeof inboxRowsOf>>();
function inboxRows(db: Database, limit: number, values: Record<InboxValue | "offset", unknown>) {
  let rows = inboxRowsBySize.get(limit);
  if (!rows) inboxRowsBySize.set(limit, (rows = inboxRowsOf(limit)));
  return rows(db, values);
}
const inboxCount = cachedStatement((db, $: (name: InboxValue) => Placeholder) => db.select({ total: count() }).from(conversations).where(inboxWhere($)));
const unreadCount = cachedStatement((db, $: (name: "hostUserId" | "opened") => Placeholder) =>
  db
    .select({ total: count() })
    .from(conversations)
    .where(and(unreadInInbox($("hostUserId")), sql`${conversations.publicId} != ${$("opened")}`)),
);

const unreadInInbox = (hostUserId: number | SQLWrapper) => and(eq(conversations.hostUserId, hostUserId), isNull(conversations.archivedAt), gt(conversations.hostUnread, 0));

/** The inbox's three statements (the page's rows, the total, the unread count) for one batch: the host API's call or the shell's (decision 024). */
export function inboxReads(db: Database, hostUserId: number, query: InboxQuery) {
  const search = query.search?.trim() ?? "";
  const values = {
    hostUserId,
    archived: query.status === "archived" ? 1 : 0,
    unread: query.unread ? 1 : 0,
    favourite: query.favourite ? 1 : 0,
    type: query.type ?? "",
    search,
    code: search.toUpperCase(),
  };
  return [
    inboxRows(db, query.limit, { ...values, offset: (query.page - 1) * query.limit }),
    inboxCount(db, values),
    unreadCount(db, { hostUserId, opened: query.opened ?? "" }),
  ] as const;
}

export type InboxAnswers = BatchResponse<ReturnType<typeof inboxReads>>;

export function inboxOf([rows, [counted], [unread]]: InboxAnswers) {
  return { rows, total: counted?.total ?? 0, unreadConversations: unread?.total ?? 0 };
}


/** How many conversations of the host's inbox have messages the host has not read. */
export function unreadConversationsQuery(db: Database, hostUserId: number | SQLWrapper) {
  return db.select({ total: count() }).from(conversations).where(unreadInInbox(hostUserId));
}

export function savedRepliesQuery(db: Database, hostUserId: number) {
  return db.select().from(savedReplies).where(eq(savedReplies.hostUserId, hostUserId)).orderBy(sql`${savedReplies.title} COLLATE NOCASE`, savedReplies.id).limit(100);
}
