import { createRoute, z } from "@hono/zod-openapi";
import { nightRangeProblem } from "@domain/calendar";
import { isIsoDate } from "@domain/dates";
import { descriptionSchema, noticeSchema, preparationSchema, registrationNumberSchema, titleSchema } from "@domain/listing-fields";
import { ALL_STEP_IDS, isStepId, WIZARD_KINDS } from "@domain/listing-steps";
import {
  AMENITY_GROUPS,
  BED_TYPES,
  BOOKING_TYPES,
  CANCELLATION_POLICIES,
  HOUSE_RULES,
  LISTING_TYPES,
  isValidNationalIdentificationCode,
  ROOM_TYPES,
} from "@domain/property-configuration";
import { commonErrors, conflict, conflictWithReasons, fieldErrorSchema, json, jsonBody, noContent, pagination, security } from "./http";
import { invalidFieldSchema, listingStateSchema, propertyTypeSchema } from "./properties";

/** §3 Property unit, unit card and listing progress (§7 property-unit). */

/** The listing wizard's state of a unit (issue 10 §3): one answer for the wizard's frame and steps. */
const wizardStateSchema = z.object({
  kind: z.enum(WIZARD_KINDS),
  percent: z.number().int().min(0).max(100),
  steps: z.array(z.object({ id: z.string().refine(isStepId), group: z.string(), done: z.boolean() })),
  completedSteps: z.array(z.string().refine(isStepId)),
  nextStep: z.string().refine(isStepId),
});

const AMENITIES = AMENITY_GROUPS.flatMap((g) => g.amenities) as string[];
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "time_invalid");
const measurementUnit = z.enum(["metric", "imperial"]);
const calendarStatus = z.enum(["AVAILABLE", "PAUSED"]);
const calendarActionSchema = z
  .object({ status: calendarStatus, dateFrom: z.string().optional(), dateTo: z.string().optional() })
  .strict()
  .superRefine((body, ctx) => {
    if (body.dateFrom === undefined && body.dateTo === undefined) return;
    if (body.dateFrom === undefined) return ctx.addIssue({ code: "custom", path: ["dateFrom"], message: "required" });
    if (body.dateTo === undefined) return ctx.addIssue({ code: "custom", path: ["dateTo"], message: "required" });
    const problem = nightRangeProblem({ dateFrom: body.dateFrom, dateTo: body.dateTo });
    if (problem === "date_invalid") ctx.addIssue({ code: "custom", path: [isIsoDate(body.dateFrom) ? "dateTo" : "dateFrom"], message: problem });
    else if (problem) ctx.addIssue({ code: "custom", path: ["dateTo"], message: problem });
  });

const rooms = z
  .array(
    z.object({
      type: z.enum(ROOM_TYPES),
      beds: z.array(z.object({ type: z.enum(BED_TYPES), count: z.number().int().min(1).max(10) }).strict()).max(10),
    }).strict(),
  )
  .max(50);

export const patchUnitSchema = z
  .object({
    title: titleSchema,
    description: descriptionSchema,
    listingType: z.enum(LISTING_TYPES),
    propertySize: z.number().positive("size_invalid").max(100_000, "size_invalid").nullable(),
    propertySizeMeasurementUnit: measurementUnit,
    maxGuests: z.number().int().min(1, "guests_range").max(99, "guests_range"),
    rooms,
    amenities: z.array(z.string().refine((a) => AMENITIES.includes(a), "amenity_invalid")).max(AMENITIES.length),
    bookingPolicies: z
      .object({
        cancellationPolicy: z.enum(CANCELLATION_POLICIES.map((p) => p.id) as [string, ...string[]]),
        houseRules: z.array(z.enum(HOUSE_RULES)).max(HOUSE_RULES.length),
        checkInFrom: time,
        checkInTo: time,
        checkOutTo: time,
        minDaysOfNotice: noticeSchema,
        preparationTime: preparationSchema,
      })
      .partial()
      .strict()
      .refine((p) => !p.checkInFrom || !p.checkInTo || p.checkInFrom <= p.checkInTo, { message: "check_in_window_invalid", path: ["checkInTo"] }),
    registrationNumber: registrationNumberSchema.nullable(),
    // Empty clears it; anything else is Italy's CIN (stored without spaces, in capitals).
    nationalIdentificationCode: registrationNumberSchema
      .refine((code) => code.trim() === "" || isValidNationalIdentificationCode(code), "national_identification_code_invalid")
      .nullable(),
  })
  .partial()
  .strict();

const regionalRequirementsSchema = z.object({
  registrationNumber: z.object({ required: z.boolean() }),
  nationalIdentificationCode: z.object({ required: z.boolean() }),
});

