import { and, gt, inArray, lte, ne, type SQLWrapper } from "drizzle-orm";
import { inquiryStatusesBefore } from "@domain/booking";
import type { CalendarEvent, TakenNightKind } from "@domain/calendar";
import { nights, type IsoDate } from "@domain/dates";
import type { Database } from "@api/db/client";
import { bookingInquiries, bookingRequests, bookings } from "@api/db/schema";

/**
 * The calendar's events of guests (§3 Event: booking, booking_request, inquiry with the guest's name):
 * bookings and confirmed inquiries are the events of their taken nights, given their guest here;
 * pending requests and open inquiries take no nights and are added as events of their own. Three
 * statements for the price list's batch, whatever the range.
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

/** Stays with a night in the days `dateFrom..dateTo` (both included) of a unit, or of the units of a subquery (at most 500 of each kind). */
export function stayEventReads(db: Database, unitId: number | SQLWrapper, range: { dateFrom: IsoDate | SQLWrapper; dateTo: IsoDate | SQLWrapper }, now: Date | SQLWrapper) {
  const unit = typeof unitId === "number" ? [unitId] : unitId;
  const overlaps = <T extends typeof bookings | typeof bookingRequests | typeof bookingInquiries>(table: T) => and(inArray(table.unitId, unit), lte(table.checkIn, range.dateTo), gt(table.checkOut, range.dateFrom));
  return [
    db.select(stayColumns(bookings)).from(bookings).where(and(overlaps(bookings), ne(bookings.status, "CANCELLED"))).limit(500),
    db
      .select({ ...stayColumns(bookingRequests), expiresAt: bookingRequests.expiresAt })
      .from(bookingRequests)
      .where(and(overlaps(bookingRequests), inArray(bookingRequests.status, ["REQUESTED"]), gt(bookingRequests.expiresAt, now)))
      .limit(500),
    db
      .select(stayColumns(bookingInquiries))
      .from(bookingInquiries)
      .where(and(overlaps(bookingInquiries), inArray(bookingInquiries.status, [...inquiryStatusesBefore("CONFIRMED"), "CONFIRMED"])))
      .limit(500),
  ] as const;
}

type StayEventRow = { unitId: number; publicId: string; code: string; checkIn: string; checkOut: string; guests: number; firstName: string; lastName: string; total: number; currency: string; status: string };

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

/**
 * The events of `taken` nights with their guests, and the requests and open inquiries of the range
 * as events that take no nights (kind `request`, `inquiry`), ordered by their first night.
 */
export function withGuests(events: CalendarEvent[], stays: [StayEventRow[], (StayEventRow & { expiresAt: Date })[], StayEventRow[]], unitId?: number): GuestEvent[] {
  const ofUnit = <T extends StayEventRow>(rows: T[]) => (unitId === undefined ? rows : rows.filter((row) => row.unitId === unitId));
  const [booked, requested, asked] = [ofUnit(stays[0]), ofUnit(stays[1]), ofUnit(stays[2])];
  const bookingsById = new Map(booked.map((row) => [row.publicId, row]));
  const inquiriesById = new Map(asked.map((row) => [row.publicId, row]));
  const withGuest = events.map((event): GuestEvent => {
    const booking = bookingsById.get(event.id);
    if (booking) return { ...event, booking: summaryOf(booking) };
    const inquiry = inquiriesById.get(event.id);
    if (inquiry) return { ...event, source: "inquiry_confirmed", inquiry: summaryOf(inquiry) };
    return event;
  });
  const ofTheirOwn = (row: StayEventRow, source: "booking_request" | "inquiry"): GuestEvent => ({
    id: row.publicId,
    dateFrom: row.checkIn,
    dateTo: row.checkOut,
    source,
    kind: source === "inquiry" ? "inquiry" : "request",
    children: [],
  });
  const pending: GuestEvent[] = [
    ...requested.map((row) => ({ ...ofTheirOwn(row, "booking_request"), bookingRequest: summaryOf(row, row.expiresAt) })),
    ...asked.filter((row) => row.status !== "CONFIRMED").map((row) => ({ ...ofTheirOwn(row, "inquiry"), inquiry: summaryOf(row) })),
  ];
  return [...withGuest, ...pending].sort((a, b) => (a.dateFrom < b.dateFrom ? -1 : a.dateFrom > b.dateFrom ? 1 : a.id < b.id ? -1 : 1));
}
