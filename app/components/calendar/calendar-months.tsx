import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { IsoDate } from "@domain/dates";
import { addDays } from "@domain/days";
import { ARROW_STEPS, orderedDays, type Month, type Selection } from "@domain/calendar-month";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { calendarFormat } from "./calendar-format";
import { useFollowLink } from "~/lib/follow-link";
import { calendarHref, editHref, type CalendarView } from "./calendar-links";
import { MonthGrid, useMonthDays, type GridDay, type GridEvent } from "./month-grid";
import { FOCUS_PANEL } from "./panel";

/** A range being marked in the browser: where it started and, once chosen, where it ends. */
interface Pending {
  anchor: IsoDate;
  end: IsoDate | null;
}

/** The day of a cell: its table's month (`data-month`) and its date's number (the page's HTML carries no date per cell). */
function dayOf(target: EventTarget | null): IsoDate | null {
  const cell = (target as Element | null)?.closest?.("td");
  const month = cell?.closest<HTMLElement>("table[data-month]")?.dataset.month;
  const number = cell?.querySelector(".cal-day__date")?.textContent;
  return month && number ? `${month}-${number.padStart(2, "0")}` : null;
}

/** The link of a day shown, if any. */
const linkOf = (grid: HTMLElement, date: IsoDate) =>
  [...grid.querySelectorAll<HTMLElement>(`table[data-month="${date.slice(0, 7)}"] a.cal-day__inner`)].find((link) => dayOf(link) === date) ?? null;

/**
 * The months of the unit calendar, and with JavaScript the marking of a range without a page load:
 * drag from a day to another, or with the keyboard (arrow keys move between days, Shift with an
 * arrow marks from where it started, Enter or Space marks the start and then the end, Escape
 * cancels). A range marked so shows in the footer with Cancel and Edit; Edit puts it in the address,
 * as the days' links do without JavaScript (their clicks still mark as the links say). However the
 * days were marked, Edit opens the same panel, that of their price and availability (`editHref`).
 */
