import ICAL from "ical.js";
import type { IsoDate } from "./dates";

/**
 * Our calendar as a feed other platforms subscribe to (RFC 5545), written by ical.js (escaping,
 * line folding at 75 octets, CRLF). One all-day event per booking or block: `DTSTART;VALUE=DATE`
 * the first night, `DTEND;VALUE=DATE` the check-out day, so that the other platform takes exactly
 * our nights and leaves the check-out day free for its next arrival. The text is made in three
 * parts so that a long calendar is sent as it is read: the head, each event, the tail.
 */

export interface ExportedEvent {
  /** Stable from one read to the next: what a subscriber matches a moved event by. */
  uid: string;
  dateFrom: IsoDate;
  dateTo: IsoDate;
  summary: string;
}

export const CALENDAR_PRODUCT_ID = "-//Stayhost//Host calendar//EN";

function dateValue(date: IsoDate) {
  return ICAL.Time.fromDateString(date);
}

/** BEGIN:VCALENDAR and the calendar's properties, up to its first event. */
export function calendarHead(name: string): string {
  const calendar = new ICAL.Component("vcalendar");
  calendar.addPropertyWithValue("prodid", CALENDAR_PRODUCT_ID);
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("calscale", "GREGORIAN");
  calendar.addPropertyWithValue("method", "PUBLISH");
  calendar.addPropertyWithValue("x-wr-calname", name);
  // Subscribers that honour it read us again after an hour at the latest.
  calendar.addPropertyWithValue("refresh-interval", ICAL.Duration.fromString("PT1H"));
  calendar.addPropertyWithValue("x-published-ttl", "PT1H");
  return calendar.toString().replace(/END:VCALENDAR\s*$/, "");
}

export const CALENDAR_TAIL = "END:VCALENDAR\r\n";

/** One event, `stamp` the time the feed was made (DTSTAMP). */
export function eventText(event: ExportedEvent, stamp: Date): string {
  const vevent = new ICAL.Component("vevent");
  vevent.addPropertyWithValue("uid", event.uid);
  vevent.addPropertyWithValue("dtstamp", ICAL.Time.fromJSDate(stamp, true));
  vevent.addPropertyWithValue("dtstart", dateValue(event.dateFrom));
  vevent.addPropertyWithValue("dtend", dateValue(event.dateTo));
  vevent.addPropertyWithValue("summary", event.summary);
  vevent.addPropertyWithValue("transp", "OPAQUE");
  return `${vevent.toString()}\r\n`;
}
