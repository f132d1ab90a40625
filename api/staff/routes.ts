import { and, asc, eq, isNull, ne, or, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { APP_FEATURES } from "@domain/user-flags";
import type { ApiEnv } from "@api/context";
import { auditLog, impersonations, properties, propertyUnits, users } from "@api/db/schema";
import { ApiError, notFound } from "@api/lib/errors";
import { readJson, readQuery } from "@api/lib/validation";

const PAGE_SIZE = 20;

const hostSearch = z.object({
  search: z.string().trim().max(100).optional().default(""),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});

/** A host by public id; staff accounts are not hosts and are not found. */
async function findHost(db: ApiEnv["Variables"]["db"], userId: string) {
  const host = await db.query.users.findFirst({ where: and(eq(users.publicId, userId), eq(users.role, "host")) });
  if (!host) throw notFound("Host");
  return host;
}

/**
 * Staff act for a host only through impersonation, which is audited. To anyone who is not staff
 * these routes do not exist (404).
 */
export const staffRoutes = new Hono<ApiEnv>()
  .use("/staff/*", async (c, next) => {
    const actor = c.var.principal.impersonator ?? c.var.principal.user;
    if (actor.role !== "staff") throw notFound();
    await next();
  })
  .get("/staff/hosts", async (c) => {
    const { search, page } = readQuery(c, hostSearch);
    const rows = await c.var.db
      .select({ userId: users.publicId, email: users.email, firstName: users.firstName, lastName: users.lastName, companyName: users.companyName, type: users.type })
      .from(users)
      .where(
        and(
          eq(users.role, "host"),
          search
            ? or(...[users.email, users.firstName, users.lastName, users.companyName].map((column) => sql`instr(lower(${column}), lower(${search})) > 0`))
            : undefined,
        ),
      )
      .orderBy(asc(users.email))
      .limit(PAGE_SIZE + 1)
      .offset((page - 1) * PAGE_SIZE);
    return c.json({ items: rows.slice(0, PAGE_SIZE), pagination: { current: page, next: rows.length > PAGE_SIZE ? page + 1 : page } });
  })
  .put("/staff/hosts/:userId/features/:feature", async (c) => {
    const feature = c.req.param("feature");
    if (!(APP_FEATURES as readonly string[]).includes(feature)) throw notFound("Feature");
    const { enabled } = await readJson(c, z.object({ enabled: z.boolean() }).strict());
    const staff = c.var.principal.impersonator ?? c.var.principal.user;
    const db = c.var.db;
    const host = await findHost(db, c.req.param("userId"));
    const features = new Set(host.features);
    if (enabled) features.add(feature);
    else features.delete(feature);
    await db.batch([
      db.update(users).set({ features: [...features].sort(), updatedAt: new Date() }).where(eq(users.id, host.id)),
      db.insert(auditLog).values({ actorUserId: staff.id, subjectUserId: host.id, action: "feature.set", details: { feature, enabled } }),
    ]);
    return c.json({ userId: host.publicId, feature, enabled });
  })
  // Whether identity verification (KYC) applies to a commission host is support's decision; a host
  // who never started is then required to verify, and the wizard brings the verification steps.
  .put("/staff/hosts/:userId/identity-verification", async (c) => {
    const { applicable } = await readJson(c, z.object({ applicable: z.boolean() }).strict());
    const staff = c.var.principal.impersonator ?? c.var.principal.user;
    const db = c.var.db;
    const host = await findHost(db, c.req.param("userId"));
    if (applicable && host.commercialModel !== "commission") {
      const message = "Identity verification applies only to hosts on commission";
      throw new ApiError(409, message, [{ field: null, message, type: "identity_verification_requires_commission" }]);
    }
    const kycStatus = applicable && host.kycStatus === "VERIFICATION_NEVER_STARTED" ? "REQUIRED" : host.kycStatus;
    await db.batch([
      db.update(users).set({ kycApplicable: applicable, kycStatus, updatedAt: new Date() }).where(eq(users.id, host.id)),
      db.insert(auditLog).values({ actorUserId: staff.id, subjectUserId: host.id, action: "identity-verification.set", details: { applicable } }),
    ]);
    return c.json({ userId: host.publicId, applicable, status: kycStatus });
  })
  .post("/staff/units/:unitId/reject", async (c) => {
    const { reason } = await readJson(c, z.object({ reason: z.string().trim().min(1, "required").max(1000, "too_long") }).strict());
    const staff = c.var.principal.impersonator ?? c.var.principal.user;
    const db = c.var.db;
    const [unit] = await db.select().from(propertyUnits).where(and(eq(propertyUnits.publicId, c.req.param("unitId")), ne(propertyUnits.state, "DELETED"))).limit(1);
    if (!unit) throw notFound("Unit");
    const now = new Date();
    await db.batch([
      db.update(propertyUnits).set({ state: "REJECTED_BY_STAFF", rejectionReason: reason, links: [], updatedAt: now }).where(eq(propertyUnits.id, unit.id)),
      db.update(properties).set({ state: "REJECTED_BY_STAFF", updatedAt: now }).where(eq(properties.id, unit.propertyId)),
      db.insert(auditLog).values({ actorUserId: staff.id, subjectUserId: unit.hostUserId, action: "unit.reject", details: { unitId: unit.publicId, reason } }),
    ]);
    return c.json({ propertyUnitPublicId: unit.publicId, state: "REJECTED_BY_STAFF", rejectionReason: reason });
  })
  .post("/staff/impersonation", async (c) => {
    const { userId } = await readJson(c, z.object({ userId: z.string().min(1).max(64) }).strict());
    const staff = c.var.principal.impersonator ?? c.var.principal.user;
    const db = c.var.db;
    const host = await findHost(db, userId);
    const now = new Date();
    await db.batch([
      db.update(impersonations).set({ endedAt: now }).where(and(eq(impersonations.staffUserId, staff.id), isNull(impersonations.endedAt))),
      db.insert(impersonations).values({ staffUserId: staff.id, hostUserId: host.id, startedAt: now }),
      db.insert(auditLog).values({ actorUserId: staff.id, subjectUserId: host.id, action: "impersonation.start" }),
    ]);
    return c.json({ userId: host.publicId, startedAt: now.toISOString() }, 201);
  })
  .delete("/staff/impersonation", async (c) => {
    const staff = c.var.principal.impersonator ?? c.var.principal.user;
    const db = c.var.db;
    const open = await db.query.impersonations.findFirst({
      where: and(eq(impersonations.staffUserId, staff.id), isNull(impersonations.endedAt)),
    });
    if (!open) throw new ApiError(409, "No impersonation is active");
    await db.batch([
      db.update(impersonations).set({ endedAt: new Date() }).where(eq(impersonations.id, open.id)),
      db.insert(auditLog).values({ actorUserId: staff.id, subjectUserId: open.hostUserId, action: "impersonation.stop" }),
    ]);
    return c.body(null, 204);
  });
