import type { StoredMessage } from "@api/messaging/services";
import { notifyInbox } from "@api/messaging/inbox-room";
import { liveMessageOf } from "./conversation-room";

/**
 * Passes a message stored outside a socket (a form post, the host or guest API) to the sockets of
 * its conversation (decision 033). A failure here loses nothing: the message is stored, and a
 * socket that missed it catches up when it reconnects.
 */
export async function fanOut(env: Env, message: StoredMessage): Promise<void> {
  try {
    const stub = env.CONVERSATIONS.get(env.CONVERSATIONS.idFromName(message.conversationId));
    await stub.broadcast(liveMessageOf(message));
  } catch (error) {
    console.error("live fan-out failed", error);
  }
  // And the host's open pages, for the navigation's Inbox count.
  await notifyInbox(env, message.conversationId);
}
