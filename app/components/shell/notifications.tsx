import { useState, type FormEvent } from "react";
import { href, useNavigate, useRevalidator } from "react-router";
import type { Notification } from "@contract/home";
import { badgeFor } from "@domain/navigation";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/icons";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { useDropdown } from "./use-dropdown";

const keyOf = (n: Pick<Notification, "type" | "unitId">) => `${n.type}:${n.unitId ?? ""}`;

/**
 * Sends a notification form in the background (with JavaScript): the caller has shown the change
 * already; answers where to go, or null when the mark was refused or failed (the caller undoes it).
 */
async function send(form: HTMLFormElement): Promise<string | null> {
  try {
    const response = await fetch(form.action, { method: "POST", body: new FormData(form), headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    return ((await response.json()) as { to?: string }).to ?? null;
  } catch {
    return null;
  }
}

/**
 * The notifications dropdown of the header (§2, 460 wide): unread count badge, each notification's
 * button (marks it read and leads where it is handled) and "mark all as read". Without JavaScript
 * they are forms; with it, reading shows at once and is undone when the mark fails (§4).
 */
export function Notifications({ notifications }: { notifications: Notification[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [optimistic, setOptimistic] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState(false);
  const dropdown = useDropdown();
  const isRead = (n: Notification) => n.read || optimistic.has(keyOf(n));
  const unread = notifications.filter((n) => !isRead(n)).length;

  async function submit(event: FormEvent<HTMLFormElement>, keys: string[], follow: boolean) {
    event.preventDefault();
    const form = event.currentTarget;
    setFailed(false);
    setOptimistic((current) => new Set([...current, ...keys]));
    const to = await send(form);
    if (to === null) {
      setOptimistic((current) => new Set([...current].filter((k) => !keys.includes(k))));
      setFailed(true);
      return;
    }
    if (follow) await navigate(to);
    else await revalidator.revalidate();
  }

  return (
    <details className="dropdown notifications" ref={dropdown}>
      <summary className="nav__link dropdown__toggle" title={t("notifications.title")}>
        <Icon icon={icons.bell} />
        <span className="nav__label nav__label--optional">{t("notifications.title")}</span>
        <Badge badge={badgeFor(unread)} label={t("notifications.unreadCount", { count: unread })} />
      </summary>
      <div className="dropdown__panel notifications__panel">
        <div className="dropdown__head">
          <h2 className="dropdown__title">{t("notifications.title")}</h2>
          {unread > 0 ? (
            <form method="post" action={href("/resources/notifications")} onSubmit={(e) => void submit(e, notifications.map(keyOf), false)}>
              <input type="hidden" name="intent" value="readAll" />
              <button type="submit" className="button button--ghost button--small">
                {t("notifications.markAllRead")}
              </button>
            </form>
          ) : null}
        </div>
        {failed ? (
          <p className="dropdown__error" role="alert">
            {t("notifications.failed")}
          </p>
        ) : null}
        {notifications.length === 0 ? (
          <p className="dropdown__empty">{t("notifications.empty")}</p>
        ) : (
          <ul className="notifications__list">
            {notifications.map((n) => {
              const read = isRead(n);
              return (
                <li key={keyOf(n)} className={read ? "notification" : "notification notification--unread"} data-read={read}>
                  <form method="post" action={href("/resources/notifications")} onSubmit={(e) => void submit(e, [keyOf(n)], true)}>
                    <input type="hidden" name="intent" value="read" />
                    <input type="hidden" name="type" value={n.type} />
                    {n.unitId ? <input type="hidden" name="unitId" value={n.unitId} /> : null}
                    <button type="submit" className="notification__button">
                      <span className="notification__title">
                        {read ? null : <span className="visually-hidden">{t("notifications.unread")} </span>}
                        {t(`notifications.types.${n.type}.title`)}
                      </span>
                      <span className="notification__text">{t(`notifications.types.${n.type}.text`, { unit: n.unitTitle ?? "" })}</span>
                      <span className="notification__date">{format.date(n.createdAt)}</span>
                    </button>
                  </form>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </details>
  );
}
