import { addDays, type IsoDate, type Stay } from "./dates";
import { percentOf } from "./quote";

/**
 * Bookings, booking requests and inquiries (§3, §4): their statuses, the transitions between them,
 * and the money of a booking (decision 027). Pure rules, no I/O; the services in `api/bookings`
 * write only what these allow.
 */

// ---------------------------------------------------------------------------------------------
// Bookings
// ---------------------------------------------------------------------------------------------

/** §3 Booking statuses. */
export const BOOKING_STATUSES = ["CONFIRMED", "CANCELLED", "COMPLETED", "IN_REVIEW_COLLECTION", "REVIEW_COLLECTED", "NO_REVIEW_COLLECTED"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** §3 Actor roles: who did something to a booking (a cancellation). */
export const ACTOR_ROLES = ["OWNER", "GUEST", "OWNER_VIA_EXTERNAL_SYSTEM", "GUEST_VIA_EXTERNAL_SYSTEM", "EXTERNAL_SYSTEM"] as const;
export type ActorRole = (typeof ACTOR_ROLES)[number];

/** How a cancelled booking is shown (§3): by the guest, by the owner, or plain (a system's). */
export type CancelledBy = "guest" | "owner" | null;
export function cancelledBy(role: ActorRole | null): CancelledBy {
  if (role === "GUEST" || role === "GUEST_VIA_EXTERNAL_SYSTEM") return "guest";
  if (role === "OWNER" || role === "OWNER_VIA_EXTERNAL_SYSTEM") return "owner";
  return null;
}

/**
 * §4 transitions of a booking. A confirmed booking is cancelled, or completed once its guest has
 * left; a completed booking goes into review collection (whichever channel sold it, the guest is
 * asked), which ends with a review or without one.
 */
const BOOKING_TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  CONFIRMED: ["CANCELLED", "COMPLETED"],
  COMPLETED: ["IN_REVIEW_COLLECTION"],
  IN_REVIEW_COLLECTION: ["REVIEW_COLLECTED", "NO_REVIEW_COLLECTED"],
  CANCELLED: [],
  REVIEW_COLLECTED: [],
  NO_REVIEW_COLLECTED: [],
};

export function canMoveBooking(from: BookingStatus, to: BookingStatus): boolean {
  return BOOKING_TRANSITIONS[from].includes(to);
}

/** The statuses a booking can be moved to `to` from (for guarded UPDATEs: `WHERE status IN (…)`). */
export function bookingStatusesBefore(to: BookingStatus): BookingStatus[] {
  return BOOKING_STATUSES.filter((from) => canMoveBooking(from, to));
}

/** §3 filter values of the booking list, and the statuses each stands for. */
export const BOOKING_FILTERS = ["confirmed", "completed", "cancelled"] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];
export const STATUSES_OF_FILTER: Record<BookingFilter, readonly BookingStatus[]> = {
  confirmed: ["CONFIRMED"],
  completed: ["COMPLETED", "IN_REVIEW_COLLECTION", "REVIEW_COLLECTED", "NO_REVIEW_COLLECTED"],
  cancelled: ["CANCELLED"],
};

/** Days after the check-out during which the guest may review a stay; then collection ends without one. */
export const REVIEW_COLLECTION_DAYS = 14;

/**
 * The next status of a booking on `today` (the scheduled job moves it, one step at a time, in one
 * run): a confirmed stay whose check-out has come is completed, then collects reviews until
 * `REVIEW_COLLECTION_DAYS` after its check-out. Null: it stays as it is.
 */
export function bookingStatusDue(booking: { status: BookingStatus; checkOut: IsoDate }, today: IsoDate): BookingStatus | null {
  const { status, checkOut } = booking;
  if (status === "CONFIRMED" && checkOut <= today) return "COMPLETED";
  if (status === "COMPLETED") return "IN_REVIEW_COLLECTION";
  if (status === "IN_REVIEW_COLLECTION" && addDays(checkOut, REVIEW_COLLECTION_DAYS) <= today) return "NO_REVIEW_COLLECTED";
  return null;
}

