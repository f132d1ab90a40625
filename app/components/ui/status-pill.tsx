import type { ReactNode } from "react";

/** The tones of §4: rejected and deleted in the danger colour, published in the accent, the rest gray. */
export type PillTone = "primary" | "success" | "warning" | "error" | "info" | "neutral";

export function StatusPill({ tone, title, children }: { tone: PillTone; title?: string; children: ReactNode }) {
  return (
    <span className={tone === "neutral" ? "pill" : `pill pill--${tone}`} title={title}>
      {children}
    </span>
  );
}
