import { monthOf, weekBars, type BarPiece } from "@domain/calendar-month";
import { cellStateAt, type CellState, type RowSelection } from "@domain/multi-calendar";
import { escapeHtml } from "~/lib/html";
import { eventHref } from "./calendar-links";
import { keptTexts } from "./kept-texts";

export { escapeHtml };

/** A pending request or an open inquiry on a row: it takes no nights, so it is drawn as a bar across them, as on the unit calendar. */
export interface RowEvent {
  id: string;
  dateFrom: string;
  dateTo: string;
  source: "booking_request" | "inquiry";
  /** The guest's first name. */
  guest: string;
}

/** A unit's row: its titles and, per day shown, its price (minor units) and what the day is. */
export interface MultiCalendarRow {
  id: string;
  title: string;
  propertyTitle: string;
  /** The unit's whole calendar is paused. */
  paused: boolean;
  prices: (number | null)[];
  /** A digit per day (`encodeCellStates`). */
  states: string;
  /** The unit's local day, where it is not the page's today (a unit in another time zone). */
  today?: string;
  /** Its pending requests and open inquiries in the days shown, when it has any. */
  events?: RowEvent[];
}

/** The words a row shows, translated once per page. */
export interface RowTexts {
  states: Record<CellState, string>;
  today: string;
  selected: string;
  untitled: string;
  paused: string;
  /** An event as screen readers hear it on its days ("Anna, Booking request"), as the unit calendar names it. */
  named: (event: RowEvent) => string;
  /** Its nights ("December 10, 2026 until the morning of December 12, 2026"). */
  nights: (event: RowEvent) => string;
}

/** The bars of a row's events over its days (one row, like a week of the unit calendar: `weekBars`), in lanes where they overlap. */
export function rowBars(row: MultiCalendarRow, days: readonly string[]): BarPiece<RowEvent>[] {
  return row.events ? weekBars(days, row.events) : [];
}

/** How many lanes of bars a row needs (0 without events): the row grows by the lanes beyond the first. */
export const lanesOf = (bars: readonly BarPiece<RowEvent>[]) => bars.reduce((lanes, bar) => Math.max(lanes, bar.lane + 1), 0);

export interface RowHtmlInput {
  row: MultiCalendarRow;
  days: readonly string[];
  today: string;
  /** The range marked on this row, null on the others. */
  selection: RowSelection | null;
  /** The days being dragged across this row. */
  dragged: { from: string; to: string } | null;
  /** The page's address with its first day and page of units, but no range (`/calendar?start=…`). */
  base: string;
  /** The unit's own calendar. */
  unitHref: string;
  price: Intl.NumberFormat;
  texts: RowTexts;
  /** The row's bars (`rowBars`), when the caller has them already. */
  bars?: readonly BarPiece<RowEvent>[];
}

/**
 * The cells of a unit's row as HTML: its header (titles, linked to the unit's calendar) and a cell
 * per day with its price, its state for screen readers, and (from today on) the link that marks a
 * range. A page of 50 units has 1,550 cells: written as one string per row, they cost the server a
 * fraction of what as many React elements cost (decision 027); the browser handles their clicks in
 * one place (`MultiCalendarGrid`). Every text is escaped. A pending request or open inquiry is a bar
 * across its nights, as on the unit calendar: named by the guest's first name, coloured by its
 * source, a link to its details in the unit's calendar (its name and nights for screen readers), and
 * each day under it says whose it is. The day's own link or text is always the cell's first child.
 */
/**
 * The page's rows mostly share a few prices: each is formatted (and escaped) once per formatter
 * (one per language, kept by the grid) and kept, not once per cell, row or page. Bounded: a full
 * cache starts again.
 */
const priceTexts = keptTexts<Intl.NumberFormat, number>(5000);
const priceText = (price: Intl.NumberFormat, amount: number) => priceTexts(price, amount, () => escapeHtml(price.format(amount / 100)));

/** The words of a row's cells as HTML, escaped once per page's texts (every row of a page shares them). */
interface CellWords {
  states: Record<CellState, string>;
  today: string;
  selected: string;
}
const cellWords = new WeakMap<RowTexts, CellWords>();
function cellWordsOf(texts: RowTexts): CellWords {
  let words = cellWords.get(texts);
  if (!words) {
    const states = Object.fromEntries(Object.entries(texts.states).map(([state, text]) => [state, escapeHtml(text)])) as Record<CellState, string>;
    cellWords.set(texts, (words = { states, today: escapeHtml(texts.today), selected: escapeHtml(texts.selected) }));
  }
  return words;
}

