import { and, eq, inArray, lte, sql } from "drizzle-orm";
import {
  bookingCodeOf,
  bookingMoney,
  bookingStatusesBefore,
  BOOKING_CODE_LENGTH,
  REVIEW_COLLECTION_DAYS,
  inquiryStatusesBefore,
  instalmentsOf,
  paymentPlanFor,
  phoneOrNull,
  requestExpiresAt,
  type ActorRole,
  type CancelReason,
  type GuestDetails,
  type InquiryRejectReason,
  type PaymentPlan,
  type RequestRejectReason,
} from "@domain/booking";
import { startOfDayIn, todayIn, type IsoDate, type Stay } from "@domain/dates";
import { localDaysAt } from "@domain/time-zones";
import type { Quote, StayRefusal } from "@domain/quote";
import { planById } from "@domain/subscription-plans";
import { commissionPercent, deriveUserFlags } from "@domain/user-flags";
import type { UserRow } from "@api/context";
import { d1Statement, type Database } from "@api/db/client";
import { bookingInquiries, bookingRequests, bookings, subscriptions, takenNights } from "@api/db/schema";
import { constraintFailed, nightsTaken, nightsWereTaken, takeNightsStatement } from "@api/calendar/taken-nights";
import { ApiError, type FieldError } from "@api/lib/errors";
import { newPublicId } from "@api/lib/ids";
import { translator } from "@api/lib/translate";
import { quoteFor } from "@api/pricing/prices";
import type { UnitRow } from "@api/properties/queries";
import { openConversationQueries, openConversationStatements, systemMessageStatements } from "@api/messaging/services";
import { unitTodaySql } from "./queries";
import { bookingMonthsStatements, monthsSql, monthsStatements } from "@api/insights/months";
import { countedOnce, takenNightsMonths } from "@domain/insight-months";

/**
 * The booking services (decision 027): each write is one D1 batch. A stay's nights are taken by the
 * batch that confirms it (`takeNightsStatement`), so a night taken meanwhile refuses the whole batch;
 * a state change is guarded in SQL (`CASE WHEN <allowed> THEN <new status> END` into a NOT NULL
 * column), so a request answered or expired meanwhile refuses it too. Nothing is read to decide.
 */

const english = translator("en_US");

export type BookingRow = typeof bookings.$inferSelect;
export type RequestRow = typeof bookingRequests.$inferSelect;
export type InquiryRow = typeof bookingInquiries.$inferSelect;

/** A reason a stay is refused: the quote's, or the unit's own. */
export type StayAskedRefusal = StayRefusal | { rule: "too_many_guests"; maxGuests: number } | { rule: "calendar_paused" } | { rule: "nights_taken" };
/** …or the host's: what they take from guests, the leads left. */
export type Refusal = StayAskedRefusal | { rule: "bookings_unavailable" } | { rule: "inquiries_unavailable" } | { rule: "no_leads" };

const REFUSAL_FIELD: Record<Refusal["rule"], string> = {
  stay_empty: "checkOut",
  stay_too_short: "checkOut",
  stay_too_long: "checkOut",
  arrival_closed: "checkIn",
  departure_closed: "checkOut",
  notice_too_short: "checkIn",
  preparation_time: "checkIn",
  price_missing: "checkIn",
  too_many_guests: "guests",
  calendar_paused: "checkIn",
  nights_taken: "checkIn",
  bookings_unavailable: "intent",
  inquiries_unavailable: "intent",
  no_leads: "intent",
};

/** A refusal as the errors list names it; the message is English with the rule's limit filled in. */
export function refusalError(refusal: Refusal): FieldError {
  const limits = refusal as Partial<Record<"minNights" | "maxNights" | "minDays" | "nights" | "maxGuests" | "date", string | number>>;
  const message = english(`validation.${refusal.rule}`).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(limits[name as keyof typeof limits] ?? ""));
  return { field: REFUSAL_FIELD[refusal.rule], message, type: refusal.rule };
}

export function refused(refusals: Refusal[]): ApiError {
  return new ApiError(409, "This stay cannot be booked", refusals.map(refusalError));
}

function newCode(): string {
  return bookingCodeOf(crypto.getRandomValues(new Uint8Array(BOOKING_CODE_LENGTH)));
}

