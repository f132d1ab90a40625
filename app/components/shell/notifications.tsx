import { useEffect, useState, type FormEvent } from "react";
import { href, useNavigate, useRevalidator } from "react-router";
import type { Notification } from "@contract/home";
import { badgeFor } from "@domain/navigation";
import type { CommercialModel } from "@domain/user-flags";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/icons";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { useDropdown } from "./use-dropdown";
import type { FollowLink } from "~/lib/follow-link";

const keyOf = (n: Pick<Notification, "type" | "unitId">) => `${n.type}:${n.unitId ?? ""}`;
/** The key a "mark all as read" holds: every notification, also those the dropdown does not list. */
const ALL = "*";

/** How many notifications the dropdown lists (the newest); the rest are on /notifications. */
export const NOTIFICATIONS_IN_DROPDOWN = 5;

/** What the header needs of the host's notifications: the newest few, and the counts of all. */
export interface HeaderNotifications {
  latest: Notification[];
  unread: number;
  total: number;
}

export function headerNotifications(all: readonly Notification[]): HeaderNotifications {
  return { latest: all.slice(0, NOTIFICATIONS_IN_DROPDOWN), unread: all.filter((n) => !n.read).length, total: all.length };
}

/** A notification's button inside a form to `/resources/notifications`: marks it read and leads where it is handled. `model`: the host's (`notificationTextKey`). */
export function NotificationRead({ notification, read, model }: { notification: Notification; read: boolean; model: CommercialModel }) {
  return (
    <>
      <input type="hidden" name="intent" value="read" />
      <input type="hidden" name="type" value={notification.type} />
      {notification.unitId ? <input type="hidden" name="unitId" value={notification.unitId} /> : null}
      <button type="submit" className="notification__button">
        <NotificationContent notification={notification} read={read} model={model} />
      </button>
    </>
  );
}

/**
 * A notification's text: the ideal guest's speaks of what the host's guests send, booking requests
 * (commission), inquiries (subscription) or both (hybrid), the stays whose match it shows (§1, §3).
 */
export function notificationTextKey(type: Notification["type"], model: CommercialModel): string {
  return type === "describeIdealGuest" ? `notifications.types.describeIdealGuest.text.${model}` : `notifications.types.${type}.text`;
}

/** A notification's title, text and date, as the dropdown and the notifications page show it. */
export function NotificationContent({ notification: n, read, model }: { notification: Notification; read: boolean; model: CommercialModel }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <>
      <span className="notification__title">
        {read ? null : <span className="visually-hidden">{t("notifications.unread")} </span>}
        {t(`notifications.types.${n.type}.title`)}
      </span>
      <span className="notification__text">{t(notificationTextKey(n.type, model), { unit: n.unitTitle ?? "" })}</span>
      <span className="notification__date">{format.date(n.createdAt)}</span>
    </>
  );
}

/**
 * A mark the host asked for whose answer this tab has not seen yet: kept in the tab's session
 * storage until the server answers it, so that a reload or a navigation while it is under way does
 * not lose it (decision 040, addendum). `fields` are the form's, `keys` the notifications it marks.
 */
interface PendingMark {
  id: string;
  userId: string;
  keys: string[];
  fields: [string, string][];
  at: number;
}

const PENDING = "stayhost.pendingNotificationMarks";
/** Older marks are dropped unsent: the host has long seen the page as it is. */
const PENDING_FOR_MS = 10 * 60_000;

function readPending(): PendingMark[] {
  try {
    const marks = JSON.parse(sessionStorage.getItem(PENDING) ?? "[]") as PendingMark[];
    return Array.isArray(marks) ? marks.filter((m) => Date.now() - m.at < PENDING_FOR_MS) : [];
  } catch {
    return [];
  }
}

function writePending(marks: PendingMark[]) {
  try {
    if (marks.length) sessionStorage.setItem(PENDING, JSON.stringify(marks));
    else sessionStorage.removeItem(PENDING);
  } catch {
    // Storage refused (private mode, quota): the mark is still sent, only not kept over a reload.
  }
}

/** Whether the document is being left (a reload, another address): its requests may be cut off then. */
let leaving = false;
const onLeave = () => {
  leaving = true;
};

/**
 * Sends a notification form in the background (with JavaScript): the caller has shown the change
 * already. Answers where to go; "refused" when the server answered no or could not be reached (the
 * caller undoes the change); "left" when the request was cut off because the page is being left (the
 * mark stays pending for the next page). `keepalive`: the browser finishes the request after the page
 * is gone where it can.
 */
