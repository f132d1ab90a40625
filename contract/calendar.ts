import { createRoute, z } from "@hono/zod-openapi";
import { CALENDAR_RANGE_MAX_DAYS, EVENT_SOURCES, nightRangeProblem, TAKEN_NIGHT_KINDS } from "@domain/calendar";
import { isIsoDate } from "@domain/dates";
import { commonErrors, conflictWithReasons, json, jsonBody, security } from "./http";

/**
 * §7 Unavailability: the nights of a unit that cannot be sold, and the host's manual blocks. A range
 * of nights is half-open like a stay, `[dateFrom, dateTo)`: `dateTo` is the morning the range ends
 * (blocking 2027-07-03 to 2027-07-05 closes the nights of the 3rd and the 4th).
 */

const isoDate = z.string("required").refine(isIsoDate, "date_invalid");

/** `[dateFrom, dateTo)`: at least one night, at most two years. */
export const nightRangeSchema = z
  .object({
    dateFrom: isoDate.openapi({ example: "2027-07-03", description: "The first night" }),
    dateTo: isoDate.openapi({ example: "2027-07-05", description: "The morning after the last night (not included)" }),
  })
  .strict()
  .superRefine((range, ctx) => {
    const problem = nightRangeProblem(range);
    if (problem && problem !== "date_invalid") ctx.addIssue({ code: "custom", path: ["dateTo"], message: problem });
  });

const eventFields = {
  id: z.string(),
  dateFrom: z.string(),
  dateTo: z.string(),
  source: z.enum(EVENT_SOURCES),
  kind: z
    .enum([...TAKEN_NIGHT_KINDS, "request", "inquiry"])
    .openapi({ description: "What took the nights: a booking, a manual block, an imported external event, a pause; or a pending request or open inquiry, which take none" }),
};

/** §3 Event's booking, bookingRequest or inquiry: the guest's stay on the calendar. */
const eventStaySchema = z
  .object({
    publicId: z.string(),
    code: z.string(),
    guests: z.number().int(),
    duration: z.number().int().openapi({ description: "Nights" }),
    customer: z.object({ firstName: z.string(), lastName: z.string() }),
    totalAmount: z.number().int(),
    currency: z.string(),
    expirationTime: z.string().nullable().openapi({ description: "A pending request's expiry" }),
    state: z.string(),
  })
  .openapi("CalendarEventStay");

const eventStays = {
  booking: eventStaySchema.optional().openapi({ description: "source booking: the booking and its guest" }),
  bookingRequest: eventStaySchema.optional().openapi({ description: "source booking_request: the pending request and its guest" }),
  inquiry: eventStaySchema.optional().openapi({ description: "source inquiry or inquiry_confirmed: the inquiry and its guest" }),
};

/** §3 Event: what covers a run of nights `[dateFrom, dateTo)`; overlapping events come as `multi` with the overlapping ones as children. */
export const calendarEventSchema = z
  .object({ ...eventFields, ...eventStays, children: z.array(z.object(eventFields)) })
  .openapi("CalendarEvent");

const unavailabilitiesSchema = z
  .object({ dateFrom: z.string(), dateTo: z.string(), items: z.array(calendarEventSchema) })
  .openapi("Unavailabilities");

/** What an unblock answers: how many nights it opened (none: the range held no block of the host's), and what still takes nights of the range. */
const unblockedSchema = unavailabilitiesSchema
  .extend({
    opened: z
      .number()
      .int()
      .min(0)
      .openapi({ description: "How many of the range's nights the unblock opened: the host's manual blocks among them. 0 when there was nothing to unblock (the nights open already, a guest's stay, a pause)", example: 2 }),
  })
  .openapi("Unblocked");

const unitIdParam = z.object({ unitId: z.string().openapi({ description: "The unit's public id (unt_…)" }) });
const tags = ["Calendar"];

export const calendar = {
  unavailabilities: createRoute({
    method: "get",
    path: "/api/app/properties/{unitId}/unavailabilities",
    tags,
    summary: `The events that take nights of the unit from dateFrom up to dateTo (not included), whole, at most ${CALENDAR_RANGE_MAX_DAYS} nights`,
    security,
    request: { params: unitIdParam, query: nightRangeSchema },
    responses: { 200: json(unavailabilitiesSchema, "Bookings, manual blocks, external events and pauses, by their first night"), ...commonErrors },
  }),
  block: createRoute({
    method: "post",
    path: "/api/app/properties/{unitId}/unavailabilities/block",
    tags,
    summary: "Block the nights from dateFrom up to dateTo (not included); one night already taken refuses them all",
    security,
    request: { params: unitIdParam, body: jsonBody(nightRangeSchema) },
    responses: {
      201: json(calendarEventSchema, "The manual block"),
      ...commonErrors,
      ...conflictWithReasons,
    },
  }),
  unblock: createRoute({
    method: "post",
    path: "/api/app/properties/{unitId}/unavailabilities/unblock",
    tags,
    summary: "Open the manually blocked nights from dateFrom up to dateTo (not included); booked, imported and paused nights stay taken",
    security,
    request: { params: unitIdParam, body: jsonBody(nightRangeSchema) },
    responses: { 200: json(unblockedSchema, "How many nights were opened, and what still takes nights of the range"), ...commonErrors },
  }),
};
