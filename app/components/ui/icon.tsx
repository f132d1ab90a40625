import type { IconPath } from "./icons";

export type { IconPath };

/**
 * An icon of `./icons`, stroked with the text colour (the `.icon` rule of app.css: fill, stroke and
 * its width, caps and joins, which every page's markup would otherwise repeat on every icon, each
 * attribute written by the server); decorative unless given a label.
 */
export function Icon({ icon, label, className }: { icon: IconPath; label?: string; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : "icon"}
      viewBox="0 0 24 24"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={icon} />
    </svg>
  );
}
