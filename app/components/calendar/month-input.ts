import type { IsoDate } from "@domain/dates";
import type { DayState, Month, Selection } from "@domain/calendar-month";

/** What a month of the unit calendar is drawn from: the server writes it as HTML (`month-html.ts`), the browser as elements (`MonthWeekRows`). */

export interface GridDay {
  date: IsoDate;
  price: number | null;
  state: DayState;
}

export interface GridEvent {
  id: string;
  dateFrom: IsoDate;
  dateTo: IsoDate;
  source: string;
  kind: string;
  /** The guest's first name, for a guest's stay (booking, request, inquiry). */
  guest?: string;
}

/** The words of a month's cells, translated once per page (the event texts as functions of the event). */
export interface MonthTexts {
  states: Record<DayState, string>;
  today: string;
  selected: string;
  /** An event as screen readers hear it on its days ("Anna, Booking"). */
  named: (event: GridEvent) => string;
  /** What its bar says: the guest's first name, else its source. */
  label: (event: GridEvent) => string;
  /** Its nights ("December 10, 2026 until the morning of December 12, 2026"). */
  nights: (event: GridEvent) => string;
}

/** How the cells write dates and money in the page's language. */
export interface MonthFormats {
  date: (date: IsoDate) => string;
  money: (minorUnits: number) => string;
  /** The price as a bare whole number, for the small cells of phones. */
  whole: (minorUnits: number) => string;
}

export interface MonthInput {
  month: Month;
  byDate: ReadonlyMap<IsoDate, GridDay>;
  selection: Selection | null;
  today: IsoDate;
  events: readonly GridEvent[];
  /** The year view: the date alone, price and state for screen readers only, no bars. */
  compact: boolean;
  /** Where a day's link leads: the calendar with the days it marks. */
  dayHref: (selection: Selection) => string;
  /** An event's details. */
  eventHref: (event: GridEvent) => string;
  texts: MonthTexts;
  formats: MonthFormats;
}
