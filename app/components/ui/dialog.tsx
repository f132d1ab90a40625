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
  return (
    // Its form's events stay its own: React would otherwise bubble them through the component tree
    // to a form that holds the element that opened it.
    <dialog ref={dialog} className={size ? `dialog dialog--${size}` : "dialog"} aria-label={label} onClose={onClose} onSubmit={(event) => event.stopPropagation()} aria-busy={busy}>
      <div className="stack">
        <div className="dialog__close">
          <button type="button" className="button button--small" onClick={() => dialog.current?.close()}>
            {t("dialog.close")}
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