export const unitSchema = z
  .object({
    propertyUnitPublicId: z.string(),
    propertyId: z.string(),
    propertyType: propertyTypeSchema,
    state: listingStateSchema,
    availableActions: z.array(z.string()),
    links: z.array(z.object({ rel: z.string(), href: z.string() })),
    title: z.string(),
    description: z.string(),
    listingType: z.string(),
    propertySize: z.number().nullable(),
    propertySizeMeasurementUnit: measurementUnit,
    maxGuests: z.number(),
    rooms: z.array(z.object({ type: z.string(), beds: z.array(z.object({ type: z.string(), count: z.number() })) })),
    amenities: z.array(z.string()),
    bookingType: z.enum(BOOKING_TYPES),
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
    regionalRequirements: regionalRequirementsSchema,
    invalidFields: z.array(invalidFieldSchema),
    calendarAvailability: z.object({ status: calendarStatus }),
    rejectionReason: z.string().nullable(),
    photoCount: z.number(),
    image: z.string().nullable(),
    publishedAt: z.iso.datetime().nullable(),
  })
  .openapi("PropertyUnit");
export type Unit = z.infer<typeof unitSchema>;

export const unitCardSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    image: z.string().nullable(),
    state: listingStateSchema,
    guests: z.number(),
    size: z.number().nullable(),
    sizeMeasurementUnit: measurementUnit,
    bedroomCount: z.number(),
    rejectionReason: z.string().nullable(),
  })
  .openapi("UnitCard");

const regionalFields = z.object({
  registrationNumber: z.string().nullable(),
  nationalIdentificationCode: z.string().nullable(),
  invalidFields: z.array(invalidFieldSchema),
});

const unitId = z.object({ id: z.string().openapi({ description: "The unit's public id (unt_…)" }) });
const propertyId = z.object({ propertyId: z.string().openapi({ description: "The property's public id (prp_…)" }) });
const listingSteps = z.object({ steps: z.array(z.string()) });
const tags = ["Units"];

/** At most this many ids in one bulk request: D1 binds at most 100 parameters per query. */
export const MAX_BULK_IDS = 90;

const bulkIds = z
  .object({
    unitIds: z.array(z.string().trim().min(1).max(100)).max(MAX_BULK_IDS, "selection_too_large").default([]),
    propertyIds: z.array(z.string().trim().min(1).max(100)).max(MAX_BULK_IDS, "selection_too_large").default([]),
  })
  .strict()
  .refine((ids) => ids.unitIds.length + ids.propertyIds.length <= MAX_BULK_IDS, { message: "selection_too_large", path: ["unitIds"] });

const bulkResults = z.object({
  results: z.array(
    z.object({
      unitId: z.string(),
      unitTitle: z.string(),
      propertyId: z.string(),
      propertyTitle: z.string(),
      state: listingStateSchema,
      outcome: z.enum(["done", "refused"]),
      errors: z.array(fieldErrorSchema),
    }),
  ),
});

