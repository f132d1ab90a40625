import type { LiveSide } from "@contract/live-protocol";

/**
 * What the live chat keeps in this browser (localStorage): per side, the unsent messages of each
 * conversation (`outboxKey`) and whose they are (`ownerKey`). Apart from the chat's client, so that
 * the shell's sign-out clears it without loading the client.
 */

/** The storage a side's chat data lives in; null where the browser refuses it. */
export type ChatStorage = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;

/** The key under which a side keeps its unsent messages of a conversation. */
export const outboxKey = (side: LiveSide, conversationId: string) => `stayhost.chat.${side}.${conversationId}.outbox`;

/** The key naming whose the side's unsent messages in this browser are (the signed-in host's id). */
export const ownerKey = (side: LiveSide) => `stayhost.chat.${side}.owner`;

export function browserStorage(): ChatStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Forgets every conversation a side kept in this browser (signed out: a guest §4, a host). */
export function forgetChatData(side: LiveSide, storage: ChatStorage | null = browserStorage()): void {
  if (!storage) return;
  const prefix = `stayhost.chat.${side}.`;
  try {
    for (let i = storage.length - 1; i >= 0; i--) {
      const key = storage.key(i);
      if (key?.startsWith(prefix)) storage.removeItem(key);
    }
  } catch {
    // Blocked meanwhile: nothing was kept either.
  }
}

/**
 * Makes the side's chat data in this browser `owner`'s before any of it is read: what another
 * owner (another host signed in on this browser since) or an unknown one left is forgotten first, so
 * that nobody sees, or sends, someone else's unsent messages.
 */
export function claimChatData(side: LiveSide, owner: string, storage: ChatStorage | null = browserStorage()): void {
  if (!storage) return;
  try {
    if (storage.getItem(ownerKey(side)) === owner) return;
    forgetChatData(side, storage);
    storage.setItem(ownerKey(side), owner);
  } catch {
    // Storage blocked: the outbox lives in memory only.
  }
}

/** The host signs out: the unsent messages leave this browser with them (the sign-out forms' `onSubmit`). */
export function forgetHostChatData(): void {
  forgetChatData("host");
}
