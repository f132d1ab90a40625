import { cancelledBy, guestName } from "@domain/booking";
import { paginationOf } from "@api/bookings/queries";
import { idealGuestOf } from "@api/overview/queries";
import { inboxOf, type ConversationWithStay, type InboxAnswers, type OpenedConversation } from "./queries";
import type { ConversationRow, SavedReplyRow, StoredMessage } from "./services";

/** A conversation as the API answers it; `now` decides whether a pending request has expired (before the job has run). */
export function presentConversation({ conversation: c, ...stay }: ConversationWithStay, now: Date = new Date()) {
  const expired = stay.stayStatus === "REQUESTED" && stay.requestExpiresAt !== null && Number(stay.requestExpiresAt) <= now.getTime();
  return {
    id: c.publicId,
    type: c.type,
    stay: {
      id: c.stayPublicId,
      code: c.stayCode,
      status: expired ? "EXPIRED" : stay.stayStatus,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      guests: stay.guests === null ? null : Number(stay.guests),
      bookingId: stay.requestBookingId,
      createdAt: stay.stayAskedAt === null ? null : new Date(Number(stay.stayAskedAt)).toISOString(),
    },
    unit: { id: stay.unitPublicId, title: stay.unitTitle, propertyId: stay.propertyPublicId },
    guest: { firstName: c.guestFirstName, lastName: c.guestLastName, fullName: guestName({ firstName: c.guestFirstName, lastName: c.guestLastName }), email: c.guestEmail, language: stay.guestLanguage },
    archived: c.archivedAt !== null,
    favourite: c.favourite,
    unreadCount: c.hostUnread,
    guestUnreadCount: c.guestUnread,
    messageCount: c.messageCount,
    lastMessage: c.lastMessageAt && c.lastMessagePreview !== null && c.lastMessageSender ? { preview: c.lastMessagePreview, sender: c.lastMessageSender, createdAt: c.lastMessageAt.toISOString() } : null,
    lastActivityAt: c.lastActivityAt.toISOString(),
    createdAt: c.createdAt.toISOString(),
  };
}

/**
 * A conversation as its page reads it (GET messaging/conversations/{id}): its stay with a request's
 * answer-by and the booking it is or became (who cancelled it and when), and the host's ideal guest,
 * for the guest's match level.
 */
export function presentOpenedConversation({ idealGuest, bookingPublicId, bookingStatus, bookingCancelledByRole, bookingCancelledAt, ...loaded }: OpenedConversation, now: Date = new Date()) {
  const presented = presentConversation(loaded, now);
  const cancelled = bookingStatus === "CANCELLED" && bookingCancelledAt !== null;
  return {
    ...presented,
    stay: {
      ...presented.stay,
      expirationTime: loaded.requestExpiresAt === null ? null : new Date(Number(loaded.requestExpiresAt)).toISOString(),
      booking:
        bookingPublicId === null || bookingStatus === null
          ? null
          : {
              id: bookingPublicId,
              status: bookingStatus,
              cancelledBy: cancelled ? cancelledBy(bookingCancelledByRole) : null,
              cancelledAt: cancelled ? new Date(Number(bookingCancelledAt)).toISOString() : null,
            },
    },
    idealGuest: idealGuestOf(idealGuest),
  };
}

/** The conversation after a change of its own row (the stay is as loaded). */
export function withRow(loaded: ConversationWithStay, row: ConversationRow): ConversationWithStay {
  return { ...loaded, conversation: row };
}

export function presentMessage(message: StoredMessage) {
  return { ...message, createdAt: message.createdAt.toISOString() };
}

export function presentSavedReply(row: SavedReplyRow) {
  return { id: row.publicId, title: row.title, body: row.body, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** A page of the inbox as GET messaging/conversations answers it (the shell's call answers the same). */
export function presentInbox(query: { page: number; limit: number }, answers: InboxAnswers, now: Date = new Date()) {
  const { rows, total, unreadConversations } = inboxOf(answers);
  return { items: rows.map((row) => presentConversation(row, now)), pagination: paginationOf(query, total), unreadConversations };
}
