import type { RouterContextProvider } from "react-router";
import { headerNotifications } from "~/components/shell/notifications";
import { authContext } from "~/lib/auth.server";
import { appContext } from "~/lib/context";
import { takeFlash } from "~/lib/flash.server";
import { sessionStorage } from "~/lib/session.server";

/** What the shell shows a signed-in host; the not-found page loads it too, to keep the shell. */
export async function loadShell(context: Readonly<RouterContextProvider>) {
  const { user, shell, session } = context.get(authContext);
  const toast = await takeFlash(session, sessionStorage(context.get(appContext).env));
  const tooltipSeen = shell.interactions.some((i) => i.interactionType === "helpCenterTooltip" && i.interacted);
  // The Inbox count follows new messages over the host's inbox socket, which the API serves on the web's origin only when it runs in the same Worker (decision 018).
  const liveInbox = user.commissionApplicable && !context.get(appContext).env.HOST_API_URL;
  return { user, pendingRequests: user.bookingsAvailable ? shell.pendingCount : 0, unreadConversations: user.commissionApplicable ? shell.unreadConversations : 0, liveInbox, showHelpTooltip: !tooltipSeen, toast, notifications: headerNotifications(shell.notifications) };
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>;
