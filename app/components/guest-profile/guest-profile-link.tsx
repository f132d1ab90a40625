import { lazy, Suspense, useState, type MouseEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { href, Link, useLocation } from "react-router";
import type { GuestProfileStep } from "@domain/guest-profile";

// The flow's code comes when a host opens it: the pages that link to it do not pay for it on first load.
const GuestProfileDialog = lazy(() => import("./guest-profile-dialog"));

const stepHref = (step: GuestProfileStep) => href("/guest-profile/:step", { step });

/**
 * A link into the ideal-guest flow (§2 Guest). Without JavaScript it leads to the flow's pages. With
 * JavaScript it opens the flow in a modal dialog of 688 × 569 over the current page: each step comes
 * from its page's loader and posts to its page's action (which then answers the next step instead
 * of redirecting); discard or Escape closes it all; the last step saves, closes it and comes back to
 * this page with the toast. The page needs the `guestProfile` translations.
 */
export function GuestProfileLink({ step: first = "introduction", className, children }: { step?: GuestProfileStep; className?: string; children: ReactNode }) {
  const location = useLocation();
  // Open on the page where it was opened: the last step redirects back, a new location, which closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpenAt(location.key);
  };
  return (
    <>
      <Link to={stepHref(first)} className={className} onClick={onClick}>
        {children}
      </Link>
      {openAt === location.key
        ? createPortal(
            <Suspense fallback={null}>
              <GuestProfileDialog first={first} returnTo={location.pathname + location.search} onClose={() => setOpenAt(null)} />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}

