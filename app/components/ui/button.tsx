import type { ButtonHTMLAttributes, ReactNode } from "react";
import { useNavigation } from "react-router";
import { Icon, type IconPath } from "./icon";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";

interface ButtonLook {
  variant?: ButtonVariant;
  size?: "small" | "medium";
  block?: boolean;
}

/** The classes of a button; links that act as buttons use them too. */
export function buttonClass({ variant = "secondary", size = "medium", block = false }: ButtonLook = {}) {
  return ["button", variant !== "secondary" && `button--${variant}`, size === "small" && "button--small", block && "button--block"].filter(Boolean).join(" ");
}

/** True while a form of the page is being sent. */
export function usePending() {
  return useNavigation().state === "submitting";
}

/** A button with an optional icon; while pending it is busy (a spinner) and cannot be pressed twice. A `className` adds to the button's own (a place in a layout). */
export function Button({
  variant,
  className,
  size,
  block,
  icon,
  pending = false,
  children,
  type = "submit",
  disabled,
  ...rest
}: ButtonLook & ButtonHTMLAttributes<HTMLButtonElement> & { icon?: IconPath; pending?: boolean; children: ReactNode }) {
  return (
    <button type={type} className={[buttonClass({ variant, size, block }), className].filter(Boolean).join(" ")} disabled={disabled || pending} aria-busy={pending || undefined} {...rest}>
      {icon && !pending ? <Icon icon={icon} /> : null}
      {children}
    </button>
  );
}
