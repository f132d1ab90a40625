import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Context } from "hono";
import { calendarVerification as contract } from "@contract/calendar-verification";
import {
  CALENDAR_PROVIDERS,
  CALENDAR_VERIFICATION_STATUSES,
  calendarProvider,
  isCalendarProviderId,
  LISTING_URL_MAX_LENGTH,
  parseListingUrl,
  unitCalendarStatus,
  verificationOutcome,
  type CalendarProviderId,
  type CalendarVerificationStatus,
} from "@domain/calendar-verification";
import { DEFAULT_LOCALE, LANGUAGE_PARAM, resolveLocale } from "@domain/locales";
import type { ApiEnv } from "@api/context";
import { owned, ownUnit } from "@api/lib/ownership";
import { inChunks, type Database } from "@api/db/client";
import { propertyUnits, unitCalendarVerifications } from "@api/db/schema";
import { ApiError, notFound, validationFailed } from "@api/lib/errors";
import { translator } from "@api/lib/translate";
import { contractRouter } from "@api/lib/openapi";

type VerificationRow = typeof unitCalendarVerifications.$inferSelect;
type Translate = (key: string) => string;

const english = translator("en_US");

/** A platform the product knows, or 404. */
function providerOf(provider: string): CalendarProviderId {
  if (!isCalendarProviderId(provider)) throw notFound("Calendar provider");
  return provider;
}

/** Labels follow `hl`, else the host's language. */
function translate<E extends ApiEnv>(c: Context<E>): Translate {
  return translator(resolveLocale(c.req.query(LANGUAGE_PARAM)) ?? resolveLocale(c.var.principal.user.locale) ?? DEFAULT_LOCALE);
}

function presentVerification(provider: CalendarProviderId, row: VerificationRow | undefined, t: Translate) {
  const status: CalendarVerificationStatus = row?.status ?? "not_started";
  return {
    provider,
    providerName: t(`configuration:calendarProviders.${provider}`),
    status,
    statusLabel: t(`configuration:calendarVerificationStatuses.${status}`),
    isListed: row?.isListed ?? null,
    url: row?.url ?? null,
    failureReason: row?.failureReason ?? null,
    verifiedAt: row?.verifiedAt?.toISOString() ?? null,
  };
}

async function findVerification(db: Database, hostUserId: number, unitId: number, provider: CalendarProviderId) {
  return db.query.unitCalendarVerifications.findFirst({
    where: and(eq(unitCalendarVerifications.unitId, unitId), eq(unitCalendarVerifications.provider, provider), eq(unitCalendarVerifications.hostUserId, hostUserId)),
  });
}

/**
 * The calendar verification status of each of a host's units (§4): the most advanced over all
 * platforms; a unit without any is not_started.
 */
export async function calendarStatusesOf(db: Database, hostUserId: number, unitIds: number[]): Promise<Map<number, CalendarVerificationStatus>> {
  const byUnit = new Map<number, CalendarVerificationStatus[]>(unitIds.map((id) => [id, []]));
  // A subscription may hold hundreds of units: one query per group of ids that D1 can bind.
  const groups = await Promise.all(
    inChunks(unitIds, 1).map((ids) =>
      db
        .select({ unitId: unitCalendarVerifications.unitId, status: unitCalendarVerifications.status })
        .from(unitCalendarVerifications)
        .where(and(eq(unitCalendarVerifications.hostUserId, hostUserId), inArray(unitCalendarVerifications.unitId, ids))),
    ),
  );
  for (const row of groups.flat()) byUnit.get(row.unitId)?.push(row.status);
  return new Map([...byUnit].map(([id, statuses]) => [id, unitCalendarStatus(statuses)]));
}

