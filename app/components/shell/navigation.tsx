import { useTranslation } from "~/lib/i18n";
import { Link, useLocation } from "react-router";
import { badgeFor, isActive, navigationItems, type NavigationInput, type NavigationItemId } from "@domain/navigation";
import { useLiveInboxCount } from "~/components/messages/inbox-count";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/icons";

const itemIcons: Record<NavigationItemId, icons.IconPath> = {
  overview: icons.home,
  inbox: icons.inbox,
  calendar: icons.calendar,
  bookings: icons.bookings,
  inquiries: icons.inquiries,
  properties: icons.properties,
  statistics: icons.statistics,
};

export function Navigation({ user, pendingRequests, unreadConversations = 0, liveInbox = false }: { user: NavigationInput; pendingRequests: number; unreadConversations?: number; liveInbox?: boolean }) {
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
          const badgeLabel =
            item.id === "inbox"
              ? badge.kind === "count"
                ? t("nav.unreadConversations", { count: badge.count })
                : t("nav.manyUnreadConversations")
              : badge.kind === "count"
                ? t("nav.pendingRequests", { count: badge.count })
                : t("nav.manyPendingRequests");
          // A plain Link: the item is current by the navigation's own rule (a booking's page is the
          // Bookings item's), which NavLink would override with its match of the item's address.
          return (
            <li key={item.id}>
              <Link
                to={item.href}
                className={active ? "nav__link nav__link--active" : "nav__link"}
                aria-current={active ? "page" : undefined}
                data-nav={item.id}
              >
                <Icon icon={itemIcons[item.id]} />
                <span className="nav__label">{t(`nav.${item.id}`)}</span>
                <Badge badge={badge} label={badgeLabel} />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
