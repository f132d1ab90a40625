import { and, gt, inArray, lte, ne, sql, type SQLWrapper } from "drizzle-orm";
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

/**
 * Stays with a night in the days `dateFrom..dateTo` (both included) of a unit, or of the units of a
 * subquery (at most 500 of each kind): the bookings, the pending requests (with when they expire) and
 * the inquiries, as one statement whose rows name their kind (`source`). One statement, not three:
 * the local D1 costs about 0.2 ms a statement whatever it reads (decision 024, "what a statement
 * costs"), and the unit calendar reads these with every page.
 */
export function stayEventsRead(db: Database, unitId: number | SQLWrapper, range: { dateFrom: IsoDate | SQLWrapper; dateTo: IsoDate | SQLWrapper }, now: Date | SQLWrapper) {
  const unit = typeof unitId === "number" ? [unitId] : unitId;
  const overlaps = <T extends typeof bookings | typeof bookingRequests | typeof bookingInquiries>(table: T) => and(inArray(table.unitId, unit), lte(table.checkIn, range.dateTo), gt(table.checkOut, range.dateFrom));
  // The requests come first: the union's rows are read with the first select's columns (a request's expiry a date).
  const requested = db
    .select({ ...stayColumns(bookingRequests), expiresAt: sql<Date | null>`${bookingRequests.expiresAt}`.mapWith(bookingRequests.expiresAt).as("expires_at"), source: kindColumn("request") })
    .from(bookingRequests)
    .where(and(overlaps(bookingRequests), inArray(bookingRequests.status, ["REQUESTED"]), gt(bookingRequests.expiresAt, now)))
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
