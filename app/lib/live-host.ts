import { useEffect } from "react";
import { href } from "react-router";
import type { LiveMessage } from "@contract/live-protocol";
import { registerLiveMessageSource, type LiveMessageSource } from "~/components/messages/live";
import { LiveChat } from "./live-chat";

/**
 * The host's conversation page receives messages live (decision 034): a source for the page's mount
 * point (`components/messages/live.ts`) that opens the conversation's socket with the host's live
 * token and delivers every message stored after the page's last one, catch-up after a reconnect
 * included. The host's own messages are sent by the page's form; they come back through the socket
 * too, so every tab of the conversation shows them.
 */
const hostSource: LiveMessageSource = {
  subscribe(conversationId, afterSeq, deliver) {
    const delivered = new Set<number>();
    const chat = new LiveChat({
      conversationId,
      side: "host",
      tokenUrl: href("/resources/live-token"),
      initial: [],
      after: afterSeq,
      onChange: (state) => {
        for (const message of state.messages) {
          if (delivered.has(message.seq)) continue;
          delivered.add(message.seq);
          deliver(shown(message));
        }
      },
    });
    chat.start();
    const online = () => chat.reconnectNow();
    const offline = () => chat.wentOffline();
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
      chat.stop();
    };
  },
};

function shown({ conversationId: _conversation, ...message }: LiveMessage) {
  return message;
}

/** Makes the host's conversation page live once it runs in the browser. */
export function useHostLiveChat(): void {
  useEffect(() => registerLiveMessageSource(hostSource), []);
}
