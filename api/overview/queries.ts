import { and, asc, desc, eq, gt, gte, inArray, lt, lte, ne, sql, type Placeholder, type SQLWrapper } from "drizzle-orm";
import { addDays, todayUtc } from "@domain/dates";
import { invalidFieldsOf } from "@domain/listing-status";
import { monthOf } from "@domain/overview";
import { monthOf as insightsMonthOf, rangeOf } from "@domain/insights";
import { raisedNotifications, notificationKey, type NotificationUnit } from "@domain/notifications";
import { requiresNationalIdentificationCode, requiresRegistrationNumber } from "@domain/property-configuration";
import type { GuestProfile } from "@domain/guest-profile";
import type { Notification } from "@contract/home";
import { cachedStatement } from "@api/db/cached-statement";
import type { Database } from "@api/db/client";
import { bookingInquiries, bookingRequests, bookings, guestPreferences, icalFeeds, properties, propertyUnits, subscriptions, subscriptionUnits, takenNights, unitPromotions, userTasks } from "@api/db/schema";
import { shellBatchItem } from "@api/insights/figures";
import { occupancyStatements } from "@api/insights/queries";
import { keptUnitFactsRevision } from "./kept-unit-facts";

/**
 * Reads of the host's day (§2 Home): what raises notifications (every signed-in page reads them, in
 * the shell's batch), and the overview's reads (the /home page asks for them with the shell's call).
 * Each is one bounded statement, written once per isolate (cached statements, decision 024).
 */

/** A host's units considered for notifications and listing issues; the newest first. */
export const MAX_UNITS_CONSIDERED = 200;

/** The columns of a host's units the notifications and the overview's listing issues read. */
export const unitFactsSelect = (db: Database) =>
  db
    .select({
      unitId: propertyUnits.publicId,
      propertyId: sql<string>`${properties.publicId}`.as("property_public_id"),
      title: propertyUnits.title,
      propertyTitle: sql<string>`${properties.title}`.as("property_title"),
      state: propertyUnits.state,
      bookingType: propertyUnits.bookingType,
      countryCode: properties.countryCode,
      region: properties.stateOrProvince,
      registrationNumber: propertyUnits.registrationNumber,
      registrationNumberRejected: propertyUnits.registrationNumberRejected,
      nationalIdentificationCode: propertyUnits.nationalIdentificationCode,
      rejectionReason: propertyUnits.rejectionReason,
      hasActivePromotion: sql<number>`exists (select 1 from ${unitPromotions} where ${unitPromotions.unitId} = ${propertyUnits.id} and ${unitPromotions.state} = 'ACTIVE')`.as("has_active_promotion"),
      since: sql<number>`coalesce(${propertyUnits.publishedAt}, ${propertyUnits.createdAt})`.as("since"),
    })
    .from(propertyUnits)
    .innerJoin(properties, eq(properties.id, propertyUnits.propertyId));

const hostsUnits = (hostUserId: Placeholder) => and(eq(propertyUnits.hostUserId, hostUserId), ne(propertyUnits.state, "DELETED"));

const unitFacts = cachedStatement((db, $: (name: "hostUserId") => Placeholder) =>
  unitFactsSelect(db).where(hostsUnits($("hostUserId"))).orderBy(desc(propertyUnits.id)).limit(MAX_UNITS_CONSIDERED),
);

const guestProfileRow = cachedStatement((db, $: (name: "hostUserId") => Placeholder) => db.select().from(guestPreferences).where(eq(guestPreferences.userId, $("hostUserId"))).limit(1));

/** What the notifications read: the host's units and the ideal-guest profile. */
export const notificationReads = (db: Database, hostUserId: number) => [unitFacts(db, { hostUserId }), guestProfileRow(db, { hostUserId })] as const;

/**
 * The host's units as the notifications consider them, for the shell's batch: a statement only when
 * this isolate keeps none of the host's facts. Kept facts serve while the batch's revision (the
 * shell's counts row) is theirs, and a moved revision reads them in a round trip of its own
 * (`unitFactsNow`): a statement less on every page, one more round trip after a unit changes
 * (decision 047's addendum).
 */
export const unitFactsRead = (db: Database, hostUserId: number) => (keptUnitFactsRevision(hostUserId) === -1 ? [unitFacts(db, { hostUserId })] : []) as [] | [ReturnType<typeof unitFacts>];

/** The host's units as the notifications consider them, read now (the kept facts are of another revision). */
export const unitFactsNow = async (db: Database, hostUserId: number) => (await db.batch([unitFacts(db, { hostUserId })]))[0];

