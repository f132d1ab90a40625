import { useSyncExternalStore } from "react";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";

/** §9: the booking timer updates every 60 s. */
export const TIMER_INTERVAL_MS = 60_000;

/** Whole hours and minutes left until `until`, never below zero. */
export function timeLeft(until: string, now: number): { hours: number; minutes: number; over: boolean } {
  const ms = Math.max(0, new Date(until).getTime() - now);
  const minutes = Math.ceil(ms / 60_000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60, over: ms === 0 };
}

/** The clock the countdown follows: it ticks every interval, and reads the current minute. */
function everyInterval(tick: () => void) {
  const timer = setInterval(tick, TIMER_INTERVAL_MS);
  return () => clearInterval(timer);
}
const currentMinute = () => Math.floor(Date.now() / TIMER_INTERVAL_MS) * TIMER_INTERVAL_MS;
const noMinute = () => null;

/**
 * How long a request waits for the host's answer: the expiry time always (the page without
 * JavaScript shows it), and with JavaScript the time left, counted down every minute.
 */
export function ExpiryCountdown({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  // Null on the server and while hydrating: the server's page shows the expiry time alone.
  const now = useSyncExternalStore(everyInterval, currentMinute, noMinute);
  const left = now === null ? null : timeLeft(expiresAt, now);
  return (
    <div className="countdown" role="timer" aria-live="off">
      <p>{t("bookings:countdown.expiresAt", { time: format.dateTime(expiresAt) })}</p>
      {left ? <p className="countdown__left">{left.over ? t("bookings:countdown.expired") : t("bookings:countdown.left", { hours: left.hours, minutes: left.minutes })}</p> : null}
    </div>
  );
}
