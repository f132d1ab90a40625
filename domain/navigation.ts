/**
 * Which top-navigation items a host sees (§2 "Home and navigation", §6). Pure, so that the web
 * shell and its tests agree on one rule.
 */
export interface NavigationInput {
  role: "host" | "staff";
  commissionApplicable: boolean;
  subscriptionApplicable: boolean;
  bookingsAvailable: boolean;
  inquiriesAvailable: boolean;
  appFeatures: readonly string[];
}

export type NavigationItemId =
  | "overview"
  | "inbox"
  | "calendar"
  | "bookings"
  | "inquiries"
  | "properties"
  | "statistics";

export interface NavigationItem {
  id: NavigationItemId;
  href: string;
  /** Route prefixes under which the item is highlighted. */
  activeOn: string[];
}

export function navigationItems(user: NavigationInput): NavigationItem[] {
  const items: NavigationItem[] = [];
  if (user.appFeatures.includes("overview")) items.push({ id: "overview", href: "/home", activeOn: ["/home"] });
  if (user.commissionApplicable) items.push({ id: "inbox", href: "/messages", activeOn: ["/messages"] });
  items.push({ id: "calendar", href: "/calendar", activeOn: ["/calendar"] });
  if (user.bookingsAvailable) {
    items.push({
      id: "bookings",
      href: "/bookings/upcoming",
      activeOn: ["/bookings", "/booking-details", "/booking-request-details", "/booking-request-confirmation"],
    });
  }
  if (user.subscriptionApplicable && (user.inquiriesAvailable || user.role === "staff")) {
    items.push({ id: "inquiries", href: "/inquiries", activeOn: ["/inquiries"] });
  }
  items.push({ id: "properties", href: "/properties", activeOn: ["/properties"] });
  items.push({ id: "statistics", href: statisticsHref(user), activeOn: ["/insights"] });
  return items;
}

/** Statistics opens the earnings page when the host has earnings, otherwise performance (§2). */
export function statisticsHref(user: Pick<NavigationInput, "commissionApplicable" | "appFeatures">): string {
  return user.commissionApplicable && user.appFeatures.includes("earnings")
    ? "/insights/earnings"
    : "/insights/performance";
}

export function isActive(item: NavigationItem, pathname: string): boolean {
  return item.activeOn.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** A dot badge shows its count only when the count is 10 or less (§5, §9). */
export const DOT_BADGE_LIMIT = 10;
export type Badge = { kind: "none" } | { kind: "dot" } | { kind: "count"; count: number };
export function badgeFor(count: number): Badge {
  if (count <= 0) return { kind: "none" };
  return count <= DOT_BADGE_LIMIT ? { kind: "count", count } : { kind: "dot" };
}
