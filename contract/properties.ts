import { createRoute, z } from "@hono/zod-openapi";
import { descriptionSchema, extraDescriptionSchema, titleSchema } from "@domain/listing-fields";
import { LANGUAGE_PARAM } from "@domain/locales";
import {
  ACCOMMODATION_TYPES,
  ADDRESS_FIELDS,
  countryByCode,
  EXPECTED_UNIT_COUNTS,
  isValidPostalCode,
  stateCode,
} from "@domain/property-configuration";
import { singleLineText } from "@domain/text";
import { commonErrors, json, jsonBody, noContent, pagination, security } from "./http";

/** §3 Property, its list item and the reference data of the property forms (§7 properties). */

export const PROPERTY_PAGE_SIZE = 20;

const LISTING_STATES = ["IN_PROGRESS", "UNDER_REVIEW", "REJECTED_BY_STAFF", "PUBLISHED", "UNPUBLISHED", "APPROVED", "DELETED"] as const;
export const listingStateSchema = z.enum(LISTING_STATES).openapi("ListingState");
export const propertyTypeSchema = z.enum(["single", "multi"]);

export const locationSchema = z
  .object({
    countryCode: z.string().nullable(),
    stateOrProvince: z.string().nullable(),
    city: z.string().nullable(),
    street: z.string().nullable(),
    houseNumberOrName: z.string().nullable(),
    postalCode: z.string().nullable(),
    formattedAddress: z.string().nullable(),
    googlePlaceId: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  })
  .openapi("Location");

export const propertySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    restaurantDescription: z.string(),
    specialOfferDescription: z.string(),
    propertyType: propertyTypeSchema,
    accommodationType: z.string().nullable(),
    expectedUnitCount: z.string().nullable(),
    unitIds: z.array(z.string()),
    thumbnail: z.string().nullable(),
    addressForm: z.string().nullable(),
    location: locationSchema,
    hasAddress: z.boolean(),
    firstFinishedUnitId: z.string().nullable(),
    firstInProgressUnitId: z.string().nullable(),
    state: listingStateSchema,
  })
  .openapi("Property");

export const invalidFieldSchema = z
  .object({ field: z.enum(["registrationNumber", "nationalIdentificationCode"]), propertyId: z.string(), propertyUnitId: z.string() })
  .openapi("InvalidField");

export const propertyListItemSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    propertyType: propertyTypeSchema,
    accommodationType: z.string().nullable(),
    city: z.string().nullable(),
    countryCode: z.string().nullable(),
    thumbnail: z.string().nullable(),
    units: z.array(z.object({ id: z.string(), title: z.string(), state: listingStateSchema })),
    unitSummary: z.object({ count: z.number(), publishedCount: z.number(), maxGuests: z.number(), propertySizeMeasurementUnit: z.enum(["metric", "imperial"]) }),
    invalidFields: z.array(invalidFieldSchema),
    isListed: z.enum(["yes", "no"]).nullable(),
    status: listingStateSchema,
    display: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("actionNeeded"), field: invalidFieldSchema.nullable(), rejected: z.boolean() }),
      z.object({ kind: z.literal("label"), state: listingStateSchema, tone: z.enum(["error", "primary", "neutral"]) }),
    ]),
    rejectionReason: z.string().nullable(),
    rejectedUnitId: z.string().nullable(),
  })
  .openapi("PropertyListItem");
export type PropertyListItem = z.infer<typeof propertyListItemSchema>;

const labelled = z.object({ id: z.string(), label: z.string() });
const defaultable = labelled.extend({ isDefault: z.boolean() });

