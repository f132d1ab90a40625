import { eq } from "drizzle-orm";
import type { Database } from "@api/db/client";
import { bookingRequests, conversations } from "@api/db/schema";
import { conversationForStay, type ConversationRow } from "@api/messaging/services";
import { guestStay, type GuestStayRef } from "./stays";

/**
 * The guest's conversation with the host: the stay's own, or for a booking confirmed from a
 * request, the request's (where the guest and host have talked since the request). A stay without
 * one (from before messaging) gets it opened, as the host's side would. Null when the stay is gone.
 */
export async function guestConversation(db: Database, ref: GuestStayRef): Promise<ConversationRow | null> {
  const [own, viaRequest] = await db.batch([
    db.select().from(conversations).where(eq(conversations.stayPublicId, ref.id)).limit(1),
    db
      .select({ conversation: conversations })
      .from(bookingRequests)
      .innerJoin(conversations, eq(conversations.stayPublicId, bookingRequests.publicId))
      .where(eq(bookingRequests.bookingPublicId, ref.type === "booking" ? ref.id : ""))
      .limit(1),
  ]);
  const found = viaRequest[0]?.conversation ?? own[0];
  if (found) return found;
  const stay = await guestStay(db, ref);
  if (!stay) return null;
  return (await conversationForStay(db, stay.hostUserId, ref.type, ref.id, new Date())).conversation;
}
