import { href } from "react-router";
import { inboxSocketPath, type InboxFrame } from "@contract/inbox-live";
import { LIVE_PING, LIVE_PONG } from "@contract/live-protocol";
import { backoffDelay } from "~/lib/live-chat";

const KEEPALIVE_MS = 30_000;

/**
 * Watches the host's Inbox count over the inbox socket (decision 032): a live token from the page's
 * own resource route, the socket, the count it sends when it opens and whenever it changes; closed
 * sockets reconnect with the live chat's backoff, at once when the browser is back online. Loaded
 * only in the browser, after the page is interactive (`useLiveInboxCount`). Answers a stop function.
 */
export function watchInboxCount(onCount: (count: number) => void): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let keepAlive: ReturnType<typeof setInterval> | undefined;

  const retry = () => {
    clearInterval(keepAlive);
    if (stopped) return;
    retryTimer = setTimeout(() => void connect(), backoffDelay(attempt++, Math.random));
  };

  async function connect() {
    let token: string;
    try {
      const response = await fetch(href("/resources/live-token"), { headers: { accept: "application/json" }, credentials: "same-origin" });
      // Signed out meanwhile: the next page leads to the sign-in.
      if (stopped || response.status === 401) return;
      if (!response.ok || !/json/.test(response.headers.get("content-type") ?? "")) throw new Error(`token ${response.status}`);
      token = ((await response.json()) as { token: string }).token;
    } catch {
      return retry();
    }
    if (stopped) return;
    const url = new URL(inboxSocketPath(token), window.location.origin);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const opened = new WebSocket(url.href);
    socket = opened;
    opened.addEventListener("open", () => {
      attempt = 0;
      keepAlive = setInterval(() => opened.readyState === WebSocket.OPEN && opened.send(LIVE_PING), KEEPALIVE_MS);
    });
    opened.addEventListener("message", (event) => {
      if (event.data === LIVE_PONG || typeof event.data !== "string") return;
      try {
        const frame = JSON.parse(event.data) as InboxFrame;
        if (frame.type === "unread" && Number.isInteger(frame.count)) onCount(frame.count);
      } catch {
        // Not a frame of ours.
      }
    });
    opened.addEventListener("close", () => {
      if (socket !== opened) return;
      socket = null;
      retry();
    });
  }

  const online = () => {
    if (socket || stopped) return;
    clearTimeout(retryTimer);
    attempt = 0;
    void connect();
  };
  window.addEventListener("online", online);
  void connect();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    clearInterval(keepAlive);
    window.removeEventListener("online", online);
    const open = socket;
    socket = null;
    // A socket still connecting is closed once open: closing it before would be reported as a failed connection.
    if (open?.readyState === WebSocket.CONNECTING) open.addEventListener("open", () => open.close(1000, "Left"));
    else open?.close(1000, "Left");
  };
}
