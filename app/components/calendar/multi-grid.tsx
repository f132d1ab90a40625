import { memo, useEffect, useMemo, useRef, useState, type MouseEvent, type PointerEvent } from "react";
import { href, Link, useNavigate } from "react-router";
import { toLanguageTag, type Locale } from "@domain/locales";
import { CELL_STATES, draggedSelection, isMarked, rowSelectionAfterClick, type CellState, type RowSelection } from "@domain/multi-calendar";
import { useTranslation } from "~/lib/i18n";
import { multiCalendarHref } from "./multi-href";

/** A unit's row: its titles and, per day shown, its price (minor units) and what the day is. */
export interface MultiCalendarRow {
  id: string;
  title: string;
  propertyTitle: string;
  /** The unit's whole calendar is paused. */
  paused: boolean;
  prices: (number | null)[];
  states: CellState[];
}

interface Texts {
  states: Record<CellState, string>;
  today: string;
  selected: string;
  untitled: string;
  paused: string;
}

interface RowProps {
  row: MultiCalendarRow;
  days: readonly string[];
  today: string;
  /** The range marked on this row (null on every other row, so that they are not drawn again). */
  selection: RowSelection | null;
  /** The range being dragged across this row. */
  dragged: { from: string; to: string } | null;
  start: string;
  page: number;
  price: Intl.NumberFormat;
  texts: Texts;
}

/**
 * One unit's row. Cells are plain links (a page of 50 units has 1,550 of them, so no router Link
 * each): the grid handles their clicks in one place, and without JavaScript they are followed.
 */
const Row = memo(function Row({ row, days, today, selection, dragged, start, page, price, texts }: RowProps) {
  return (
    <tr data-unit={row.id}>
      <th scope="row" className="mcal-unit">
        <Link className="mcal-unit__title" to={href("/calendar/:unitId", { unitId: row.id })}>
          {row.title || texts.untitled}
        </Link>
        {row.propertyTitle && row.propertyTitle !== row.title ? <span className="mcal-unit__property">{row.propertyTitle}</span> : null}
        {row.paused ? <span className="mcal-unit__paused">{texts.paused}</span> : null}
      </th>
      {days.map((day, i) => {
        const state = row.states[i] ?? "noPrice";
        const amount = row.prices[i];
        const marked = isMarked(selection, row.id, day);
        const inDrag = dragged !== null && dragged.from <= day && day <= dragged.to;
        const past = day < today;
        let className = `mcal-cell mcal-cell--${state}`;
        if (marked || inDrag) className += " mcal-cell--marked";
        if (day === today) className += " mcal-cell--today";
        if (past) className += " mcal-cell--past";
        const content = (
          <>
            {amount == null ? "–" : price.format(amount / 100)}
            <span className="visually-hidden">
              {`, ${texts.states[state]}`}
              {day === today ? `, ${texts.today}` : ""}
              {marked ? `, ${texts.selected}` : ""}
            </span>
          </>
        );
        return (
          <td key={day} className={className}>
            {past ? (
              <span className="mcal-cell__inner">{content}</span>
            ) : (
              <a className="mcal-cell__inner" href={multiCalendarHref({ start, page, selection: rowSelectionAfterClick(selection, row.id, day) })} data-day={day} draggable={false}>
                {content}
              </a>
            )}
          </td>
        );
      })}
    </tr>
  );
});

const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

function cellOf(target: EventTarget | null): { unitId: string; day: string; link: HTMLAnchorElement } | null {
  const link = target instanceof Element ? target.closest<HTMLAnchorElement>("a[data-day]") : null;
  const unitId = link?.closest("tr")?.dataset.unit;
  return link && unitId ? { unitId, day: link.dataset.day!, link } : null;
}

