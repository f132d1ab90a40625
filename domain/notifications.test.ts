import { describe, expect, it } from "vitest";
import { notificationKey, notificationOfKey, raisedNotifications, type NotificationUnit } from "./notifications";

const unit = (id: string, overrides: Partial<NotificationUnit> = {}): NotificationUnit => ({
  unitId: id,
  propertyId: `p-${id}`,
  title: `Flat ${id}`,
  state: "PUBLISHED",
  bookingType: "onLine",
  countryCode: "PT",
  nationalIdentificationCode: null,
  hasActivePromotion: true,
  since: 1_000,
  ...overrides,
});
const bookingHost = { bookingsAvailable: true, commissionApplicable: true, hasGuestProfile: true, since: 0 };

describe("notifications raised by the host's units", () => {
  it("asks for the CIN of each Italian unit without one, published or not", () => {
    const raised = raisedNotifications({ ...bookingHost, bookingsAvailable: false }, [unit("a", { countryCode: "IT" }), unit("b", { countryCode: "IT", state: "IN_PROGRESS" }), unit("c", { countryCode: "IT", nationalIdentificationCode: "IT012345C1ABCDEFGH" }), unit("d")]);
    expect(raised.map((n) => [n.type, n.unitId])).toEqual([
      ["requiredCodiceIdentificationNumber", "a"],
      ["requiredCodiceIdentificationNumber", "b"],
    ]);
  });

  it("offers instant booking for a host's only unit, or for all or some of several", () => {
    expect(raisedNotifications(bookingHost, [unit("a", { bookingType: "onRequest" })]).map((n) => [n.type, n.unitId])).toEqual([["instantBooking", "a"]]);
    expect(raisedNotifications(bookingHost, [unit("a", { bookingType: "onRequest" }), unit("b", { bookingType: "onRequest" })]).map((n) => [n.type, n.unitId])).toEqual([["instantBookingAll", null]]);
    expect(raisedNotifications(bookingHost, [unit("a", { bookingType: "onRequest" }), unit("b")]).map((n) => [n.type, n.unitId])).toEqual([["instantBookingSome", null]]);
    expect(raisedNotifications(bookingHost, [unit("a"), unit("b", { state: "IN_PROGRESS", bookingType: "onRequest" })])).toEqual([]);
  });

  it("offers instant booking to no host on a subscription, who cannot switch it on (their guests send inquiries)", () => {
    const onRequest = [unit("a", { bookingType: "onRequest" }), unit("b", { bookingType: "onRequest" }), unit("c")];
    const subscription = { ...bookingHost, commissionApplicable: false };
    expect(raisedNotifications(subscription, onRequest.slice(0, 1))).toEqual([]);
    expect(raisedNotifications(subscription, onRequest.slice(0, 2))).toEqual([]);
    expect(raisedNotifications(subscription, onRequest)).toEqual([]);
    // The same units of a host on commission raise them.
    expect(raisedNotifications(bookingHost, onRequest).map((n) => n.type)).toEqual(["instantBookingSome"]);
  });

  it("suggests a promotion per published unit without an active one, to hosts who take bookings only", () => {
    const units = [unit("a", { hasActivePromotion: false, since: 5 }), unit("b", { hasActivePromotion: false, since: 9 }), unit("c", { hasActivePromotion: false, state: "UNPUBLISHED" })];
    expect(raisedNotifications(bookingHost, units).map((n) => [n.type, n.unitId])).toEqual([
      ["discountPromotion", "b"],
      ["discountPromotion", "a"],
    ]);
    expect(raisedNotifications({ ...bookingHost, bookingsAvailable: false }, units)).toEqual([]);
    // A subscription host takes bookings but cannot have promotions (showsPromotions).
    expect(raisedNotifications({ ...bookingHost, commissionApplicable: false }, units)).toEqual([]);
  });

  it("asks a host with a published unit to describe the ideal guest until they have", () => {
    expect(raisedNotifications({ ...bookingHost, hasGuestProfile: false }, [unit("a")]).map((n) => n.type)).toEqual(["describeIdealGuest"]);
    expect(raisedNotifications({ ...bookingHost, hasGuestProfile: false }, [unit("a", { state: "IN_PROGRESS" })])).toEqual([]);
  });

  it("keys a read notification by its type and unit", () => {
    expect(notificationKey("instantBooking", "unt_1")).toBe("instantBooking:unt_1");
    expect(notificationOfKey("instantBooking:unt_1")).toEqual({ type: "instantBooking", unitId: "unt_1" });
    expect(notificationOfKey("describeIdealGuest")).toEqual({ type: "describeIdealGuest", unitId: null });
    expect(notificationOfKey("welcomeTour")).toBeNull();
  });
});
