import { and, asc, gt, inArray, lte, ne, sql, type SQLWrapper } from "drizzle-orm";
import { inquiryStatusesBefore } from "@domain/booking";
import type { CalendarEvent, TakenNightKind } from "@domain/calendar";
import { nights, type IsoDate } from "@domain/dates";
import type { Database } from "@api/db/client";
import { bookingInquiries, bookingRequests, bookings } from "@api/db/schema";

/**
 * The calendar's events of guests (§3 Event: booking, booking_request, inquiry with the guest's name):
 * bookings and confirmed inquiries are the events of their taken nights, given their guest here;
 * pending requests and open inquiries take no nights and are added as events of their own. One
 * statement for the price list's batch, whatever the range.
 */

const stayColumns = <T extends typeof bookings | typeof bookingRequests | typeof bookingInquiries>(table: T) => ({
  unitId: table.unitId,
  publicId: table.publicId,
  code: table.code,
  checkIn: table.checkIn,
  checkOut: table.checkOut,
  guests: table.guests,
  firstName: table.guestFirstName,
  lastName: table.guestLastName,
  total: table.total,
  currency: table.currency,
  status: table.status,
});

/** Which list a stay of `stayEventsRead` comes from. */
type StaySource = "booking" | "request" | "inquiry";
/** A stay's kind as a constant of the SQL (no parameter). */
const kindColumn = (kind: StaySource) => sql<StaySource>`${sql.raw(`'${kind}'`)}`.as("source");
/** The expiry column of a stay that has none (a booking, an inquiry). */
const noExpiry = () => sql<Date | null>`null`.mapWith(bookingRequests.expiresAt).as("expires_at");

type DayRange = { dateFrom: IsoDate | SQLWrapper; dateTo: IsoDate | SQLWrapper };

/** The stays of a table with a night in the days `dateFrom..dateTo` (both included) of the units. */
const overlapping = <T extends typeof bookings | typeof bookingRequests | typeof bookingInquiries>(table: T, unit: number[] | SQLWrapper, range: DayRange) =>
  and(inArray(table.unitId, unit), lte(table.checkIn, range.dateTo), gt(table.checkOut, range.dateFrom));
/** A request the host may still answer: requested, and not expired at `now`. */
const pendingRequest = (now: Date | SQLWrapper) => and(inArray(bookingRequests.status, ["REQUESTED"]), gt(bookingRequests.expiresAt, now));
/** An inquiry not confirmed yet (a confirmed one takes its nights, as a booking does) and still open: the statuses before CONFIRMED, the events of their own `withGuests` makes. */
const openInquiry = () => inArray(bookingInquiries.status, inquiryStatusesBefore("CONFIRMED"));

/**
 * Stays with a night in the days `dateFrom..dateTo` (both included) of a unit, or of the units of a
 * subquery (at most 500 of each kind): the bookings, the pending requests (with when they expire) and
 * the inquiries, as one statement whose rows name their kind (`source`). One statement, not three:
 * the local D1 costs about 0.2 ms a statement whatever it reads (decision 024, "what a statement
 * costs"), and the unit calendar reads these with every page.
 */
export function stayEventsRead(db: Database, unitId: number | SQLWrapper, range: DayRange, now: Date | SQLWrapper) {
  const unit = typeof unitId === "number" ? [unitId] : unitId;
  const overlaps = <T extends typeof bookings | typeof bookingRequests | typeof bookingInquiries>(table: T) => overlapping(table, unit, range);
  // The requests come first: the union's rows are read with the first select's columns (a request's expiry a date).
  const requested = db
    .select({ ...stayColumns(bookingRequests), expiresAt: sql<Date | null>`${bookingRequests.expiresAt}`.mapWith(bookingRequests.expiresAt).as("expires_at"), source: kindColumn("request") })
    .from(bookingRequests)
    .where(and(overlaps(bookingRequests), pendingRequest(now)))
    .limit(500)
    .as("requested");
  const booked = db
    .select({ ...stayColumns(bookings), expiresAt: noExpiry(), source: kindColumn("booking") })
    .from(bookings)
    .where(and(overlaps(bookings), ne(bookings.status, "CANCELLED")))
    .limit(500)
    .as("booked");
  const asked = db
    .select({ ...stayColumns(bookingInquiries), expiresAt: noExpiry(), source: kindColumn("inquiry") })
    .from(bookingInquiries)
    .where(and(overlaps(bookingInquiries), inArray(bookingInquiries.status, [...inquiryStatusesBefore("CONFIRMED"), "CONFIRMED"])))
    .limit(500)
    .as("asked");
  return db.select().from(requested).unionAll(db.select().from(booked)).unionAll(db.select().from(asked));
}

/** What the calendar of all units draws of a pending request or open inquiry. */
const pendingColumns = <T extends typeof bookingRequests | typeof bookingInquiries>(table: T) => ({
  unitId: table.unitId,
  id: table.publicId,
  dateFrom: table.checkIn,
  dateTo: table.checkOut,
  guest: table.guestFirstName,
});

/**
 * The pending requests and open inquiries with a night in the days `dateFrom..dateTo` (both included)
 * of the units of a subquery (at most 500 of each), as the calendar of all units draws them: their
 * nights and their guest's first name. They take no nights, so no cell's state says them; these are
 * the events `withGuests` makes of the same stays for the unit calendar (`stayEventsRead`'s rules).
 * Two selects, for the columns of the page's one statement (`unitsCalendarCells`).
 */
