import { cancelledBy, guestName, INQUIRY_STATE_OF, isPending, type InquiryRejectReason, type RequestRejectReason } from "@domain/booking";
import { keptOnCancellation } from "@domain/dac7";
import { nights, todayUtc } from "@domain/dates";
import { AMOUNT_UNIT } from "@domain/pricing";
import type { PropertyRow, UnitRow } from "@api/properties/queries";
import { paginationOf, type AllStaysRow, type Page } from "./queries";
import type { BookingRow, InquiryRow, RequestRow } from "./services";

/** What a presenter needs of a stay's unit and property. */
export interface StayPlace {
  unit: Pick<UnitRow, "publicId" | "title">;
  property: Pick<PropertyRow, "publicId" | "title">;
}

type StayRow = BookingRow | RequestRow | InquiryRow;

function staySummary(row: StayRow, { unit, property }: StayPlace) {
  return {
    publicId: row.publicId,
    code: row.code,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    nights: nights(row),
    guests: row.guests,
    customer: {
      firstName: row.guestFirstName,
      lastName: row.guestLastName,
      fullName: guestName({ firstName: row.guestFirstName, lastName: row.guestLastName }),
      email: row.guestEmail,
      phoneNumber: row.guestPhone,
      message: row.guestMessage,
      language: row.guestLanguage,
    },
    propertyUnitSummary: { publicId: unit.publicId, title: unit.title, propertyId: property.publicId, propertyTitle: property.title },
    propertyId: property.publicId,
    createdAt: row.createdAt.toISOString(),
  };
}

function moneyOf(row: BookingRow | RequestRow) {
  return {
    currency: row.currency,
    amountUnit: AMOUNT_UNIT,
    totalAmount: row.total,
    priceBreakdown: row.priceBreakdown,
    paymentPlan: row.paymentPlan,
    instalments: row.instalments,
    commission: { percent: row.commissionPercent, amount: row.commission },
    payout: row.payout,
  };
}

/**
 * What a cancelled booking keeps, as the earnings and the DAC7 report count it (decisions 035, 037):
 * what its guest had paid by the day of the cancellation (UTC), the commission's share of it and the
 * host's rest; null for a booking that stands.
 */
function keptOf(row: BookingRow) {
  if (row.status !== "CANCELLED" || !row.cancelledAt) return null;
  const kept = keptOnCancellation({ ...row, bookedOn: todayUtc(row.bookedAt), cancelledOn: todayUtc(row.cancelledAt) });
  return { paid: kept.gross, commission: kept.commission, payout: kept.payout };
}

export function presentBooking(row: BookingRow, place: StayPlace) {
  return {
    ...staySummary(row, place),
    status: row.status,
    publicState: row.status,
    cancelledBy: row.status === "CANCELLED" ? cancelledBy(row.cancelledByRole) : null,
    cancellation:
      row.status === "CANCELLED" && row.cancelledAt
        ? { role: row.cancelledByRole, reason: row.cancelReason, subReason: row.cancelSubReason, explanation: row.cancelExplanation, cancelledAt: row.cancelledAt.toISOString() }
        : null,
    source: row.source,
    externalId: row.externalId,
    bookedAt: row.bookedAt.toISOString(),
    ...moneyOf(row),
    keptOnCancellation: keptOf(row),
  };
}

export function presentBookingListItem(row: BookingRow, place: StayPlace) {
  const { priceBreakdown: _breakdown, instalments: _instalments, ...item } = presentBooking(row, place);
  return item;
}

/** A page of a list of stays as its endpoint answers it (GET bookings, booking-requests, booking-inquiries): each row presented by `item`. */
export function presentPage<R, I>(query: Page, { rows, total }: { rows: readonly ({ row: R } & StayPlace)[]; total: number }, item: (row: R, place: StayPlace) => I) {
  return { items: rows.map(({ row, ...place }) => item(row, place)), pagination: paginationOf(query, total) };
}

export function presentRequest(row: RequestRow, place: StayPlace, now: Date) {
  const pending = isPending(row, now);
  return {
    ...staySummary(row, place),
    // Past its expiration time a request is expired, whether or not the job has run yet.
    status: row.status === "REQUESTED" && !pending ? ("EXPIRED" as const) : row.status,
    pending,
    expirationTime: row.expiresAt.toISOString(),
    rejection: row.status === "REJECTED" && row.rejectReason ? { reason: row.rejectReason as RequestRejectReason, subReason: row.rejectSubReason, explanation: row.rejectExplanation } : null,
    bookingId: row.bookingPublicId,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    ...moneyOf(row),
  };
}

export function presentRequestListItem(row: RequestRow, place: StayPlace, now: Date) {
  const { priceBreakdown: _breakdown, instalments: _instalments, ...item } = presentRequest(row, place, now);
  return item;
}

export function presentInquiry(row: InquiryRow, place: StayPlace) {
  return {
    ...staySummary(row, place),
    status: row.status,
    state: INQUIRY_STATE_OF[row.status],
    conversationId: null,
    currency: row.currency,
    amountUnit: AMOUNT_UNIT,
    totalAmount: row.total,
    priceBreakdown: row.priceBreakdown,
    rejection: row.status === "REJECTED" && row.rejectReason ? { reason: row.rejectReason as InquiryRejectReason, explanation: row.rejectExplanation, message: row.rejectMessage } : null,
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

export function presentInquiryListItem(row: InquiryRow, place: StayPlace) {
  const { priceBreakdown: _breakdown, ...item } = presentInquiry(row, place);
  return item;
}

/** A page of the bookings list's All tab (GET booking-list): each row a booking or a request that did not become one. */
export function presentAllTab(query: Page, { rows, total }: { rows: readonly AllStaysRow[]; total: number }, now: Date) {
  return {
    items: rows.map((entry) =>
      entry.type === "booking" ? { type: entry.type, booking: presentBookingListItem(entry.row, entry) } : { type: entry.type, request: presentRequestListItem(entry.row, entry, now) },
    ),
    pagination: paginationOf(query, total),
  };
}
