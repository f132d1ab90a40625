import { addDays, isDay, nextDay, weekdayOf, type IsoDate } from "./days";
import type { DayAvailability } from "./calendar";

// The page's day arithmetic runs in the browser too: domain/days.ts, which carries no date library.
const isIsoDate = isDay;

/**
 * The unit calendar page's arithmetic (§2 Calendar): which months show, the weeks of a month, the
 * range a host marks by following links, and what the marked days are. Pure, no I/O.
 *
 * A month is written `YYYY-MM`. A marked range is of DAYS, both ends included (as the price list);
 * the nights it stands for are `[from, to + 1 day)` (decision 025).
 */

export type Month = string;

/** How many months a page shows, and how far ahead a host may go from the current month. */
export const MONTHS_SHOWN = 2;
export const MONTHS_AHEAD = 12;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const isMonth = (value: string): value is Month => MONTH.test(value);
export const monthOf = (date: IsoDate): Month => date.slice(0, 7);
export const firstDayOf = (month: Month): IsoDate => `${month}-01`;
export const addMonthsToMonth = (month: Month, months: number): Month => {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + months;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
};
export const lastDayOf = (month: Month): IsoDate => addDays(firstDayOf(addMonthsToMonth(month, 1)), -1);

/**
 * The months a page shows: from the requested one (the current month when none or a bad one is
 * asked for), never before the current month, and never past the twelfth month ahead.
 */
export function visibleMonths(requested: string | null | undefined, today: IsoDate, shown = MONTHS_SHOWN, ahead = MONTHS_AHEAD): { months: Month[]; previous: Month | null; next: Month | null } {
  const current = monthOf(today);
  const latestStart = addMonthsToMonth(current, ahead - shown);
  let start = requested && isMonth(requested) ? requested : current;
  if (start < current) start = current;
  if (start > latestStart) start = latestStart;
  const months = Array.from({ length: shown }, (_, i) => addMonthsToMonth(start, i));
  return { months, previous: start > current ? addMonthsToMonth(start, -1) : null, next: start < latestStart ? addMonthsToMonth(start, 1) : null };
}

/**
 * The weeks of a month, Monday first (ISO 8601): seven cells each, `null` before the first day and
 * after the last.
 */