export function CalendarMonths({
  months,
  unitId,
  view,
  byDate,
  selection,
  today,
  currency,
  events,
  compact,
  marked,
}: {
  months: Month[];
  unitId: string;
  view: CalendarView;
  byDate: ReadonlyMap<IsoDate, GridDay>;
  selection: Selection | null;
  today: IsoDate;
  currency: string;
  events: readonly GridEvent[];
  compact: boolean;
  marked: { text: string } | null;
}) {
  const { t, i18n } = useTranslation();
  const format = calendarFormat(i18n.language);
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending | null>(null);
  const drag = useRef<{ anchor: IsoDate; moved: boolean } | null>(null);
  const shown: Selection | null = pending ? (pending.end ? orderedDays(pending.anchor, pending.end) : { from: pending.anchor, to: null }) : selection;
  const range = pending?.end ? orderedDays(pending.anchor, pending.end) : null;
  const open = (date: IsoDate) => !(date < today) && byDate.has(date);
  const grid = useRef<HTMLDivElement>(null);
  // The handlers see this render's state: attached again after each render (the days are links, the grid itself is no control).
  useEffect(() => {
    const element = grid.current;
    if (!element) return;
    const handlers = [
      ["pointerdown", onPointerDown],
      ["pointerover", onPointerOver],
      ["pointerup", onPointerUp],
      ["keydown", onKeyDown],
    ] as const;
    for (const [type, handler] of handlers) element.addEventListener(type, handler as EventListener);
    element.addEventListener("click", onClickCapture, true);
    return () => {
      for (const [type, handler] of handlers) element.removeEventListener(type, handler as EventListener);
      element.removeEventListener("click", onClickCapture, true);
    };
  });

  function onPointerDown(event: PointerEvent) {
    const date = dayOf(event.target);
    if (event.button !== 0 || !date || !open(date) || (event.target as Element).closest(".cal-bar")) return;
    drag.current = { anchor: date, moved: false };
  }
  function onPointerOver(event: PointerEvent) {
    const date = dayOf(event.target);
    if (!drag.current || !date || !open(date)) return;
    if (date !== drag.current.anchor) drag.current.moved = true;
    if (drag.current.moved) setPending({ anchor: drag.current.anchor, end: date });
  }
  function onPointerUp() {
    // A drag leaves its range marked; the click that ends it must not follow the day's link.
    if (drag.current && !drag.current.moved) drag.current = null;
  }
  function onClickCapture(event: MouseEvent) {
    const dragged = drag.current?.moved;
    drag.current = null;
    if (dragged) return event.preventDefault();
    // A day's or an event's link is followed without a page load (the cells' links are plain links, see MonthGrid).
    const link = (event.target as Element).closest?.("a.cal-day__inner, a.cal-bar") as HTMLAnchorElement | null;
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const url = new URL(link.href);
    void navigate(url.pathname + url.search, { preventScrollReset: true });
  }
  function onKeyDown(event: KeyboardEvent) {
    const date = dayOf(event.target);
    if (!date) return;
    const step = ARROW_STEPS[event.key];
    if (step) {
      const next = addDays(date, step);
      const link = linkOf(grid.current!, next);
      event.preventDefault();
      if (!link || !open(next)) return;
      link.focus();
      if (event.shiftKey) setPending({ anchor: pending?.anchor ?? date, end: next });
    } else if (event.key === "Enter" || event.key === " ") {
      if (!open(date)) return;
      event.preventDefault();
      setPending(pending && !pending.end ? { anchor: pending.anchor, end: date } : { anchor: date, end: null });
    } else if (event.key === "Escape" && pending) {
      event.preventDefault();
      setPending(null);
    }
  }

  const follow = useFollowLink({ preventScrollReset: true });
  // Edit opens the panel of the marked days (`editHref`), the same however they were marked, and puts the focus in it:
  // the footer's Edit it was on is gone once the range is in the address, or the panel is elsewhere on the page.
  const openPanel = useFollowLink({ preventScrollReset: true, state: FOCUS_PANEL });
  const days = useMonthDays({ unitId, view, byDate, selection: shown, today, currency, events, compact });
  // The footer writes days as the locale abbreviates them: one compact row above the sheet on phones.
  const short = (date: IsoDate) => format.date(date, "medium");
  const footerText = range ? (range.from === range.to ? short(range.from) : t("calendar:range.days", { from: short(range.from), to: short(range.to) })) : pending ? t("calendar:range.chooseEndShort", { from: short(pending.anchor) }) : marked?.text;
  return (
    <>
      <div className="cal-months" ref={grid}>
        {months.map((month) => (
          <MonthGrid key={month} month={month} days={days} />
        ))}
      </div>
      {footerText ? (
        <div className="cal-footer" role="region" aria-label={t("calendar:footer")}>
          <p aria-live="polite">{footerText}</p>
          <div className="button-row">
            {pending ? (
              <button type="button" className={buttonClass({ variant: "ghost" })} onClick={() => setPending(null)}>
                {t("calendar:range.cancel")}
              </button>
            ) : (
              <a className={buttonClass({ variant: "ghost" })} href={calendarHref(unitId, { ...view, selection: null })} onClick={follow} data-discover="true">
                {t("calendar:range.cancel")}
              </a>
            )}
            {range ? (
              <button
                type="button"
                className={buttonClass({ variant: "primary" })}
                onClick={() => {
                  setPending(null);
                  // `editHref`'s address, as the router follows it (no fragment): the range goes into the address.
                  void navigate(calendarHref(unitId, { ...view, selection: range }), { preventScrollReset: true, state: FOCUS_PANEL });
                }}
              >
                {t("calendar:range.edit")}
              </button>
            ) : !pending && selection ? (
              <a className={buttonClass({ variant: "primary" })} href={editHref(unitId, { ...view, selection })} onClick={openPanel} data-discover="true">
                {t("calendar:range.edit")}
              </a>
            ) : null}
          </div>
        </div>
      ) : null}
    </>
  );
}
