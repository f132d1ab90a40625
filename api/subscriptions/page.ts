import { and, asc, count, desc, eq, inArray, max, ne, sql, type Placeholder } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { unitCalendarStatus, weakestCalendarStatus } from "@domain/calendar-verification";
import { todayUtc } from "@domain/dates";
import { availablePlans } from "@domain/subscription-plans";
import type { UserFlags } from "@domain/user-flags";
import { cachedStatement } from "@api/db/cached-statement";
import type { Database } from "@api/db/client";
import { paymentCheckouts, propertyUnits, subscriptionBoosts, subscriptions, subscriptionServices, subscriptionUnits, unitCalendarVerifications } from "@api/db/schema";
import { ownedUnitId } from "@api/properties/queries";
import { presentPaymentSource, presentRenewalPlans, presentState, type Translate } from "./presenters";
import type { Details } from "./queries";

/*
 * A unit's subscription pages (subscription-and-boosters, manage-subscription, boosters) read what
 * they show with the shell's call, in its one D1 batch (decision 024): the host's subscription as GET
 * v2/user/subscription answers it, the payment source as GET subscriptions/payment-source/status, and
 * the unit's renewal plans as GET subscription/self-renewal/plans/{unitId} without a coupon. The
 * statements find the newest subscription by a subquery (latestSubscription's row), so that nothing
 * waits for another round trip; their SQL is built once per isolate.
 */

type Host = (name: "hostUserId") => Placeholder;
type HostUnit = (name: "hostUserId" | "unitId") => Placeholder;

/** The host's newest subscription's id (the row latestSubscription reads), as a subquery. */
const newestId = ($: Host) => sql`(select max(${subscriptions.id}) from ${subscriptions} where ${subscriptions.hostUserId} = ${$("hostUserId")})`;

const subscriptionRow = cachedStatement((db, $: Host) => db.select().from(subscriptions).where(eq(subscriptions.hostUserId, $("hostUserId"))).orderBy(desc(subscriptions.id)).limit(1));

/** As loadDetails reads them: its units (not deleted), optional services and boosts. */
const unitRows = cachedStatement((db, $: Host) =>
  db
    .select({ id: propertyUnits.id, publicId: propertyUnits.publicId })
    .from(subscriptionUnits)
    .innerJoin(propertyUnits, eq(propertyUnits.id, subscriptionUnits.unitId))
    .where(and(eq(subscriptionUnits.subscriptionId, newestId($)), eq(subscriptionUnits.hostUserId, $("hostUserId")), ne(propertyUnits.state, "DELETED")))
    .orderBy(asc(subscriptionUnits.createdAt), asc(propertyUnits.id)),
);
const serviceRows = cachedStatement((db, $: Host) =>
  db
    .select()
    .from(subscriptionServices)
    .where(and(eq(subscriptionServices.subscriptionId, newestId($)), eq(subscriptionServices.hostUserId, $("hostUserId")))),
);
const boostRows = cachedStatement((db, $: Host) =>
  db
    // Aliased: D1's batch answers rows keyed by column name, and both tables have a public_id.
    .select({ boost: subscriptionBoosts, unitPublicId: sql<string>`${propertyUnits.publicId}`.as("unit_public_id") })
    .from(subscriptionBoosts)
    .innerJoin(propertyUnits, eq(propertyUnits.id, subscriptionBoosts.unitId))
    .where(and(eq(subscriptionBoosts.subscriptionId, newestId($)), eq(subscriptionBoosts.hostUserId, $("hostUserId"))))
    .orderBy(asc(subscriptionBoosts.startDate), asc(subscriptionBoosts.id)),
);
/** The calendar verifications of the subscription's units (subscriptionCalendarStatus decides from them). */
const subscriptionCalendarRows = cachedStatement((db, $: Host) =>
  db
    .select({ unitId: unitCalendarVerifications.unitId, status: unitCalendarVerifications.status })
    .from(unitCalendarVerifications)
    .where(
      and(
        eq(unitCalendarVerifications.hostUserId, $("hostUserId")),
        inArray(unitCalendarVerifications.unitId, db.select({ id: subscriptionUnits.unitId }).from(subscriptionUnits).where(eq(subscriptionUnits.subscriptionId, newestId($)))),
      ),
    ),
);
/** The page's unit, when it is the host's (not deleted), and its calendar verifications. */
const pageUnitRow = cachedStatement((db, $: HostUnit) => ownedUnitId(db, $("hostUserId"), $("unitId")).limit(1));
const pageUnitCalendarRows = cachedStatement((db, $: HostUnit) =>
  db
    .select({ status: unitCalendarVerifications.status })
    .from(unitCalendarVerifications)
    .where(and(eq(unitCalendarVerifications.hostUserId, $("hostUserId")), inArray(unitCalendarVerifications.unitId, ownedUnitId(db, $("hostUserId"), $("unitId"))))),
);
/** The host's paid checkouts: how many, when last, and the provider of the last (paidCheckouts' answer). */
const paidRow = cachedStatement((db, $: Host) =>
  db
    .select({
      count: count(),
      lastPaymentAt: max(paymentCheckouts.confirmedAt),
      provider: sql<string | null>`(select ${paymentCheckouts.provider} from ${paymentCheckouts} where ${paymentCheckouts.hostUserId} = ${$("hostUserId")} and ${paymentCheckouts.status} = 'paid' order by ${paymentCheckouts.id} desc limit 1)`.as("last_provider"),
    })
    .from(paymentCheckouts)
    .where(and(eq(paymentCheckouts.hostUserId, $("hostUserId")), eq(paymentCheckouts.status, "paid"))),
);

/** The statements of a unit's subscription page, for the shell's batch. */
export function subscriptionPageReads(db: Database, hostUserId: number, unitId: string) {
  const host = { hostUserId };
  const unit = { hostUserId, unitId };
  return [
    subscriptionRow(db, host),
    unitRows(db, host),
    serviceRows(db, host),
    boostRows(db, host),
    subscriptionCalendarRows(db, host),
    pageUnitRow(db, unit),
    pageUnitCalendarRows(db, unit),
    paidRow(db, host),
  ] as const;
}

/** What the statements read, presented as each endpoint answers it; `renewalPlans` is null for a unit that is not the host's. */
export function presentSubscriptionPage(flags: UserFlags, rows: BatchResponse<ReturnType<typeof subscriptionPageReads>>, now: Date, t: Translate) {
  const [[sub], units, services, boosts, calendar, [pageUnit], pageCalendar, [paid]] = rows;
  const details: Details | null = sub ? { units, services, boosts: boosts.map((b) => ({ ...b.boost, unitPublicId: b.unitPublicId })) } : null;
  const calendarStatus = details ? weakestCalendarStatus(details.units.map((u) => unitCalendarStatus(calendar.filter((r) => r.unitId === u.id).map((r) => r.status)))) : null;
  return {
    state: presentState(flags, sub, details, calendarStatus, now, t),
    paymentSource: presentPaymentSource(flags, { count: paid?.count ?? 0, provider: paid?.provider ?? null, lastPaymentAt: paid?.lastPaymentAt ? new Date(paid.lastPaymentAt) : null }),
    renewalPlans: pageUnit ? presentRenewalPlans(availablePlans(flags, unitCalendarStatus(pageCalendar.map((r) => r.status))), null, t, todayUtc(now)) : null,
  };
}