/**
 * The multi-unit calendar's grid: a table with a row per unit (its header links to the unit's
 * calendar) and a column per day, the first column sticky and the table scrolling sideways inside
 * its frame. A cell's link marks where a range starts, the next on the same row where it ends;
 * with a mouse or a pen a range is also dragged across a row.
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
  const tag = toLanguageTag(i18n.language as Locale);
  const formats = useMemo(
    () => ({
      price: new Intl.NumberFormat(tag, { maximumFractionDigits: 2 }),
      weekday: new Intl.DateTimeFormat(tag, { weekday: "short", timeZone: "UTC" }),
      month: new Intl.DateTimeFormat(tag, { month: "short", timeZone: "UTC" }),
      long: new Intl.DateTimeFormat(tag, { dateStyle: "full", timeZone: "UTC" }),
    }),
    [tag],
  );
  const texts = useMemo<Texts>(
    () => ({
      states: Object.fromEntries(CELL_STATES.map((s) => [s, t(`multicalendar:state.${s}`)])) as Record<CellState, string>,
      today: t("multicalendar:cell.today"),
      selected: t("multicalendar:cell.selected"),
      untitled: t("multicalendar:untitled"),
      paused: t("multicalendar:calendarPaused"),
    }),
    [t],
  );

  // Dragging across a row: where it started and where the pointer is now.
  const [drag, setDrag] = useState<{ unitId: string; from: string; to: string } | null>(null);
  const dragRef = useRef(drag);
  const moveDrag = (next: typeof drag) => {
    dragRef.current = next;
    setDrag(next);
  };
  const dragged = useRef(false);
  const dragging = drag !== null;
  useEffect(() => {
    if (!dragging) return;
    const end = () => {
      const current = dragRef.current;
      dragRef.current = null;
      setDrag(null);
      if (!current || current.from === current.to) return;
      // A range was dragged: mark it, and let the click that follows the release do nothing.
      dragged.current = true;
      void navigate(multiCalendarHref({ start, page, selection: draggedSelection(current.unitId, current.from, current.to) }), { preventScrollReset: true });
    };
    const cancel = () => {
      dragRef.current = null;
      setDrag(null);
    };
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", cancel);
    return () => {
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", cancel);
    };
  }, [dragging, navigate, start, page]);

  function onPointerDown(event: PointerEvent<HTMLTableSectionElement>) {
    if (event.pointerType === "touch" || event.button !== 0) return;
    const cell = cellOf(event.target);
    dragged.current = false;
    if (cell) moveDrag({ unitId: cell.unitId, from: cell.day, to: cell.day });
  }
  function onPointerOver(event: PointerEvent<HTMLTableSectionElement>) {
    const current = dragRef.current;
    if (!current) return;
    const day = (event.target instanceof Element ? event.target.closest<HTMLElement>("[data-day]") : null)?.dataset.day;
    if (day && day !== current.to) moveDrag({ ...current, to: day });
  }
  function onClick(event: MouseEvent<HTMLTableSectionElement>) {
    const cell = cellOf(event.target);
    if (dragged.current) {
      dragged.current = false;
      event.preventDefault();
      return;
    }
    if (!cell || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(cell.link.getAttribute("href")!, { preventScrollReset: true });
  }

  const draggedRange = drag ? (drag.from <= drag.to ? { from: drag.from, to: drag.to } : { from: drag.to, to: drag.from }) : null;
  return (
    <>
      <div className="mcal-scroll" role="region" aria-labelledby="mcal-caption">
        <table className="mcal">
          <caption id="mcal-caption">
            {t("multicalendar:caption", { currency, from: formats.long.format(dateOf(days[0]!)), to: formats.long.format(dateOf(days.at(-1)!)) })}
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
                  <th key={day} scope="col" abbr={formats.long.format(date)} className={`mcal-day${weekend ? " mcal-day--weekend" : ""}${day === today ? " mcal-day--today" : ""}`}>
                    <span className="mcal-day__weekday">{formats.weekday.format(date)}</span>
                    <span className="mcal-day__number">{dayOfMonth}</span>
                    {i === 0 || dayOfMonth === 1 ? <span className="mcal-day__month">{formats.month.format(date)}</span> : null}
                    {day === today ? <span className="visually-hidden">{`, ${texts.today}`}</span> : null}
                  </th>
                );
              })}
            </tr>
          </thead>
          {/* The rows' clicks and drags are handled here once, for every cell link (keyboard: the links themselves). */}
          {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/click-events-have-key-events */}
          <tbody onPointerDown={onPointerDown} onPointerOver={onPointerOver} onClick={onClick} onDragStart={(event) => event.preventDefault()}>
            {rows.map((row) => (
              <Row
                key={row.id}
                row={row}
                days={days}
                today={today}
                selection={selection?.unitId === row.id ? selection : null}
                dragged={drag?.unitId === row.id ? draggedRange : null}
                start={start}
                page={page}
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
            <span className={`mcal-legend__swatch mcal-cell--${state}`} aria-hidden="true" />
            {texts.states[state]}
          </li>
        ))}
      </ul>
    </>
  );
}
