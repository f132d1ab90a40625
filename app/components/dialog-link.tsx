import { useState, type MouseEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "~/lib/i18n";
import { Link, useFetcher, useLocation } from "react-router";
import { Dialog } from "~/components/ui/dialog";

/** What a route's loader gives a fetcher, as the route's own component would see it. */
type Loaded<Loader> = NonNullable<ReturnType<typeof useFetcher<Loader>>["data"]>;

interface DialogLinkProps<Loader> {
  /** A page of its own: where the link leads without JavaScript, and whose loader fills the dialog. */
  to: string;
  children: ReactNode;
  className?: string;
  /** The dialog's content once the page's loader (typed by `typeof loader`) answered. */
  render: (data: Loaded<Loader>) => ReactNode;
}

/** The title a page's loader gives its document (every page's loader does): the dialog's name. */
function titleOf(data: unknown) {
  return typeof data === "object" && data !== null && "title" in data && typeof data.title === "string" ? data.title : undefined;
}

/**
 * A link to a form page that, with JavaScript, opens the same form in a modal dialog over the
 * current page (§2 "Modals"). The dialog closes when its form leads somewhere (the page's action
 * redirects back), when the host presses Escape or the close button.
 */
export function DialogLink<Loader>({ to, children, className, render }: DialogLinkProps<Loader>) {
  const { t } = useTranslation();
  const loader = useFetcher<Loader>();
  const location = useLocation();
  // Open on the page where it was opened: a completed form redirects, which is a new location, so
  // the dialog has done its work and closes.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const close = () => setOpenAt(null);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpenAt(location.key);
    void loader.load(to);
  };

  return (
    <>
      <Link to={to} className={className} onClick={onClick}>
        {children}
      </Link>
      {open
        ? // In the body, not inside whatever form holds the link.
          createPortal(
            <Dialog label={titleOf(loader.data) ?? t("dialog.loading")} onClose={close} busy={loader.state !== "idle"}>
              {loader.data && loader.state === "idle" ? render(loader.data) : <p role="status">{t("dialog.loading")}</p>}
            </Dialog>,
            document.body,
          )
        : null}
    </>
  );
}