export const units = {
  list: createRoute({
    method: "get",
    path: "/api/app/properties/{propertyId}/units",
    tags,
    summary: "A property's units as cards",
    security,
    request: {
      params: propertyId,
      query: z.object({
        "criteria[search]": z.string().trim().max(100).optional().default(""),
        page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
        limit: z.coerce.number().int().min(1).max(100).optional().default(20),
      }),
    },
    responses: { 200: json(z.object({ items: z.array(unitCardSchema), pagination }), "A page of unit cards"), ...commonErrors },
  }),
  create: createRoute({
    method: "post",
    path: "/api/app/properties/{propertyId}/units",
    tags,
    summary: "Add a unit to a multi-unit property",
    security,
    request: { params: propertyId, body: jsonBody(z.object({ title: titleSchema.optional() }).strict()) },
    responses: { 201: json(unitSchema, "The new unit"), ...commonErrors, ...conflict },
  }),
  listingProgress: createRoute({
    method: "get",
    path: "/api/app/property-unit/{id}/listing-progress",
    tags,
    summary: "The listing wizard's completed steps",
    security,
    request: { params: unitId },
    responses: { 200: json(listingSteps, "Completed steps in the order they were completed"), ...commonErrors },
  }),
  saveListingProgress: createRoute({
    method: "put",
    path: "/api/app/property-unit/{id}/listing-progress",
    tags,
    summary: "Replace the listing wizard's completed steps",
    security,
    request: { params: unitId, body: jsonBody(z.object({ steps: z.array(z.string().refine(isStepId, "step_unknown")).max(ALL_STEP_IDS.length) }).strict()) },
    responses: { 200: json(listingSteps, "The saved steps, without repeats"), ...commonErrors },
  }),
  listingState: createRoute({
    method: "get",
    path: "/api/app/property-unit/{id}/listing-state",
    tags,
    summary: "Where the unit's listing stands: the wizard, its visible steps with what is done, the step to resume at and the weighted percent",
    security,
    request: { params: unitId },
    responses: { 200: json(wizardStateSchema, "The listing state of the unit"), ...commonErrors },
  }),
  get: createRoute({
    method: "get",
    path: "/api/app/property-unit/{id}",
    tags,
    summary: "A unit with every section's fields",
    security,
    request: { params: unitId },
    responses: { 200: json(unitSchema, "The unit"), ...commonErrors },
  }),
  update: createRoute({
    method: "patch",
    path: "/api/app/property-unit/{id}",
    tags,
    summary: "Edit any of a unit's sections",
    security,
    request: { params: unitId, body: jsonBody(patchUnitSchema) },
    responses: { 200: json(unitSchema, "The edited unit"), ...commonErrors },
  }),
  remove: createRoute({
    method: "delete",
    path: "/api/app/property-unit/{id}",
    tags,
    summary: "Delete a unit",
    security,
    request: { params: unitId },
    responses: { ...noContent, ...commonErrors },
  }),
  publish: createRoute({
    method: "patch",
    path: "/api/app/property-unit/{id}/publish",
    tags,
    summary: "Publish a unit; a refusal names every missing piece",
    security,
    request: { params: unitId },
    responses: { 200: json(unitSchema, "The published unit"), ...commonErrors, ...conflictWithReasons },
  }),
  publishCheck: createRoute({
    method: "get",
    path: "/api/app/property-unit/{id}/publish-check",
    tags,
    summary: "What stands in the way of publishing the unit, named like a publish refusal",
    security,
    request: { params: unitId },
    responses: { 200: json(z.object({ publishable: z.boolean(), errors: z.array(fieldErrorSchema) }), "Whether it can be published, and the missing pieces"), ...commonErrors },
  }),
  bulkPublish: createRoute({
    method: "post",
    path: "/api/app/property-units/publish",
    tags,
    summary: "Publish the units named, or all units of the properties named; a result per unit",
    security,
    request: { body: jsonBody(bulkIds) },
    responses: { 200: json(bulkResults, "A result per unit; an id not the host's answers 404 and changes nothing"), ...commonErrors },
  }),
  bulkUnpublish: createRoute({
    method: "post",
    path: "/api/app/property-units/unpublish",
    tags,
    summary: "Unpublish the units named, or all units of the properties named; a result per unit",
    security,
    request: { body: jsonBody(bulkIds) },
    responses: { 200: json(bulkResults, "A result per unit; an id not the host's answers 404 and changes nothing"), ...commonErrors },
  }),
  unpublish: createRoute({
    method: "patch",
    path: "/api/app/property-unit/{id}/unpublish",
    tags,
    summary: "Unpublish a published unit",
    security,
    request: { params: unitId },
    responses: { 200: json(unitSchema, "The unpublished unit"), ...commonErrors, ...conflictWithReasons },
  }),
  calendarAction: createRoute({
    method: "post",
    path: "/api/app/property-unit/{id}/calendar-action",
    tags,
    summary: "Pause or resume bookings: of the whole calendar, or of the nights from dateFrom up to dateTo (not included)",
    description:
      "Without dates, PAUSED pauses the whole calendar and AVAILABLE resumes it. With dateFrom and dateTo, PAUSED pauses those nights (refused whole with 409 when one is taken already) and AVAILABLE ends the pause of those nights; the whole calendar's status stays as it is.",
    security,
    request: { params: unitId, body: jsonBody(calendarActionSchema) },
    responses: {
      200: json(
        z.object({ calendarAvailability: z.object({ status: calendarStatus }), dateFrom: z.string().optional(), dateTo: z.string().optional() }),
        "The whole calendar's status, and the range of nights when one was sent",
      ),
      ...commonErrors,
      ...conflictWithReasons,
    },
  }),
  changeBookingPreference: createRoute({
    method: "post",
    path: "/api/app/property-units/change-booking-preference",
    tags,
    summary: "Instant booking or on request for several units, all or nothing",
    security,
    request: { body: jsonBody(z.object({ unitIds: z.array(z.string().min(1)).min(1).max(500), bookingType: z.enum(BOOKING_TYPES) }).strict()) },
    responses: { 200: json(z.object({ unitIds: z.array(z.string()), bookingType: z.enum(BOOKING_TYPES) }), "The changed units"), ...commonErrors },
  }),
  regionalConfiguration: createRoute({
    method: "get",
    path: "/api/app/property-unit/{id}/regional-requirements/configuration",
    tags,
    summary: "Which registration fields the unit's address requires",
    security,
    request: { params: unitId },
    responses: { 200: json(regionalRequirementsSchema.extend({ countryCode: z.string().nullable() }), "The requirements"), ...commonErrors },
  }),
  regional: createRoute({
    method: "get",
    path: "/api/app/property-unit/{id}/regional-requirements",
    tags,
    summary: "The unit's registration number and national identification code",
    security,
    request: { params: unitId },
    responses: { 200: json(regionalFields, "The registration fields and which are invalid"), ...commonErrors },
  }),
  updateRegional: createRoute({
    method: "patch",
    path: "/api/app/property-unit/{id}/regional-requirements",
    tags,
    summary: "Edit the unit's registration number or national identification code",
    security,
    request: { params: unitId, body: jsonBody(patchUnitSchema.pick({ registrationNumber: true, nationalIdentificationCode: true })) },
    responses: { 200: json(regionalFields, "The registration fields and which are invalid"), ...commonErrors },
  }),
};
