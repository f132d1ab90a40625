import type { MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { and, eq } from "drizzle-orm";
import type { ApiEnv } from "@api/context";
import { hostDocuments, subscriptions, unitPhotos } from "@api/db/schema";
import { findProperty, findUnit, type PropertyRow, type UnitRow } from "@api/properties/queries";
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

/** `/properties/{id}/…` or `/properties/{propertyId}/…`. */
export function ownProperty(param = "id") {
  return guard(
    createMiddleware<PropertyEnv>(async (c, next) => {
      c.set("property", await findProperty(c.var.db, c.var.principal.user.id, c.req.param(param) ?? ""));
      await next();
    }),
  );
}

/** `/photos/{photoId}` and `/property-unit/{id}/photos/{photoId}` (there also the unit's, see `ownUnit`). */
export function ownPhoto(param = "photoId") {
  return guard(
    createMiddleware<ApiEnv & { Variables: { photo: typeof unitPhotos.$inferSelect } }>(async (c, next) => {
      const photo = await c.var.db.query.unitPhotos.findFirst({
        where: and(eq(unitPhotos.publicId, c.req.param(param) ?? ""), eq(unitPhotos.hostUserId, c.var.principal.user.id)),
      });
      if (!photo) throw notFound("Photo");
      c.set("photo", photo);
      await next();
    }),
  );
}

/** `/user/onboarding/documents/{documentId}`. */
export function ownDocument(param = "documentId") {
  return guard(
    createMiddleware<ApiEnv & { Variables: { document: typeof hostDocuments.$inferSelect } }>(async (c, next) => {
      const document = await c.var.db.query.hostDocuments.findFirst({
        where: and(eq(hostDocuments.publicId, c.req.param(param) ?? ""), eq(hostDocuments.hostUserId, c.var.principal.user.id)),
      });
      if (!document) throw notFound("Document");
      c.set("document", document);
      await next();
    }),
  );
}

/** `/subscription/{id}/…`. */
export function ownSubscription(param = "id") {
  return guard(
    createMiddleware<ApiEnv & { Variables: { subscription: typeof subscriptions.$inferSelect } }>(async (c, next) => {
      const subscription = await c.var.db.query.subscriptions.findFirst({
        where: and(eq(subscriptions.publicId, c.req.param(param) ?? ""), eq(subscriptions.hostUserId, c.var.principal.user.id)),
      });
      if (!subscription) throw notFound("Subscription");
      c.set("subscription", subscription);
      await next();
    }),
  );
}

/** A declared endpoint with its ownership guard (or guards, run in order) in front of validation and handler. */
export function owned<E extends object, M extends MiddlewareHandler | [MiddlewareHandler, ...MiddlewareHandler[]]>(endpoint: E, middleware: M): E & { middleware: M } {
  return { ...endpoint, middleware };
}
