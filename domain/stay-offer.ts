import type { BookingType } from "./property-configuration";

/**
 * How a guest takes a published unit on its public page (§3 Booking, Booking request, Inquiry): a
 * host who takes bookings (commission or hybrid, bookings available) is booked instantly or asked
 * to confirm, by the unit's booking type; a host on the subscription model with inquiries receives
 * an inquiry; anyone else receives nothing through the page (null). The public page and the
 * endpoint that takes the guest's form decide with this one rule.
 */
export const STAY_OFFERS = ["instant", "request", "inquiry"] as const;
export type StayOffer = (typeof STAY_OFFERS)[number];

export interface StayOfferHost {
  commissionApplicable: boolean;
  bookingsAvailable: boolean;
  inquiriesAvailable: boolean;
}

export function howGuestsBook(host: StayOfferHost, bookingType: BookingType): StayOffer | null {
  if (host.commissionApplicable) {
    if (!host.bookingsAvailable) return null;
    return bookingType === "onRequest" ? "request" : "instant";
  }
  return host.inquiriesAvailable ? "inquiry" : null;
}
