import { sql, type SQL } from "drizzle-orm";
import { INSIGHTS_UNIT_PAGE_SIZE, type PeriodRange } from "@domain/insights";

/**
 * Each builder makes its statements with `make` (a D1 statement for the insights' own batch, an item of
 * the shell's batch when the shell reads a page's figures with its call).
 *
 * The insights' sums (decision 037): one aggregate statement per table, grouped by month in SQL over
 * the host's indexed columns (bookings by `booked_at` or `check_in`, requests and inquiries by
 * `created_at`, taken nights and listing views by day), for the period and the year before at once.
 */

export interface Scope {
  hostUserId: number;
  /** One unit's public id, or all the host's units. */
  unitId: string | undefined;
}


/** `AND <column> = the unit's id` when one unit is asked for (a subquery bound to the host: another host's unit matches nothing). */
function unitFilter(column: SQL, scope: Scope): SQL {
  return scope.unitId === undefined
    ? sql``
    : sql` AND ${column} = (SELECT id FROM property_units WHERE public_id = ${scope.unitId} AND host_user_id = ${scope.hostUserId} AND state != 'DELETED')`;
}

/**
 * A page of the host's units for the selector, its count, the count of new reviews, and the unit asked
 * for (none when it is not the host's) when one is: a page of all units reads no unit, one statement
 * fewer in its batch.
 */
export function unitStatements<T>(make: (query: SQL) => T, scope: Scope, page: number) {
  const offset = (page - 1) * INSIGHTS_UNIT_PAGE_SIZE;
  return [
    make(sql`SELECT u.public_id AS id, u.title AS title, p.title AS propertyTitle FROM property_units u JOIN properties p ON p.id = u.property_id
          WHERE u.host_user_id = ${scope.hostUserId} AND u.state != 'DELETED' AND p.deleted_at IS NULL
          ORDER BY p.title, p.id, u.position, u.id LIMIT ${INSIGHTS_UNIT_PAGE_SIZE} OFFSET ${offset}`,
    ),
    make(sql`SELECT COUNT(*) AS total FROM property_units u JOIN properties p ON p.id = u.property_id WHERE u.host_user_id = ${scope.hostUserId} AND u.state != 'DELETED' AND p.deleted_at IS NULL`),
    // The reviews tab's badge: reviews the host has not marked seen.
    make(sql`SELECT COUNT(*) AS count FROM reviews WHERE host_user_id = ${scope.hostUserId} AND seen_at IS NULL${unitFilter(sql`unit_id`, scope)}`),
    ...(scope.unitId === undefined
      ? []
      : [make(sql`SELECT public_id AS id, title FROM property_units WHERE public_id = ${scope.unitId} AND host_user_id = ${scope.hostUserId} AND state != 'DELETED' LIMIT 1`)]),
  ];
}

/** How many statements `unitStatements` makes for a scope (before the tab's own). */
export const unitStatementCount = (scope: Scope) => (scope.unitId === undefined ? 3 : 4);

/** The days [from, to) that cover the period and the same months a year before. */
function span(period: PeriodRange, previous: PeriodRange) {
  return { from: previous.from < period.from ? previous.from : period.from, to: period.to > previous.to ? period.to : previous.to };
}

/** The months [from, to) of a period's days, as `insight_months.month` compares them. */
const months = (from: string, to: string) => ({ first: from.slice(0, 7), next: to.slice(0, 7) });

export function performanceStatements<T>(make: (query: SQL) => T, scope: Scope, period: PeriodRange, previous: PeriodRange) {
  const { from, to } = span(period, previous);
  const { first, next } = months(from, to);
  return [
    make(sql`SELECT month, SUM(views) AS views, SUM(requests) AS requests, SUM(inquiries) AS inquiries, SUM(bookings) AS bookings, SUM(cancelled) AS cancelled,
            SUM(nights) AS nights, SUM(revenue) AS revenue, SUM(lead_days) AS leadDays
          FROM insight_months WHERE host_user_id = ${scope.hostUserId} AND month >= ${first} AND month < ${next}${unitFilter(sql`unit_id`, scope)} GROUP BY month`,
    ),
  ];
}

