import { useTranslation } from "react-i18next";
import { data, Form, isRouteErrorResponse, Link, Outlet, useMatches, useRouteError, type UIMatch } from "react-router";
import type { Route } from "./+types/shell";
import { ErrorPage } from "../components/error-page";
import { ConnectionStatus } from "../components/shell/connection-status";
import { ImpersonationBanner } from "../components/shell/impersonation-banner";
import { Navigation } from "../components/shell/navigation";
import { LanguageSwitcher } from "../components/language-switcher";
import { interactionsSchema, pendingCountSchema } from "../lib/api-types";
import { authContext, requireAuth } from "../lib/auth.server";
import { appContext } from "../lib/context";
import { sessionStorage } from "../lib/session.server";
import { useRootData } from "../root";

export const middleware: Route.MiddlewareFunction[] = [requireAuth];

export async function loader({ context }: Route.LoaderArgs) {
  const { user, api, session } = context.get(authContext);
  // A flashed message is shown once: reading it and saving the session clears it.
  const toast = session.get("toast") ?? null;
  if (toast) await sessionStorage(context.get(appContext).env).commitSession(session);
  const [pending, interactions] = await Promise.all([
    user.bookingsAvailable ? api("GET", "/api/app/booking-requests-pending-count", { schema: pendingCountSchema }) : { count: 0 },
    api("GET", "/api/app/user/interactions", { schema: interactionsSchema }),
  ]);
  const tooltipSeen = interactions.interactions.some((i) => i.interactionType === "helpCenterTooltip" && i.interacted);
  return data({ user, pendingRequests: pending.count, showHelpTooltip: !tooltipSeen, toast });
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
  const { user, pendingRequests, showHelpTooltip, toast } = loaderData;
  const { t } = useTranslation();
  const root = useRootData();
  const back = useBack();
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
            <Link to={back.to} className={back.variant === "text" ? "header__back header__back--text" : "header__back"}>
              <span aria-hidden="true">←</span> {t(back.labelKey)}
            </Link>
          ) : null}
          <Link to="/home" className="header__brand">
            {root?.brand.name}
          </Link>
        </div>
        <details className="header__menu">
          <summary className="header__menu-toggle">{t("nav.menu")}</summary>
          <div className="header__menu-content">
            <Navigation user={user} pendingRequests={pendingRequests} />
            <div className="header__tools">
              <div className="help">
                <a href={helpCenterUrl} className="nav__link" target="_blank" rel="noreferrer" id="help-center-link">
                  {t("nav.helpCenter")}
                  <span className="visually-hidden"> {t("commons.opensInNewTab")}</span>
                </a>
                {showHelpTooltip ? (
                  <div className="tooltip" role="note" aria-labelledby="help-tooltip-title">
                    <p id="help-tooltip-title" className="tooltip__title">
                      {t("helpTooltip.title")}
                    </p>
                    <p>{t("helpTooltip.description")}</p>
                    <Form method="post" action="/resources/interaction">
                      <input type="hidden" name="interactionType" value="helpCenterTooltip" />
                      <button type="submit" className="button button--small button--primary">
                        {t("helpTooltip.okay")}
                      </button>
                    </Form>
                  </div>
                ) : null}
              </div>
              <LanguageSwitcher />
              {user.role === "staff" && !user.isImpersonating ? (
                <Link to="/staff/impersonate" className="nav__link">
                  {t("impersonation.pickHost")}
                </Link>
              ) : null}
              <Form method="post" action="/logout">
                <button type="submit" className="button button--small">
                  {t("auth.signOut")}
                </button>
              </Form>
            </div>
          </div>
        </details>
      </header>
      <ConnectionStatus />
      {toast ? (
        <div className={`snackbar snackbar--${toast.kind}`} role={toast.kind === "error" ? "alert" : "status"}>
          {t(toast.key)}
        </div>
      ) : null}
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="shell">
      <header className="header">
        <Link to="/home" className="header__brand">
          {root?.brand.name}
        </Link>
      </header>
      <ErrorPage status={status} />
    </div>
  );
}