/** What a host may receive from guests: bookings (instant or requests) and inquiries. */
export function hostTakes(host: UserRow): { bookings: boolean; inquiries: boolean } {
  const flags = deriveUserFlags({ ...host, features: host.features });
  return { bookings: flags.bookingsAvailable, inquiries: flags.inquiriesAvailable };
}

/** The commission percent of a host (decision 027): commission and hybrid hosts; null on subscription. */
export function hostCommission(host: UserRow): number | null {
  return commissionPercent(deriveUserFlags(host));
}

export interface StayAsked {
  stay: Stay;
  guests: number;
  /** The unit's time zone (`unitTimeZone`): the notice and the quote count from the day it is there. */
  timeZone: string;
}

/**
 * The quote of a stay with every rule that refuses it: the quote's (stay limits, notice, arrival
 * days, preparation, prices), the unit's guests, a paused calendar, and nights taken now (the
 * database decides again when they are taken). `today` is the day the stay is booked on.
 */
export async function quoteStay(db: Database, host: UserRow, unit: UnitRow, asked: StayAsked, today: IsoDate) {
  const answer = await quoteFor(db, host, unit, asked.stay, asked.guests, today);
  const refusals: StayAskedRefusal[] = [...answer.refusals];
  if (asked.guests > unit.maxGuests) refusals.push({ rule: "too_many_guests", maxGuests: unit.maxGuests });
  if (unit.calendarStatus === "PAUSED") refusals.push({ rule: "calendar_paused" });
  if (answer.takenNights.length) refusals.push({ rule: "nights_taken" });
  return { ...answer, refusals, bookable: refusals.length === 0 && answer.quote !== null };
}

interface Sale {
  quote: Quote;
  paymentPlan: PaymentPlan;
  money: ReturnType<typeof bookingMoney>;
}

function saleOf(host: UserRow, quote: Quote, stay: Stay, today: IsoDate, plan?: PaymentPlan): Sale {
  const paymentPlan = plan ?? paymentPlanFor(stay, today);
  return { quote, paymentPlan, money: bookingMoney(quote, hostCommission(host)) };
}

function stayValues(host: UserRow, unit: UnitRow, stay: Stay, guests: number, guest: GuestDetails, quote: Quote) {
  return {
    hostUserId: host.id,
    unitId: unit.id,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests,
    guestFirstName: guest.firstName,
    guestLastName: guest.lastName,
    guestEmail: guest.email,
    guestPhone: phoneOrNull(guest.phone),
    guestMessage: guest.message?.trim() || null,
    guestLanguage: guest.language ?? null,
    currency: quote.currency,
    total: quote.total,
    priceBreakdown: quote,
  };
}

function moneyValues(sale: Sale, checkIn: IsoDate) {
  return {
    paymentPlan: sale.paymentPlan,
    instalments: instalmentsOf(sale.paymentPlan, sale.money.total, checkIn),
    commissionPercent: sale.money.commissionPercent,
    commission: sale.money.commission,
    payout: sale.money.payout,
  };
}

export interface Reservation {
  stay: Stay;
  guests: number;
  guest: GuestDetails;
  /** The unit's time zone (`unitTimeZone`): "today" for the notice and the quote is the day it is there. */
  timeZone: string;
}

/** Where a booking comes from: our own channel (the public page) or a channel manager's reservation. */
export interface BookingOrigin {
  source: "direct" | "smoobu";
  externalId?: string | null;
  /** When the guest booked (a channel's reservation made before it reached us); the notice counts from its day. */
  bookedAt?: Date;
  paymentPlan?: PaymentPlan;
}

/** Runs a batch that takes nights; a night taken already answers 409 and nothing of the batch is written. */
async function withNights<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (nightsWereTaken(error)) throw nightsTaken();
    throw error;
  }
}

/**
 * An instant booking: CONFIRMED, its nights taken in the same batch. A stay a rule refuses, or a
 * night taken (now or by the time the batch runs), is refused and nothing is written.
 */
