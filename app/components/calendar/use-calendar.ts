import type { IsoDate } from "@domain/dates";
import type { DayAvailability } from "@domain/calendar";
import type { Month, RangeState, Selection } from "@domain/calendar-month";
import type { PackedDays } from "@domain/calendar-month";
import type { CalendarView } from "./calendar-links";
import type { GridEvent } from "./month-grid";

/**
 * What the unit calendar hands its panels (React Router's outlet context): the unit, the months
 * shown, the marked days with what they are, the price version and the events drawn. A panel reads
 * it with `useCalendar()` (in `panel.tsx`, with the panels' other parts); what it needs beyond this its own loader reads.
 */
export interface CalendarOutlet {
  unitId: string;
  today: IsoDate;
  window: { months: Month[]; previous: Month | null; next: Month | null };
  year: boolean;
  selection: Selection | null;
  marked: {
    from: IsoDate;
    to: IsoDate;
    days: number;
    state: RangeState | null;
    first: { price: number | null; minStay: number; maxStay: number; closedToArrival: boolean; closedToDeparture: boolean; availability?: DayAvailability } | null;
    priceFrom: number | null;
    priceTo: number | null;
  } | null;
  currency: string;
  version: number;
  calendarPaused: boolean;
  days: PackedDays;
  events: GridEvent[];
  /** The months and marked days of the address, for the panels' links and forms. */
  view: CalendarView;
}
