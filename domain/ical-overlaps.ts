import type { CalendarEvent, CalendarEventBase } from "./calendar";
import type { IsoDate } from "./dates";

/**
 * An imported stay that could not take all its nights (a booking, block or pause of ours, or
 * another calendar's stay, holds some) is shown as §3 overlapping events: one `multi` event over
 * the days they cover together, with each of them as a child — the imported stay whole, and the
 * events it overlaps (the stay's own nights among them). The calendar's events come from taken
 * nights, where the stay can only hold what was free; this puts it back whole beside what holds
 * the rest. Pure: the caller reads the conflicting stays (api/ical/feeds.ts `conflictsQuery`).
 */

export interface ImportConflict {
  /** The stay's owner id (ext_…), which its taken nights carry. */
  id: string;
  dateFrom: IsoDate;
  dateTo: IsoDate;
}

const overlaps = (a: { dateFrom: IsoDate; dateTo: IsoDate }, b: { dateFrom: IsoDate; dateTo: IsoDate }) => a.dateFrom < b.dateTo && b.dateFrom < a.dateTo;
const base = ({ id, dateFrom, dateTo, source, kind }: CalendarEventBase): CalendarEventBase => ({ id, dateFrom, dateTo, source, kind });

/** `events` (by first night) with each conflicting stay and the events it overlaps folded into one multi event. */
export function withImportOverlaps(events: readonly CalendarEvent[], conflicts: readonly ImportConflict[]): CalendarEvent[] {
  let result = [...events];
  for (const conflict of conflicts) {
    const stay: CalendarEventBase = { id: conflict.id, dateFrom: conflict.dateFrom, dateTo: conflict.dateTo, source: "external", kind: "external" };
    // Events already folded into an earlier multi event join this one with their children.
    const joined = result.filter((event) => overlaps(event, stay) || event.id === conflict.id || event.children.some((child) => child.id === conflict.id));
    if (!joined.length) continue;
    const children = [stay, ...joined.flatMap((event) => (event.source === "multi" ? event.children : [base(event)])).filter((child) => child.id !== conflict.id)];
    const unique = children.filter((child, i) => children.findIndex((c) => c.id === child.id && c.dateFrom === child.dateFrom) === i);
    const multi: CalendarEvent = {
      id: `multi_${conflict.id}`,
      dateFrom: unique.reduce((min, c) => (c.dateFrom < min ? c.dateFrom : min), stay.dateFrom),
      dateTo: unique.reduce((max, c) => (c.dateTo > max ? c.dateTo : max), stay.dateTo),
      source: "multi",
      kind: "external",
      children: unique.toSorted((a, b) => (a.dateFrom < b.dateFrom ? -1 : a.dateFrom > b.dateFrom ? 1 : 0)),
    };
    result = [...result.filter((event) => !joined.includes(event)), multi].toSorted((a, b) => (a.dateFrom < b.dateFrom ? -1 : a.dateFrom > b.dateFrom ? 1 : 0));
  }
  return result;
}