/** The reference data of §7 properties-configuration, labels translated into the asked language. */
export const configurationSchema = z
  .object({
    property: z.object({
      accommodationTypes: z.array(labelled),
      bookingTypes: z.array(defaultable),
      houseRules: z.array(labelled),
      cancellationPolicies: z.array(defaultable.extend({ refunds: z.array(z.object({ daysBefore: z.number(), percent: z.number() })) })),
      countriesWithRegistrationId: z.array(z.string()),
      regionsWithRegistrationId: z.array(z.object({ countryCode: z.string(), regionCodes: z.array(z.string()) })),
      expectedUnitCounts: z.array(labelled),
      addressForms: z.array(
        z.object({
          countryCode: z.string(),
          fields: z.array(z.object({ id: z.enum(ADDRESS_FIELDS), label: z.string(), required: z.boolean() })),
          postalCodePattern: z.string().nullable(),
          regions: z.array(z.object({ code: z.string(), name: z.string() })).nullable(),
        }),
      ),
    }),
    propertyUnit: z.object({
      amenities: z.array(z.object({ id: z.string(), label: z.string(), amenities: z.array(labelled) })),
      topAmenities: z.array(labelled),
      listingTypes: z.array(labelled),
      rooms: z.object({ types: z.array(defaultable), sleepingTypes: z.array(labelled), bedTypes: z.array(labelled) }),
      photosConstraints: z.object({
        mimeTypes: z.array(z.string()),
        minWidth: z.number(),
        minHeight: z.number(),
        maxWidth: z.number(),
        maxHeight: z.number(),
        maxBytes: z.number(),
        maxPixels: z.number(),
        maxPhotosPerUnit: z.number(),
      }),
      paymentPreferences: z.array(labelled),
    }),
    extraCharges: z.array(labelled.extend({ pricingKinds: z.array(labelled) })),
    countries: z.array(
      z.object({
        code: z.string(),
        label: z.string(),
        registration: z.object({ registrationNumber: z.enum(["none", "required", "regions"]), regions: z.array(z.string()), nationalIdentificationCode: z.boolean() }),
      }),
    ),
  })
  .openapi("PropertiesConfiguration");
export type PropertiesConfiguration = z.infer<typeof configurationSchema>;

const listQuery = z.object({
  "criteria[search]": z.string().trim().max(100).optional().default(""),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});

export const createPropertySchema = z
  .object({
    propertyType: propertyTypeSchema,
    accommodationType: z.enum(ACCOMMODATION_TYPES).optional(),
    expectedUnitCount: z.enum(EXPECTED_UNIT_COUNTS).optional(),
    title: titleSchema.optional(),
  })
  .strict();

export const patchPropertySchema = z
  .object({
    title: titleSchema,
    description: descriptionSchema,
    restaurantDescription: extraDescriptionSchema,
    specialOfferDescription: extraDescriptionSchema,
    accommodationType: z.enum(ACCOMMODATION_TYPES),
    expectedUnitCount: z.enum(EXPECTED_UNIT_COUNTS),
    // Where the property is, before its address (the wizard's location step); the address form
    // follows the country, so changing it starts the address afresh.
    countryCode: z.string().trim().toUpperCase().refine((code) => countryByCode(code) !== undefined, "country_invalid"),
    stateOrProvince: singleLineText(80).nullable(),
  })
  .partial()
  .strict()
  .superRefine((patch, ctx) => {
    const regions = patch.countryCode ? countryByCode(patch.countryCode)?.addressForm.regions : undefined;
    if (regions && patch.stateOrProvince && !regions.some((r) => r.code === stateCode(patch.stateOrProvince!))) {
      ctx.addIssue({ code: "custom", path: ["stateOrProvince"], message: "region_invalid" });
    }
    if (regions && patch.stateOrProvince === undefined) ctx.addIssue({ code: "custom", path: ["stateOrProvince"], message: "required" });
  });

/** An address as a host enters it, checked against the country's address form. */
export const addressSchema = z
  .object({
    countryCode: z.string().trim().toUpperCase().length(2, "country_invalid"),
    stateOrProvince: singleLineText(80).nullish(),
    city: singleLineText(120).min(1, "required"),
    street: singleLineText(200).min(1, "required"),
    houseNumberOrName: singleLineText(80).min(1, "required"),
    postalCode: singleLineText(20).nullish(),
    formattedAddress: singleLineText(400).nullish(),
    googlePlaceId: singleLineText(300).nullish(),
    latitude: z.number().min(-90).max(90).nullish(),
    longitude: z.number().min(-180).max(180).nullish(),
  })
  .strict()
  .superRefine((location, ctx) => {
    const country = countryByCode(location.countryCode);
    if (!country) {
      ctx.addIssue({ code: "custom", path: ["countryCode"], message: "country_invalid" });
      return;
    }
    const required = country.addressForm.required as readonly string[];
    if (required.includes("postalCode") && !location.postalCode) ctx.addIssue({ code: "custom", path: ["postalCode"], message: "required" });
    if (location.postalCode && !isValidPostalCode(location.countryCode, location.postalCode)) {
      ctx.addIssue({ code: "custom", path: ["postalCode"], message: "postal_code_invalid" });
    }
    if (required.includes("stateOrProvince") && !location.stateOrProvince) {
      ctx.addIssue({ code: "custom", path: ["stateOrProvince"], message: "required" });
    }
  });