/** Earnings by the month stayed and by the month paid out, both from the monthly sums (`stay_*`, `payout_*`). */
export function earningsStatements<T>(make: (query: SQL) => T, scope: Scope, period: PeriodRange, previous: PeriodRange) {
  const { from, to } = span(period, previous);
  const { first, next } = months(from, to);
  return [
    make(sql`SELECT month, SUM(stay_gross) AS stayGross, SUM(stay_commission) AS stayCommission, SUM(stay_payout) AS stayPayout, SUM(stays) AS stays,
            SUM(payout_gross) AS payoutGross, SUM(payout_commission) AS payoutCommission, SUM(payout_payout) AS payoutPayout, SUM(payout_stays) AS payoutStays
          FROM insight_months WHERE host_user_id = ${scope.hostUserId} AND month >= ${first} AND month < ${next}${unitFilter(sql`unit_id`, scope)} GROUP BY month`,
    ),
  ];
}

/** Occupancy: booked nights from the monthly sums; the nights not for sale (blocked, paused, another platform's) from their partial index. */
export function occupancyStatements<T>(make: (query: SQL) => T, scope: Scope, period: PeriodRange, previous: PeriodRange) {
  const { from, to } = span(period, previous);
  const { first, next } = months(from, to);
  const host = scope.hostUserId;
  return [
    make(sql`SELECT month, SUM(booked_nights) AS booked FROM insight_months WHERE host_user_id = ${host} AND month >= ${first} AND month < ${next}${unitFilter(sql`unit_id`, scope)} GROUP BY month`),
    // Named: the planner otherwise prefers the covering index of every night (`taken_nights_host`), thousands of rows for a busy host.
    make(
      sql`SELECT substr(night, 1, 7) AS month, COUNT(*) AS unavailable FROM taken_nights INDEXED BY taken_nights_host_unavailable
          WHERE host_user_id = ${host} AND kind != 'booking' AND night >= ${from} AND night < ${to}${unitFilter(sql`unit_id`, scope)} GROUP BY month`,
    ),
    make(sql`SELECT COUNT(*) AS units FROM property_units WHERE host_user_id = ${host} AND state = 'PUBLISHED'${unitFilter(sql`id`, scope)}`),
  ];
}

/** Numbers of a D1 row (SQLite answers NULL for a sum of no rows). */
export function numbers<K extends string>(row: Record<string, unknown>, keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, Number(row[key] ?? 0)])) as Record<K, number>;
}

/** The reviews tab: the averages per category, a page of reviews (newest first) with their units, and their count. */
export function reviewStatements<T>(make: (query: SQL) => T, scope: Scope, page: number, limit: number) {
  const host = scope.hostUserId;
  const unit = unitFilter(sql`r.unit_id`, scope);
  return [
    make(
      sql`SELECT COUNT(*) AS count, SUM(rating) AS rating, SUM(cleanliness) AS cleanliness, SUM(accuracy) AS accuracy, SUM(communication) AS communication,
            SUM(location) AS location, SUM(check_in) AS checkIn, SUM(value) AS value FROM reviews r WHERE r.host_user_id = ${host}${unit}`,
    ),
    make(
      sql`SELECT r.public_id AS publicId, r.guest_name AS guestName, r.rating, r.cleanliness, r.accuracy, r.communication, r.location, r.check_in AS checkIn, r.value,
            r.text, r.reply, r.replied_at AS repliedAt, r.seen_at AS seenAt, r.created_at AS createdAt, u.public_id AS unitId, u.title AS unitTitle
          FROM reviews r JOIN property_units u ON u.id = r.unit_id WHERE r.host_user_id = ${host}${unit}
          ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    ),
  ];
}
