import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n";

/**
 * A modal dialog over the page, opened with JavaScript only (without it the same content is a page
 * of its own, see DialogLink). The browser's modal `<dialog>` keeps the keyboard inside it, returns
 * focus to what opened it on closing (Escape or the close button, which comes first). `label` names
 * it for screen readers: the title of the page it stands for. `size`: the spec's wider modals (688 wide;
 * `flow`, the ideal-guest flow, also 569 high).
 */
export function Dialog({ label, onClose, busy = false, size, children }: { label: string; onClose: () => void; busy?: boolean; size?: "wide" | "flow"; children: ReactNode }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  // The owner is told at once, and once: the browser's close event comes a task after the dialog
  // closed, when the keyboard may already have opened it again from its link (Escape, then Enter),
  // and would close that opening. Escape (its cancel event) and the close button close it here and
  // tell; the close event tells only of another way (a form of method "dialog"). Closed before the
  // owner removes it, it gives the focus back to what opened it.
  const told = useRef(false);
  const tell = () => {
    if (told.current) return;
    told.current = true;
    onClose();
  };
  return (
    // Its form's events stay its own: React would otherwise bubble them through the component tree
    // to a form that holds the element that opened it.
    <dialog
      ref={dialog}
      className={size ? `dialog dialog--${size}` : "dialog"}
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault();
        dialog.current?.close();
        tell();
      }}
      onClose={tell}
      onSubmit={(event) => event.stopPropagation()}
      aria-busy={busy}
    >
      <div className="stack">
        <div className="dialog__close">
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              dialog.current?.close();
              tell();
            }}
          >
            {t("dialog.close")}
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

/**
 * A modal dialog that is open from the first paint, for what opens by itself (the welcome tour): the
 * server renders it open, styled as the modal it becomes, so nothing moves when the script runs and
 * makes it modal (the keyboard inside it, Escape closes it). Its close button is a form that posts
 * `closeFields` to `closeAction`: without JavaScript that closes it (the action redirects back); with
 * it the dialog closes in place and `onClose` runs, as for Escape.
 */
export function OpenDialog({ label, onClose, size, closeAction, closeFields, children }: { label: string; onClose: () => void; size?: "wide"; closeAction: string; closeFields: Record<string, string>; children: ReactNode }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const upgrading = useRef(false);
  useEffect(() => {
    const element = dialog.current;
    if (!element?.open) return;
    let modal = false;
    try {
      modal = element.matches(":modal");
    } catch {
      // A browser without :modal: made modal all the same.
    }
    if (modal) return;
    // From open to modal in one task: the browser paints it once, where it already was.
    upgrading.current = true;
    element.close();
    element.showModal();
    upgrading.current = false;
  }, []);
  return (
    <dialog
      ref={dialog}
      open
      className={size ? `dialog dialog--open dialog--${size}` : "dialog dialog--open"}
      aria-label={label}
      // The close of the upgrade above is not the host's (its event may come after it, the dialog open again).
      onClose={(event) => {
        if (upgrading.current || event.currentTarget.open) return;
        onClose();
      }}
      onSubmit={(event) => event.stopPropagation()}
    >
      <div className="stack">
        <form
          method="post"
          action={closeAction}
          className="dialog__close"
          onSubmit={(event) => {
            event.preventDefault();
            dialog.current?.close();
          }}
        >
          {Object.entries(closeFields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="button button--small">
            {t("dialog.close")}
          </button>
        </form>
        {children}
      </div>
    </dialog>
  );
}
