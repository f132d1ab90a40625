import { createRoute, z } from "@hono/zod-openapi";
import { TAKEN_NIGHT_KINDS } from "@domain/calendar";
import { feedAddressProblem, FEED_URL_MAX_LENGTH, normaliseFeedAddress } from "@domain/ical-address";
import { singleLineText } from "@domain/text";
import { commonErrors, conflictWithReasons, json, jsonBody, noContent, security } from "./http";

/**
 * iCal (beyond §7, for the calendar's sync, import and export panels): the calendars of other
 * platforms a unit follows (their events take its nights as `external`), and the secret address of
 * the unit's own calendar for them.
 */

export const FEED_NAME_MAX_LENGTH = 80;
export const feedNameSchema = singleLineText(FEED_NAME_MAX_LENGTH).min(1, "required");
/** An http(s) address (`webcal://` is read as `https://`); whether it may point at a private network is the server's configuration. */
export const feedUrlSchema = z
  .string({ message: "required" })
  .trim()
  .min(1, "required")
  .max(FEED_URL_MAX_LENGTH, "too_long")
  .transform(normaliseFeedAddress)
  .refine((url) => feedAddressProblem(url, { allowPrivate: true }) === null, "ical_url_invalid");

export const FEED_STATUSES = ["pending", "ok", "failing"] as const;
export const FEED_FAILURES = ["address_refused", "timeout", "http_status", "too_large", "too_many_redirects", "network", "unparsable", "too_many_events", "empty_after_full"] as const;
export type FeedFailure = (typeof FEED_FAILURES)[number];

const conflictSchema = z
  .object({
    id: z.string().openapi({ description: "The imported stay's event id (ext_…), as the calendar names its nights" }),
    dateFrom: z.string(),
    dateTo: z.string(),
    summary: z.string(),
    overlaps: z.array(z.enum(TAKEN_NIGHT_KINDS)).openapi({ description: "What holds the nights it could not take: a booking, a block, a pause, another feed's stay" }),
  })
  .openapi("IcalConflict");

export const feedSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    status: z.enum(FEED_STATUSES).openapi({ description: "pending: not read yet; ok: the last sync applied; failing: the last sync changed nothing (see failure)" }),
    lastSyncAt: z.string().nullable().openapi({ description: "When the feed was last fetched (ISO 8601)" }),
    lastSuccessAt: z.string().nullable(),
    failure: z.object({ reason: z.enum(FEED_FAILURES), detail: z.string() }).nullable(),
    eventCount: z.number().int(),
    intervalMinutes: z.number().int(),
    conflicts: z.array(conflictSchema).openapi({ description: "Its stays that overlap a booking, block or pause of ours (or another feed's stay), first 50" }),
  })
  .openapi("IcalFeed");
export type IcalFeed = z.infer<typeof feedSchema>;

export const exportSchema = z.object({ url: z.string().openapi({ description: "The secret address of the unit's calendar (text/calendar); whoever has it reads the dates of its bookings and blocks" }) }).openapi("IcalExport");

const unitId = z.object({ id: z.string().openapi({ description: "The unit's public id (unt_…)" }) });
const unitAndFeed = unitId.extend({ feedId: z.string().openapi({ description: "The feed's public id (icf_…)" }) });
const tags = ["iCal"];

export const ical = {
  feeds: createRoute({
    method: "get",
    path: "/api/app/property-unit/{id}/ical-feeds",
    tags,
    summary: "The calendars the unit imports, with the state of their last sync and their conflicts",
    security,
    request: { params: unitId },
    responses: { 200: json(z.object({ items: z.array(feedSchema) }), "The feeds, oldest first"), ...commonErrors },
  }),
  addFeed: createRoute({
    method: "post",
    path: "/api/app/property-unit/{id}/ical-feeds",
    tags,
    summary: "Import another platform's calendar into the unit: the feed is read at once, and then every 15 minutes",
    security,
    request: { params: unitId, body: jsonBody(z.object({ name: feedNameSchema, url: feedUrlSchema }).strict()) },
    responses: {
      201: json(feedSchema, "The feed after its first sync (failing when it could not be read; it is kept and tried again)"),
      ...commonErrors,
      ...conflictWithReasons,
    },
  }),
  renameFeed: createRoute({
    method: "patch",
    path: "/api/app/property-unit/{id}/ical-feeds/{feedId}",
    tags,
    summary: "Rename a feed",
    security,
    request: { params: unitAndFeed, body: jsonBody(z.object({ name: feedNameSchema }).strict()) },
    responses: { 200: json(feedSchema, "The feed"), ...commonErrors },
  }),
  removeFeed: createRoute({
    method: "delete",
    path: "/api/app/property-unit/{id}/ical-feeds/{feedId}",
    tags,
    summary: "Stop importing a feed; the nights its events took are freed",
    security,
    request: { params: unitAndFeed },
    responses: { ...noContent, ...commonErrors },
  }),
  syncFeed: createRoute({
    method: "post",
    path: "/api/app/property-unit/{id}/ical-feeds/{feedId}/sync",
    tags,
    summary: "Read a feed now. A feed that had events and comes back empty changes nothing, unless acceptEmpty says the host wants its nights freed",
    security,
    request: { params: unitAndFeed, body: { required: false, content: { "application/json": { schema: z.object({ acceptEmpty: z.boolean().optional() }).strict() } } } },
    responses: { 200: json(feedSchema, "The feed after the sync"), ...commonErrors },
  }),
  export: createRoute({
    method: "get",
    path: "/api/app/property-unit/{id}/ical-export",
    tags,
    summary: "The secret address of the unit's calendar for other platforms (made on first use)",
    security,
    request: { params: unitId },
    responses: { 200: json(exportSchema, "The address"), ...commonErrors },
  }),
  regenerateExport: createRoute({
    method: "post",
    path: "/api/app/property-unit/{id}/ical-export",
    tags,
    summary: "A new secret address for the unit's calendar; the old one answers 404 from now on",
    security,
    request: { params: unitId },
    responses: { 201: json(exportSchema, "The new address"), ...commonErrors },
  }),
};
