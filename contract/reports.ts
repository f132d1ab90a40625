import { createRoute, z } from "@hono/zod-openapi";
import { SELLER_FIELDS } from "@domain/dac7";
import { commonErrors, json, security } from "./http";

/** §7 Reports: the seller's copy of the yearly DAC7 report (decision 035). */

/** The first and last year a report may be asked for. */
export const DAC7_FIRST_YEAR = 2023;
export const DAC7_LAST_YEAR = 2100;

export const availabilitySchema = z
  .object({
    years: z.array(z.number().int()).openapi({ description: "The years with reportable activity (a payment credited to the host), newest first" }),
    missingSellerData: z.array(z.enum(SELLER_FIELDS)).openapi({ description: "What the report needs of the seller and the host has not given yet (billing details; the payout account only of a host the platform pays out to, on commission)" }),
  })
  .openapi("Dac7Availability");

const tags = ["Reports"];

export const reports = {
  dac7Availability: createRoute({
    method: "get",
    path: "/api/app/report/dac7/availability",
    tags,
    summary: "The years for which a DAC7 report exists, newest first",
    security,
    responses: { 200: json(availabilitySchema, "The years"), ...commonErrors },
  }),
  dac7: createRoute({
    method: "get",
    path: "/api/app/report/dac7/{year}",
    tags,
    summary:
      "The seller's copy of the DAC7 report of a year as CSV (UTF-8 with a byte order mark), streamed: the seller, each rental activity credited or rented in the year, and per property listing its days rented and per quarter the consideration, rental activities, fees and taxes",
    security,
    request: {
      params: z.object({ year: z.coerce.number().int("year_invalid").min(DAC7_FIRST_YEAR, "year_invalid").max(DAC7_LAST_YEAR, "year_invalid").openapi({ description: "The calendar year, e.g. 2025" }) }),
    },
    responses: {
      200: {
        description: 'The file, with Content-Disposition: attachment; filename="report-{year}.csv"',
        content: { "text/csv": { schema: { type: "string" as const } } },
      },
      ...commonErrors,
    },
  }),
};
