import { useEffect, useRef, type ReactNode } from "react";
import { useLocation, useNavigation, useOutletContext } from "react-router";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { calendarFormat } from "./calendar-format";
import type { CalendarOutlet } from "./use-calendar";

/** What the unit calendar hands its panels (see CalendarOutlet). */
export const useCalendar = () => useOutletContext<CalendarOutlet>();

/**
 * The history state of a navigation that opens a panel for the host to work in (the footer's Edit):
 * the panel it leads to takes the keyboard focus, instead of leaving it on the page's body once the
 * control that was followed has gone.
 */
export const FOCUS_PANEL = { focus: "panel" } as const;

/**
 * A sidebar panel: a card with its heading; `id` names it for the heading's landmark. Reached with
 * `FOCUS_PANEL`, its heading takes the focus (screen readers say which panel opened, and Tab goes on
 * to its fields).
 */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  useEffect(() => {
    // Once per navigation (a location of its own), not on every render of the panel.
    if ((location.state as typeof FOCUS_PANEL | null)?.focus === FOCUS_PANEL.focus) heading.current?.focus();
  }, [location]);
  return (
    <section className="card stack cal-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The marked days as words: "December 10, 2026" or "December 10, 2026 to December 12, 2026". */
export function useRangeText() {
  const { t, i18n } = useTranslation();
  const format = calendarFormat(i18n.language);
  return (range: { from: string; to: string }) => (range.from === range.to ? format.date(range.from) : t("calendar:range.days", { from: format.date(range.from), to: format.date(range.to) }));
}

/** The marked days a panel's form acts on, sent with it. */
export function MarkedFields({ from, to }: { from: string; to: string }) {
  return (
    <>
      <input type="hidden" name="from" value={from} />
      <input type="hidden" name="to" value={to} />
    </>
  );
}

/** The button a form was sent with is the one that shows it is busy. */
export function IntentButton({ intent, variant = "secondary", children }: { intent: string; variant?: "primary" | "secondary" | "danger"; children: string }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button name="intent" value={intent} variant={variant} pending={pending}>
      {children}
    </Button>
  );
}
