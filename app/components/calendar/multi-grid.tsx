import { memo, useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent, type PointerEvent } from "react";
import { href, useNavigate } from "react-router";
import { toLanguageTag, type Locale } from "@domain/locales";
import { CELL_STATES, draggedSelection, type CellState, type RowSelection } from "@domain/multi-calendar";
import { useTranslation } from "~/lib/i18n";
import { calendarFormat } from "./calendar-format";
import { multiCalendarHref } from "./multi-href";
import { lanesOf, rowBars, rowHtml, type MultiCalendarRow, type RowEvent, type RowTexts } from "./multi-row-html";
import { keptTexts } from "./kept-texts";

export type { MultiCalendarRow };

interface RowProps {
  row: MultiCalendarRow;
  days: readonly string[];
  today: string;
  /** The range marked on this row (null on every other row, so that they are not drawn again). */
  selection: RowSelection | null;
  /** The range being dragged across this row. */
  dragged: { from: string; to: string } | null;
  base: string;
  price: Intl.NumberFormat;
  texts: RowTexts;
}

/**
 * One unit's row, its cells written as HTML (`rowHtml`): links followed without JavaScript, handled by
 * the grid with it. A row with bars (its pending requests and inquiries) is as tall as its lanes need.
 */
const Row = memo(function Row({ row, days, today, selection, dragged, base, price, texts }: RowProps) {
  const bars = rowBars(row, days);
  const lanes = lanesOf(bars);
  const html = rowHtml({ row, days, today, selection, dragged, base, unitHref: href("/calendar/:unitId", { unitId: row.id }), price, texts, bars });
  return <tr data-unit={row.id} className={lanes ? "has-bars" : undefined} style={lanes > 1 ? ({ "--lanes": lanes } as CSSProperties) : undefined} dangerouslySetInnerHTML={{ __html: html }} />;
});

interface GridFormats {
  price: Intl.NumberFormat;
  weekday: Intl.DateTimeFormat;
  month: Intl.DateTimeFormat;
  long: Intl.DateTimeFormat;
}

/** The grid's formatters, made once per language and kept: making an `Intl` formatter costs far more than using one. */
const kept = new Map<string, GridFormats>();
function formatsFor(tag: string): GridFormats {
  let formats = kept.get(tag);
  if (!formats) {
    formats = {
      price: new Intl.NumberFormat(tag, { maximumFractionDigits: 2 }),
      weekday: new Intl.DateTimeFormat(tag, { weekday: "short", timeZone: "UTC" }),
      month: new Intl.DateTimeFormat(tag, { month: "short", timeZone: "UTC" }),
      long: new Intl.DateTimeFormat(tag, { dateStyle: "full", timeZone: "UTC" }),
    };
    kept.set(tag, formats);
  }
  return formats;
}

const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** The sources drawn as bars, as the legend lists them (those on the page). */
const BAR_SOURCES = ["booking_request", "inquiry"] as const satisfies readonly RowEvent["source"][];

/** A day as one of the grid's formatters writes it, kept per formatter (the same 31 columns on every page). Bounded. */
const dayTexts = keptTexts<Intl.DateTimeFormat, string>(2000);
const dayText = (format: Intl.DateTimeFormat, day: string) => dayTexts(format, day, () => format.format(dateOf(day)));

/** A day cell's link (its first child; a past day's is text), not a bar's. */
const dayLinkOf = (cell: HTMLTableCellElement | null | undefined) => (cell?.firstElementChild instanceof HTMLAnchorElement ? cell.firstElementChild : null);

/** The day cell an event happened in (its column gives the day), and the row's unit. */
function dayCellOf(target: EventTarget | null, days: readonly string[]): { unitId: string; day: string } | null {
  const cell = target instanceof Element ? target.closest("td") : null;
  const unitId = cell?.closest("tr")?.dataset.unit;
  const day = dayLinkOf(cell) ? days[cell!.cellIndex - 1] : undefined;
  return unitId && day ? { unitId, day } : null;
}

/**
 * The multi-unit calendar's grid: a table with a row per unit (its header links to the unit's
 * calendar) and a column per day, the first column sticky and the table scrolling sideways inside
 * its frame. A cell's link marks where a range starts, the next on the same row where it ends;
 * with a mouse or a pen a range is also dragged across a row, and with the keyboard the arrow keys
 * move between cells and Shift with Left or Right marks a range on a row.
 */
