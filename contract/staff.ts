import { createRoute, z } from "@hono/zod-openapi";
import { AUDIT_ACTIONS } from "@domain/audit";
import { multiLineText } from "@domain/text";
import { commonErrors, conflict, conflictWithReasons, json, jsonBody, noContent, security } from "./http";

/**
 * Staff only (§6): support staff find hosts, act for them through an audited impersonation, switch
 * their features and reject units. To anyone who is not staff these endpoints do not exist (404).
 */
export const STAFF_TAG = "Staff";

/** Header with which a staff member's requests act for the host they impersonate. */
export const IMPERSONATE_HEADER = "x-impersonate-user";

/**
 * The error type (§8 errors list) of a call made for a host whose impersonation has ended: stopped
 * at sign-out or replaced by one started elsewhere. The web app then drops it from the session.
 */
export const IMPERSONATION_ENDED = "impersonation_ended";
const tags = [STAFF_TAG];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "date_invalid").refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "date_invalid");

const person = z.object({ userId: z.string(), email: z.string(), firstName: z.string(), lastName: z.string(), companyName: z.string().nullable() });
const pageOnly = z.object({ current: z.number().int(), next: z.number().int() });

export const auditLogEntrySchema = z
  .object({
    id: z.string(),
    action: z.string().openapi({ description: "What was done, e.g. impersonation.start, feature.set, unit.reject" }),
    createdAt: z.iso.datetime(),
    actor: person,
    host: person.nullable(),
    details: z.record(z.string(), z.unknown()).openapi({ description: "What the action touched; a rejected unit is named by unitTitle" }),
  })
  .openapi("AuditLogEntry");
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

/** Filters of the audit log: who acted, for whom (name or email), what, and a range of UTC days. */
const auditSearch = z
  .object({
    actor: z.string().trim().max(100).optional().default(""),
    host: z.string().trim().max(100).optional().default(""),
    action: z.enum(AUDIT_ACTIONS).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    page: z.coerce.number().int().min(1).max(1_000).optional().default(1),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "date_range_invalid", path: ["to"] });

const hostSearch = z.object({
  search: z.string().trim().max(100).optional().default(""),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});

const hostId = z.object({ userId: z.string().openapi({ description: "The host's public id (usr_…)" }) });

export const staff = {
  auditLog: createRoute({
    method: "get",
    path: "/api/app/staff/audit-log",
    tags,
    summary: "What staff did to hosts' accounts, newest first (staff only)",
    security,
    request: { query: auditSearch },
    responses: { 200: json(z.object({ items: z.array(auditLogEntrySchema), pagination: pageOnly }), "A page of entries"), ...commonErrors },
  }),
  hosts: createRoute({
    method: "get",
    path: "/api/app/staff/hosts",
    tags,
    summary: "Hosts whose name, company or email contains the search (staff only)",
    security,
    request: { query: hostSearch },
    responses: {
      200: json(z.object({ items: z.array(person.extend({ type: z.enum(["individual", "company"]) })), pagination: pageOnly }), "A page of hosts"),
      ...commonErrors,
    },
  }),
  setFeature: createRoute({
    method: "put",
    path: "/api/app/staff/hosts/{userId}/features/{feature}",
    tags,
    summary: "Switch one of a host's features on or off; audited (staff only)",
    security,
    request: {
      params: hostId.extend({ feature: z.string().openapi({ description: "One of the app features; another answers 404" }) }),
      body: jsonBody(z.object({ enabled: z.boolean() }).strict()),
    },
    responses: { 200: json(z.object({ userId: z.string(), feature: z.string(), enabled: z.boolean() }), "The feature's new state"), ...commonErrors },
  }),
  setIdentityVerification: createRoute({
    method: "put",
    path: "/api/app/staff/hosts/{userId}/identity-verification",
    tags,
    summary: "Whether identity verification (KYC) applies to a commission host; audited (staff only)",
    security,
    request: { params: hostId, body: jsonBody(z.object({ applicable: z.boolean() }).strict()) },
    responses: {
      200: json(z.object({ userId: z.string(), applicable: z.boolean(), status: z.string() }), "Whether it applies, and the host's verification status"),
      ...commonErrors,
      ...conflictWithReasons,
    },
  }),
  rejectUnit: createRoute({
    method: "post",
    path: "/api/app/staff/units/{unitId}/reject",
    tags,
    summary: "Reject a unit with a reason the host sees; audited (staff only)",
    security,
    request: {
      params: z.object({ unitId: z.string().openapi({ description: "The unit's public id (unt_…), of any host" }) }),
      body: jsonBody(z.object({ reason: multiLineText(1000).min(1, "required") }).strict()),
    },
    responses: {
      200: json(z.object({ propertyUnitPublicId: z.string(), state: z.literal("REJECTED_BY_STAFF"), rejectionReason: z.string() }), "The rejected unit"),
      ...commonErrors,
    },
  }),
  startImpersonation: createRoute({
    method: "post",
    path: "/api/app/staff/impersonation",
    tags,
    summary: "Act for a host: later requests with the x-impersonate-user header are theirs; audited (staff only)",
    security,
    request: { body: jsonBody(z.object({ userId: z.string().min(1).max(64) }).strict()) },
    responses: { 201: json(z.object({ userId: z.string(), startedAt: z.iso.datetime() }), "The impersonation started"), ...commonErrors },
  }),
  stopImpersonation: createRoute({
    method: "delete",
    path: "/api/app/staff/impersonation",
    tags,
    summary: "Stop acting for a host; audited (staff only)",
    security,
    responses: { ...noContent, ...commonErrors, ...conflict },
  }),
};