export function rowHtml({ row, days, today, selection, dragged, base, unitHref, price, texts, bars = rowBars(row, days) }: RowHtmlInput): string {
  const property = row.propertyTitle && row.propertyTitle !== row.title ? `<span class="mcal-unit__property">${escapeHtml(row.propertyTitle)}</span>` : "";
  const paused = row.paused ? `<span class="mcal-unit__paused">${escapeHtml(texts.paused)}</span>` : "";
  let html = `<th scope="row" class="mcal-unit"><a class="mcal-unit__title" href="${escapeHtml(unitHref)}">${escapeHtml(row.title || texts.untitled)}</a>${property}${paused}</th>`;
  // Cells link by query alone (`?start=…`, the page's own path): 1,550 links a page, each shorter.
  const unitQuery = `${escapeHtml(base.slice(base.indexOf("?")))}&amp;unit=${escapeHtml(row.id)}`;
  const words = cellWordsOf(texts);
  // The range marked on this row (`isMarked`, `rowSelectionAfterClick`): a start alone marks one day, and the
  // next day followed from it (not before it) ends it.
  const marking = selection !== null && selection.unitId === row.id ? selection : null;
  const markedTo = marking ? (marking.to ?? marking.from) : "";
  const open = marking !== null && marking.to === null;
  // Most cells are a plain day (not today's, past, marked, dragged or under a bar): their start and end are written once per state.
  const plainStart: Partial<Record<CellState, string>> = {};
  const plainEnd: Partial<Record<CellState, string>> = {};
  // The words of the bars over each day and the bars starting there, only for a row that has any.
  const under: string[] = [];
  const barHtml: string[] = [];
  for (const bar of bars) {
    const { event } = bar;
    const named = escapeHtml(texts.named(event));
    for (let i = bar.start; i < bar.start + bar.span; i++) under[i] = `${under[i] ?? ""}, ${named}`;
    const href = escapeHtml(eventHref(row.id, event, { month: monthOf(event.dateFrom) }));
    barHtml[bar.start] =
      (barHtml[bar.start] ?? "") +
      `<a class="mcal-bar mcal-bar--${event.source}${bar.first ? " is-first" : ""}${bar.last ? " is-last" : ""}" style="--span:${bar.span};--lane:${bar.lane}" href="${href}" aria-label="${named}, ${escapeHtml(texts.nights(event))}">${escapeHtml(event.guest || texts.named(event))}</a>`;
  }
  for (let i = 0; i < days.length; i++) {
    const day = days[i]!;
    const state = cellStateAt(row.states, i);
    const amount = row.prices[i];
    const marked = marking !== null && marking.from <= day && day <= markedTo;
    const isToday = day === today;
    const past = day < today;
    const inDrag = dragged !== null && dragged.from <= day && day <= dragged.to;
    const barred = under[i];
    if (!marked && !isToday && !past && !inDrag && !barred) {
      const range = open && day >= marking.from ? `${marking.from}&amp;to=${day}` : day;
      html += `${(plainStart[state] ??= `<td class="s-${state}"><a href="${unitQuery}&amp;from=`)}${range}">${amount == null ? "–" : priceText(price, amount)}${(plainEnd[state] ??= `<span class="vh">, ${words.states[state]}</span></a></td>`)}`;
      continue;
    }
    let className = `s-${state}`;
    if (marked || inDrag) className += " is-marked";
    if (isToday) className += " is-today";
    if (past) className += " is-past";
    if (barHtml[i]) className += " has-bar";
    let hidden = `, ${words.states[state]}`;
    if (isToday) hidden += `, ${words.today}`;
    if (marked) hidden += `, ${words.selected}`;
    if (barred) hidden += barred;
    const content = `${amount == null ? "–" : priceText(price, amount)}<span class="vh">${hidden}</span>`;
    const bar = barHtml[i] ?? "";
    if (past) {
      html += `<td class="${className}"><span>${content}</span>${bar}</td>`;
      continue;
    }
    const range = open && day >= marking.from ? `${marking.from}&amp;to=${day}` : day;
    html += `<td class="${className}"><a href="${unitQuery}&amp;from=${range}">${content}</a>${bar}</td>`;
  }
  return html;
}
