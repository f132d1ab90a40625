/**
 * A message not stored yet as the conversation shows it: a module of its own, so that a page can
 * show the pending messages without loading the live chat's client (`live-chat.ts`) first.
 */

export type LiveStatus = "connecting" | "open" | "offline";

export interface PendingMessage {
  clientMessageId: string;
  text: string;
  /** Refused by the server (the codes), never sent again; null while it waits to be sent. */
  refused: string[] | null;
  /** Not stored (the server failed, or no acknowledgement within the chat timeout): sent again only by `retry`. */
  failed: boolean;
}

/** What the user sees of a message not stored yet. */
export type PendingState = "sending" | "queued" | "failed" | "refused";

export function pendingState(message: PendingMessage, status: LiveStatus): PendingState {
  if (message.refused) return "refused";
  if (message.failed) return "failed";
  return status === "open" ? "sending" : "queued";
}

