import { createRoute, z } from "@hono/zod-openapi";
import {
  CALENDAR_PROVIDER_IDS,
  CALENDAR_VERIFICATION_STATUSES,
  FAILURE_REASONS,
  LISTING_URL_MAX_LENGTH,
} from "@domain/calendar-verification";
import { LANGUAGE_PARAM } from "@domain/locales";
import { commonErrors, conflict, json, jsonBody, security } from "./http";

/** §7 calendar verification: whether and where a unit is listed on another platform, and its check. */

const providerId = z.enum(CALENDAR_PROVIDER_IDS);
const status = z.enum(CALENDAR_VERIFICATION_STATUSES);

export const calendarVerificationSchema = z
  .object({
    provider: providerId,
    providerName: z.string(),
    status,
    statusLabel: z.string(),
    isListed: z.boolean().nullable(),
    url: z.string().nullable(),
    failureReason: z.enum(FAILURE_REASONS).nullable(),
    verifiedAt: z.iso.datetime().nullable(),
  })
  .openapi("CalendarVerification");

const configurationSchema = z
  .object({
    providers: z.array(
      z.object({
        id: providerId,
        name: z.string(),
        // JavaScript regular expressions, to be matched case-insensitively against the trimmed link.
        urlPatterns: z.array(z.object({ kind: z.enum(["listing", "ical"]), pattern: z.string(), flags: z.string(), example: z.string() })),
      }),
    ),
    statuses: z.array(z.object({ id: status, label: z.string() })),
    urlMaxLength: z.number().int(),
  })
  .openapi("CalendarVerificationConfiguration");

/**
 * The platform is a plain string here: one the product does not know answers 404 (not found), not
 * 400, like any other path segment that names nothing.
 */
const unitAndProvider = z.object({
  id: z.string().openapi({ description: "The unit's public id (unt_…)" }),
  provider: z.string().openapi({ description: `The platform: ${CALENDAR_PROVIDER_IDS.join(", ")}`, example: CALENDAR_PROVIDER_IDS[0] }),
});
const language = z.object({ [LANGUAGE_PARAM]: z.string().optional().openapi({ description: "Language of the labels; the host's own when absent" }) });
const tags = ["Calendar verification"];

export const calendarVerification = {
  configuration: createRoute({
    method: "get",
    path: "/api/app/property-unit/verify-calendar/configuration",
    tags,
    summary: "The platforms a unit can be verified on, the links each accepts, and the statuses, labels translated",
    security,
    request: { query: language },
    responses: { 200: json(configurationSchema, "The platforms and statuses"), ...commonErrors },
  }),
  get: createRoute({
    method: "get",
    path: "/api/app/property-unit/{id}/verify-calendar/{provider}/data",
    tags,
    summary: "What the host said about the unit on a platform, and where its verification stands",
    security,
    request: { params: unitAndProvider, query: language },
    responses: { 200: json(calendarVerificationSchema, "The verification (not_started before the host answers)"), ...commonErrors },
  }),
  save: createRoute({
    method: "post",
    path: "/api/app/property-unit/{id}/verify-calendar/{provider}/data",
    tags,
    summary: "Say whether the unit is listed on a platform, and where; the verification is pending until verified",
    security,
    request: {
      params: unitAndProvider,
      query: language,
      body: jsonBody(
        z
          .object({
            isListed: z.boolean("required"),
            url: z.string().trim().max(LISTING_URL_MAX_LENGTH, "too_long").nullable().optional().openapi({ description: "The listing's link on the platform; required when isListed" }),
          })
          .strict(),
      ),
    },
    responses: { 200: json(calendarVerificationSchema, "The pending verification"), ...commonErrors },
  }),
  verify: createRoute({
    method: "get",
    path: "/api/app/property-unit/{id}/verify-calendar/{provider}/verify",
    tags,
    summary: "Verify the unit on a platform: a listing no other unit holds is validated, a unit listed nowhere else verified",
    security,
    request: { params: unitAndProvider, query: language },
    responses: { 200: json(calendarVerificationSchema, "The outcome: verified, validated or failed with its reason"), ...commonErrors, ...conflict },
  }),
};
