import type { ReactNode } from "react";
import { Icon } from "./icon";

export type BannerTone = "info" | "success" | "warning" | "error";

/** A message across the page: an icon of its tone, then the content (a heading, a sentence, one action). */
export function Banner({ tone, role, labelledBy, children }: { tone: BannerTone; role?: "status" | "alert"; labelledBy?: string; children: ReactNode }) {
  return (
    <section className={`banner banner--${tone}`} role={role} aria-labelledby={labelledBy}>
      <Icon name={tone} />
      <div className="banner__body">{children}</div>
    </section>
  );
}
