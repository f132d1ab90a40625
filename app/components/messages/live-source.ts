import { href } from "react-router";
import { LiveChat } from "~/lib/live-chat";
import { registerLiveMessageSource, type LiveMessageSource } from "./live";

/**
 * The host's inbox gets its conversation's messages live: the live chat's client (decision 034)
 * opens the conversation's socket with the host's token, catches up after the messages the page read,
 * reconnects with backoff, and each message it holds is delivered to the page. It only listens (the
 * page sends by its form) and marks the conversation read while the page is visible.
 */
export function startHostLiveMessages() {
  if (typeof window === "undefined") return;
  registerLiveMessageSource(hostSource);
}

const hostSource: LiveMessageSource = {
    subscribe(conversationId, initial, deliver) {
      const live = new LiveChat({
        conversationId,
        side: "host",
        tokenUrl: href("/resources/live-token"),
        initial: [...initial],
        onChange: (state) => {
          for (const message of state.messages) deliver(message);
          if (state.status === "open" && document.visibilityState === "visible") live.markRead();
        },
      });
      live.start();
      return () => live.stop();
    },
};
