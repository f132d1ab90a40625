import { StatusPill, type PillTone } from "~/components/ui/status-pill";
import { useTranslation } from "~/lib/i18n";

/** The colours of §4 for bookings, requests and inquiries: what waits for the host in warning, what ended badly in the error colour. */
const BOOKING_TONES: Record<string, PillTone> = {
  CONFIRMED: "success",
  CANCELLED: "error",
  COMPLETED: "neutral",
  IN_REVIEW_COLLECTION: "info",
  REVIEW_COLLECTED: "neutral",
  NO_REVIEW_COLLECTED: "neutral",
};
const REQUEST_TONES: Record<string, PillTone> = { REQUESTED: "warning", CONFIRMED: "success", REJECTED: "error", EXPIRED: "neutral" };
const INQUIRY_TONES: Record<string, PillTone> = {
  REQUESTED: "warning",
  ACTION_NEEDED: "warning",
  CONFIRMED: "success",
  IN_REVIEW_COLLECTION: "info",
  REVIEW_COLLECTED: "neutral",
  NO_REVIEW_COLLECTED: "neutral",
  EXPIRED_CHECKOUT: "neutral",
  REJECTED: "error",
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A status as its pill shows it: the words and the colour. */
export interface StatusWords {
  label: string;
  tone: PillTone;
}

/**
 * A booking's status; a cancelled one says who cancelled it (by the guest, by the owner, or plain, §3).
 * The words also come from a loader's `t` where a page words the status on the server (a conversation's stay card).
 */
export function bookingStatusWords(t: Translate, status: string, cancelledBy: "guest" | "owner" | null): StatusWords {
  return { label: status === "CANCELLED" && cancelledBy ? t(`bookings:status.booking.CANCELLED_${cancelledBy}`) : t(`bookings:status.booking.${status}`), tone: BOOKING_TONES[status] ?? "neutral" };
}

export function requestStatusWords(t: Translate, status: string): StatusWords {
  return { label: t(`bookings:status.request.${status}`), tone: REQUEST_TONES[status] ?? "neutral" };
}

export function inquiryStatusWords(t: Translate, status: string): StatusWords {
  return { label: t(`bookings:status.inquiry.${status}`), tone: INQUIRY_TONES[status] ?? "neutral" };
}

export function BookingStatus({ status, cancelledBy }: { status: string; cancelledBy: "guest" | "owner" | null }) {
  const { t } = useTranslation();
  const { label, tone } = bookingStatusWords(t, status, cancelledBy);
  return <StatusPill tone={tone}>{label}</StatusPill>;
}

export function RequestStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  const { label, tone } = requestStatusWords(t, status);
  return <StatusPill tone={tone}>{label}</StatusPill>;
}

export function InquiryStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  const { label, tone } = inquiryStatusWords(t, status);
  return <StatusPill tone={tone}>{label}</StatusPill>;
}
