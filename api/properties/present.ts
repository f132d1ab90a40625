import { displayStatus, sortInvalidFields, type ListingState } from "@domain/listing-status";
import { requiresNationalIdentificationCode, requiresRegistrationNumber, toImperialArea } from "@domain/property-configuration";
import { hasAddress, photoUrl, unitInvalidFields, type PhotoSummary, type PropertyRow, type UnitRow } from "./queries";

export function presentLocation(property: PropertyRow) {
  return {
    countryCode: property.countryCode,
    stateOrProvince: property.stateOrProvince,
    city: property.city,
    street: property.street,
    houseNumberOrName: property.houseNumberOrName,
    postalCode: property.postalCode,
    formattedAddress: property.formattedAddress,
    googlePlaceId: property.googlePlaceId,
    latitude: property.latitude,
    longitude: property.longitude,
  };
}

/** What the property's country and region require of each unit (§5). */
export function presentRegionalRequirements(property: PropertyRow) {
  const country = property.countryCode;
  return {
    registrationNumber: { required: country ? requiresRegistrationNumber(country, property.stateOrProvince) : false },
    nationalIdentificationCode: { required: country ? requiresNationalIdentificationCode(country) : false },
  };
}

/** §3 Property. */
export function presentProperty(property: PropertyRow, units: UnitRow[], photos: Map<number, PhotoSummary>) {
  const cover = units.map((u) => photos.get(u.id)?.coverPublicId).find(Boolean);
  return {
    id: property.publicId,
    title: property.title,
    description: property.description,
    restaurantDescription: property.restaurantDescription,
    specialOfferDescription: property.specialOfferDescription,
    propertyType: property.propertyType,
    accommodationType: property.accommodationType,
    expectedUnitCount: property.expectedUnitCount,
    unitIds: units.map((u) => u.publicId),
    thumbnail: cover ? photoUrl(cover) : null,
    addressForm: property.countryCode,
    location: presentLocation(property),
    hasAddress: hasAddress(property),
    firstFinishedUnitId: units.find((u) => u.state !== "IN_PROGRESS")?.publicId ?? null,
    firstInProgressUnitId: units.find((u) => u.state === "IN_PROGRESS")?.publicId ?? null,
    state: property.state,
  };
}

/** §3 Property list item, with the display status of §4. */
export function presentPropertyListItem(property: PropertyRow, units: UnitRow[], photos: Map<number, PhotoSummary>) {
  const invalidFields = sortInvalidFields(units.flatMap((u) => unitInvalidFields(property, u)));
  const cover = units.map((u) => photos.get(u.id)?.coverPublicId).find(Boolean);
  const published = units.filter((u) => u.state === "PUBLISHED");
  const rejected = units.find((u) => u.state === "REJECTED_BY_STAFF");
  return {
    id: property.publicId,
    title: property.title,
    propertyType: property.propertyType,
    accommodationType: property.accommodationType,
    city: property.city,
    countryCode: property.countryCode,
    thumbnail: cover ? photoUrl(cover) : null,
    units: units.map((u) => ({ id: u.publicId, title: u.title, state: u.state })),
    unitSummary: {
      count: units.length,
      publishedCount: published.length,
      maxGuests: units.reduce((max, u) => Math.max(max, u.maxGuests), 0),
      propertySizeMeasurementUnit: units[0]?.sizeMeasurementUnit ?? "metric",
    },
    invalidFields,
    isListed: units.length === 0 ? null : published.length > 0 ? ("yes" as const) : ("no" as const),
    status: property.state,
    display: displayStatus(property.state as ListingState, invalidFields, rejected !== undefined),
    rejectionReason: rejected?.rejectionReason ?? null,
    rejectedUnitId: rejected?.publicId ?? null,
  };
}

/** Size as the host chose to see it: metric m², or imperial ft² (§5). */
export function presentSize(unit: UnitRow) {
  if (unit.sizeSquareMetres === null) return null;
  return unit.sizeMeasurementUnit === "imperial" ? toImperialArea(unit.sizeSquareMetres) : unit.sizeSquareMetres;
}

export function availableActions(unit: UnitRow): string[] {
  switch (unit.state) {
    case "PUBLISHED":
      return ["unpublish", "delete"];
    case "UNPUBLISHED":
    case "APPROVED":
      return ["publish", "delete"];
    case "IN_PROGRESS":
      return ["publish", "delete"];
    default:
      return ["delete"];
  }
}

/** §3 Property unit, with every section's fields. */
export function presentUnit(property: PropertyRow, unit: UnitRow, photos: PhotoSummary) {
  return {
    propertyUnitPublicId: unit.publicId,
    propertyId: property.publicId,
    propertyType: property.propertyType,
    state: unit.state,
    availableActions: availableActions(unit),
    links: unit.links,
    title: unit.title,
    description: unit.description,
    listingType: unit.listingType,
    propertySize: presentSize(unit),
    propertySizeMeasurementUnit: unit.sizeMeasurementUnit,
    maxGuests: unit.maxGuests,
    rooms: unit.rooms,
    amenities: unit.amenities,
    bookingType: unit.bookingType,
    bookingPolicies: {
      cancellationPolicy: unit.cancellationPolicy,
      houseRules: unit.houseRules,
      checkInFrom: unit.checkInFrom,
      checkInTo: unit.checkInTo,
      checkOutTo: unit.checkOutTo,
      minDaysOfNotice: unit.minDaysOfNotice,
      preparationTime: unit.preparationTime,
    },
    registrationNumber: unit.registrationNumber,
    nationalIdentificationCode: unit.nationalIdentificationCode,
    regionalRequirements: presentRegionalRequirements(property),
    invalidFields: unitInvalidFields(property, unit),
    calendarAvailability: { status: unit.calendarStatus },
    rejectionReason: unit.rejectionReason,
    photoCount: photos.count,
    image: photos.coverPublicId ? photoUrl(photos.coverPublicId) : null,
    publishedAt: unit.publishedAt?.toISOString() ?? null,
  };
}

/** §3 Unit card. */
export function presentUnitCard(unit: UnitRow, photos: PhotoSummary | undefined) {
  return {
    id: unit.publicId,
    title: unit.title,
    image: photos?.coverPublicId ? photoUrl(photos.coverPublicId) : null,
    state: unit.state,
    guests: unit.maxGuests,
    size: presentSize(unit),
    sizeMeasurementUnit: unit.sizeMeasurementUnit,
    bedroomCount: unit.rooms.filter((r) => r.type === "bedroom").length,
    rejectionReason: unit.state === "REJECTED_BY_STAFF" ? unit.rejectionReason : null,
  };
}
