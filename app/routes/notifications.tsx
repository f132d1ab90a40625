import { Form, href } from "react-router";
import type { Route } from "./+types/notifications";
import { NotificationRead } from "~/components/shell/notifications";
import { EmptyState } from "~/components/ui/empty-state";
import * as icons from "~/components/ui/icons";
import { authContext } from "~/lib/auth.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import { useShellData } from "~/lib/use-shell-data";

/** Its forms are buttons: no form errors, so their texts are not sent (decision 024). */
export const handle: TranslationsHandle = { formErrors: false };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** Every notification of the host, newest first: the header's dropdown lists the newest few and links here. They came with the shell's call. */
export function loader({ context }: Route.LoaderArgs) {
  const { shell } = context.get(authContext);
  return { title: serverT(context)("notifications.title"), notifications: shell.notifications };
}

/**
 * All notifications (§2, §4) as a page: each one's button marks it read and leads where it is
 * handled, and "mark all as read" stays here. They are the dropdown's forms (`/resources/notifications`),
 * sent by the router with JavaScript and as plain posts without.
 */
export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user } = useShellData();
  const { notifications } = loaderData;
  const unread = notifications.filter((n) => !n.read).length;
  return (
    <div className="page page--narrow stack">
      <div className="page-heading">
        <h1>{loaderData.title}</h1>
        {unread > 0 ? (
          <Form method="post" action={href("/resources/notifications")}>
            <input type="hidden" name="intent" value="readAll" />
            <button type="submit" className="button button--small">
              {t("notifications.markAllRead")}
            </button>
          </Form>
        ) : null}
      </div>
      {notifications.length === 0 ? (
        <EmptyState icon={icons.bell}>{t("notifications.empty")}</EmptyState>
      ) : (
        <ul className="notifications__list card">
          {notifications.map((n) => (
            <li key={`${n.type}:${n.unitId ?? ""}`} className={n.read ? "notification" : "notification notification--unread"} data-read={n.read}>
              <Form method="post" action={href("/resources/notifications")}>
                <NotificationRead notification={n} read={n.read} model={user.commercialModel} />
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