export function pendingStaysReads(db: Database, unitIds: SQLWrapper, range: DayRange, now: SQLWrapper) {
  return {
    requests: db
      .select(pendingColumns(bookingRequests))
      .from(bookingRequests)
      .where(and(overlapping(bookingRequests, unitIds, range), pendingRequest(now)))
      .orderBy(asc(bookingRequests.checkIn), asc(bookingRequests.publicId))
      .limit(500),
    inquiries: db
      .select(pendingColumns(bookingInquiries))
      .from(bookingInquiries)
      .where(and(overlapping(bookingInquiries, unitIds, range), openInquiry()))
      .orderBy(asc(bookingInquiries.checkIn), asc(bookingInquiries.publicId))
      .limit(500),
  };
}

/** A pending request's or an open inquiry's event as the calendar of all units draws it (§3 Event source, its nights, the guest's first name). */
export interface PendingStayEvent {
  id: string;
  dateFrom: IsoDate;
  dateTo: IsoDate;
  source: "booking_request" | "inquiry";
  guest: string;
}

type PendingStayRow = { unitId: number; id: string; dateFrom: string; dateTo: string; guest: string };

/** The events of `pendingStaysReads`' rows by their unit, each unit's by their first night: one pass over the page's rows. */
export function pendingEventsByUnit(requests: readonly PendingStayRow[], inquiries: readonly PendingStayRow[]): Map<number, PendingStayEvent[]> {
  const byUnit = new Map<number, PendingStayEvent[]>();
  const add = (rows: readonly PendingStayRow[], source: PendingStayEvent["source"]) => {
    for (const { unitId, ...row } of rows) {
      const event = { ...row, source };
      const ofUnit = byUnit.get(unitId);
      if (ofUnit) ofUnit.push(event);
      else byUnit.set(unitId, [event]);
    }
  };
  add(requests, "booking_request");
  add(inquiries, "inquiry");
  for (const events of byUnit.values()) events.sort((a, b) => (a.dateFrom < b.dateFrom ? -1 : a.dateFrom > b.dateFrom ? 1 : a.id < b.id ? -1 : 1));
  return byUnit;
}

type StayEventRow = { unitId: number; publicId: string; code: string; checkIn: string; checkOut: string; guests: number; firstName: string; lastName: string; total: number; currency: string; status: string };
/** A row of `stayEventsRead`: a stay, its kind and (a request's) expiry. */
type StayRow = StayEventRow & { expiresAt: Date | null; source: StaySource };

function summaryOf(row: StayEventRow, expiresAt: Date | null = null) {
  return {
    publicId: row.publicId,
    code: row.code,
    guests: row.guests,
    duration: nights(row),
    customer: { firstName: row.firstName, lastName: row.lastName },
    totalAmount: row.total,
    currency: row.currency,
    expirationTime: expiresAt?.toISOString() ?? null,
    state: row.status,
  };
}

export type StaySummary = ReturnType<typeof summaryOf>;
/** What a stay's event is: the kind of its taken nights, or a request or inquiry that takes none. */
export type GuestEventKind = TakenNightKind | "request" | "inquiry";
export type GuestEvent = Omit<CalendarEvent, "kind"> & { kind: GuestEventKind; booking?: StaySummary; bookingRequest?: StaySummary; inquiry?: StaySummary };

/** A request's or an open inquiry's event: it takes no nights. */
const ofTheirOwn = (row: StayEventRow, source: "booking_request" | "inquiry"): GuestEvent => ({
  id: row.publicId,
  dateFrom: row.checkIn,
  dateTo: row.checkOut,
  source,
  kind: source === "inquiry" ? "inquiry" : "request",
  children: [],
});

/**
 * The events of `taken` nights with their guests, and the requests and open inquiries of the range
 * as events that take no nights (kind `request`, `inquiry`), ordered by their first night.
 */
export function withGuests(events: CalendarEvent[], stays: readonly StayRow[], unitId?: number): GuestEvent[] {
  const booked: StayRow[] = [];
  const requested: StayRow[] = [];
  const asked: StayRow[] = [];
  for (const row of stays) {
    if (unitId !== undefined && row.unitId !== unitId) continue;
    (row.source === "booking" ? booked : row.source === "request" ? requested : asked).push(row);
  }
  const bookingsById = new Map(booked.map((row) => [row.publicId, row]));
  const inquiriesById = new Map(asked.map((row) => [row.publicId, row]));
  const withGuest = events.map((event): GuestEvent => {
    const booking = bookingsById.get(event.id);
    if (booking) return { ...event, booking: summaryOf(booking) };
    const inquiry = inquiriesById.get(event.id);
    if (inquiry) return { ...event, source: "inquiry_confirmed", inquiry: summaryOf(inquiry) };
    return event;
  });
  const pending: GuestEvent[] = [
    ...requested.map((row) => ({ ...ofTheirOwn(row, "booking_request"), bookingRequest: summaryOf(row, row.expiresAt) })),
    ...asked.filter((row) => row.status !== "CONFIRMED").map((row) => ({ ...ofTheirOwn(row, "inquiry"), inquiry: summaryOf(row) })),
  ];
  return [...withGuest, ...pending].sort((a, b) => (a.dateFrom < b.dateFrom ? -1 : a.dateFrom > b.dateFrom ? 1 : a.id < b.id ? -1 : 1));
}