export const calendarVerificationRoutes = contractRouter<ApiEnv>()
  .openapi(contract.configuration, (c) => {
    const t = translate(c);
    return c.json({
      providers: CALENDAR_PROVIDERS.map((p) => ({
        id: p.id,
        name: t(`configuration:calendarProviders.${p.id}`),
        // JavaScript regular expressions, to be matched case-insensitively against the trimmed link.
        urlPatterns: p.urlPatterns.map((u) => ({ kind: u.kind, pattern: u.pattern, flags: "i", example: u.example })),
      })),
      statuses: CALENDAR_VERIFICATION_STATUSES.map((id) => ({ id, label: t(`configuration:calendarVerificationStatuses.${id}`) })),
      urlMaxLength: LISTING_URL_MAX_LENGTH,
    }, 200);
  })
  .openapi(owned(contract.get, ownUnit()), async (c) => {
    const hostUserId = c.var.principal.user.id;
    const { unit } = c.var;
    const provider = providerOf(c.req.valid("param").provider);
    return c.json(presentVerification(provider, await findVerification(c.var.db, hostUserId, unit.id, provider), translate(c)), 200);
  })
  // Records what the host says (listed there, and where); the verification runs on .../verify.
  .openapi(owned(contract.save, ownUnit()), async (c) => {
    const hostUserId = c.var.principal.user.id;
    const db = c.var.db;
    const { unit } = c.var;
    const provider = providerOf(c.req.valid("param").provider);
    const body = c.req.valid("json");
    const url = body.isListed ? (body.url ?? "") : null;
    if (url !== null) {
      if (!url) throw validationFailed([{ field: "url", message: english("validation.required"), type: "required" }]);
      if (!parseListingUrl(provider, url)) {
        throw validationFailed([{ field: "url", message: english("validation.listing_url_invalid").replace("{{provider}}", calendarProvider(provider).name), type: "listing_url_invalid" }]);
      }
    }
    const now = new Date();
    const values = { isListed: body.isListed, url, listingId: null, status: "pending" as const, failureReason: null, verifiedAt: null, updatedAt: now };
    const [row] = await db
      .insert(unitCalendarVerifications)
      .values({ unitId: unit.id, provider, hostUserId, ...values })
      .onConflictDoUpdate({
        target: [unitCalendarVerifications.unitId, unitCalendarVerifications.provider],
        set: values,
        setWhere: eq(unitCalendarVerifications.hostUserId, hostUserId),
      })
      .returning();
    return c.json(presentVerification(provider, row, translate(c)), 200);
  })
  // Runs the verification rule of domain/calendar-verification.ts and stores its outcome.
  .openapi(owned(contract.verify, ownUnit()), async (c) => {
    const hostUserId = c.var.principal.user.id;
    const db = c.var.db;
    const { unit } = c.var;
    const provider = providerOf(c.req.valid("param").provider);
    const row = await findVerification(db, hostUserId, unit.id, provider);
    if (!row) throw new ApiError(409, "Say first whether the unit is listed on this platform");
    const now = new Date();
    const input = { provider, isListed: row.isListed, url: row.url };
    const free = verificationOutcome({ ...input, isClaimedElsewhere: false });
    const own = and(eq(unitCalendarVerifications.unitId, unit.id), eq(unitCalendarVerifications.provider, provider), eq(unitCalendarVerifications.hostUserId, hostUserId));
    let updated: VerificationRow | undefined;
    if (free.status !== "validated" || free.listingId === null) {
      [updated] = await db
        .update(unitCalendarVerifications)
        .set({ status: free.status, listingId: free.listingId, failureReason: free.failureReason, verifiedAt: free.status === "failed" ? null : now, updatedAt: now })
        .where(own)
        .returning();
    } else {
      // Whether another live unit (of any host) holds this listing is decided inside the one
      // statement that stores the outcome, so that two units can never both validate it.
      const claimed = verificationOutcome({ ...input, isClaimedElsewhere: true });
      const other = sql.raw("other");
      const isClaimed = sql`exists (select 1 from ${unitCalendarVerifications} ${other} inner join ${propertyUnits} on ${propertyUnits.id} = ${other}.unit_id
        where ${other}.provider = ${provider} and ${other}.listing_id = ${free.listingId} and ${other}.status = 'validated'
          and ${other}.unit_id <> ${unit.id} and ${ne(propertyUnits.state, "DELETED")})`;
      [updated] = await db
        .update(unitCalendarVerifications)
        .set({
          status: sql`case when ${isClaimed} then ${claimed.status} else ${free.status} end`,
          listingId: free.listingId,
          failureReason: sql`case when ${isClaimed} then ${claimed.failureReason} else null end`,
          verifiedAt: sql`case when ${isClaimed} then null else ${now.getTime()} end`,
          updatedAt: now,
        })
        .where(own)
        .returning();
    }
    return c.json(presentVerification(provider, updated, translate(c)), 200);
  });
