import { useEffect, useRef, useState } from "react";

/**
 * The navigation's Inbox count (§2: unread conversations, for commission hosts): the shell's count
 * from the page's loader, and with JavaScript the count the host's inbox socket sends when it opens
 * and whenever a message arrives or a conversation is read (`inbox-socket.ts`, loaded after
 * hydration so that no page pays for it in its first load). The next page's loader count replaces a
 * live one until the socket sends again.
 */
export function useLiveInboxCount(loaded: number, enabled: boolean): number {
  const [live, setLive] = useState<{ loaded: number; count: number } | null>(null);
  const current = useRef(loaded);
  useEffect(() => {
    current.current = loaded;
  }, [loaded]);
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    let left = false;
    void import("./inbox-socket").then(({ watchInboxCount }) => {
      if (!left) stop = watchInboxCount((count) => setLive({ loaded: current.current, count }));
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [enabled]);
  return live && live.loaded === loaded ? live.count : loaded;
}
