import { useTranslation } from "~/lib/i18n";
import { useLocation } from "react-router";
import { badgeFor, isActive, navigationItems, type NavigationInput, type NavigationItemId } from "@domain/navigation";
import { useLiveInboxCount } from "~/components/messages/inbox-count";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/icons";
import type { FollowLink } from "~/lib/follow-link";

const itemIcons: Record<NavigationItemId, icons.IconPath> = {
  overview: icons.home,
  inbox: icons.inbox,
  calendar: icons.calendar,
  bookings: icons.bookings,
  inquiries: icons.inquiries,
  properties: icons.properties,
  statistics: icons.statistics,
};

/**
 * One dot on the folded menu's button when an item inside it has a badge (pending requests, unread
 * conversations): on a phone they are otherwise hidden until the menu opens. Its label says so.
 */
export function MenuBadge({ user, pendingRequests, unreadConversations = 0 }: { user: NavigationInput; pendingRequests: number; unreadConversations?: number }) {
  const { t } = useTranslation();
  const counted = navigationItems(user).some((item) => (item.id === "bookings" && pendingRequests > 0) || (item.id === "inbox" && unreadConversations > 0));
  return counted ? <Badge badge={{ kind: "dot" }} label={t("nav.menuBadge")} /> : null;
}

/** `followLink`: the shell's click handler of its plain links (useFollowLink), which the router follows with JavaScript. */
export function Navigation({
  user,
  pendingRequests,
  unreadConversations = 0,
  liveInbox = false,
  followLink,
}: {
  user: NavigationInput;
  pendingRequests: number;
  unreadConversations?: number;
  liveInbox?: boolean;
  followLink: FollowLink;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = navigationItems(user);
  // With JavaScript the Inbox count follows new messages live (the host's inbox socket).
  const unread = useLiveInboxCount(unreadConversations, liveInbox && items.some((item) => item.id === "inbox"));
  return (
    <nav className="nav" aria-label={t("nav.label")}>
      <ul className="nav__list">
        {items.map((item) => {
          const active = isActive(item, pathname);
          const badge = item.id === "bookings" ? badgeFor(pendingRequests) : item.id === "inbox" ? badgeFor(unread) : { kind: "none" as const };
          // Named only where a badge shows.
          const badgeLabel =
            badge.kind === "none"
              ? ""
              : item.id === "inbox"
                ? badge.kind === "count"
                  ? t("nav.unreadConversations", { count: badge.count })
                  : t("nav.manyUnreadConversations")
                : badge.kind === "count"
                  ? t("nav.pendingRequests", { count: badge.count })
                  : t("nav.manyPendingRequests");
          // A plain link (the shell's click handler makes the router follow it): the item is current by
          // the navigation's own rule (a booking's page is the Bookings item's), not by a match of its address.
          return (
            <li key={item.id}>
              <a
                href={item.href}
                onClick={followLink}
                data-discover="true"
                className={active ? "nav__link nav__link--active" : "nav__link"}
                aria-current={active ? "page" : undefined}
                data-nav={item.id}
              >
                <Icon icon={itemIcons[item.id]} />
                <span className="nav__label">{t(`nav.${item.id}`)}</span>
                <Badge badge={badge} label={badgeLabel} />
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
