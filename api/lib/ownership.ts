import type { HonoRequest, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { and, eq, type SQLWrapper } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { ApiEnv } from "@api/context";
import type { Database } from "@api/db/client";
import { bookingInquiries, bookingRequests, bookings, channelApiKeys, guestPreferences, hostDocuments, icalFeeds, properties, propertyUnits, savedReplies, reviews, subscriptions, unitPhotos } from "@api/db/schema";
import { findConversation, type OpenedConversation } from "@api/messaging/queries";
import { findProperty, findUnit, ownedUnitId, ownedUnitQueries, type PropertyRow, type UnitRow } from "@api/properties/queries";
import { notFound } from "@api/lib/errors";

/**
 * Ownership by construction: a route whose path names a host's object runs one of these guards
 * before its handler (and before its body is validated). The guard loads the row for the principal's
 * host, or answers 404, and hands it to the handler as `c.var`. `api/cross-tenant.api.test.ts`
 * checks that every route with an id parameter has one.
 */
const guards = new WeakSet<MiddlewareHandler>();

export function isOwnershipGuard(handler: unknown): boolean {
  return typeof handler === "function" && guards.has(handler as MiddlewareHandler);
}

function guard<M extends MiddlewareHandler>(middleware: M): M {
  guards.add(middleware);
  return middleware;
}

export type UnitEnv = ApiEnv & { Variables: { unit: UnitRow; property: PropertyRow } };
export type PropertyEnv = ApiEnv & { Variables: { property: PropertyRow } };

/** `/property-unit/{id}/…`, or a unit named by another parameter (`/subscription/info/{unitId}`). */
export function ownUnit(param = "id") {
  return guard(
    createMiddleware<UnitEnv>(async (c, next) => {
      const { unit, property } = await findUnit(c.var.db, c.var.principal.user.id, c.req.param(param) ?? "");
      c.set("unit", unit);
      c.set("property", property);
      await next();
    }),
  );
}

/** Statements about one unit, sent with its ownership row: they name the unit by its id as a subquery. */
type UnitReads = readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
export type UnitReadsEnv<R extends UnitReads> = UnitEnv & { Variables: { reads: BatchResponse<R> } };

/**
 * `ownUnit` for a route that reads more of the unit: the ownership row and the route's `reads` go to
 * D1 in one batch (one round trip instead of one per query). `reads` gets the unit's internal id as
 * a subquery limited to the principal's host, so it reads nothing of another host's unit; their
 * results reach the handler as `c.var.reads` only once the row is found, else the route answers 404.
 * A read the route makes on every call can be a cached statement (decision 024) of `ownedUnitId`
 * with placeholders, given the `owner` values (`hostUserId`, `unitId`).
 */
export function ownUnitWith<R extends UnitReads>(reads: (db: Database, unitId: SQLWrapper, request: HonoRequest, owner: { hostUserId: number; unitId: string }) => R, param = "id") {
  return guard(
    createMiddleware<UnitReadsEnv<R>>(async (c, next) => {
      const { db } = c.var;
      const hostUserId = c.var.principal.user.id;
      const publicId = c.req.param(param) ?? "";
      const [[unit], [property], ...results] = await db.batch([
        ...ownedUnitQueries(db, hostUserId, publicId),
        ...reads(db, ownedUnitId(db, hostUserId, publicId), c.req, { hostUserId, unitId: publicId }),
      ]);
      if (!unit || !property) throw notFound("Unit");
      c.set("unit", unit);
      c.set("property", property);
      c.set("reads", results);
      await next();
    }),
  );
}

/** `/properties/{id}/…` or `/properties/{propertyId}/…`. */
export function ownProperty(param = "id") {
  return guard(
    createMiddleware<PropertyEnv>(async (c, next) => {
      c.set("property", await findProperty(c.var.db, c.var.principal.user.id, c.req.param(param) ?? ""));
      await next();
    }),
  );
}

/** The tables whose rows a host owns through `host_user_id` and names by `public_id`. */
type OwnedTable = typeof unitPhotos | typeof hostDocuments | typeof subscriptions | typeof channelApiKeys | typeof icalFeeds | typeof savedReplies | typeof reviews;

/**
 * The guard for a row of `table` named by the path parameter `param`: it is loaded for the
 * principal's host and handed to the handler as `c.var[key]`, or the route answers 404 naming `what`.
 * Resources to come (bookings, requests, conversations) add their table here.
 */
function ownRow<K extends string, T extends OwnedTable>(key: K, table: T, what: string, param: string) {
  return guard(
    createMiddleware<ApiEnv & { Variables: { [P in K]: T["$inferSelect"] } }>(async (c, next) => {
      const [row] = await c.var.db
        .select()
        .from(table as OwnedTable)
        .where(and(eq(table.publicId, c.req.param(param) ?? ""), eq(table.hostUserId, c.var.principal.user.id)))
        .limit(1);
      if (!row) throw notFound(what);
      (c.set as (key: K, value: T["$inferSelect"]) => void)(key, row as T["$inferSelect"]);
      await next();
    }),
  );
}

/** `/photos/{photoId}` and `/property-unit/{id}/photos/{photoId}` (there also the unit's, see `ownUnit`). */
export const ownPhoto = (param = "photoId") => ownRow("photo", unitPhotos, "Photo", param);

/** `/user/onboarding/documents/{documentId}`. */
export const ownDocument = (param = "documentId") => ownRow("document", hostDocuments, "Document", param);

/** `/subscription/{id}/…`. */
export const ownSubscription = (param = "id") => ownRow("subscription", subscriptions, "Subscription", param);

/** `/api-keys/{keyId}`: a channel API key of the host. */
export const ownApiKey = (param = "keyId") => ownRow("apiKey", channelApiKeys, "API key", param);

/** A booking, request or inquiry with its unit and property, as the guards below hand it over. */
export interface OwnedStay<T> {
  row: T;
  unit: UnitRow;
  property: PropertyRow;
  /** The host's ideal guest, when the host answered the flow (for the guest's match level, §2 Guest). */
  idealGuest: typeof guestPreferences.$inferSelect | null;
}

type StayTable = typeof bookings | typeof bookingRequests | typeof bookingInquiries;

/** The guard for a booking, request or inquiry: the row, its unit and property (and the host's ideal guest) in one statement, for the principal's host. */
function ownStay<K extends string, T extends StayTable>(key: K, table: T, what: string, param: string) {
  return guard(
    createMiddleware<ApiEnv & { Variables: { [P in K]: OwnedStay<T["$inferSelect"]> } }>(async (c, next) => {
      const stays = table as typeof bookings;
      const [found] = await c.var.db
        .select({ row: stays, unit: propertyUnits, property: properties, idealGuest: guestPreferences })
        .from(stays)
        .innerJoin(propertyUnits, eq(propertyUnits.id, stays.unitId))
        .innerJoin(properties, eq(properties.id, propertyUnits.propertyId))
        .leftJoin(guestPreferences, eq(guestPreferences.userId, stays.hostUserId))
        .where(and(eq(stays.publicId, c.req.param(param) ?? ""), eq(stays.hostUserId, c.var.principal.user.id)))
        .limit(1);
      if (!found) throw notFound(what);
      (c.set as (key: K, value: OwnedStay<T["$inferSelect"]>) => void)(key, found as unknown as OwnedStay<T["$inferSelect"]>);
      await next();
    }),
  );
}

/** `/bookings/{bookingId}/…`. */
export const ownBooking = (param = "bookingId") => ownStay("booking", bookings, "Booking", param);

/** `/booking-requests/{id}/…`. */
export const ownBookingRequest = (param = "id") => ownStay("bookingRequest", bookingRequests, "Booking request", param);

/** `/booking-inquiries/{id}/…`. */
export const ownInquiry = (param = "id") => ownStay("inquiry", bookingInquiries, "Inquiry", param);

/** `/reviews/reply/{reviewId}`: a review of one of the host's units. */
export const ownReview = (param = "reviewId") => ownRow("review", reviews, "Review", param);

/** `/property-unit/{id}/ical-feeds/{feedId}` (after `ownUnit`: the handler checks the feed is the unit's). */
export const ownIcalFeed = (param = "feedId") => ownRow("feed", icalFeeds, "Feed", param);

/** `/messaging/conversations/{conversationId}/…`: the conversation with its stay, unit and property, in one statement. */
export const ownConversation = (param = "conversationId") =>
  guard(
    createMiddleware<ApiEnv & { Variables: { conversation: OpenedConversation } }>(async (c, next) => {
      c.set("conversation", await findConversation(c.var.db, c.var.principal.user.id, c.req.param(param) ?? ""));
      await next();
    }),
  );

/** `/messaging/saved-replies/{replyId}`. */
export const ownSavedReply = (param = "replyId") => ownRow("savedReply", savedReplies, "Saved reply", param);

/** A declared endpoint with its ownership guard (or guards, run in order) in front of validation and handler. */
export function owned<E extends object, M extends MiddlewareHandler | [MiddlewareHandler, ...MiddlewareHandler[]]>(endpoint: E, middleware: M): E & { middleware: M } {
  return { ...endpoint, middleware };
}
