import type { IconPath } from "./icons";

export type { IconPath };

/** An icon of `./icons`, stroked with the text colour; decorative unless given a label. */
export function Icon({ icon, label, className }: { icon: IconPath; label?: string; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : "icon"}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={icon} />
    </svg>
  );
}
