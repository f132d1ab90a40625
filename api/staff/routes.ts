import { and, asc, desc, eq, gte, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { staff as contract } from "@contract/staff";
import { AUDIT_LOG_PAGE_SIZE } from "@domain/audit";
import { APP_FEATURES } from "@domain/user-flags";
import type { ApiEnv } from "@api/context";
import { auditLog, impersonations, properties, propertyUnits, users } from "@api/db/schema";
import { ApiError, notFound } from "@api/lib/errors";
import { contractRouter } from "@api/lib/openapi";

const PAGE_SIZE = 20;

/** The users table under an alias (the actor, the host). */
type Person = ReturnType<typeof alias<typeof users, string>>;

/** Someone whose name, company or email contains the search, ignoring case. */
function personMatches(person: Person, search: string): SQL | undefined {
  if (!search) return undefined;
  return or(...[person.email, person.firstName, person.lastName, person.companyName].map((column) => sql`instr(lower(${column}), lower(${search})) > 0`));
}

const personColumns = (person: Person) => ({
  userId: person.publicId,
  email: person.email,
  firstName: person.firstName,
  lastName: person.lastName,
  companyName: person.companyName,
});

const startOfDay = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(startOfDay(day).getTime() + 86_400_000);

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
export const staffRoutes = contractRouter<ApiEnv>();

staffRoutes.use("/api/app/staff/*", async (c, next) => {
  const actor = c.var.principal.impersonator ?? c.var.principal.user;
  if (actor.role !== "staff") throw notFound();
  await next();
});

staffRoutes
  // What staff did to hosts' accounts, newest first; a rejected unit is named by its title.
  .openapi(contract.auditLog, async (c) => {
    const filters = c.req.valid("query");
    const actors = alias(users, "actor");
    const subjects = alias(users, "subject");
    const rows = await c.var.db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
        actor: personColumns(actors),
        host: personColumns(subjects),
        unitTitle: propertyUnits.title,
      })
      .from(auditLog)
      .innerJoin(actors, eq(actors.id, auditLog.actorUserId))
      .leftJoin(subjects, eq(subjects.id, auditLog.subjectUserId))
      .leftJoin(propertyUnits, and(eq(auditLog.action, "unit.reject"), eq(propertyUnits.publicId, sql`json_extract(${auditLog.details}, '$.unitId')`)))
      .where(
        and(
          personMatches(actors, filters.actor),
          personMatches(subjects, filters.host),
          filters.action ? eq(auditLog.action, filters.action) : undefined,
          filters.from ? gte(auditLog.createdAt, startOfDay(filters.from)) : undefined,
          filters.to ? lt(auditLog.createdAt, dayAfter(filters.to)) : undefined,
        ),
      )
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_LOG_PAGE_SIZE + 1)
      .offset((filters.page - 1) * AUDIT_LOG_PAGE_SIZE);
    const items = rows.slice(0, AUDIT_LOG_PAGE_SIZE).map((row) => ({
      id: String(row.id),
      action: row.action,
      createdAt: row.createdAt.toISOString(),
      actor: row.actor,
      host: row.host?.userId ? row.host : null,
      details: { ...row.details, ...(row.unitTitle === null ? {} : { unitTitle: row.unitTitle }) },
    }));
    const { page } = filters;
    return c.json({ items, pagination: { current: page, next: rows.length > AUDIT_LOG_PAGE_SIZE ? page + 1 : page } }, 200);
  })
  .openapi(contract.hosts, async (c) => {
    const { search, page } = c.req.valid("query");
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
    return c.json({ items: rows.slice(0, PAGE_SIZE), pagination: { current: page, next: rows.length > PAGE_SIZE ? page + 1 : page } }, 200);
  })
  .openapi(contract.setFeature, async (c) => {
    const { userId, feature } = c.req.valid("param");
    if (!(APP_FEATURES as readonly string[]).includes(feature)) throw notFound("Feature");
    const { enabled } = c.req.valid("json");
    const staff = c.var.principal.impersonator ?? c.var.principal.user;
    const db = c.var.db;
    const host = await findHost(db, userId);
    const features = new Set(host.features);
    if (enabled) features.add(feature);
    else features.delete(feature);
    await db.batch([
      db.update(users).set({ features: [...features].sort(), updatedAt: new Date() }).where(eq(users.id, host.id)),
      db.insert(auditLog).values({ actorUserId: staff.id, subjectUserId: host.id, action: "feature.set", details: { feature, enabled } }),
    ]);
    return c.json({ userId: host.publicId, feature, enabled }, 200);
  })
  // Whether identity verification (KYC) applies to a commission host is support's decision; a host
  // who never started is then required to verify, and the wizard brings the verification steps.
  .openapi(contract.setIdentityVerification, async (c) => {
    const { applicable } = c.req.valid("json");
    const staff = c.var.principal.impersonator ?? c.var.principal.user;
    const db = c.var.db;
    const host = await findHost(db, c.req.valid("param").userId);
    if (applicable && host.commercialModel !== "commission") {
      const message = "Identity verification applies only to hosts on commission";
      throw new ApiError(409, message, [{ field: null, message, type: "identity_verification_requires_commission" }]);
    }
    const kycStatus = applicable && host.kycStatus === "VERIFICATION_NEVER_STARTED" ? "REQUIRED" : host.kycStatus;
    await db.batch([
      db.update(users).set({ kycApplicable: applicable, kycStatus, updatedAt: new Date() }).where(eq(users.id, host.id)),
      db.insert(auditLog).values({ actorUserId: staff.id, subjectUserId: host.id, action: "identity-verification.set", details: { applicable } }),
    ]);
    return c.json({ userId: host.publicId, applicable, status: kycStatus }, 200);
  })
  .openapi(contract.rejectUnit, async (c) => {
    const { reason } = c.req.valid("json");
    const staff = c.var.principal.impersonator ?? c.var.principal.user;
    const db = c.var.db;
    const [unit] = await db.select().from(propertyUnits).where(and(eq(propertyUnits.publicId, c.req.valid("param").unitId), ne(propertyUnits.state, "DELETED"))).limit(1);
    if (!unit) throw notFound("Unit");
    const now = new Date();
    await db.batch([
      db.update(propertyUnits).set({ state: "REJECTED_BY_STAFF", rejectionReason: reason, links: [], updatedAt: now }).where(eq(propertyUnits.id, unit.id)),
      db.update(properties).set({ state: "REJECTED_BY_STAFF", updatedAt: now }).where(eq(properties.id, unit.propertyId)),
      db.insert(auditLog).values({ actorUserId: staff.id, subjectUserId: unit.hostUserId, action: "unit.reject", details: { unitId: unit.publicId, reason } }),
    ]);
    return c.json({ propertyUnitPublicId: unit.publicId, state: "REJECTED_BY_STAFF" as const, rejectionReason: reason }, 200);
  })
  .openapi(contract.startImpersonation, async (c) => {
    const { userId } = c.req.valid("json");
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
  .openapi(contract.stopImpersonation, async (c) => {
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
