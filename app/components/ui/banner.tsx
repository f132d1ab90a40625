import type { ReactNode } from "react";
import { Icon } from "./icon";
import * as icons from "~/components/ui/icons";

export type BannerTone = "info" | "success" | "warning" | "error";

const toneIcons: Record<BannerTone, icons.IconPath> = { info: icons.info, success: icons.success, warning: icons.warning, error: icons.error };

/** A message across the page: an icon of its tone, then the content (a heading, a sentence, one action). */
export function Banner({ tone, role, labelledBy, children }: { tone: BannerTone; role?: "status" | "alert"; labelledBy?: string; children: ReactNode }) {
  return (
    <section className={`banner banner--${tone}`} role={role} aria-labelledby={labelledBy}>
      <Icon icon={toneIcons[tone]} />
      <div className="banner__body">{children}</div>
    </section>
  );
}
