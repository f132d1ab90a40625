import type { StepId } from "@domain/listing-steps";

/**
 * Which route file serves each step of the listing wizards (§2): `routes/listing/steps/<step>.tsx`,
 * named after the step. Twin steps, the same form under two paths (the host's details asked for the
 * law or for identity verification, the payout account with or without KYC, …), name the step whose
 * file serves them. Typed by the step ids of domain/listing-steps.ts: a step missing here, or one
 * the wizards do not know, fails the typecheck.
 */
export const STEP_FILES = {
  property: "property",
  location: "location",
  "location/address": "location/address",
  "location/map": "location/map",
  "property-title": "property-title",
  "start-unit": "start-unit",
  "unit-type": "unit-type",
  "guests-and-rooms/info": "guests-and-rooms/info",
  "guests-and-rooms/beds": "guests-and-rooms/beds",
  photos: "photos",
  amenities: "amenities",
  title: "title",
  "price-and-availability": "price-and-availability",
  "price-and-availability/promotions": "price-and-availability/promotions",
  "price-and-availability/seasons": "price-and-availability/seasons",
  "listing-verification": "listing-verification",
  "listing-verification/status": "listing-verification/status",
  "calendar-availability": "calendar-availability",
  "commission-model": "commission-model",
  "verification/info": "verification/info",
  "verification/owner": "verification/owner",
  "verification/upload": "verification/upload",
  "commercial-model": "commercial-model",
  "commercial-model/plan": "commercial-model/plan",
  "commercial-model/plan-services": "commercial-model/plan-services",
  "booking-preference": "booking-preference",
  "identity-and-payout-details/upload": "verification/upload",
  "identity-and-payout-details/payout": "identity-and-payout-details/payout",
  "identity-and-payout-details/payout-document": "identity-and-payout-details/payout-document",
  "payout/info": "identity-and-payout-details/payout",
  "payout/upload": "identity-and-payout-details/payout-document",
  "personal-details/info": "verification/info",
  "personal-details/owner": "verification/owner",
  "regional-requirements": "regional-requirements",
  "subscription/plan": "commercial-model/plan",
  "subscription/boost": "subscription/boost",
  publish: "publish",
} as const satisfies Record<StepId, StepId>;

/** A step that has a route file of its own. */
export type StepFile = (typeof STEP_FILES)[StepId];

/** The steps a route file serves: its own, then its twins. */
export function stepsServedBy(file: StepFile): StepId[] {
  return [file, ...(Object.keys(STEP_FILES) as StepId[]).filter((step) => step !== file && STEP_FILES[step] === file)];
}
