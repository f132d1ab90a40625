import type { RouterContextProvider } from "react-router";
import type { CurrentUser } from "@contract/user";
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
  return { user: shellUser(user), pendingRequests: user.bookingsAvailable ? shell.pendingCount : 0, unreadConversations: user.commissionApplicable ? shell.unreadConversations : 0, liveInbox, showHelpTooltip: !tooltipSeen, toast, notifications: headerNotifications(shell.notifications) };
}

/**
 * What the browser's pages read of the signed-in host (the shell, the welcome tour, the overview's
 * banners, the live inbox's owner): the shell's data goes out with every page, the rest of the account
 * stays on the server. A page that needs more of the account loads it in its own loader.
 */
function shellUser(user: CurrentUser) {
  return {
    userId: user.userId,
    fullName: user.fullName,
    role: user.role,
    isImpersonating: user.isImpersonating,
    impersonatedBy: user.impersonatedBy ? { fullName: user.impersonatedBy.fullName } : null,
    // The texts about what guests send (bookings, inquiries or both) are worded by it (§1, §3).
    commercialModel: user.commercialModel,
    commissionApplicable: user.commissionApplicable,
    subscriptionApplicable: user.subscriptionApplicable,
    bookingsAvailable: user.bookingsAvailable,
    inquiriesAvailable: user.inquiriesAvailable,
    appFeatures: user.appFeatures,
    isKYCApplicable: user.isKYCApplicable,
    status: user.status,
    onboardingStatus: user.onboardingStatus,
  };
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>;
