import { useCallback, useEffect, useState, useSyncExternalStore, type ComponentType } from "react";
import type { LiveChatState } from "~/lib/live-chat";
import { useShellData } from "~/lib/use-shell-data";
import { registerLiveMessageSource, type LiveMessageSource, type ShownMessage } from "./live";
import type { Room } from "./live-rooms";

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

/**
 * The rooms and the live chat's client, loaded once the page wants a socket (after hydration): no
 * part of the page's first-load JavaScript (issue 10 §7). Until they are there the page shows what
 * the loader read and the composer posts its form, as before hydration. The list of what the host
 * sent and the server has not stored yet comes with them: only the client sends such messages, and
 * it is there, offline too, as soon as the composer has a chat to send with.
 */
let loading: Promise<typeof import("./live-rooms")> | undefined;
let pendingList: ComponentType<{ chat: HostChat }> | undefined;
const loadRooms = () =>
  (loading ??= Promise.all([import("./live-rooms"), import("./pending-list")]).then(([rooms, pending]) => {
    pendingList = pending.PendingList;
    return rooms;
  }));

/** Joins the conversation's room once it is loaded; the function returned leaves it (or gives up joining). */
function joinLoaded(conversationId: string, initial: readonly ShownMessage[], owner: string | undefined, joined: (room: Room) => void) {
  let cancelled = false;
  let left: ((room: Room) => void) | undefined;
  let room: Room | undefined;
  void loadRooms().then((rooms) => {
    if (cancelled) return;
    room = rooms.join(conversationId, initial, owner);
    left = (leaving) => rooms.leave(conversationId, leaving);
    joined(room);
  });
  return (before: (room: Room) => void = () => undefined) => {
    cancelled = true;
    if (room && left) {
      before(room);
      left(room);
    }
  };
}

/** The signed-in host whose conversations the page shows (the owner of the outbox in this browser). */
let hostOwner: string | undefined;

const hostSource: LiveMessageSource = {
  subscribe(conversationId, initial, deliver) {
    const listeners = new Map<Room, () => void>();
    const stop = joinLoaded(conversationId, initial, hostOwner, (room) => {
      const listener = () => {
        for (const message of room.state.messages) deliver(message);
      };
      listeners.set(room, listener);
      room.listeners.add(listener);
      listener();
    });
    return () => stop((room) => room.listeners.delete(listeners.get(room)!));
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
  /** The list of the messages not stored yet (`pending-list.tsx`), loaded with the client. */
  PendingList: ComponentType<{ chat: HostChat }>;
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
    const stop = joinLoaded(conversationId, initial, owner, setRoom);
    return () => {
      setRoom(null);
      stop();
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
  if (!room || !state || !pendingList) return null;
  return {
    state,
    PendingList: pendingList,
    send: (text) => room.chat.send(text),
    retry: (id) => room.chat.retry(id),
    discard: (id) => room.chat.discard(id),
  };
}