/**
 * Where a stay stands on `today`, its unit's local day (`todayIn(timeZoneOf(…))`, never UTC's): to
 * come before its check-in day, under way from it until the check-out day, over from the check-out
 * day on. The bookings' tabs "upcoming" and "current" and the completion of stays (`bookingStatusDue`)
 * compare the same way, in SQL with each unit's day (`unitTodaySql`).
 */
export type StayTime = "upcoming" | "current" | "over";
export function stayTimeOf(stay: Stay, today: IsoDate): StayTime {
  if (stay.checkIn > today) return "upcoming";
  return stay.checkOut > today ? "current" : "over";
}

/** Cancellation reasons of a booking (the host's cancel form and the channels). */
export const CANCEL_REASONS = ["GUEST_REQUEST", "OVERBOOKING", "PROPERTY_UNAVAILABLE", "PAYMENT_ISSUE", "OTHER"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** The reason a channel manager's cancellation stores when the channel gives none. */
export const CHANNEL_CANCEL_REASON = "CHANNEL";

/**
 * Every code a booking's cancellation reason holds when it is ours: the host's reasons and the
 * channel's default. Anything else is a channel's own words (`reason` of its cancellation).
 */
export const CANCELLATION_REASON_CODES = [...CANCEL_REASONS, CHANNEL_CANCEL_REASON] as const;
export type CancellationReasonCode = (typeof CANCELLATION_REASON_CODES)[number];
export function isCancellationReasonCode(reason: string): reason is CancellationReasonCode {
  return (CANCELLATION_REASON_CODES as readonly string[]).includes(reason);
}

/** What narrows a cancellation's reason down (§5 "sub-reason"): optional, one of its reason's; OTHER has none (its explanation says it). */
export const CANCEL_SUB_REASONS: Record<CancelReason, readonly string[]> = {
  GUEST_REQUEST: ["CHANGE_OF_PLANS", "TRAVEL_PROBLEM"],
  OVERBOOKING: ["BOOKED_ELSEWHERE", "CALENDAR_NOT_SYNCED"],
  PROPERTY_UNAVAILABLE: ["REPAIRS", "OWN_USE"],
  PAYMENT_ISSUE: ["PAYMENT_FAILED", "DEPOSIT_NOT_PAID"],
  OTHER: [],
};

/** Whether `subReason` narrows `reason` down (an empty one always does: none was given). */
export function isSubReasonOf(subReasons: Record<string, readonly string[]>, reason: string, subReason: string | null | undefined): boolean {
  return !subReason || (subReasons[reason] ?? []).includes(subReason);
}

// ---------------------------------------------------------------------------------------------
// Booking requests
// ---------------------------------------------------------------------------------------------

/** §3 Booking request statuses; REQUESTED is "pending" until its expiration time. */
export const REQUEST_STATUSES = ["REQUESTED", "CONFIRMED", "REJECTED", "EXPIRED"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** A request the host has not answered expires this long after it arrived (§3 "pending with expiration time"). */
export const REQUEST_EXPIRY_HOURS = 24;
/** …or when the guest's arrival day begins, if that is sooner, but never before the host had this long to answer. */
export const REQUEST_MIN_ANSWER_HOURS = 2;

/**
 * When a request expires: 24 hours after it arrived, or sooner when the guest arrives sooner, at the
 * start of the arrival day where the unit is (`arrivalDayStarts`), though never less than two hours
 * after it arrived. So a request for tomorrow gives the host until midnight, not until the guest
 * stands at the door.
 */
export function requestExpiresAt(createdAt: Date, arrivalDayStarts?: Date): Date {
  const full = createdAt.getTime() + REQUEST_EXPIRY_HOURS * 3_600_000;
  if (!arrivalDayStarts) return new Date(full);
  const least = createdAt.getTime() + REQUEST_MIN_ANSWER_HOURS * 3_600_000;
  return new Date(Math.max(least, Math.min(full, arrivalDayStarts.getTime())));
}

/** §4: only a pending request is answered or expires; every other status is final. */
export function canMoveRequest(from: RequestStatus, to: RequestStatus): boolean {
  return from === "REQUESTED" && to !== "REQUESTED";
}

/** Whether a request still waits for the host: requested and its expiration time not reached. */
export function isPending(request: { status: RequestStatus; expiresAt: Date }, now: Date): boolean {
  return request.status === "REQUESTED" && request.expiresAt.getTime() > now.getTime();
}

/** §8 rejection reasons of a booking request. */
export const REQUEST_REJECT_REASONS = ["OUTDATED_BOOKING_CALENDAR", "RATES_MISMATCH", "PROPERTY_IN_BAD_CONDITION", "SELF_MANAGED_BOOKING", "OTHER"] as const;
export type RequestRejectReason = (typeof REQUEST_REJECT_REASONS)[number];

/** What narrows a request's rejection reason down (§5 "sub-reason"): optional, one of its reason's; OTHER has none (its explanation says it). */
export const REQUEST_REJECT_SUB_REASONS: Record<RequestRejectReason, readonly string[]> = {
  OUTDATED_BOOKING_CALENDAR: ["BOOKED_ELSEWHERE", "BLOCKED_FOR_OWN_USE"],
  RATES_MISMATCH: ["PRICE_TOO_LOW", "CHARGES_MISSING"],
  PROPERTY_IN_BAD_CONDITION: ["REPAIRS", "CLEANING"],
  SELF_MANAGED_BOOKING: ["DIRECT_BOOKING", "OTHER_CHANNEL"],
  OTHER: [],
};

/**
 * §5: a request's rejection carries its explanation only when the reason is OTHER (where it is
 * required), or when a sub-reason comes with it; otherwise the explanation is dropped.
 */
export function requestRejection(input: { reason: RequestRejectReason; subReason?: string | null; explanation?: string | null }): {
  rejection: { reason: RequestRejectReason; subReason: string | null; explanation: string | null } | null;
  problem: "explanation_required" | null;
} {
  const subReason = input.subReason?.trim() || null;
  const explanation = input.explanation?.trim() || null;
  if (input.reason === "OTHER" && !explanation) return { rejection: null, problem: "explanation_required" };
  const keepExplanation = input.reason === "OTHER" || (subReason !== null && explanation !== null);
  return { rejection: { reason: input.reason, subReason, explanation: keepExplanation ? explanation : null }, problem: null };
}

// ---------------------------------------------------------------------------------------------
// Inquiries
// ---------------------------------------------------------------------------------------------

/** §3 Inquiry statuses (upper-case, as the booking states). */
export const INQUIRY_STATUSES = ["REQUESTED", "ACTION_NEEDED", "CONFIRMED", "IN_REVIEW_COLLECTION", "REVIEW_COLLECTED", "NO_REVIEW_COLLECTED", "EXPIRED_CHECKOUT", "REJECTED"] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

const INQUIRY_TRANSITIONS: Record<InquiryStatus, readonly InquiryStatus[]> = {
  REQUESTED: ["CONFIRMED", "REJECTED", "EXPIRED_CHECKOUT", "ACTION_NEEDED"],
  ACTION_NEEDED: ["CONFIRMED", "REJECTED", "EXPIRED_CHECKOUT"],
  CONFIRMED: ["IN_REVIEW_COLLECTION"],
  IN_REVIEW_COLLECTION: ["REVIEW_COLLECTED", "NO_REVIEW_COLLECTED"],
  REVIEW_COLLECTED: [],
  NO_REVIEW_COLLECTED: [],
  EXPIRED_CHECKOUT: [],
  REJECTED: [],
};

export function canMoveInquiry(from: InquiryStatus, to: InquiryStatus): boolean {
  return INQUIRY_TRANSITIONS[from].includes(to);
}

export function inquiryStatusesBefore(to: InquiryStatus): InquiryStatus[] {
  return INQUIRY_STATUSES.filter((from) => canMoveInquiry(from, to));
}

/** The lower-case state of §3 an inquiry status is shown as. */
export const INQUIRY_STATE_OF: Record<InquiryStatus, string> = {
  REQUESTED: "requested",
  ACTION_NEEDED: "action needed",
  CONFIRMED: "confirmed",
  IN_REVIEW_COLLECTION: "review collection",
  REVIEW_COLLECTED: "review collected",
  NO_REVIEW_COLLECTED: "no review collected",
  EXPIRED_CHECKOUT: "expired checkout",
  REJECTED: "rejected",
};

/**
 * The status an inquiry should have on `today`: one never answered whose check-out has come ends as
 * EXPIRED_CHECKOUT; a confirmed one collects reviews after its check-out, as a booking does.
 */
export function inquiryStatusDue(inquiry: { status: InquiryStatus; checkOut: IsoDate }, today: IsoDate): InquiryStatus | null {
  const { status, checkOut } = inquiry;
  if ((status === "REQUESTED" || status === "ACTION_NEEDED") && checkOut <= today) return "EXPIRED_CHECKOUT";
  if (status === "CONFIRMED" && checkOut <= today) return "IN_REVIEW_COLLECTION";
  if (status === "IN_REVIEW_COLLECTION" && addDays(checkOut, REVIEW_COLLECTION_DAYS) <= today) return "NO_REVIEW_COLLECTED";
  return null;
}

/** §8 rejection reasons of an inquiry. */
export const INQUIRY_REJECT_REASONS = ["OUTDATED_BOOKING_CALENDAR", "OVERBOOKING", "RATES_MISMATCH", "PROPERTY_HAS_DAMAGE", "OTHER"] as const;
export type InquiryRejectReason = (typeof INQUIRY_REJECT_REASONS)[number];

/** §5: an inquiry's rejection sends its explanation only when the reason is OTHER, where it is required. */
export function inquiryRejection(input: { reason: InquiryRejectReason; explanation?: string | null; message?: string | null }): {
  rejection: { reason: InquiryRejectReason; explanation: string | null; message: string | null } | null;
  problem: "explanation_required" | null;
} {
  const explanation = input.explanation?.trim() || null;
  const message = input.message?.trim() || null;
  if (input.reason === "OTHER" && !explanation) return { rejection: null, problem: "explanation_required" };
  return { rejection: { reason: input.reason, explanation: input.reason === "OTHER" ? explanation : null, message }, problem: null };
}

// ---------------------------------------------------------------------------------------------
// Money
// ---------------------------------------------------------------------------------------------

/** §3 payment plans: what the guest pays online at booking and when the rest is due. */
export const PAYMENT_PLANS = ["online_100", "online_30_70_split", "online_50", "online_30"] as const;
export type PaymentPlan = (typeof PAYMENT_PLANS)[number];

/** The spellings without the underscore that §3 also names. */
const PAYMENT_PLAN_ALIASES: Record<string, PaymentPlan> = { online100: "online_100", online50: "online_50", online30: "online_30" };
export function paymentPlanOf(value: string): PaymentPlan | null {
  if ((PAYMENT_PLANS as readonly string[]).includes(value)) return value as PaymentPlan;
  return PAYMENT_PLAN_ALIASES[value] ?? null;
}

/** Days before the check-in the second instalment of a split plan is due. */
export const BALANCE_DUE_DAYS_BEFORE_ARRIVAL = 30;

export interface Instalment {
  /** `booking`: paid online when booking; otherwise the date it is due. */
  due: "booking" | IsoDate;
  /** Online through the platform, or to the host on arrival. */
  method: "online" | "on_arrival";
  amount: number;
}

/**
 * The payment plan a stay is sold with: everything online when it starts within
 * `BALANCE_DUE_DAYS_BEFORE_ARRIVAL` days (there is no time for a second instalment), else 30 % now
 * and 70 % before arrival.
 */
export function paymentPlanFor(stay: Stay, today: IsoDate): PaymentPlan {
  return addDays(today, BALANCE_DUE_DAYS_BEFORE_ARRIVAL) >= stay.checkIn ? "online_100" : "online_30_70_split";
}

/** The share of the total, in percent, a plan's guest pays online at booking (the rest is the plan's second instalment). */
export function percentAtBooking(plan: PaymentPlan): number {
  return plan === "online_100" ? 100 : plan === "online_50" ? 50 : 30;
}

/**
 * The instalments of a plan for a total. online_30_70_split: 30 % online at booking, 70 % online
 * `BALANCE_DUE_DAYS_BEFORE_ARRIVAL` days before arrival; online_50 and online_30: that share online,
 * the rest to the host on arrival. The instalments add up to the total (the rest takes the rounding).
 */
export function instalmentsOf(plan: PaymentPlan, total: number, checkIn: IsoDate): Instalment[] {
  if (plan === "online_100") return [{ due: "booking", method: "online", amount: total }];
  const first = percentOf(total, percentAtBooking(plan));
  const rest = total - first;
  if (plan === "online_30_70_split") return [{ due: "booking", method: "online", amount: first }, { due: addDays(checkIn, -BALANCE_DUE_DAYS_BEFORE_ARRIVAL), method: "online", amount: rest }];
  return [{ due: "booking", method: "online", amount: first }, { due: checkIn, method: "on_arrival", amount: rest }];
}

export interface BookingMoney {
  total: number;
  /** What commission is charged on: the total without the local taxes the host passes on. */
  commissionBase: number;
  /** Percent of the base the platform keeps; null for a host on subscription. */
  commissionPercent: number | null;
  commission: number;
  /** What the host receives: the total less the commission. */
  payout: number;
}

/**
 * The money of a booking from its quote (decision 027): commission and hybrid hosts pay
 * `commissionPercent` (hybrid_N: N %, commission: the standard rate) of the total without taxes,
 * rounded half up to a minor unit; subscription hosts pay none. The payout is what remains.
 */
export function bookingMoney(quote: { total: number; taxes: readonly { amount: number }[] }, commissionPercent: number | null): BookingMoney {
  const taxes = quote.taxes.reduce((sum, t) => sum + t.amount, 0);
  const commissionBase = quote.total - taxes;
  const commission = commissionPercent === null ? 0 : percentOf(commissionBase, commissionPercent);
  return { total: quote.total, commissionBase, commissionPercent, commission, payout: quote.total - commission };
}

// ---------------------------------------------------------------------------------------------
// Guests and codes
// ---------------------------------------------------------------------------------------------

/** §3 Inquiry: a phone number without a digit is no phone number (null). */
export function phoneOrNull(phone: string | null | undefined): string | null {
  const trimmed = phone?.trim() ?? "";
  return /\d/.test(trimmed) ? trimmed : null;
}

/** Letters and digits of a booking code, without the ones read as others (0/O, 1/I/L). */
export const BOOKING_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const BOOKING_CODE_LENGTH = 8;

/** A booking code from random bytes: what the guest quotes to the host and to support. */
export function bookingCodeOf(bytes: Uint8Array): string {
  let code = "";
  for (let i = 0; i < BOOKING_CODE_LENGTH; i++) code += BOOKING_CODE_ALPHABET[bytes[i]! % BOOKING_CODE_ALPHABET.length];
  return code;
}

/** What a guest gives when booking, requesting or asking. */
export interface GuestDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  message: string | null;
  /** The language the guest speaks (a product locale), when the guest or the channel said. */
  language?: string | null;
}

/** The guest's name as shown in lists and the calendar. */
export function guestName(guest: { firstName: string; lastName: string }): string {
  return `${guest.firstName} ${guest.lastName}`.trim();
}