/** When the host confirmed their ideal guest (null before, or without a profile), as a column of another select. */
export const guestProfileCompletedAt = (hostUserId: SQLWrapper) =>
  sql`(select ${guestPreferences.completedAt} from ${guestPreferences} where ${guestPreferences.userId} = ${hostUserId})`.mapWith(guestPreferences.completedAt);

export type UnitFact = Awaited<ReturnType<typeof unitFacts>>[number];
export type GuestProfileRow = typeof guestPreferences.$inferSelect;

export function profileOf(row: GuestProfileRow | undefined): GuestProfile & { completed: boolean } {
  return {
    bookingTimes: row?.bookingTimes ?? [],
    stayDurations: row?.stayDurations ?? [],
    startOfStay: row?.startOfStay ?? [],
    groupSizes: row?.groupSizes ?? [],
    language: (row?.language as GuestProfile["language"]) ?? null,
    completed: Boolean(row?.completedAt),
  };
}

/** The ideal guest a request or inquiry carries (its match level's measure): the confirmed profile, or null before the host confirmed one. */
export function idealGuestOf(row: GuestProfileRow | null | undefined): GuestProfile | null {
  if (!row?.completedAt) return null;
  const { completed: _completed, ...profile } = profileOf(row);
  return profile;
}

const notificationUnit = (u: UnitFact): NotificationUnit => ({
  unitId: u.unitId,
  propertyId: u.propertyId,
  title: u.title,
  state: u.state,
  bookingType: u.bookingType,
  countryCode: u.countryCode,
  nationalIdentificationCode: u.nationalIdentificationCode,
  hasActivePromotion: Boolean(u.hasActivePromotion),
  since: Number(u.since),
});

/** The host's notifications, read or not by the stored interactions (§4). */
export function presentNotifications(
  user: { bookingsAvailable: boolean; commissionApplicable: boolean; createdAt: Date },
  units: readonly UnitFact[],
  profile: Pick<GuestProfileRow, "completedAt"> | undefined,
  interactions: readonly { interactionType: string; interacted: boolean }[],
): Notification[] {
  const read = new Set(interactions.filter((i) => i.interacted).map((i) => i.interactionType));
  return raisedNotifications({ bookingsAvailable: user.bookingsAvailable, commissionApplicable: user.commissionApplicable, hasGuestProfile: Boolean(profile?.completedAt), since: user.createdAt.getTime() }, units.map(notificationUnit)).map((n) => ({
    type: n.type,
    unitId: n.unitId,
    propertyId: n.propertyId,
    unitTitle: n.unitTitle,
    read: read.has(notificationKey(n.type, n.unitId)),
    createdAt: new Date(n.createdAt).toISOString(),
  }));
}

/** Units with something the host must fix: a registration field to correct, or rejected by our team. */
export interface ListingIssue {
  unitId: string;
  propertyId: string;
  title: string;
  issue: "actionNeeded" | "rejected";
  rejectionReason: string | null;
  field: string | null;
}

