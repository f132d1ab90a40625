import type { ReactNode } from "react";
import { Icon, type IconPath } from "./icon";

/** Nothing to show yet: an icon, one sentence, and at most one action. */
export function EmptyState({ icon, children, action }: { icon: IconPath; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <Icon icon={icon} />
      <p>{children}</p>
      {action}
    </div>
  );
}
