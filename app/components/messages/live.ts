import { useEffect, useMemo, useState, useSyncExternalStore } from "react";

/** A message as the conversation page shows it (the API's `ChatMessage`). */
export interface ShownMessage {
  id: string;
  conversationId: string;
  seq: number;
  sender: "host" | "guest" | "system";
  text: string;
  clientMessageId: string;
  createdAt: string;
}

/**
 * Where live messages plug into the host's conversation page (issue 15, decision 032). The page
 * renders the messages its loader read; a live source (the conversation's socket, `live-source.ts`
 * with the live chat's client) registers itself here once in the browser and calls `deliver` with
 * every message stored after those it was given, catch-up after a reconnect included. Messages are merged by `seq`, so one
 * delivered twice, or one the page read already, shows once. Without a source (no JavaScript, or
 * no live chat) the page stays as the server rendered it, with its "load newer messages" link.
 */
export interface LiveMessageSource {
  subscribe(conversationId: string, initial: readonly ShownMessage[], deliver: (message: ShownMessage) => void): () => void;
}

let source: LiveMessageSource | null = null;
const listeners = new Set<() => void>();

export function registerLiveMessageSource(live: LiveMessageSource): void {
  if (source === live) return;
  source = live;
  for (const listener of listeners) listener();
}

function onSourceChange(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Adds `incoming` to `messages` in `seq` order, each message once. */
export function mergeMessages(messages: readonly ShownMessage[], incoming: readonly ShownMessage[]): ShownMessage[] {
  const bySeq = new Map(messages.map((m) => [m.seq, m]));
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** The conversation's messages: those the loader read, and those a live source delivers after them. */
export function useLiveMessages(conversationId: string, initial: ShownMessage[]): ShownMessage[] {
  const [delivered, setDelivered] = useState<{ conversationId: string; messages: ShownMessage[] }>({ conversationId, messages: [] });
  // The source registered (or registered later, by a component's effect): null on the server.
  const live = useSyncExternalStore(
    onSourceChange,
    () => source,
    () => null,
  );
  const lastSeq = initial.at(-1)?.seq ?? 0;
  useEffect(() => {
    if (!live) return;
    return live.subscribe(conversationId, initial, (message) =>
      setDelivered((current) => ({ conversationId, messages: current.conversationId === conversationId ? mergeMessages(current.messages, [message]) : [message] })),
    );
    // One subscription per conversation and last message read by the loader (a post's redirect reads again).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversationId, lastSeq, live]);
  return useMemo(() => (delivered.conversationId === conversationId ? mergeMessages(initial, delivered.messages) : initial), [conversationId, delivered, initial]);
}
