import { createRoute, z } from "@hono/zod-openapi";
import { nightRangeProblem } from "@domain/calendar";
import { daysBetween, isIsoDate } from "@domain/dates";
import { guestLocaleOf } from "@domain/guest-profile";
import { AMOUNT_UNIT } from "@domain/pricing";
import { STAY_OFFERS } from "@domain/stay-offer";
import { errorsListSchema, json, jsonBody, messageSchema } from "./http";
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
    view: z
      .enum(["true"])
      .optional()
      .openapi({
        description:
          "true: this read is a look at the listing, counted in the host's listing views (the listing page asks so on a visitor's first load of the unit's page that day; its month navigation and price checks read without it)",
      }),
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
    timeZone: z.string().openapi({ description: "The unit's time zone (from its address): its days are dates there, and today is the day it is there now", example: "Europe/Lisbon" }),
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

/** What a guest gives with a reservation: who they are, how to reach them, a message to the host. */
export const guestDetailsFields = {
  firstName: z.string("required").trim().min(1, "required").max(100),
  lastName: z.string("required").trim().min(1, "required").max(100),
  email: z.string("required").trim().max(254).email("email_invalid"),
  phone: z.string().trim().max(40).optional(),
  message: z.string().trim().max(2000).optional(),
  language: z
    .string("language_invalid")
    .refine((value) => guestLocaleOf(value) !== null, "language_invalid")
    .transform((value) => guestLocaleOf(value)!)
    .optional()
    .openapi({
      description: "The language the guest speaks: a product locale (de_CH), its BCP 47 tag (de-CH) or a bare language (de, its main locale); stored as the locale. The host's ideal guest counts it. Left out: not known",
      example: "de_CH",
    }),
};

/** A guest's reservation (decision 027): the stay `[checkIn, checkOut)`, everyone who stays, the guest. */
export const reservationBodySchema = z
  .object({
    intent: z
      .enum(["book", "ask"])
      .optional()
      .openapi({ description: "Left out: what the listing's `offer` says. book: an instant booking or a request, as the unit takes them (hosts with bookings available); ask: an inquiry (hosts with inquiries available)" }),
    checkIn: isoDate.openapi({ example: "2027-07-03" }),
    checkOut: isoDate.openapi({ example: "2027-07-10" }),
    guests: z.coerce.number("guests_range").int("guests_range").min(1, "guests_range").max(99, "guests_range"),
    ...guestDetailsFields,
  })
  .superRefine((body, ctx) => {
    if (!isIsoDate(body.checkIn) || !isIsoDate(body.checkOut)) return;
    const problem = nightRangeProblem({ checkIn: body.checkIn, checkOut: body.checkOut });
    if (problem) ctx.addIssue({ code: "custom", path: ["checkOut"], message: problem });
  })
  .openapi("Reservation");

export const reservationSchema = z
  .object({
    type: z.enum(["booking", "booking_request", "inquiry"]),
    code: z.string().openapi({ description: "The code the guest keeps to refer to it" }),
    status: z.string(),
    checkIn: z.string(),
    checkOut: z.string(),
    nights: z.number().int(),
    guests: z.number().int(),
    currency: z.string(),
    amountUnit: z.literal(AMOUNT_UNIT),
    totalAmount: z.number().int(),
    expirationTime: z.string().nullable().openapi({ description: "A request's: when it expires unanswered" }),
  })
  .openapi("ReservationReceipt");

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
  reserve: createRoute({
    method: "post",
    path: "/api/public/stays/{unitId}/reservations",
    tags,
    summary: "Book (instantly or as a request, as the unit takes bookings) or ask (an inquiry); answers the guest's code",
    request: { params, body: jsonBody(reservationBodySchema) },
    responses: {
      201: json(reservationSchema, "The booking, request or inquiry made"),
      400: json(z.union([errorsListSchema, messageSchema]), "Validation failed, or malformed JSON"),
      ...notFound,
      409: json(errorsListSchema, "Refused: the errors list names each rule the stay breaks (fields checkIn, checkOut, guests, intent)"),
      415: json(messageSchema, "The body is not JSON"),
    },
  }),
};