export async function createBooking(db: Database, host: UserRow, unit: UnitRow, reservation: Reservation, now: Date, origin: BookingOrigin = { source: "direct" }): Promise<BookingRow> {
  const bookedAt = origin.bookedAt ?? now;
  const today = todayIn(reservation.timeZone, bookedAt);
  const answer = await quoteStay(db, host, unit, reservation, today);
  if (!answer.bookable || !answer.quote) throw refused(answer.refusals);
  return insertBooking(db, host, unit, reservation, saleOf(host, answer.quote, reservation.stay, today, origin.paymentPlan), now, origin);
}

async function insertBooking(db: Database, host: UserRow, unit: UnitRow, reservation: Reservation, sale: Sale, now: Date, origin: BookingOrigin, code = newCode()): Promise<BookingRow> {
  const { statements, booking } = bookingWrite(db, host, unit, reservation, sale, now, origin, code);
  await withNights(() => db.$client.batch(statements));
  return booking;
}

/**
 * The statements of an instant booking whose stay a quote allowed (`quoteStay`'s rules, asked by the
 * caller): the same rows `createBooking` writes, for a caller that writes many in one batch (the
 * channel import, decision 027). A night taken meanwhile refuses the whole batch.
 */
export function quotedBookingWrite(db: Database, host: UserRow, unit: UnitRow, reservation: Reservation, quote: Quote, today: IsoDate, now: Date, origin: BookingOrigin) {
  return bookingWrite(db, host, unit, reservation, saleOf(host, quote, reservation.stay, today, origin.paymentPlan), now, origin, newCode());
}

function bookingWrite(db: Database, host: UserRow, unit: UnitRow, reservation: Reservation, sale: Sale, now: Date, origin: BookingOrigin, code: string) {
  const publicId = newPublicId("bkg");
  const values = {
    publicId,
    code,
    ...stayValues(host, unit, reservation.stay, reservation.guests, reservation.guest, sale.quote),
    ...moneyValues(sale, reservation.stay.checkIn),
    status: "CONFIRMED" as const,
    source: origin.source,
    externalId: origin.externalId ?? null,
    bookedAt: origin.bookedAt ?? now,
    createdAt: now,
    updatedAt: now,
  };
  const range = { dateFrom: reservation.stay.checkIn, dateTo: reservation.stay.checkOut };
  return {
    statements: [
      takeNightsStatement(db, unit, "booking", publicId, range),
      d1Statement(db, db.insert(bookings).values(values)),
      ...bookingMonthsStatements(db, null, { ...values, cancelledAt: null }),
      ...openConversationStatements(db, "booking", values, now),
    ],
    booking: { id: 0, requestId: null, cancelledByRole: null, cancelReason: null, cancelSubReason: null, cancelExplanation: null, cancelledAt: null, ...values } as BookingRow,
  };
}

/** A booking request: REQUESTED until the host answers or it expires (24 hours, sooner for an arrival sooner: `requestExpiresAt`); it takes no nights. */
export async function createRequest(db: Database, host: UserRow, unit: UnitRow, reservation: Reservation, now: Date): Promise<RequestRow> {
  const today = todayIn(reservation.timeZone, now);
  const answer = await quoteStay(db, host, unit, reservation, today);
  if (!answer.bookable || !answer.quote) throw refused(answer.refusals);
  const sale = saleOf(host, answer.quote, reservation.stay, today);
  const values = {
    publicId: newPublicId("brq"),
    code: newCode(),
    ...stayValues(host, unit, reservation.stay, reservation.guests, reservation.guest, sale.quote),
    ...moneyValues(sale, reservation.stay.checkIn),
    status: "REQUESTED" as const,
    expiresAt: requestExpiresAt(now, startOfDayIn(reservation.stay.checkIn, reservation.timeZone)),
    createdAt: now,
    updatedAt: now,
  };
  const [[row]] = await db.batch([
    db.insert(bookingRequests).values(values).returning(),
    ...monthsSql(values, countedOnce("requests", now)).map((statement) => db.run(statement)),
    ...openConversationQueries(db, "bookingRequest", values, now),
  ]);
  return row!;
}

/**
 * An inquiry: a question about a stay, for a host on subscription. It uses one lead of the host's
 * running subscription (refused when none is left) and takes no nights.
 */
