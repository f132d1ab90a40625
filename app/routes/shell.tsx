import type { ReactNode } from "react";
import { useTranslation } from "~/lib/i18n";
import { data, Form, href, isRouteErrorResponse, Link, Outlet, useMatches, type UIMatch } from "react-router";
import { useFollowLink } from "~/lib/follow-link";
import type { Route } from "./+types/shell";
import { ErrorPage } from "~/components/error-page";
import { ConnectionStatus } from "~/components/shell/connection-status";
import { ImpersonationBanner } from "~/components/shell/impersonation-banner";
import { HelpMenu } from "~/components/shell/help-menu";
import { MenuBadge, Navigation } from "~/components/shell/navigation";
import { Notifications } from "~/components/shell/notifications";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/icons";
import { Toast } from "~/components/ui/toast";
import { requireAuth } from "~/lib/auth.server";
import { useRootData } from "~/root";
import { loadShell, type ShellData } from "./shell.server";
import { forgetHostChatData } from "~/lib/chat-storage";

export const middleware: Route.MiddlewareFunction[] = [requireAuth];

export async function loader({ context }: Route.LoaderArgs) {
  return data(await loadShell(context));
}

/** A route may name where the header's back button leads: `handle = { back: { to, label } }`. */
export interface ShellHandle {
  back?: { to: string; labelKey: string; variant?: "icon" | "text" };
}

function useBack() {
  const matches = useMatches() as UIMatch<unknown, ShellHandle | undefined>[];
  return matches.toReversed().find((m) => m.handle?.back)?.handle?.back;
}

export default function Shell({ loaderData }: Route.ComponentProps) {
  return (
    <ShellFrame shell={loaderData}>
      <Outlet />
    </ShellFrame>
  );
}

/** The header, navigation, impersonation banner and messages around a signed-in host's page, error pages included. */
export function ShellFrame({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const { user, pendingRequests, unreadConversations, showHelpTooltip, toast, notifications } = shell;
  const { t } = useTranslation();
  const root = useRootData();
  const back = useBack();
  // The shell's links are plain links the router follows with JavaScript (one hook for all of them, where each <Link> runs several on the server).
  const follow = useFollowLink();
  const helpCenterUrl = root?.brand.helpCenterUrl ?? "/";
  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        {t("nav.skipToContent")}
      </a>
      {user.isImpersonating && user.impersonatedBy ? (
        <ImpersonationBanner hostName={user.fullName} staffName={user.impersonatedBy.fullName} />
      ) : null}
      <header className="header">
        <div className="header__start">
          {back ? (
            // An arrow that its label names (and its tooltip shows): beside the brand, the navigation and the tools, a worded button pushed the header past the window in the longer languages.
            <a href={back.to} onClick={follow} data-discover="true" className={back.variant === "text" ? "header__back header__back--text" : "header__back"} title={t(back.labelKey)}>
              <Icon icon={icons.back} />
              <span className="visually-hidden">{t(back.labelKey)}</span>
            </a>
          ) : null}
          <a href={href("/home")} onClick={follow} data-discover="true" className="header__brand">
            {root?.brand.name}
          </a>
        </div>
        <details className="header__menu">
          <summary className="header__menu-toggle">
            <Icon icon={icons.menu} />
            <span className="header__menu-label">{t("nav.menu")}</span>
            <MenuBadge user={user} pendingRequests={pendingRequests} unreadConversations={unreadConversations} />
          </summary>
          <div className="header__menu-content">
            <Navigation user={user} pendingRequests={pendingRequests} unreadConversations={unreadConversations} liveInbox={shell.liveInbox} followLink={follow} />
            <div className="header__tools">
              <HelpMenu helpCenterUrl={helpCenterUrl} followLink={follow} />
              <Notifications notifications={notifications} userId={user.userId} model={user.commercialModel} followLink={follow} />
              {user.role === "staff" && !user.isImpersonating ? (
                <>
                  <a href={href("/staff/impersonate")} onClick={follow} data-discover="true" className="nav__link">
                    <Icon icon={icons.user} />
                    <span className="nav__label">{t("impersonation.pickHost")}</span>
                  </a>
                  <a href={href("/staff/contact-messages")} onClick={follow} data-discover="true" className="nav__link" title={t("support.staffLink")}>
                    <Icon icon={icons.inbox} />
                    <span className="nav__label nav__label--optional">{t("support.staffLink")}</span>
                  </a>
                  <a href={href("/staff/audit-log")} onClick={follow} data-discover="true" className="nav__link" title={t("auditLog.link")}>
                    <Icon icon={icons.history} />
                    <span className="nav__label nav__label--optional">{t("auditLog.link")}</span>
                  </a>
                  <a href={href("/staff/verifications")} onClick={follow} data-discover="true" className="nav__link" title={t("verification.staffLink")}>
                    <Icon icon={icons.user} />
                    <span className="nav__label nav__label--optional">{t("verification.staffLink")}</span>
                  </a>
                </>
              ) : null}
              {/* Its icon alone where the header is one line (every language keeps one line); the menu names it. */}
              <a href={href("/account/profile")} onClick={follow} data-discover="true" className="nav__link" data-nav="account" title={t("nav.account")}>
                <Icon icon={icons.user} />
                <span className="nav__label account-link__label">{t("nav.account")}</span>
              </a>
              <Form method="post" action={href("/logout")} className="sign-out" onSubmit={forgetHostChatData}>
                <button type="submit" className="button button--ghost button--small">
                  <Icon icon={icons.signOut} />
                  <span className="nav__label nav__label--optional">{t("auth.signOut")}</span>
                </button>
              </Form>
            </div>
          </div>
        </details>
      </header>
      {showHelpTooltip ? (
        <div className="help-note" role="note" aria-labelledby="help-tooltip-title">
          <Icon icon={icons.help} />
          <div className="help-note__text">
            <p id="help-tooltip-title" className="help-note__title">
              {t("helpTooltip.title")}
            </p>
            <p>{t("helpTooltip.description")}</p>
          </div>
          <Form method="post" action={href("/resources/interaction")}>
            <input type="hidden" name="interactionType" value="helpCenterTooltip" />
            <button type="submit" className="button button--small">
              {t("helpTooltip.okay")}
            </button>
          </Form>
        </div>
      ) : null}
      <ConnectionStatus />
      <Toast message={toast} />
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="footer">
        <nav className="footer__links" aria-label={t("legal.title")}>
          <a href={href("/legal")} onClick={follow} data-discover="true">
            {t("legal.title")}
          </a>
          <a href={href("/legal/atc")} onClick={follow} data-discover="true">
            {t("legal.atc.title")}
          </a>
        </nav>
        <LanguageSwitcher />
      </footer>
    </div>
  );
}

/** A page that failed keeps the shell around its error page; without the shell's data, the plain page. */
export function ErrorBoundary({ error, loaderData: shell }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  if (shell) {
    return (
      <ShellFrame shell={shell}>
        <ErrorPage status={status} embedded bookingsAvailable={shell.user.bookingsAvailable} />
      </ShellFrame>
    );
  }
  return (
    <div className="shell">
      <header className="header">
        <Link to={href("/home")} className="header__brand">
          {root?.brand.name}
        </Link>
      </header>
      <ErrorPage status={status} />
    </div>
  );
}
