import { z } from "zod";

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
  token_type: z.string(),
});

export const brandConfigSchema = z.object({
  brand: z.string(),
  name: z.string(),
  stylesheet: z.string().nullable(),
  helpCenterUrl: z.string(),
});
export type BrandConfig = z.infer<typeof brandConfigSchema>;

const invalidField = z.object({ field: z.enum(["registrationNumber", "nationalIdentificationCode"]), propertyId: z.string(), propertyUnitId: z.string() });

export const propertyListSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      propertyType: z.enum(["single", "multi"]),
      accommodationType: z.string().nullable(),
      city: z.string().nullable(),
      countryCode: z.string().nullable(),
      thumbnail: z.string().nullable(),
      units: z.array(z.object({ id: z.string(), title: z.string(), state: z.string() })),
      unitSummary: z.object({ count: z.number(), publishedCount: z.number(), maxGuests: z.number() }),
      invalidFields: z.array(invalidField),
      isListed: z.enum(["yes", "no"]).nullable(),
      status: z.string(),
      display: z.discriminatedUnion("kind", [
        z.object({ kind: z.literal("actionNeeded"), field: invalidField.nullable(), rejected: z.boolean() }),
        z.object({ kind: z.literal("label"), state: z.string(), tone: z.enum(["error", "primary", "neutral"]) }),
      ]),
      rejectionReason: z.string().nullable(),
      rejectedUnitId: z.string().nullable(),
    }),
  ),
  pagination: z.object({ current: z.number(), next: z.number(), total: z.number(), pageSize: z.number() }),
});
export type PropertyListItem = z.infer<typeof propertyListSchema>["items"][number];

export const propertySchema = z.object({ id: z.string(), title: z.string(), unitIds: z.array(z.string()), state: z.string() });

const labelled = z.object({ id: z.string(), label: z.string() });

/** The parts of GET /api/app/properties-configuration the unit pages use (labels come translated). */
export const configurationSchema = z.object({
  property: z.object({
    accommodationTypes: z.array(labelled),
    expectedUnitCounts: z.array(labelled),
    addressForms: z.array(
      z.object({
        countryCode: z.string(),
        fields: z.array(z.object({ id: z.enum(["street", "houseNumberOrName", "postalCode", "city", "stateOrProvince"]), label: z.string(), required: z.boolean() })),
        postalCodePattern: z.string().nullable(),
        regions: z.array(z.object({ code: z.string(), name: z.string() })).nullable(),
      }),
    ),
    houseRules: z.array(labelled),
    cancellationPolicies: z.array(labelled.extend({ isDefault: z.boolean().optional() })),
  }),
  propertyUnit: z.object({
    listingTypes: z.array(labelled),
    amenities: z.array(z.object({ id: z.string(), label: z.string(), amenities: z.array(labelled) })),
    rooms: z.object({ types: z.array(labelled), sleepingTypes: z.array(labelled), bedTypes: z.array(labelled) }),
    photosConstraints: z.object({ mimeTypes: z.array(z.string()), minWidth: z.number(), minHeight: z.number(), maxWidth: z.number(), maxHeight: z.number(), maxBytes: z.number(), maxPixels: z.number(), maxPhotosPerUnit: z.number() }),
  }),
  countries: z.array(z.object({ code: z.string(), label: z.string() })),
});
export type Configuration = z.infer<typeof configurationSchema>;

export const unitSchema = z.object({
  propertyUnitPublicId: z.string(),
  propertyId: z.string(),
  propertyType: z.enum(["single", "multi"]),
  state: z.string(),
  title: z.string(),
  description: z.string(),
  listingType: z.string(),
  propertySize: z.number().nullable(),
  propertySizeMeasurementUnit: z.enum(["metric", "imperial"]),
  maxGuests: z.number(),
  rooms: z.array(z.object({ type: z.string(), beds: z.array(z.object({ type: z.string(), count: z.number() })) })),
  amenities: z.array(z.string()),
  bookingType: z.enum(["onLine", "onRequest"]),
  bookingPolicies: z.object({
    cancellationPolicy: z.string(),
    houseRules: z.array(z.string()),
    checkInFrom: z.string(),
    checkInTo: z.string(),
    checkOutTo: z.string(),
    minDaysOfNotice: z.number(),
    preparationTime: z.number(),
  }),
  registrationNumber: z.string().nullable(),
  nationalIdentificationCode: z.string().nullable(),
  regionalRequirements: z.object({
    registrationNumber: z.object({ required: z.boolean() }),
    nationalIdentificationCode: z.object({ required: z.boolean() }),
  }),
  invalidFields: z.array(z.object({ field: z.string() })),
  rejectionReason: z.string().nullable(),
  calendarAvailability: z.object({ status: z.enum(["AVAILABLE", "PAUSED"]) }),
  photoCount: z.number(),
});
export type Unit = z.infer<typeof unitSchema>;

export const photosSchema = z.object({
  items: z.array(z.object({ id: z.string(), url: z.string(), width: z.number(), height: z.number(), position: z.number(), isCover: z.boolean() })),
});

export const locationSchema = z.object({
  countryCode: z.string().nullable(),
  stateOrProvince: z.string().nullable(),
  city: z.string().nullable(),
  street: z.string().nullable(),
  houseNumberOrName: z.string().nullable(),
  postalCode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

export const propertyDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  propertyType: z.enum(["single", "multi"]),
  accommodationType: z.string().nullable(),
  expectedUnitCount: z.string().nullable(),
  state: z.string(),
  unitIds: z.array(z.string()),
  location: locationSchema,
  hasAddress: z.boolean(),
});

export const unitCardsSchema = z.object({
  items: z.array(z.object({ id: z.string(), title: z.string(), image: z.string().nullable(), state: z.string(), guests: z.number(), size: z.number().nullable(), sizeMeasurementUnit: z.string(), bedroomCount: z.number(), rejectionReason: z.string().nullable() })),
  pagination: z.object({ current: z.number(), next: z.number(), total: z.number() }),
});
