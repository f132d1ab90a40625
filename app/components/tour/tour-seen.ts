import { useCallback } from "react";
import { href, useRevalidator } from "react-router";
import { useShellData } from "~/lib/use-shell-data";

/**
 * "The welcome tour is seen" sent by a script that closed the tour's dialog, kept in the tab's
 * session storage until the server has answered it: a reload or another address while it is under
 * way does not lose it, the next overview of the tab keeps the welcome closed and sends it again
 * (decision 040, addendum, as for a notification's mark).
 */
interface PendingSeen {
  userId: string;
  at: number;
}

export const PENDING_TOUR_SEEN = "stayhost.pendingTourSeen";
/** Older ones are dropped unsent: the welcome shows again, as the server has it. */
export const PENDING_TOUR_SEEN_FOR_MS = 10 * 60_000;

function readPending(): PendingSeen | null {
  try {
    const pending = JSON.parse(sessionStorage.getItem(PENDING_TOUR_SEEN) ?? "null") as PendingSeen | null;
    return pending && typeof pending.userId === "string" && Date.now() - pending.at < PENDING_TOUR_SEEN_FOR_MS ? pending : null;
  } catch {
    return null;
  }
}

function writePending(pending: PendingSeen | null) {
  try {
    if (pending) sessionStorage.setItem(PENDING_TOUR_SEEN, JSON.stringify(pending));
    else sessionStorage.removeItem(PENDING_TOUR_SEEN);
  } catch {
    // Storage refused (private mode, quota): it is still sent, only not kept over a reload.
  }
}

/**
 * Sends "seen" with `keepalive` (the browser finishes it after the page is gone where it can).
 * "answered": the server stored it, or refused the form; "kept": cut off (the page was left), no
 * network, the server failed, or the session has ended: the tab keeps it and the next overview sends
 * it again.
 */
async function send(): Promise<"answered" | "kept"> {
  try {
    const body = new URLSearchParams({ interactionType: "welcomeTour", stay: "true" });
    const response = await fetch(href("/resources/interaction"), { method: "POST", body, headers: { Accept: "application/json" }, keepalive: true });
    // Led to the sign-in page: not stored.
    if (response.redirected) return "kept";
    return response.ok || (response.status >= 400 && response.status < 500) ? "answered" : "kept";
  } catch {
    return "kept";
  }
}

/**
 * Marking the tour seen from its dialog (however it closes, §4): shown closed at once, kept in the tab
 * until the server has answered, then the page's data is loaded again (the overview's tasks).
 * `resendLeftOver` sends again what a page before left unanswered and tells whether there was one.
 */
export function useTourSeen() {
  const { user } = useShellData();
  const { revalidate } = useRevalidator();

  const deliver = useCallback(async () => {
    if ((await send()) === "kept") return;
    writePending(null);
    await revalidate();
  }, [revalidate]);

  const markSeen = useCallback(() => {
    writePending({ userId: user.userId, at: Date.now() });
    void deliver();
  }, [deliver, user.userId]);

  const resendLeftOver = useCallback(() => {
    if (readPending()?.userId !== user.userId) return false;
    void deliver();
    return true;
  }, [deliver, user.userId]);

  return { markSeen, resendLeftOver };
}

/**
 * The script the server writes right after the open welcome: when the tab holds an unanswered mark
 * of this user, the dialog is closed before the first paint (an inline script runs once the styles
 * before it have loaded, before the page is drawn), so the welcome never shows; the page's own script
 * then removes it and sends the mark again. The same text on the server and in the browser (hydration).
 */
export function closeWhenPendingScript(userId: string) {
  const user = JSON.stringify(userId).replace(/</g, "\\u003c");
  return `try{var p=JSON.parse(sessionStorage.getItem(${JSON.stringify(PENDING_TOUR_SEEN)})||"null");if(p&&p.userId===${user}&&Date.now()-p.at<${PENDING_TOUR_SEEN_FOR_MS})document.currentScript.previousElementSibling.removeAttribute("open")}catch(e){}`;
}