export async function createInquiry(db: Database, host: UserRow, unit: UnitRow, reservation: Reservation, now: Date): Promise<InquiryRow> {
  const today = todayIn(reservation.timeZone, now);
  const [answer, subscription] = await Promise.all([
    quoteStay(db, host, unit, reservation, today),
    db.query.subscriptions.findFirst({ where: eq(subscriptions.hostUserId, host.id), orderBy: sql`${subscriptions.id} DESC` }),
  ]);
  // An inquiry is a question: nights taken now may be free by the time the host answers.
  const refusals = answer.refusals.filter((r) => r.rule !== "nights_taken");
  if (refusals.length || !answer.quote) throw refused(refusals);
  const plan = subscription && subscription.expiresAt.getTime() > now.getTime() ? planById(subscription.planId) : null;
  if (!subscription || !plan) throw refused([{ rule: "no_leads" }]);
  const quota = plan.leadsQuota;
  const values = {
    publicId: newPublicId("inq"),
    code: newCode(),
    ...stayValues(host, unit, reservation.stay, reservation.guests, reservation.guest, answer.quote),
    status: "REQUESTED" as const,
    subscriptionId: subscription.id,
    createdAt: now,
    updatedAt: now,
  };
  // The lead is used in the inquiry's batch; with none left the NOT NULL column refuses the batch.
  const useLead = db
    .update(subscriptions)
    .set({ leadsUsed: quota === null ? sql`leads_used + 1` : sql`CASE WHEN leads_used < ${quota} THEN leads_used + 1 END` })
    .where(eq(subscriptions.id, subscription.id));
  try {
    const [, [row]] = await db.batch([
      useLead,
      db.insert(bookingInquiries).values(values).returning(),
      ...monthsSql(values, countedOnce("inquiries", now)).map((statement) => db.run(statement)),
      ...openConversationQueries(db, "bookingInquiry", values, now),
    ]);
    return row!;
  } catch (error) {
    if (constraintFailed(error, "NOT NULL", "subscriptions")) throw refused([{ rule: "no_leads" }]);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const notPending = (what: string) => new ApiError(409, `This ${what} is no longer waiting for an answer`, [{ field: null, message: english("validation.not_pending"), type: "not_pending" }]);

/**
 * The host confirms a pending request: in one batch the request becomes CONFIRMED (only from
 * REQUESTED before its expiry, or the batch fails), its nights are taken (a night taken meanwhile
 * fails the batch: 409, the request stays pending) and its booking is written with the request's
 * code, price and money.
 */
export async function confirmRequest(db: Database, host: UserRow, unit: UnitRow, request: RequestRow, now: Date): Promise<{ request: RequestRow; booking: BookingRow }> {
  const bookingId = newPublicId("bkg");
  const stay = { checkIn: request.checkIn, checkOut: request.checkOut };
  const values = {
    publicId: bookingId,
    code: request.code,
    hostUserId: request.hostUserId,
    unitId: request.unitId,
    checkIn: request.checkIn,
    checkOut: request.checkOut,
    guests: request.guests,
    guestFirstName: request.guestFirstName,
    guestLastName: request.guestLastName,
    guestEmail: request.guestEmail,
    guestPhone: request.guestPhone,
    guestMessage: request.guestMessage,
    guestLanguage: request.guestLanguage,
    currency: request.currency,
    total: request.total,
    priceBreakdown: request.priceBreakdown,
    paymentPlan: request.paymentPlan,
    instalments: request.instalments,
    commissionPercent: request.commissionPercent,
    commission: request.commission,
    payout: request.payout,
    status: "CONFIRMED" as const,
    source: "direct" as const,
    requestId: request.id,
    bookedAt: now,
    createdAt: now,
    updatedAt: now,
  };
  const answer = db
    .update(bookingRequests)
    .set({
      status: sql`CASE WHEN ${bookingRequests.status} = 'REQUESTED' AND ${bookingRequests.expiresAt} > ${now.getTime()} THEN 'CONFIRMED' END`,
      answeredAt: now,
      bookingPublicId: bookingId,
      updatedAt: now,
    })
    .where(and(eq(bookingRequests.id, request.id), eq(bookingRequests.hostUserId, host.id)));
  try {
    await db.$client.batch([
      d1Statement(db, answer),
      takeNightsStatement(db, unit, "booking", bookingId, { dateFrom: stay.checkIn, dateTo: stay.checkOut }),
      d1Statement(db, db.insert(bookings).values(values)),
      ...bookingMonthsStatements(db, null, { ...values, cancelledAt: null }),
      ...systemMessageStatements(db, request.publicId, { event: "requestConfirmed" }, now),
    ]);
  } catch (error) {
    if (constraintFailed(error, "NOT NULL", "booking_requests")) throw notPending("request");
    if (nightsWereTaken(error)) throw nightsTakenForRequest();
    throw error;
  }
  const booking = { id: 0, externalId: null, cancelledByRole: null, cancelReason: null, cancelSubReason: null, cancelExplanation: null, cancelledAt: null, ...values } as BookingRow;
  return { request: { ...request, status: "CONFIRMED", answeredAt: now, bookingPublicId: bookingId, updatedAt: now }, booking };
}

function nightsTakenForRequest(): ApiError {
  return new ApiError(409, "Some of these nights were taken meanwhile; the request is still pending and can only be rejected", [
    { field: null, message: english("validation.nights_taken_meanwhile"), type: "nights_taken" },
  ]);
}

/** Only a pending request is rejected; its reason follows §5 (`requestRejection`). */
export async function rejectRequest(db: Database, host: UserRow, request: RequestRow, rejection: { reason: RequestRejectReason; subReason: string | null; explanation: string | null }, now: Date): Promise<RequestRow> {
  const update = db
    .update(bookingRequests)
    .set({
      status: sql`CASE WHEN ${bookingRequests.status} = 'REQUESTED' AND ${bookingRequests.expiresAt} > ${now.getTime()} THEN 'REJECTED' END`,
      rejectReason: rejection.reason,
      rejectSubReason: rejection.subReason,
      rejectExplanation: rejection.explanation,
      answeredAt: now,
      updatedAt: now,
    })
    .where(and(eq(bookingRequests.id, request.id), eq(bookingRequests.hostUserId, host.id)));
  try {
    await db.$client.batch([d1Statement(db, update), ...systemMessageStatements(db, request.publicId, { event: "requestRejected" }, now)]);
  } catch (error) {
    if (constraintFailed(error, "NOT NULL", "booking_requests")) throw notPending("request");
    throw error;
  }
  return { ...request, status: "REJECTED", rejectReason: rejection.reason, rejectSubReason: rejection.subReason, rejectExplanation: rejection.explanation, answeredAt: now, updatedAt: now };
}

/**
 * A confirmed booking is cancelled: in one batch its status (only from CONFIRMED) and the release of
 * its nights, which are free again at once.
 */
export async function cancelBooking(
  db: Database,
  booking: BookingRow,
  cancellation: { role: ActorRole; reason: CancelReason | string; subReason: string | null; explanation: string | null },
  now: Date,
  attempt = 1,
): Promise<BookingRow> {
  const cancelled = {
    cancelledByRole: cancellation.role,
    cancelReason: cancellation.reason,
    cancelSubReason: cancellation.subReason,
    cancelExplanation: cancellation.explanation,
    cancelledAt: now,
    updatedAt: now,
  };
  const update = db
    .update(bookings)
    .set({ status: sql`CASE WHEN ${bookings.status} IN (${statusList(bookingStatusesBefore("CANCELLED"))}) AND ${unchanged(booking)} THEN 'CANCELLED' END`, version: nextVersion, ...cancelled })
    .where(and(eq(bookings.id, booking.id), eq(bookings.hostUserId, booking.hostUserId)));
  const release = db
    .delete(takenNights)
    .where(and(eq(takenNights.unitId, booking.unitId), eq(takenNights.hostUserId, booking.hostUserId), eq(takenNights.kind, "booking"), eq(takenNights.ownerId, booking.publicId)));
  const by = cancellation.role.startsWith("OWNER") ? "host" : cancellation.role.startsWith("GUEST") ? "guest" : null;
  try {
    await db.$client.batch([
      d1Statement(db, update),
      d1Statement(db, release),
      // The guard above refuses the whole batch unless the booking was kept: its sums move from kept to cancelled.
      ...bookingMonthsStatements(db, booking, { ...booking, status: "CANCELLED", cancelledAt: now }),
      ...systemMessageStatements(db, booking.publicId, { event: "bookingCancelled", by }, now),
    ]);
    return { ...booking, status: "CANCELLED", version: booking.version + 1, ...cancelled } as BookingRow;
  } catch (error) {
    const current = constraintFailed(error, "NOT NULL", "bookings") ? await changedMeanwhile(db, booking, attempt) : null;
    if (current) return cancelBooking(db, current, cancellation, now, attempt + 1);
    if (constraintFailed(error, "NOT NULL", "bookings")) throw new ApiError(409, "Only a confirmed booking can be cancelled", [{ field: null, message: english("validation.not_cancellable"), type: "not_cancellable" }]);
    throw error;
  }
}

/** A list of statuses for `IN (…)` in a guarded UPDATE. */
const statusList = (statuses: readonly string[]) => sql.join(statuses.map((status) => sql`${status}`), sql`, `);

/**
 * A cancellation or modification moves the insights' monthly sums from the booking as it read it
 * to the booking after: its guard also asks that nobody changed the booking since (`version`), and
 * each bumps the version. A change that lost that race is made again on the booking as it now is.
 */
const unchanged = (booking: BookingRow) => sql`${bookings.version} = ${booking.version}`;
const nextVersion = sql`${bookings.version} + 1`;
const RACED_ATTEMPTS = 3;

/** The booking as it is now when another change came between this one's read and its batch, else null. */
async function changedMeanwhile(db: Database, booking: BookingRow, attempt: number): Promise<BookingRow | null> {
  if (attempt >= RACED_ATTEMPTS) return null;
  const current = await db.select().from(bookings).where(and(eq(bookings.id, booking.id), eq(bookings.hostUserId, booking.hostUserId))).get();
  return current && current.version !== booking.version ? current : null;
}

/** The host confirms an open inquiry before its check-out: it takes the stay's nights (409 when one is taken). */
export async function confirmInquiry(db: Database, unit: UnitRow, inquiry: InquiryRow, now: Date): Promise<InquiryRow> {
  const update = db
    .update(bookingInquiries)
    .set({ status: sql`CASE WHEN ${bookingInquiries.status} IN (${statusList(inquiryStatusesBefore("CONFIRMED"))}) AND ${bookingInquiries.checkOut} > ${unitTodaySql(bookingInquiries.unitId, localDaysAt(now))} THEN 'CONFIRMED' END`, answeredAt: now, updatedAt: now })
    .where(and(eq(bookingInquiries.id, inquiry.id), eq(bookingInquiries.hostUserId, inquiry.hostUserId)));
  try {
    await db.$client.batch([
      d1Statement(db, update),
      takeNightsStatement(db, unit, "booking", inquiry.publicId, { dateFrom: inquiry.checkIn, dateTo: inquiry.checkOut }),
      ...monthsStatements(db, inquiry, takenNightsMonths(inquiry.checkIn, inquiry.checkOut)),
      ...systemMessageStatements(db, inquiry.publicId, { event: "inquiryConfirmed" }, now),
    ]);
  } catch (error) {
    if (constraintFailed(error, "NOT NULL", "booking_inquiries")) throw notPending("inquiry");
    if (nightsWereTaken(error)) throw nightsTaken();
    throw error;
  }
  return { ...inquiry, status: "CONFIRMED", answeredAt: now, updatedAt: now };
}

export async function rejectInquiry(db: Database, inquiry: InquiryRow, rejection: { reason: InquiryRejectReason; explanation: string | null; message: string | null }, now: Date): Promise<InquiryRow> {
  const update = db
    .update(bookingInquiries)
    .set({
      status: sql`CASE WHEN ${bookingInquiries.status} IN (${statusList(inquiryStatusesBefore("REJECTED"))}) THEN 'REJECTED' END`,
      rejectReason: rejection.reason,
      rejectExplanation: rejection.explanation,
      rejectMessage: rejection.message,
      answeredAt: now,
      updatedAt: now,
    })
    .where(and(eq(bookingInquiries.id, inquiry.id), eq(bookingInquiries.hostUserId, inquiry.hostUserId)));
  try {
    await db.$client.batch([d1Statement(db, update), ...systemMessageStatements(db, inquiry.publicId, { event: "inquiryRejected" }, now)]);
  } catch (error) {
    if (constraintFailed(error, "NOT NULL", "booking_inquiries")) throw notPending("inquiry");
    throw error;
  }
  return { ...inquiry, status: "REJECTED", rejectReason: rejection.reason, rejectExplanation: rejection.explanation, rejectMessage: rejection.message, answeredAt: now, updatedAt: now };
}

// ---------------------------------------------------------------------------------------------
// Scheduled
// ---------------------------------------------------------------------------------------------

/**
 * Requests past their expiration time become EXPIRED, each with its conversation's system message in
 * the same batch (written only while the request is still pending then). Idempotent: a second run finds none.
 */
export async function expireRequests(db: Database, now: Date): Promise<number> {
  const due = and(eq(bookingRequests.status, "REQUESTED"), lte(bookingRequests.expiresAt, now));
  let total = 0;
  for (;;) {
    // A batch at a time, its ids bound in one statement (D1 binds at most 100 parameters).
    const expiring = await db.select({ publicId: bookingRequests.publicId }).from(bookingRequests).where(due).limit(EXPIRE_BATCH);
    if (!expiring.length) return total;
    const results = await db.$client.batch([
      ...expiring.flatMap(({ publicId }) =>
        systemMessageStatements(db, publicId, { event: "requestExpired" }, now, sql`EXISTS (SELECT 1 FROM booking_requests WHERE public_id = ${publicId} AND status = 'REQUESTED' AND expires_at <= ${now.getTime()})`),
      ),
      d1Statement(db, db.update(bookingRequests).set({ status: "EXPIRED", updatedAt: now }).where(and(due, inArray(bookingRequests.publicId, expiring.map((r) => r.publicId))))),
    ]);
    const changed = results.at(-1)?.meta.changes ?? 0;
    total += changed;
    if (changed === 0 || expiring.length < EXPIRE_BATCH) return total;
  }
}

const EXPIRE_BATCH = 50;

/**
 * Stays whose check-out has come move on (`bookingStatusDue`, `inquiryStatusDue`): confirmed
 * bookings are completed and go into review collection, which ends without a review after its
 * window; open inquiries expire at check-out. "Has come" is on the unit's local day (`unitTodaySql`):
 * a stay in Honolulu is not completed while it is still the day before there. Each UPDATE names the
 * status it moves from, so a repeated or overlapping run changes nothing twice.
 */
export async function completeStays(db: Database, now: Date): Promise<void> {
  const days = localDaysAt(now);
  const window = `+${REVIEW_COLLECTION_DAYS} days`;
  // The latest local day bounds each UPDATE by its index (status, check-out); the unit's own day decides.
  const checkedOut = (table: typeof bookings | typeof bookingInquiries) => and(lte(table.checkOut, days.latest), sql`${table.checkOut} <= ${unitTodaySql(table.unitId, days)}`);
  const collectionOver = (table: typeof bookings | typeof bookingInquiries) => sql`date(${table.checkOut}, ${window}) <= ${unitTodaySql(table.unitId, days)}`;
  await db.batch([
    db
      .update(bookings)
      .set({ status: "COMPLETED", updatedAt: now })
      .where(and(inArray(bookings.status, bookingStatusesBefore("COMPLETED")), checkedOut(bookings))),
    db
      .update(bookings)
      .set({ status: "IN_REVIEW_COLLECTION", updatedAt: now })
      .where(inArray(bookings.status, bookingStatusesBefore("IN_REVIEW_COLLECTION"))),
    db
      .update(bookings)
      .set({ status: "NO_REVIEW_COLLECTED", updatedAt: now })
      .where(and(inArray(bookings.status, bookingStatusesBefore("NO_REVIEW_COLLECTED")), collectionOver(bookings))),
    db
      .update(bookingInquiries)
      .set({ status: "EXPIRED_CHECKOUT", updatedAt: now })
      .where(and(inArray(bookingInquiries.status, inquiryStatusesBefore("EXPIRED_CHECKOUT")), checkedOut(bookingInquiries))),
    db
      .update(bookingInquiries)
      .set({ status: "IN_REVIEW_COLLECTION", updatedAt: now })
      .where(and(inArray(bookingInquiries.status, inquiryStatusesBefore("IN_REVIEW_COLLECTION")), checkedOut(bookingInquiries))),
    db
      .update(bookingInquiries)
      .set({ status: "NO_REVIEW_COLLECTED", updatedAt: now })
      .where(and(inArray(bookingInquiries.status, inquiryStatusesBefore("NO_REVIEW_COLLECTED")), collectionOver(bookingInquiries))),
  ]);
}

/**
 * New dates or guests for a confirmed booking (a channel's modification): quoted again by the rules
 * (`today` the day it is changed), and in one batch the status guard (only CONFIRMED), the release
 * of its nights and the taking of the new ones, and the new stay and price. A new night taken by
 * anyone else fails the batch whole: the booking keeps its stay.
 */
export async function modifyBooking(db: Database, host: UserRow, unit: UnitRow, booking: BookingRow, change: StayAsked, now: Date, attempt = 1): Promise<BookingRow> {
  const today = todayIn(change.timeZone, now);
  const answer = await quoteStay(db, host, unit, change, today);
  // The booking's own nights count as taken in the quote; the batch below decides about the others.
  const refusals = answer.refusals.filter((r) => r.rule !== "nights_taken" && r.rule !== "preparation_time");
  if (refusals.length || !answer.quote) throw refused(refusals);
  const sale = saleOf(host, answer.quote, change.stay, today, booking.paymentPlan);
  const update = db
    .update(bookings)
    .set({
      status: sql`CASE WHEN ${bookings.status} IN (${statusList(bookingStatusesBefore("CANCELLED"))}) AND ${unchanged(booking)} THEN 'CONFIRMED' END`,
      version: nextVersion,
      checkIn: change.stay.checkIn,
      checkOut: change.stay.checkOut,
      guests: change.guests,
      total: sale.quote.total,
      priceBreakdown: sale.quote,
      ...moneyValues(sale, change.stay.checkIn),
      updatedAt: now,
    })
    .where(and(eq(bookings.id, booking.id), eq(bookings.hostUserId, booking.hostUserId)));
  const release = db
    .delete(takenNights)
    .where(and(eq(takenNights.unitId, booking.unitId), eq(takenNights.hostUserId, booking.hostUserId), eq(takenNights.kind, "booking"), eq(takenNights.ownerId, booking.publicId)));
  try {
    await db.$client.batch([
      d1Statement(db, update),
      d1Statement(db, release),
      takeNightsStatement(db, unit, "booking", booking.publicId, { dateFrom: change.stay.checkIn, dateTo: change.stay.checkOut }),
      ...bookingMonthsStatements(db, booking, { ...booking, status: "CONFIRMED", checkIn: change.stay.checkIn, checkOut: change.stay.checkOut, total: sale.quote.total, ...moneyValues(sale, change.stay.checkIn) }),
      ...systemMessageStatements(db, booking.publicId, { event: "stayChanged", checkIn: change.stay.checkIn, checkOut: change.stay.checkOut, guests: change.guests }, now),
    ]);
  } catch (error) {
    const current = constraintFailed(error, "NOT NULL", "bookings") ? await changedMeanwhile(db, booking, attempt) : null;
    if (current) return modifyBooking(db, host, unit, current, change, now, attempt + 1);
    if (constraintFailed(error, "NOT NULL", "bookings")) throw new ApiError(409, "Only a confirmed booking can be changed", [{ field: null, message: english("validation.not_cancellable"), type: "not_confirmed" }]);
    if (nightsWereTaken(error)) throw nightsTaken();
    throw error;
  }
  return {
    ...booking,
    checkIn: change.stay.checkIn,
    checkOut: change.stay.checkOut,
    guests: change.guests,
    total: sale.quote.total,
    priceBreakdown: sale.quote,
    ...moneyValues(sale, change.stay.checkIn),
    version: booking.version + 1,
    updatedAt: now,
  };
}
