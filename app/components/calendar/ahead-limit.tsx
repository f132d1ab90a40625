import { useEffect, useRef } from "react";
import { MONTHS_AHEAD } from "@domain/calendar-month";
import { useTranslation } from "~/lib/i18n";

/**
 * Why the calendar goes no further: at the last month a host can reach (twelve months ahead), the
 * paging's "Next" is gone and this says so in the page, for everyone and for screen readers. With
 * JavaScript, following "Next" to that month takes away the link that had the focus: the focus then
 * moves here (not to the page's start), so that the next thing a keyboard or screen reader meets is
 * the reason. Rendered on every view of the page (null before the limit), so that it knows the limit
 * was reached by a move rather than on arrival, when the focus stays where the browser puts it.
 */
export function AheadLimit({ reached }: { reached: boolean }) {
  const { t } = useTranslation();
  const note = useRef<HTMLParagraphElement>(null);
  const before = useRef(reached);
  useEffect(() => {
    const moved = reached && !before.current;
    before.current = reached;
    if (moved && (document.activeElement === null || document.activeElement === document.body)) note.current?.focus();
  }, [reached]);
  if (!reached) return null;
  return (
    <p ref={note} tabIndex={-1} className="muted">
      {t("calendar:aheadLimit", { count: MONTHS_AHEAD })}
    </p>
  );
}
