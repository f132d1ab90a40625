import type { Badge as BadgeValue } from "@domain/navigation";

/**
 * A count on a navigation item (§4 "unread count shown as badge"): the number up to the limit,
 * a dot above it, nothing at zero. `label` names what is counted for screen readers.
 */
export function Badge({ badge, label }: { badge: BadgeValue; label: string }) {
  if (badge.kind === "none") return null;
  return badge.kind === "count" ? (
    <span className="badge" role="img" aria-label={label}>
      {badge.count}
    </span>
  ) : (
    <span className="badge badge--dot" role="img" aria-label={label} />
  );
}
