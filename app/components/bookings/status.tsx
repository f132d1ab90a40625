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

/** A booking's status; a cancelled one says who cancelled it (by the guest, by the owner, or plain, §3). */
export function BookingStatus({ status, cancelledBy }: { status: string; cancelledBy: "guest" | "owner" | null }) {
  const { t } = useTranslation();
  const label = status === "CANCELLED" && cancelledBy ? t(`bookings:status.booking.CANCELLED_${cancelledBy}`) : t(`bookings:status.booking.${status}`);
  return <StatusPill tone={BOOKING_TONES[status] ?? "neutral"}>{label}</StatusPill>;
}

export function RequestStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  return <StatusPill tone={REQUEST_TONES[status] ?? "neutral"}>{t(`bookings:status.request.${status}`)}</StatusPill>;
}

export function InquiryStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  return <StatusPill tone={INQUIRY_TONES[status] ?? "neutral"}>{t(`bookings:status.inquiry.${status}`)}</StatusPill>;
}
