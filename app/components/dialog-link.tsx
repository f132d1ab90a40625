import type { ReactNode } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "~/lib/i18n";
import { Link, useFetcher } from "react-router";
import { Dialog, useDialogOpening } from "~/components/ui/dialog";

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
  const dialog = useDialogOpening();
  return (
    <>
      <Link
        to={to}
        className={className}
        onClick={(event) => {
          if (dialog.onClick(event)) void loader.load(to);
        }}
      >
        {children}
      </Link>
      {dialog.key !== null
        ? // In the body, not inside whatever form holds the link.
          createPortal(
            <Dialog key={dialog.key} label={titleOf(loader.data) ?? t("dialog.loading")} onClose={dialog.onClose} busy={loader.state !== "idle"}>
              {loader.data && loader.state === "idle" ? render(loader.data) : <p role="status">{t("dialog.loading")}</p>}
            </Dialog>,
            document.body,
          )
        : null}
    </>
  );
}