export function MultiCalendarGrid({
  rows,
  days,
  today,
  currency,
  selection,
  start,
  page,
}: {
  rows: readonly MultiCalendarRow[];
  days: readonly string[];
  today: string;
  currency: string;
  selection: RowSelection | null;
  start: string;
  page: number;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const formats = formatsFor(toLanguageTag(i18n.language as Locale));
  const texts = useMemo<RowTexts>(() => {
    // The bars' words are the unit calendar's (its `useMonthWords`): the guest and the source, the nights from the first to the morning after the last.
    const date = calendarFormat(i18n.language).date;
    const source = (event: RowEvent) => t(`calendar:source.${event.source}`);
    return {
      states: Object.fromEntries(CELL_STATES.map((s) => [s, t(`multicalendar:state.${s}`)])) as Record<CellState, string>,
      today: t("multicalendar:cell.today"),
      selected: t("multicalendar:cell.selected"),
      untitled: t("multicalendar:untitled"),
      paused: t("multicalendar:calendarPaused"),
      named: (event) => (event.guest ? `${event.guest}, ${source(event)}` : source(event)),
      nights: (event) => t("calendar:range.nights", { from: date(event.dateFrom), to: date(event.dateTo) }),
    };
  }, [t, i18n.language]);

  // Dragging across a row: where it started and where the pointer is now. The rows are drawn again
  // only once the pointer reaches another day: a press and release on one cell stays a click on its link.
  const [drag, setDrag] = useState<{ unitId: string; from: string; to: string } | null>(null);
  const dragRef = useRef<{ unitId: string; from: string; to: string } | null>(null);
  const dragged = useRef(false);
  const ends = useRef<(() => void) | null>(null);
  useEffect(() => () => ends.current?.(), []);

  function onPointerDown(event: PointerEvent<HTMLTableSectionElement>) {
    // A bar is a link to its event: pressed, it is followed, not dragged from.
    if (event.pointerType === "touch" || event.button !== 0 || (event.target instanceof Element && event.target.closest(".mcal-bar"))) return;
    const cell = dayCellOf(event.target, days);
    dragged.current = false;
    if (!cell) return;
    dragRef.current = { unitId: cell.unitId, from: cell.day, to: cell.day };
    const stop = () => {
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", stop);
      ends.current = null;
      dragRef.current = null;
      setDrag(null);
    };
    const end = () => {
      const current = dragRef.current;
      stop();
      if (!current || current.from === current.to) return;
      // A range was dragged: mark it, and let the click that may follow the release do nothing.
      dragged.current = true;
      void navigate(multiCalendarHref({ start, page, selection: draggedSelection(current.unitId, current.from, current.to) }), { preventScrollReset: true });
    };
    ends.current = stop;
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", stop);
  }
  function onPointerOver(event: PointerEvent<HTMLTableSectionElement>) {
    const current = dragRef.current;
    if (!current) return;
    const day = dayCellOf(event.target, days)?.day;
    if (!day || day === current.to) return;
    dragRef.current = { ...current, to: day };
    setDrag(dragRef.current);
  }
  // The keyboard (the cells are links, Tab reaches them): the arrow keys move between cells, to the
  // day before or after on the row and to the same day on the row above or below; Shift with Left or
  // Right marks from the cell where it started, and letting Shift go marks that range, as a drag does.
  const keyMarking = useRef<{ unitId: string; from: string; to: string } | null>(null);
  const focusAfterDraw = useRef<{ unitId: string; day: string } | null>(null);
  const tbody = useRef<HTMLTableSectionElement>(null);
  const cellLink = (unitId: string, day: string) => {
    const index = days.indexOf(day);
    const row = [...(tbody.current?.rows ?? [])].find((r) => r.dataset.unit === unitId);
    return index < 0 ? null : dayLinkOf(row?.cells[index + 1]);
  };
  useEffect(() => {
    // A row drawn again (a marked range) replaces its links: the focus goes back to the cell it was on.
    const target = focusAfterDraw.current;
    if (!target) return;
    focusAfterDraw.current = null;
    cellLink(target.unitId, target.day)?.focus();
  });
  function onKeyDown(event: KeyboardEvent<HTMLTableSectionElement>) {
    const cell = dayCellOf(event.target, days);
    if (!cell) return;
    const across = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    const down = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
    if (!across && !down) return;
    event.preventDefault();
    const rowIndex = rows.findIndex((r) => r.id === cell.unitId);
    const unitId = down ? rows[rowIndex + down]?.id : cell.unitId;
    const day = across ? days[days.indexOf(cell.day) + across] : cell.day;
    const link = unitId && day ? cellLink(unitId, day) : null;
    if (!link || !unitId || !day) return;
    if (event.shiftKey && across) {
      const from = keyMarking.current?.unitId === unitId ? keyMarking.current.from : cell.day;
      keyMarking.current = { unitId, from, to: day };
      focusAfterDraw.current = { unitId, day };
      setDrag(keyMarking.current);
    }
    link.focus();
  }
  function onKeyUp(event: KeyboardEvent<HTMLTableSectionElement>) {
    const marked = keyMarking.current;
    if (event.key !== "Shift" || !marked) return;
    keyMarking.current = null;
    setDrag(null);
    if (marked.from === marked.to) return;
    focusAfterDraw.current = { unitId: marked.unitId, day: marked.to };
    void navigate(multiCalendarHref({ start, page, selection: draggedSelection(marked.unitId, marked.from, marked.to) }), { preventScrollReset: true });
  }
  function onClick(event: MouseEvent<HTMLTableSectionElement>) {
    if (dragged.current) {
      dragged.current = false;
      event.preventDefault();
      return;
    }
    // The rows' links (written as HTML, not router links): followed in the app, keeping the scroll for a cell's.
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const to = new URL(link.href);
    // A day's link keeps the grid where it is; a unit's or a bar's opens another page.
    void navigate(`${to.pathname}${to.search}`, { preventScrollReset: link.closest("td") !== null && !link.classList.contains("mcal-bar") });
  }

  const base = multiCalendarHref({ start, page, selection: null });
  const draggedRange = drag ? (drag.from <= drag.to ? { from: drag.from, to: drag.to } : { from: drag.to, to: drag.from }) : null;
  return (
    <>
      <div className="mcal-scroll" role="region" aria-labelledby="mcal-caption">
        <table className="mcal">
          <caption id="mcal-caption">
            {t("multicalendar:caption", { currency, from: dayText(formats.long, days[0]!), to: dayText(formats.long, days.at(-1)!) })}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="mcal-corner">
                {t("multicalendar:unitColumn")}
              </th>
              {days.map((day, i) => {
                const date = dateOf(day);
                const dayOfMonth = date.getUTCDate();
                const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
                return (
                  <th key={day} scope="col" abbr={dayText(formats.long, day)} className={`mcal-day${weekend ? " mcal-day--weekend" : ""}${day === today ? " mcal-day--today" : ""}`}>
                    <span className="mcal-day__weekday">{dayText(formats.weekday, day)}</span>
                    <span className="mcal-day__number">{dayOfMonth}</span>
                    {i === 0 || dayOfMonth === 1 ? <span className="mcal-day__month">{dayText(formats.month, day)}</span> : null}
                    {day === today ? <span className="visually-hidden">{`, ${texts.today}`}</span> : null}
                  </th>
                );
              })}
            </tr>
          </thead>
          {/* The rows' clicks, drags and arrow keys are handled here once, for every cell link (Enter follows a link itself). */}
          {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
          <tbody ref={tbody} onPointerDown={onPointerDown} onPointerOver={onPointerOver} onClick={onClick} onKeyDown={onKeyDown} onKeyUp={onKeyUp} onDragStart={(event) => event.preventDefault()}>
            {rows.map((row) => (
              <Row
                key={row.id}
                row={row}
                days={days}
                today={row.today ?? today}
                selection={selection?.unitId === row.id ? selection : null}
                dragged={drag?.unitId === row.id ? draggedRange : null}
                base={base}
                price={formats.price}
                texts={texts}
              />
            ))}
          </tbody>
        </table>
      </div>
      <ul className="mcal-legend" aria-label={t("multicalendar:legend")}>
        {CELL_STATES.map((state) => (
          <li key={state}>
            <span className={`mcal-legend__swatch s-${state}`} aria-hidden="true" />
            {texts.states[state]}
          </li>
        ))}
        {BAR_SOURCES.filter((source) => rows.some((row) => row.events?.some((event) => event.source === source))).map((source) => (
          <li key={source}>
            <span className={`mcal-legend__swatch mcal-bar--${source}`} aria-hidden="true" />
            {t(`calendar:source.${source}`)}
          </li>
        ))}
      </ul>
    </>
  );
}
