import type { RouterContextProvider } from "react-router";
import { authContext } from "~/lib/auth.server";
import { appContext } from "~/lib/context";
import { takeFlash } from "~/lib/flash.server";
import { sessionStorage } from "~/lib/session.server";

/** What the shell shows a signed-in host; the not-found page loads it too, to keep the shell. */
export async function loadShell(context: Readonly<RouterContextProvider>) {
  const { user, shell, session } = context.get(authContext);
  const toast = await takeFlash(session, sessionStorage(context.get(appContext).env));
  const tooltipSeen = shell.interactions.some((i) => i.interactionType === "helpCenterTooltip" && i.interacted);
  return { user, pendingRequests: user.bookingsAvailable ? shell.pendingCount : 0, unreadConversations: user.commissionApplicable ? shell.unreadConversations : 0, showHelpTooltip: !tooltipSeen, toast, notifications: shell.notifications };
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>;
