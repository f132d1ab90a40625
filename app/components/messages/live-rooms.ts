import { href } from "react-router";
import { LiveChat, type LiveChatState } from "~/lib/live-chat";
import type { ShownMessage } from "./live";

/**
 * The rooms of the host's open conversations, each with its live chat client (`live-source.ts`).
 * A module of its own, which the page loads once it wants a socket (after hydration), so that the
 * client is no part of the conversation page's first-load JavaScript (issue 10 §7).
 */

export interface Room {
  chat: LiveChat;
  state: LiveChatState;
  listeners: Set<() => void>;
  users: number;
  closing: ReturnType<typeof setTimeout> | null;
  lastRead: number;
  leave: () => void;
}

const rooms = new Map<string, Room>();

export function join(conversationId: string, initial: readonly ShownMessage[], owner: string | undefined): Room {
  const existing = rooms.get(conversationId);
  if (existing) {
    if (existing.closing) clearTimeout(existing.closing);
    existing.closing = null;
    existing.users++;
    return existing;
  }
  const listeners = new Set<() => void>();
  const room: Room = {
    chat: null as unknown as LiveChat,
    state: { messages: [...initial], pending: [], status: "connecting" },
    listeners,
    users: 1,
    closing: null,
    lastRead: -1,
    leave: () => undefined,
  };
  room.chat = new LiveChat({
    conversationId,
    side: "host",
    tokenUrl: href("/resources/live-token"),
    initial: [...initial],
    owner,
    // The host's session ended: the page again leads to the sign-in (the outbox stays for afterwards).
    onSignedOut: () => window.location.reload(),
    onChange: (state) => {
      room.state = state;
      const lastSeq = state.messages.at(-1)?.seq ?? 0;
      // What arrives while the host looks at the conversation is read (once per new message).
      if (state.status === "open" && lastSeq !== room.lastRead && document.visibilityState === "visible") {
        room.lastRead = lastSeq;
        room.chat.markRead();
      }
      for (const listener of listeners) listener();
    },
  });
  room.state = room.chat.state;
  const online = () => room.chat.reconnectNow();
  const offline = () => room.chat.wentOffline();
  window.addEventListener("online", online);
  window.addEventListener("offline", offline);
  room.leave = () => {
    window.removeEventListener("online", online);
    window.removeEventListener("offline", offline);
    room.chat.stop();
  };
  rooms.set(conversationId, room);
  room.chat.start();
  return room;
}

export function leave(conversationId: string, room: Room) {
  room.users--;
  if (room.users > 0 || room.closing) return;
  // Left and joined again at once (a revalidation, React's strict mode): the socket stays.
  room.closing = setTimeout(() => {
    room.closing = null;
    if (room.users > 0) return;
    rooms.delete(conversationId);
    room.leave();
  }, 0);
}