const propertyId = z.object({ id: z.string().openapi({ description: "The property's public id (prp_…)" }) });
const listPage = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), pagination });
/** A page of list items (GET /property-list), also what the shell's call answers for the property list (decision 024). */
export const propertyListItemsPageSchema = listPage(propertyListItemSchema);
export type PropertyListItemsPage = z.infer<typeof propertyListItemsPageSchema>;
const locationBody = z.object({ location: addressSchema }).strict();
const locationAnswer = z.object({ location: locationSchema });
/** The address as checked, before it is saved. */
const checkedAddress = z.object({
  countryCode: z.string(),
  stateOrProvince: z.string().nullable(),
  city: z.string(),
  street: z.string(),
  houseNumberOrName: z.string(),
  postalCode: z.string().nullish(),
  formattedAddress: z.string().nullish(),
  googlePlaceId: z.string().nullish(),
  latitude: z.number().nullish(),
  longitude: z.number().nullish(),
});
const tags = ["Properties"];

export const properties = {
  configuration: createRoute({
    method: "get",
    path: "/api/app/properties-configuration",
    tags,
    summary: "Reference data of the property and unit forms, labels translated",
    security,
    request: { query: z.object({ [LANGUAGE_PARAM]: z.string().optional() }) },
    responses: { 200: json(configurationSchema, "The reference data (private, cacheable for five minutes)"), ...commonErrors },
  }),
  list: createRoute({
    method: "get",
    path: "/api/app/properties",
    tags,
    summary: "The host's properties, 20 a page",
    security,
    request: { query: listQuery },
    responses: { 200: json(z.object({ items: z.array(propertySchema), pagination }), "A page of properties"), ...commonErrors },
  }),
  listItems: createRoute({
    method: "get",
    path: "/api/app/property-list",
    tags,
    summary: "The host's properties as list items with status, invalid fields and display state",
    security,
    request: { query: listQuery },
    responses: { 200: json(propertyListItemsPageSchema, "A page of list items"), ...commonErrors },
  }),
  create: createRoute({
    method: "post",
    path: "/api/app/properties",
    tags,
    summary: "Create a property with its first unit",
    security,
    request: { body: jsonBody(createPropertySchema) },
    responses: { 201: json(propertySchema, "The new property"), ...commonErrors },
  }),
  get: createRoute({
    method: "get",
    path: "/api/app/properties/{id}",
    tags,
    summary: "One property",
    security,
    request: { params: propertyId },
    responses: { 200: json(propertySchema, "The property"), ...commonErrors },
  }),
  update: createRoute({
    method: "patch",
    path: "/api/app/properties/{id}",
    tags,
    summary: "Edit a property's texts, type or country and region",
    security,
    request: { params: propertyId, body: jsonBody(patchPropertySchema) },
    responses: {
      200: json(
        z.object({
          unitIds: z.array(z.string()),
          title: z.string(),
          description: z.string(),
          restaurantDescription: z.string(),
          specialOfferDescription: z.string(),
          accommodationType: z.string().nullable(),
          location: locationSchema,
        }),
        "The property's edited fields",
      ),
      ...commonErrors,
    },
  }),
  saveLocation: createRoute({
    method: "put",
    path: "/api/app/properties/{id}/location",
    tags,
    summary: "Save the property's address",
    security,
    request: { params: propertyId, body: jsonBody(locationBody) },
    responses: { 200: json(locationAnswer, "The saved address"), ...commonErrors },
  }),
  location: createRoute({
    method: "put",
    path: "/api/app/properties/{id}/location/{action}",
    tags,
    summary: "Check (validate) or save the property's address against the country's address form",
    security,
    request: { params: propertyId.extend({ action: z.enum(["save", "validate"], { message: "action_invalid" }) }), body: jsonBody(locationBody) },
    responses: {
      200: json(z.union([locationAnswer, z.object({ location: checkedAddress, valid: z.literal(true) })]), "The saved address, or the checked one when validating"),
      ...commonErrors,
    },
  }),
  bulkRemove: createRoute({
    method: "post",
    path: "/api/app/properties/delete",
    tags,
    summary: "Delete several properties with all their units, all or nothing; a result per property",
    security,
    request: {
      body: jsonBody(z.object({ propertyIds: z.array(z.string().trim().min(1).max(100)).min(1, "selection_empty").max(90, "selection_too_large") }).strict()),
    },
    responses: {
      200: json(z.object({ results: z.array(z.object({ propertyId: z.string(), propertyTitle: z.string(), outcome: z.literal("done") })) }), "A result per property"),
      ...commonErrors,
    },
  }),
  remove: createRoute({
    method: "delete",
    path: "/api/app/properties/{id}",
    tags,
    summary: "Delete a property with all its units",
    security,
    request: { params: propertyId },
    responses: { ...noContent, ...commonErrors },
  }),
};
