import type { ReactNode } from "react";
import { Icon, type IconName } from "./icon";

/** Nothing to show yet: an icon, one sentence, and at most one action. */
export function EmptyState({ icon, children, action }: { icon: IconName; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <Icon name={icon} />
      <p>{children}</p>
      {action}
    </div>
  );
}
