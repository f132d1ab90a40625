/**
 * The host's notifications (§3 Notification, §4): raised by the state of the host's units and
 * account, never stored; only whether the host has read one is (a user interaction named by
 * `notificationKey`). A notification about one unit names it.
 */

export const NOTIFICATION_TYPES = ["discountPromotion", "describeIdealGuest", "instantBooking", "instantBookingAll", "instantBookingSome", "requiredCodiceIdentificationNumber"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** At most this many notifications are raised (a host with many units sees the newest). */
export const MAX_NOTIFICATIONS = 50;

export interface NotificationUnit {
  unitId: string;
  propertyId: string;
  title: string;
  state: string;
  bookingType: "onLine" | "onRequest";
  countryCode: string | null;
  nationalIdentificationCode: string | null;
  hasActivePromotion: boolean;
  /** When the unit was created or last changed (ms): when its notifications were raised. */
  since: number;
}

export interface NotificationHost {
  bookingsAvailable: boolean;
  /**
   * Guests book a commission (or hybrid) host's units with bookings available (`howGuestsBook`): only
   * they choose instant booking (showsBookingPreference) and have promotions (showsPromotions), so only
   * they are told about either. A host on a subscription receives inquiries and is told neither.
   */
  commissionApplicable: boolean;
  hasGuestProfile: boolean;
  /** When the account was created (ms). */
  since: number;
}

export interface RaisedNotification {
  type: NotificationType;
  unitId: string | null;
  propertyId: string | null;
  unitTitle: string | null;
  createdAt: number;
}

export function notificationKey(type: NotificationType, unitId: string | null): string {
  return unitId ? `${type}:${unitId}` : type;
}

/** The notification a stored interaction key names, or null for any other interaction. */
export function notificationOfKey(key: string): { type: NotificationType; unitId: string | null } | null {
  const [type, unitId, ...rest] = key.split(":");
  if (rest.length || !NOTIFICATION_TYPES.includes(type as NotificationType)) return null;
  return { type: type as NotificationType, unitId: unitId ?? null };
}

const live = (unit: NotificationUnit) => unit.state === "PUBLISHED";

/**
 * What the host should be told, newest first:
 * - a unit in Italy without its national identification code (CIN): requiredCodiceIdentificationNumber, per unit;
 * - for hosts whose guests book (commission and hybrid, bookings available):
 *   - each published unit without an active promotion: discountPromotion;
 *   - published units booked on request: instantBooking for a host's only published unit, else instantBookingAll when
 *     all are, instantBookingSome when some are;
 * - a host with a published unit and no ideal guest described: describeIdealGuest.
 */
export function raisedNotifications(host: NotificationHost, units: readonly NotificationUnit[]): RaisedNotification[] {
  const raised: RaisedNotification[] = [];
  const of = (type: NotificationType, unit: NotificationUnit | null, createdAt: number) =>
    raised.push({ type, unitId: unit?.unitId ?? null, propertyId: unit?.propertyId ?? null, unitTitle: unit?.title ?? null, createdAt });
  for (const unit of units) {
    if (unit.state !== "DELETED" && unit.countryCode?.toUpperCase() === "IT" && !unit.nationalIdentificationCode?.trim()) of("requiredCodiceIdentificationNumber", unit, unit.since);
  }
  const published = units.filter(live);
  const guestsBook = host.commissionApplicable && host.bookingsAvailable;
  if (guestsBook) for (const unit of published) if (!unit.hasActivePromotion) of("discountPromotion", unit, unit.since);
  if (guestsBook) {
    const onRequest = published.filter((u) => u.bookingType === "onRequest");
    const newest = Math.max(host.since, ...onRequest.map((u) => u.since));
    if (published.length === 1 && onRequest.length === 1) of("instantBooking", onRequest[0]!, onRequest[0]!.since);
    else if (published.length > 1 && onRequest.length === published.length) of("instantBookingAll", null, newest);
    else if (onRequest.length > 0) of("instantBookingSome", null, newest);
  }
  if (published.length > 0 && !host.hasGuestProfile) of("describeIdealGuest", null, host.since);
  return raised.sort((a, b) => b.createdAt - a.createdAt).slice(0, MAX_NOTIFICATIONS);
}