async function send(mark: PendingMark): Promise<{ to: string } | "refused" | "left"> {
  // Listened to only while a mark is under way: a page without listeners stays in the back-forward cache.
  addEventListener("beforeunload", onLeave);
  addEventListener("pagehide", onLeave);
  try {
    const body = new URLSearchParams(mark.fields);
    const response = await fetch(href("/resources/notifications"), { method: "POST", body, headers: { Accept: "application/json" }, keepalive: true });
    if (!response.ok) return "refused";
    const to = ((await response.json()) as { to?: string }).to;
    return to ? { to } : "refused";
  } catch {
    return leaving ? "left" : "refused";
  } finally {
    removeEventListener("beforeunload", onLeave);
    removeEventListener("pagehide", onLeave);
  }
}

/**
 * The notifications dropdown of the header (§2, 460 wide): unread count badge, the newest
 * notifications' buttons (each marks it read and leads where it is handled), "mark all as read" and,
 * for a host with more, a link to all of them (/notifications): a host with many units gets a header
 * of the same size on every page. Without JavaScript they are forms; with it, reading shows at once
 * and is undone when the mark fails (§4). A mark still under way when the page is left is sent again
 * by the next page of the tab, which shows it read meanwhile, until the server has answered it.
 * `followLink`: the shell's click handler of its plain links; `model`: the host's commercial model (`notificationTextKey`).
 */
export function Notifications({
  notifications: { latest: notifications, unread: unreadCount, total },
  userId,
  model,
  followLink,
}: {
  notifications: HeaderNotifications;
  userId: string;
  model: CommercialModel;
  followLink: FollowLink;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [optimistic, setOptimistic] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState(false);
  const dropdown = useDropdown();
  const isRead = (n: Notification) => n.read || optimistic.has(ALL) || optimistic.has(keyOf(n));
  const unread = optimistic.has(ALL) ? 0 : unreadCount - notifications.filter((n) => !n.read && optimistic.has(keyOf(n))).length;

  /** Sends a mark (shown already) until the server answers; undoes it when refused. */
  async function deliver(mark: PendingMark, { follow, again }: { follow: boolean; again: boolean }) {
    const answer = await send(mark);
    if (answer === "left") return;
    writePending(readPending().filter((m) => m.id !== mark.id));
    if (answer === "refused") {
      setOptimistic((current) => new Set([...current].filter((k) => !mark.keys.includes(k))));
      // Sent again after a reload: a notification no longer raised is gone from the list, nothing to say.
      if (!again || (mark.keys.includes(ALL) ? unreadCount > 0 : notifications.some((n) => !n.read && mark.keys.includes(keyOf(n))))) setFailed(true);
      return;
    }
    if (follow) await navigate(answer.to);
    else await revalidator.revalidate();
    // The page's data says it now; a notification raised again later is unread again.
    setOptimistic((current) => new Set([...current].filter((k) => !mark.keys.includes(k))));
  }

  // Marks this tab sent and did not see answered (the page was left meanwhile): shown read and sent again.
  useEffect(() => {
    const mine = readPending().filter((m) => m.userId === userId);
    if (mine.length === 0) return;
    setOptimistic((current) => new Set([...current, ...mine.flatMap((m) => m.keys)]));
    for (const mark of mine) void deliver(mark, { follow: false, again: true });
    // Once per page load, for the marks left by the page before.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submit(event: FormEvent<HTMLFormElement>, keys: string[], follow: boolean) {
    event.preventDefault();
    const fields = [...new FormData(event.currentTarget)].map(([name, value]) => [name, String(value)] as [string, string]);
    const mark: PendingMark = { id: crypto.randomUUID(), userId, keys, fields, at: Date.now() };
    writePending([...readPending(), mark]);
    setFailed(false);
    setOptimistic((current) => new Set([...current, ...keys]));
    void deliver(mark, { follow, again: false });
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
            <form method="post" action={href("/resources/notifications")} onSubmit={(e) => submit(e, [ALL], false)}>
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
                  <form method="post" action={href("/resources/notifications")} onSubmit={(e) => submit(e, [keyOf(n)], true)}>
                    <NotificationRead notification={n} read={read} model={model} />
                  </form>
                </li>
              );
            })}
          </ul>
        )}
        {total > notifications.length ? (
          <p className="dropdown__more">
            <a href={href("/notifications")} onClick={followLink} data-discover="true">
              {t("notifications.seeAll", { count: total })}
            </a>
          </p>
        ) : null}
      </div>
    </details>
  );
}
