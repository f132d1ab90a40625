import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { href } from "react-router";
import { LiveChat, type LiveChatState } from "~/lib/live-chat";
import { useShellData } from "~/lib/use-shell-data";
import { registerLiveMessageSource, type LiveMessageSource, type ShownMessage } from "./live";

/**
 * The host's conversation over the live chat's client (decision 034): one socket per open
 * conversation, shared by the page's message list (`useLiveMessages`, through the source registered
 * here) and its composer (`useHostChat`). The client opens the socket with the host's token,
 * catches up after the messages the page read, reconnects with backoff (at once when the browser is
 * online again), sends what the host writes with a client message id (kept in an outbox until the
 * server acknowledges it: sent once, never twice) and marks the conversation read while the page is
 * visible. Without JavaScript none of this runs: the composer posts its form. The outbox is the
 * signed-in host's (`owner`): another host's left in this browser is forgotten before it is read.
 */

interface Room {
  chat: LiveChat;
  state: LiveChatState;
  listeners: Set<() => void>;
  users: number;
  closing: ReturnType<typeof setTimeout> | null;
  lastRead: number;
  leave: () => void;
}

const rooms = new Map<string, Room>();

/** The signed-in host whose conversations the page shows (the owner of the outbox in this browser). */
let hostOwner: string | undefined;

function join(conversationId: string, initial: readonly ShownMessage[], owner = hostOwner): Room {
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

function leave(conversationId: string, room: Room) {
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

const hostSource: LiveMessageSource = {
  subscribe(conversationId, initial, deliver) {
    const room = join(conversationId, initial);
    const listener = () => {
      for (const message of room.state.messages) deliver(message);
    };
    room.listeners.add(listener);
    listener();
    return () => {
      room.listeners.delete(listener);
      leave(conversationId, room);
    };
  },
};

/** Plugs the live chat into the conversation page's message list, as `owner` (the signed-in host's id). */
export function startHostLiveMessages(owner: string) {
  if (typeof window === "undefined") return;
  hostOwner = owner;
  registerLiveMessageSource(hostSource);
}

export interface HostChat {
  state: LiveChatState;
  /** Shows the message at once as pending and sends it (now, or once the socket is back). */
  send(text: string): string;
  retry(clientMessageId: string): void;
  discard(clientMessageId: string): void;
}

/**
 * The composer's end of the conversation's socket: null on the server and before the page is
 * hydrated (the composer's form posts then), the live chat's state and actions after.
 */
export function useHostChat(conversationId: string, initial: readonly ShownMessage[]): HostChat | null {
  const owner = useShellData().user.userId;
  const [room, setRoom] = useState<Room | null>(null);
  useEffect(() => {
    hostOwner = owner;
    const joined = join(conversationId, initial, owner);
    setRoom(joined);
    return () => {
      setRoom(null);
      leave(conversationId, joined);
    };
    // One room per conversation; the messages read later reach it through its socket.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversationId, owner]);
  const subscribe = useCallback(
    (listener: () => void) => {
      room?.listeners.add(listener);
      return () => void room?.listeners.delete(listener);
    },
    [room],
  );
  const state = useSyncExternalStore(
    subscribe,
    () => room?.state ?? null,
    () => null,
  );
  if (!room || !state) return null;
  return {
    state,
    send: (text) => room.chat.send(text),
    retry: (id) => room.chat.retry(id),
    discard: (id) => room.chat.discard(id),
  };
}
