import { createRoute, z } from "@hono/zod-openapi";
import { daysBetween, isIsoDate } from "@domain/dates";
import { AMOUNT_UNIT } from "@domain/pricing";
import { STAY_OFFERS } from "@domain/stay-offer";
import { json } from "./http";
import { quoteQuery, quoteSchema } from "./pricing";

/**
 * The public listing of a published unit (`/stays/{unitId}`): what a guest without an account may
 * read. No token; a unit that is not published answers 404 like one that does not exist.
 */

/** The days one availability answer covers at most: a few months of a guest's calendar. */
export const STAY_DAYS_MAX = 93;

const isoDate = z.string("required").refine(isIsoDate, "date_invalid");

const daysQuery = z
  .object({
    dateFrom: isoDate.optional().openapi({ example: "2027-07-01" }),
    dateTo: isoDate.optional().openapi({ example: "2027-08-31" }),
  })
  .superRefine((q, ctx) => {
    if (q.dateFrom === undefined && q.dateTo === undefined) return;
    if (q.dateFrom === undefined || q.dateTo === undefined) return ctx.addIssue({ code: "custom", path: [q.dateFrom === undefined ? "dateFrom" : "dateTo"], message: "required" });
    if (!isIsoDate(q.dateFrom) || !isIsoDate(q.dateTo)) return;
    if (q.dateTo < q.dateFrom) ctx.addIssue({ code: "custom", path: ["dateTo"], message: "date_range_invalid" });
    else if (daysBetween(q.dateFrom, q.dateTo) + 1 > STAY_DAYS_MAX) ctx.addIssue({ code: "custom", path: ["dateTo"], message: "date_range_too_long" });
  });

/** A day as a guest sees it: whether a stay may include its night, and its rules for arriving and leaving. */
const stayDaySchema = z.object({
  date: z.string(),
  available: z.boolean().openapi({ description: "The night can be booked: it has a price and nothing takes it" }),
  price: z.number().int().nullable(),
  minStay: z.number().int().openapi({ description: "The fewest nights of a stay arriving this day" }),
  closedToArrival: z.boolean(),
  closedToDeparture: z.boolean(),
});

export const stayListingSchema = z
  .object({
    unitId: z.string(),
    propertyId: z.string(),
    title: z.string(),
    description: z.string(),
    propertyTitle: z.string(),
    accommodationType: z.string().nullable(),
    listingType: z.string(),
    city: z.string().nullable(),
    countryCode: z.string().nullable(),
    maxGuests: z.number().int(),
    size: z.number().nullable().openapi({ description: "Square metres, or square feet when the unit is measured so" }),
    sizeMeasurementUnit: z.enum(["metric", "imperial"]),
    rooms: z.array(z.object({ type: z.string(), beds: z.array(z.object({ type: z.string(), count: z.number() })) })),
    amenities: z.array(z.string()),
    houseRules: z.array(z.string()),
    cancellationPolicy: z.string(),
    checkInFrom: z.string(),
    checkInTo: z.string(),
    checkOutTo: z.string(),
    minDaysOfNotice: z.number().int(),
    extraGuestsCount: z.number().int().nullable().openapi({ description: "Guests the nightly price includes; null: all" }),
    photos: z.array(z.object({ id: z.string(), width: z.number().int(), height: z.number().int() })).openapi({ description: "Cover first; the files at /api/public/photos/{id}" }),
    currency: z.string(),
    amountUnit: z.literal(AMOUNT_UNIT),
    offer: z.enum(STAY_OFFERS).nullable().openapi({ description: "How a guest takes the unit: instant booking, a request the host confirms, or an inquiry; null: not through this page" }),
    host: z.object({ name: z.string().openapi({ description: "What guests call the host: the alias, the company's or the first name" }) }),
    calendarPaused: z.boolean(),
    days: z.array(stayDaySchema).openapi({ description: "The days from dateFrom to dateTo when asked for, else none" }),
  })
  .openapi("StayListing");
export type StayListing = z.infer<typeof stayListingSchema>;

const params = z.object({ unitId: z.string().openapi({ description: "The unit's public id (unt_…)" }) });
const tags = ["Public listing"];
const notFound = { 404: json(z.object({ message: z.string() }), "No published unit with this id") };
const invalid = { 400: json(z.object({ message: z.string(), errors: z.array(z.object({ field: z.string().nullable(), message: z.string(), type: z.string() })) }), "Validation failed") };

export const stays = {
  listing: createRoute({
    method: "get",
    path: "/api/public/stays/{unitId}",
    tags,
    summary: `A published unit as guests see it, with the days from dateFrom to dateTo (both included, at most ${STAY_DAYS_MAX}) when asked for`,
    request: { params, query: daysQuery },
    responses: { 200: json(stayListingSchema, "The listing"), ...invalid, ...notFound },
  }),
  quote: createRoute({
    method: "get",
    path: "/api/public/stays/{unitId}/quote",
    tags,
    summary: "What a stay from checkIn to checkOut (not included) costs, and which rules refuse it, for a guest",
    request: { params, query: quoteQuery },
    responses: { 200: json(quoteSchema, "The quote"), ...invalid, ...notFound },
  }),
};
