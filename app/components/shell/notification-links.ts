import { href } from "react-router";
import type { Notification } from "@contract/home";
import { unitHref } from "~/lib/pages";

/** Where a notification is handled (§2): the unit's promotions or booking policies, the property list, or the ideal-guest flow. */
export function notificationHref(n: Pick<Notification, "type" | "unitId" | "propertyId">): string {
  const unit = n.unitId && n.propertyId ? { unitId: n.unitId, propertyId: n.propertyId } : null;
  switch (n.type) {
    case "discountPromotion":
      return unit ? unitHref(unit, "promotions") : href("/properties");
    case "instantBooking":
      return unit ? unitHref(unit, "booking-policies") : href("/properties");
    case "describeIdealGuest":
      return href("/guest-profile/:step", { step: "introduction" });
    case "instantBookingAll":
    case "instantBookingSome":
    case "requiredCodiceIdentificationNumber":
      return href("/properties");
  }
}
