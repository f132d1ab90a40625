import type { IsoDate } from "./dates";
import type { StayRefusal } from "./quote";

/**
 * What the host or the guest is told when `quoteStay` refuses a stay (decision 025): one
 * translation key per rule, in the namespace `quote` of every locale, and the values it shows. The
 * calendar and the public booking page render them alike; dates come as ISO days for the page to
 * format in its language. Pure, no I/O.
 */

/** The namespace a page declares (`handle.i18n`) to show these texts. */
export const QUOTE_NAMESPACE = "quote";

export const STAY_REFUSAL_KEYS = {
  stay_empty: "quote:refusal.stayEmpty",
  stay_too_short: "quote:refusal.stayTooShort",
  stay_too_long: "quote:refusal.stayTooLong",
  arrival_closed: "quote:refusal.arrivalClosed",
  departure_closed: "quote:refusal.departureClosed",
  notice_too_short: "quote:refusal.noticeTooShort",
  preparation_time: "quote:refusal.preparationTime",
  price_missing: "quote:refusal.priceMissing",
} as const satisfies Record<StayRefusal["rule"], string>;

/** Why a stay the rules allow still cannot be booked (the quote's `takenNights`, a paused calendar). */
export const STAY_UNAVAILABLE_KEYS = {
  nights_taken: "quote:unavailable.nightsTaken",
  calendar_paused: "quote:unavailable.calendarPaused",
} as const;

/**
 * A refusal's text: its key, `count` for the plural forms (nights, days), and the day or days it
 * names. Keys with `count` have plural forms; `date` and `dates` are to be formatted by the page.
 */
export interface StayRefusalMessage {
  key: string;
  count?: number;
  date?: IsoDate;
  dates?: IsoDate[];
}

export function stayRefusalMessage(refusal: StayRefusal): StayRefusalMessage {
  const key = STAY_REFUSAL_KEYS[refusal.rule];
  switch (refusal.rule) {
    case "stay_empty":
      return { key };
    case "stay_too_short":
      return { key, count: refusal.minNights };
    case "stay_too_long":
      return { key, count: refusal.maxNights };
    case "arrival_closed":
    case "departure_closed":
      return { key, date: refusal.date };
    case "notice_too_short":
      return { key, count: refusal.minDays };
    case "preparation_time":
      return { key, count: refusal.nights };
    case "price_missing":
      return { key, count: refusal.dates.length, dates: refusal.dates };
  }
}
