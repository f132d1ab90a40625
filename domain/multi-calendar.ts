import { addDays, addMonths, isIsoDate, type IsoDate } from "./dates";
import { availabilityOf, type DayAvailability, type TakenNightKind } from "./calendar";
import { addMonthsToMonth, lastDayOf, MONTHS_AHEAD, monthOf, firstDayOf, type NightState, type RangeState } from "./calendar-month";

/**
 * The multi-unit calendar's arithmetic: every unit of a host a row, days as columns. Which days
 * show, where the two-week and month steps lead, the range a host marks on one row, and what a
 * cell says. Pure, no I/O. A marked range is of DAYS, both ends included, as on the unit calendar
 * (`domain/calendar-month.ts`); the nights it stands for are `[from, to + 1 day)`.
 */

/** The days a page shows: a month of columns (the API answers at most 62 per page of units). */
export const WINDOW_DAYS = 31;
/** The short step: two weeks. */
export const SHORT_STEP_DAYS = 14;

/** The first day a page may start on: the current month's first (as the unit calendar). */
export const earliestStart = (today: IsoDate): IsoDate => firstDayOf(monthOf(today));

/** The last day a page may start on: its window then ends on the last day of the twelfth month ahead. */
export const latestStart = (today: IsoDate): IsoDate => addDays(lastDayOf(addMonthsToMonth(monthOf(today), MONTHS_AHEAD - 1)), -(WINDOW_DAYS - 1));

export interface DayWindow {
  start: IsoDate;
  end: IsoDate;
  days: IsoDate[];
  /** Where the steps lead; null where the window cannot move that way. */
  previousMonth: IsoDate | null;
  previousWeeks: IsoDate | null;
  nextWeeks: IsoDate | null;
  nextMonth: IsoDate | null;
}

const clamp = (date: IsoDate, earliest: IsoDate, latest: IsoDate): IsoDate => (date < earliest ? earliest : date > latest ? latest : date);

/**
 * The days a page shows, from the requested first day (today when none or a bad one is asked
 * for), kept between the current month's first day and the window that ends twelve months ahead.
 * A step that would leave that span stops at its edge; one that cannot move at all is null.
 */
export function dayWindow(requested: string | null | undefined, today: IsoDate): DayWindow {
  const earliest = earliestStart(today);
  const latest = latestStart(today);
  const start = clamp(requested && isIsoDate(requested) ? requested : today, earliest, latest);
  const step = (to: IsoDate) => {
    const target = clamp(to, earliest, latest);
    return target === start ? null : target;
  };
  const days = Array.from({ length: WINDOW_DAYS }, (_, i) => addDays(start, i));
  return {
    start,
    end: days.at(-1)!,
    days,
    previousMonth: step(addMonths(start, -1)),
    previousWeeks: step(addDays(start, -SHORT_STEP_DAYS)),
    nextWeeks: step(addDays(start, SHORT_STEP_DAYS)),
    nextMonth: step(addMonths(start, 1)),
  };
}

/** A range marked on one unit's row: its start, and its end once chosen. */
export interface RowSelection {
  unitId: string;
  from: IsoDate;
  to: IsoDate | null;
}

const UNIT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The row range in a page's query: a unit and a real `from`, and a `to` only when it is a real day not before it. */
export function rowSelectionOf(unitId: string | null | undefined, from: string | null | undefined, to: string | null | undefined): RowSelection | null {
  if (!unitId || !UNIT_ID.test(unitId) || !from || !isIsoDate(from)) return null;
  return { unitId, from, to: to && isIsoDate(to) && to >= from ? to : null };
}

/**
 * Where following a cell's link leads: the first click marks the start, the second on the same
 * row (that day or after) the end; a click before the start, on another row, or once a range is
 * whole, starts again there.
 */
export function rowSelectionAfterClick(current: RowSelection | null, unitId: string, day: IsoDate): RowSelection {
  if (current && current.unitId === unitId && current.to === null && day >= current.from) return { unitId, from: current.from, to: day };
  return { unitId, from: day, to: null };
}

/** A range dragged across a row, whichever way: from the earlier day to the later. */
export function draggedSelection(unitId: string, a: IsoDate, b: IsoDate): RowSelection {
  return a <= b ? { unitId, from: a, to: b } : { unitId, from: b, to: a };
}

/** The days a row range covers, both ends included; a start alone is one day. */
export function rowDays(selection: RowSelection): { from: IsoDate; to: IsoDate } {
  return { from: selection.from, to: selection.to ?? selection.from };
}

export function isMarked(selection: RowSelection | null, unitId: string, day: IsoDate): boolean {
  if (!selection || selection.unitId !== unitId) return false;
  const { from, to } = rowDays(selection);
  return from <= day && day <= to;
}

/**
 * What a cell says: a booking takes it, an imported event (another platform's booking) or the
 * host's own block closes it, a pause stops its bookings; otherwise it is available, or free but
 * without a price.
 */
export const CELL_STATES = ["booked", "imported", "blocked", "paused", "available", "noPrice"] as const;
export type CellState = (typeof CELL_STATES)[number];

export function cellStateOf(availability: DayAvailability, eventKinds: readonly string[]): CellState {
  if (eventKinds.includes("booking")) return "booked";
  if (eventKinds.includes("external")) return "imported";
  if (availability === "BLOCKED") return "blocked";
  if (availability === "PAUSED") return "paused";
  return availability === "AVAILABLE" ? "available" : "noPrice";
}

/** What a cell says from what took its night (if anything), whether the calendar is paused and the day's price: `cellStateOf` of the day's availability and its event. */
export function cellStateOfNight(taken: TakenNightKind | undefined, calendarPaused: boolean, price: number | null): CellState {
  return cellStateOf(availabilityOf(taken, calendarPaused, price), taken ? [taken] : []);
}

/** What a cell's night is for the summary of marked days, as `nightStateOf` says a day: a guest's (booked or imported), blocked, paused, or open. */
const NIGHT_STATES: Readonly<Record<CellState, NightState>> = { available: "available", noPrice: "available", booked: "booked", imported: "booked", blocked: "blocked", paused: "paused" };

/** The state of a range of cells (all alike, or mixed), as `rangeState` answers for their days; null for none. */
export function cellsRangeState(states: readonly CellState[]): RangeState | null {
  const nights = new Set(states.map((state) => NIGHT_STATES[state]));
  if (nights.size === 0) return null;
  return nights.size === 1 ? [...nights][0]! : "mixed";
}

/**
 * A row's states as one string, a digit per day (the index in `CELL_STATES`): a page of 50 units
 * sends 50 short strings to the browser instead of 1,550 values.
 */
export function encodeCellStates(states: readonly CellState[]): string {
  return states.map((state) => CELL_STATES.indexOf(state)).join("");
}

/** The state of a row's i-th day; a day beyond the row has no price. */
export function cellStateAt(encoded: string, index: number): CellState {
  return CELL_STATES[Number(encoded[index])] ?? "noPrice";
}