export function listingIssuesOf(units: readonly UnitFact[]): ListingIssue[] {
  return units.flatMap((u): ListingIssue[] => {
    if (u.state === "IN_PROGRESS") return [];
    if (u.state === "REJECTED_BY_STAFF") return [{ unitId: u.unitId, propertyId: u.propertyId, title: u.title || u.propertyTitle, issue: "rejected", rejectionReason: u.rejectionReason, field: null }];
    const [invalid] = invalidFieldsOf({
      propertyId: u.propertyId,
      propertyUnitId: u.unitId,
      registrationNumber: u.registrationNumber,
      registrationNumberRejected: u.registrationNumberRejected,
      nationalIdentificationCode: u.nationalIdentificationCode,
      requiresRegistrationNumber: u.countryCode ? requiresRegistrationNumber(u.countryCode, u.region) : false,
      requiresNationalIdentificationCode: u.countryCode ? requiresNationalIdentificationCode(u.countryCode) : false,
    });
    return invalid ? [{ unitId: u.unitId, propertyId: u.propertyId, title: u.title || u.propertyTitle, issue: "actionNeeded", rejectionReason: null, field: invalid.field }] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// The overview's reads (asked for by /home with the shell's call)
// ---------------------------------------------------------------------------------------------

/** Stays around today: at most this many (a day of a large host). */
export const MAX_DAY_STAYS = 200;

const place = {
  unitId: sql<string>`${propertyUnits.publicId}`.as("unit_public_id"),
  unitTitle: sql<string>`${propertyUnits.title}`.as("unit_title"),
  countryCode: sql<string | null>`${properties.countryCode}`.as("country_code"),
  region: sql<string | null>`${properties.stateOrProvince}`.as("region"),
};

/**
 * The confirmed stays of the window: those with a night from the night before `from` (a stay that
 * checks out on `from`) to `until` (one that checks in that day). They are found by their nights
 * (`taken_nights` by host and night: a few rows a unit), then each by its id. Read from the bookings
 * by check-in, every confirmed stay that checked in before the window was a row to skip: 9,000 for a
 * host whose past stays were not yet marked completed, 6 ms of the overview's batch.
 */
const dayStays = cachedStatement((db, $: (name: "hostUserId" | "firstNight" | "from" | "until") => Placeholder) => {
  const stayIds = db
    .selectDistinct({ ownerId: takenNights.ownerId })
    .from(takenNights)
    .where(and(eq(takenNights.hostUserId, $("hostUserId")), gte(takenNights.night, $("firstNight")), lte(takenNights.night, $("until")), eq(takenNights.kind, "booking")))
    .as("stay_ids");
  return (
    db
      .select({
        publicId: bookings.publicId,
        firstName: bookings.guestFirstName,
        lastName: bookings.guestLastName,
        guests: bookings.guests,
        checkIn: bookings.checkIn,
        checkOut: bookings.checkOut,
        ...place,
      })
      .from(stayIds)
      // In this order (a cross join keeps it): the window's few stays, then each one's row by its id.
      .crossJoin(bookings)
      .innerJoin(propertyUnits, eq(propertyUnits.id, bookings.unitId))
      .innerJoin(properties, eq(properties.id, propertyUnits.propertyId))
      .where(
        and(
          eq(bookings.publicId, stayIds.ownerId),
          eq(bookings.hostUserId, $("hostUserId")),
          eq(bookings.status, "CONFIRMED"),
          sql`${bookings.checkIn} <= ${$("until")}`,
          sql`${bookings.checkOut} >= ${$("from")}`,
        ),
      )
      .orderBy(asc(bookings.checkIn), asc(bookings.id))
      .limit(MAX_DAY_STAYS)
  );
});

const waitingRequests = cachedStatement((db, $: (name: "hostUserId" | "now") => Placeholder) =>
  db
    .select({
      publicId: bookingRequests.publicId,
      firstName: bookingRequests.guestFirstName,
      lastName: bookingRequests.guestLastName,
      guests: bookingRequests.guests,
      checkIn: bookingRequests.checkIn,
      checkOut: bookingRequests.checkOut,
      expiresAt: bookingRequests.expiresAt,
      ...place,
    })
    .from(bookingRequests)
    .innerJoin(propertyUnits, eq(propertyUnits.id, bookingRequests.unitId))
    .innerJoin(properties, eq(properties.id, propertyUnits.propertyId))
    .where(and(eq(bookingRequests.hostUserId, $("hostUserId")), eq(bookingRequests.status, "REQUESTED"), gt(bookingRequests.expiresAt, $("now"))))
    .orderBy(asc(bookingRequests.expiresAt))
    .limit(5),
);

const OPEN_INQUIRY = ["REQUESTED", "ACTION_NEEDED"] as const;

const openInquiries = cachedStatement((db, $: (name: "hostUserId") => Placeholder) =>
  db
    .select({
      publicId: bookingInquiries.publicId,
      firstName: bookingInquiries.guestFirstName,
      lastName: bookingInquiries.guestLastName,
      guests: bookingInquiries.guests,
      checkIn: bookingInquiries.checkIn,
      checkOut: bookingInquiries.checkOut,
      ...place,
      total: sql<number>`count(*) over ()`.as("total"),
    })
    .from(bookingInquiries)
    .innerJoin(propertyUnits, eq(propertyUnits.id, bookingInquiries.unitId))
    .innerJoin(properties, eq(properties.id, propertyUnits.propertyId))
    .where(and(eq(bookingInquiries.hostUserId, $("hostUserId")), inArray(bookingInquiries.status, OPEN_INQUIRY)))
    .orderBy(desc(bookingInquiries.createdAt), desc(bookingInquiries.id))
    .limit(5),
);

const taskRows = cachedStatement((db, $: (name: "hostUserId") => Placeholder) =>
  db.select({ taskType: userTasks.taskType, status: userTasks.status }).from(userTasks).where(eq(userTasks.userId, $("hostUserId"))).limit(20),
);

const calendarFeed = cachedStatement((db, $: (name: "hostUserId") => Placeholder) =>
  db.select({ found: sql<number>`1` }).from(icalFeeds).where(eq(icalFeeds.hostUserId, $("hostUserId"))).limit(1),
);

const latestSubscriptionRow = cachedStatement((db, $: (name: "hostUserId") => Placeholder) =>
  db
    .select({
      sub: subscriptions,
      unitsUsed: sql<number>`(select count(*) from ${subscriptionUnits} inner join ${propertyUnits} on ${propertyUnits.id} = ${subscriptionUnits.unitId} where ${subscriptionUnits.subscriptionId} = ${subscriptions.id} and ${propertyUnits.state} <> 'DELETED')`.as("units_used"),
    })
    .from(subscriptions)
    .where(eq(subscriptions.hostUserId, $("hostUserId")))
    .orderBy(desc(subscriptions.id))
    .limit(1),
);

/**
 * The payout of the stays that check in in two months (the local month is one of them, wherever the
 * host is) and where the host's first property is (the month's time zone). The month's booked nights
 * and occupancy are the occupancy page's (`occupancyStatements`, in `overviewReads`).
 */
const monthFigures = cachedStatement((db, $: (name: "hostUserId" | "aFrom" | "aTo" | "bFrom" | "bTo") => Placeholder) =>
  db
    .select({
      aPayout: sql<number>`coalesce(sum(case when ${bookings.checkIn} < ${$("aTo")} then ${bookings.payout} else 0 end), 0)`.as("a_payout"),
      bPayout: sql<number>`coalesce(sum(case when ${bookings.checkIn} >= ${$("bFrom")} then ${bookings.payout} else 0 end), 0)`.as("b_payout"),
      firstCountry: sql<string | null>`(select ${properties.countryCode} from ${properties} where ${properties.hostUserId} = ${$("hostUserId")} and ${properties.state} <> 'DELETED' and ${properties.countryCode} is not null order by ${properties.id} limit 1)`.as("first_country"),
      firstRegion: sql<string | null>`(select ${properties.stateOrProvince} from ${properties} where ${properties.hostUserId} = ${$("hostUserId")} and ${properties.state} <> 'DELETED' and ${properties.countryCode} is not null order by ${properties.id} limit 1)`.as("first_region"),
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.hostUserId, $("hostUserId")),
        inArray(bookings.status, ["CONFIRMED", "COMPLETED", "IN_REVIEW_COLLECTION", "REVIEW_COLLECTED", "NO_REVIEW_COLLECTED"]),
        gte(bookings.checkIn, $("aFrom")),
        lt(bookings.checkIn, $("bTo")),
      ),
    ),
);

/** Where the overview's windows lie, from the UTC date: any zone's today is within a day of it. */
export function overviewWindow(now: Date) {
  const utc = todayUtc(now);
  const a = monthOf(addDays(utc, -1));
  const b = monthOf(addDays(utc, 1));
  return { from: addDays(utc, -1), until: addDays(utc, 2), a, b };
}

export const overviewReads = (db: Database, hostUserId: number, now: Date) => {
  const w = overviewWindow(now);
  const months = rangeOf(insightsMonthOf(w.a.from), insightsMonthOf(w.b.from));
  return [
    dayStays(db, { hostUserId, firstNight: addDays(w.from, -1), from: w.from, until: w.until }),
    waitingRequests(db, { hostUserId, now: now.getTime() }),
    openInquiries(db, { hostUserId }),
    taskRows(db, { hostUserId }),
    calendarFeed(db, { hostUserId }),
    latestSubscriptionRow(db, { hostUserId }),
    monthFigures(db, { hostUserId, aFrom: w.a.from, aTo: w.a.to, bFrom: w.b.from, bTo: w.b.to }),
    // Both months' occupancy as the occupancy page of all units reads it, so that the two never differ.
    ...occupancyStatements((statement) => shellBatchItem(db, statement), { hostUserId, unitId: undefined }, months, months),
  ] as const;
};

export type OverviewRows = readonly [
  Awaited<ReturnType<typeof dayStays>>,
  Awaited<ReturnType<typeof waitingRequests>>,
  Awaited<ReturnType<typeof openInquiries>>,
  Awaited<ReturnType<typeof taskRows>>,
  Awaited<ReturnType<typeof calendarFeed>>,
  Awaited<ReturnType<typeof latestSubscriptionRow>>,
  Awaited<ReturnType<typeof monthFigures>>,
  // The rows of `occupancyStatements`: booked nights, nights not for sale, the units' days for sale.
  ...Record<string, unknown>[][],
];