export function monthWeeks(month: Month): (IsoDate | null)[][] {
  const first = firstDayOf(month);
  const last = lastDayOf(month);
  const lead = (weekdayOf(first) + 6) % 7;
  const cells: (IsoDate | null)[] = Array.from({ length: lead }, () => null);
  for (let date = first; date <= last; date = nextDay(date)) cells.push(date);
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

export interface Selection {
  from: IsoDate;
  to: IsoDate | null;
}

/** The range in a page's query: a real `from`, and a `to` only when it is a real day not before it. */
export function selectionOf(from: string | null | undefined, to: string | null | undefined): Selection | null {
  if (!from || !isIsoDate(from)) return null;
  return { from, to: to && isIsoDate(to) && to >= from ? to : null };
}

/**
 * Where following a day's link leads: the first click marks the start, the second (on that day or
 * after) the end; a click before the start, or once a range is whole, starts again there.
 */
export function selectionAfterClick(current: Selection | null, day: IsoDate): Selection {
  if (current && current.to === null && day >= current.from) return { from: current.from, to: day };
  return { from: day, to: null };
}

/** The days a selection covers, both ends included; a start alone is one day. */
export function selectedDays(selection: Selection): { from: IsoDate; to: IsoDate } {
  return { from: selection.from, to: selection.to ?? selection.from };
}

export function isSelected(selection: Selection | null, day: IsoDate): boolean {
  if (!selection) return false;
  const { from, to } = selectedDays(selection);
  return from <= day && day <= to;
}

/** The nights of a range of days `[from, to]`: from the first day up to the morning after the last. */
export function nightsOfDays(range: { from: IsoDate; to: IsoDate }): { dateFrom: IsoDate; dateTo: IsoDate } {
  return { dateFrom: range.from, dateTo: addDays(range.to, 1) };
}

/** What the marked days are, for the panels' summary: all alike (see `nightStateOf`), or a mix. */
export type RangeState = NightState | "mixed";

/**
 * What a night is for the summary of marked days: a guest's (a booking, a pending request, an
 * event imported from another calendar), blocked by the host, paused, or open (with or without a price).
 */
export type NightState = "booked" | "blocked" | "paused" | "available";

/** The kinds of event that are a guest's stay: booked here, asked for (a pending request), or imported. */
const GUEST_KINDS: readonly string[] = ["booking", "request", "external"];

export function nightStateOf(availability: DayAvailability, eventKinds: readonly string[]): NightState {
  if (eventKinds.some((kind) => GUEST_KINDS.includes(kind))) return "booked";
  if (availability === "PAUSED") return "paused";
  if (availability === "BLOCKED") return "blocked";
  return "available";
}

/** One state when every day has it (`nightStateOf`), "mixed" when they differ; null for no days. */
export function rangeState(days: readonly { availability: DayAvailability; eventKinds: readonly string[] }[]): RangeState | null {
  const states = new Set(days.map((d) => nightStateOf(d.availability, d.eventKinds)));
  if (states.size === 0) return null;
  return states.size === 1 ? [...states][0]! : "mixed";
}

/** What a day cell says: booked (a booking takes the night), blocked, paused, available, or free without a price. */
export type DayState = "booked" | "blocked" | "paused" | "available" | "noPrice";

export function dayStateOf(availability: DayAvailability, eventKinds: readonly string[]): DayState {
  if (eventKinds.includes("booking")) return "booked";
  if (availability === "BLOCKED") return "blocked";
  if (availability === "PAUSED") return "paused";
  return availability === "AVAILABLE" ? "available" : "noPrice";
}

/** The days of a range given by two ends in any order (a drag may go backwards). */
export function orderedDays(a: IsoDate, b: IsoDate): { from: IsoDate; to: IsoDate } {
  return a <= b ? { from: a, to: b } : { from: b, to: a };
}

/** Where an arrow key moves in a month grid: a day left or right, a week up or down. */
export const ARROW_STEPS: Readonly<Record<string, number>> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/** How many months the year view shows: the current one and the eleven after it (twelve in all). */
export const YEAR_MONTHS = MONTHS_AHEAD;

/** The months of the year view, from the current month. */
export function yearMonths(today: IsoDate): Month[] {
  return Array.from({ length: YEAR_MONTHS }, (_, i) => addMonthsToMonth(monthOf(today), i));
}

/** An event as the grid draws it: a run of nights `[dateFrom, dateTo)`. */
export interface BarEvent {
  id: string;
  dateFrom: IsoDate;
  dateTo: IsoDate;
}

/** A piece of an event's bar in one week row: from column `start` over `span` nights, in its lane. */
export interface BarPiece<E extends BarEvent> {
  event: E;
  start: number;
  span: number;
  lane: number;
  /** The event's first night is in this row (the bar starts here), its last night is (it ends here). */
  first: boolean;
  last: boolean;
}

/**
 * The bars of one week row of a month (`monthWeeks`): each event cut to the row's days, drawn from
 * its first night in the row over its nights there. Events that overlap (a `multi` event's
 * children, events of several sources) take lanes one under the other, the earlier in the upper one.
 */
export function weekBars<E extends BarEvent>(week: readonly (IsoDate | null)[], events: readonly E[]): BarPiece<E>[] {
  const pieces: BarPiece<E>[] = [];
  const laneEnds: number[] = [];
  const sorted = [...events].sort((a, b) => (a.dateFrom < b.dateFrom ? -1 : a.dateFrom > b.dateFrom ? 1 : 0));
  for (const event of sorted) {
    let start = -1;
    let end = -1;
    week.forEach((date, i) => {
      if (date && event.dateFrom <= date && date < event.dateTo) {
        if (start < 0) start = i;
        end = i;
      }
    });
    if (start < 0) continue;
    let lane = laneEnds.findIndex((taken) => taken < start);
    if (lane < 0) lane = laneEnds.length;
    laneEnds[lane] = end;
    pieces.push({ event, start, span: end - start + 1, lane, first: week[start] === event.dateFrom, last: week[end] === addDays(event.dateTo, -1) });
  }
  return pieces;
}

/** The events that take a night within `days` days from today (§9: the upcoming window is 30 days), by their first night. */
export function upcomingEvents<E extends BarEvent>(events: readonly E[], today: IsoDate, days = 30): E[] {
  const until = addDays(today, days);
  return events.filter((e) => e.dateTo > today && e.dateFrom < until).sort((a, b) => (a.dateFrom < b.dateFrom ? -1 : a.dateFrom > b.dateFrom ? 1 : 0));
}

const STATE_LETTERS: Record<DayState, string> = { available: "a", noPrice: "n", blocked: "b", paused: "p", booked: "k" };
const LETTER_STATES = Object.fromEntries(Object.entries(STATE_LETTERS).map(([state, letter]) => [letter, state])) as Record<string, DayState>;

/** Consecutive days as the page sends them to the browser: the first date, the prices, the states one letter each. */
export interface PackedDays {
  from: IsoDate;
  prices: (number | null)[];
  states: string;
}

/** Packs consecutive days (the page's HTML carries them once more for the browser: no date or key per day). */
export function packDays(days: readonly { date: IsoDate; price: number | null; state: DayState }[]): PackedDays {
  return { from: days[0]?.date ?? "", prices: days.map((d) => d.price), states: days.map((d) => STATE_LETTERS[d.state]).join("") };
}

export function unpackDays(packed: PackedDays): { date: IsoDate; price: number | null; state: DayState }[] {
  let date = packed.from;
  return packed.prices.map((price, i) => {
    if (i > 0) date = nextDay(date);
    return { date, price, state: LETTER_STATES[packed.states[i]!] ?? "noPrice" };
  });
}
