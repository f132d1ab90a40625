import { sql, type SQL } from "drizzle-orm";
import type { Database } from "@api/db/client";
import { d1Statement } from "@api/db/client";
import { INSIGHTS_UNIT_PAGE_SIZE, type PeriodRange } from "@domain/insights";

/**
 * The insights' sums (decision 037): one aggregate statement per table, grouped by month in SQL over
 * the host's indexed columns (bookings by `booked_at` or `check_in`, requests and inquiries by
 * `created_at`, taken nights and listing views by day), for the period and the year before at once.
 */

export interface Scope {
  hostUserId: number;
  /** One unit's public id, or all the host's units. */
  unitId: string | undefined;
}

const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** `AND <column> = the unit's id` when one unit is asked for (a subquery bound to the host: another host's unit matches nothing). */
function unitFilter(column: SQL, scope: Scope): SQL {
  return scope.unitId === undefined
    ? sql``
    : sql` AND ${column} = (SELECT id FROM property_units WHERE public_id = ${scope.unitId} AND host_user_id = ${scope.hostUserId} AND state != 'DELETED')`;
}

/** The unit asked for (none when it is not the host's), a page of the host's units for the selector, and the count of new reviews. */
export function unitStatements(db: Database, scope: Scope, page: number) {
  const offset = (page - 1) * INSIGHTS_UNIT_PAGE_SIZE;
  return [
    d1Statement(db, sql`SELECT public_id AS id, title FROM property_units WHERE public_id = ${scope.unitId ?? ""} AND host_user_id = ${scope.hostUserId} AND state != 'DELETED' LIMIT 1`),
    d1Statement(
      db,
      sql`SELECT u.public_id AS id, u.title AS title, p.title AS propertyTitle FROM property_units u JOIN properties p ON p.id = u.property_id
          WHERE u.host_user_id = ${scope.hostUserId} AND u.state != 'DELETED' AND p.deleted_at IS NULL
          ORDER BY p.title, p.id, u.position, u.id LIMIT ${INSIGHTS_UNIT_PAGE_SIZE} OFFSET ${offset}`,
    ),
    d1Statement(db, sql`SELECT COUNT(*) AS total FROM property_units u JOIN properties p ON p.id = u.property_id WHERE u.host_user_id = ${scope.hostUserId} AND u.state != 'DELETED' AND p.deleted_at IS NULL`),
    // The reviews tab's badge: reviews the host has not marked seen.
    d1Statement(db, sql`SELECT COUNT(*) AS count FROM reviews WHERE host_user_id = ${scope.hostUserId} AND seen_at IS NULL${unitFilter(sql`unit_id`, scope)}`),
  ];
}

/** The days [from, to) that cover the period and the same months a year before. */
function span(period: PeriodRange, previous: PeriodRange) {
  return { from: previous.from < period.from ? previous.from : period.from, to: period.to > previous.to ? period.to : previous.to };
}

export function performanceStatements(db: Database, scope: Scope, period: PeriodRange, previous: PeriodRange) {
  const { from, to } = span(period, previous);
  const host = scope.hostUserId;
  return [
    d1Statement(
      db,
      sql`SELECT substr(day, 1, 7) AS month, SUM(views) AS views FROM listing_views
          WHERE host_user_id = ${host} AND day >= ${from} AND day < ${to}${unitFilter(sql`unit_id`, scope)} GROUP BY month`,
    ),
    d1Statement(
      db,
      sql`SELECT strftime('%Y-%m', booked_at / 1000, 'unixepoch') AS month, COUNT(*) AS bookings,
            SUM(status = 'CANCELLED') AS cancelled,
            SUM(CASE WHEN status != 'CANCELLED' THEN CAST(julianday(check_out) - julianday(check_in) AS INTEGER) ELSE 0 END) AS nights,
            SUM(CASE WHEN status != 'CANCELLED' THEN total ELSE 0 END) AS revenue,
            SUM(CASE WHEN status != 'CANCELLED' THEN MAX(0, CAST(julianday(check_in) - julianday(date(booked_at / 1000, 'unixepoch')) AS INTEGER)) ELSE 0 END) AS leadDays
          FROM bookings WHERE host_user_id = ${host} AND booked_at >= ${ms(from)} AND booked_at < ${ms(to)}${unitFilter(sql`unit_id`, scope)} GROUP BY month`,
    ),
    d1Statement(
      db,
      sql`SELECT strftime('%Y-%m', created_at / 1000, 'unixepoch') AS month, COUNT(*) AS requests FROM booking_requests
          WHERE host_user_id = ${host} AND created_at >= ${ms(from)} AND created_at < ${ms(to)}${unitFilter(sql`unit_id`, scope)} GROUP BY month`,
    ),
    d1Statement(
      db,
      sql`SELECT strftime('%Y-%m', created_at / 1000, 'unixepoch') AS month, COUNT(*) AS inquiries FROM booking_inquiries
          WHERE host_user_id = ${host} AND created_at >= ${ms(from)} AND created_at < ${ms(to)}${unitFilter(sql`unit_id`, scope)} GROUP BY month`,
    ),
  ];
}

/**
 * Cancelled stays with what their guests had paid (decision 037, `cancelledStayEarnings` of
 * domain/insights.ts, the DAC7 report's rule): the online instalments due at booking or by the day of
 * the cancellation, the commission's share of them half up, and the rest kept by the host, as rows of
 * (month, gross, commission, payout, stays = 0); `month` is the check-in's or the cancellation's.
 */
function keptOnCancellationRows(host: number, scope: Scope, by: "stay" | "payout", from: string, to: string): SQL {
  const range = by === "stay" ? sql`check_in >= ${from} AND check_in < ${to}` : sql`cancelled_at >= ${ms(from)} AND cancelled_at < ${ms(to)}`;
  const month = by === "stay" ? sql`substr(check_in, 1, 7)` : sql`strftime('%Y-%m', cancelled_at / 1000, 'unixepoch')`;
  return sql`SELECT month, paid AS gross, fees AS commission, paid - fees AS payout, 0 AS stays FROM (
      SELECT month, paid, CASE WHEN total > 0 THEN CAST(commission * paid * 1.0 / total + 0.5 AS INTEGER) ELSE 0 END AS fees FROM (
        SELECT ${month} AS month, total, commission,
          (SELECT COALESCE(SUM(json_extract(i.value, '$.amount')), 0) FROM json_each(bookings.instalments) i
            WHERE json_extract(i.value, '$.method') = 'online'
              AND CASE WHEN json_extract(i.value, '$.due') = 'booking' THEN date(booked_at / 1000, 'unixepoch') ELSE json_extract(i.value, '$.due') END <= date(cancelled_at / 1000, 'unixepoch')) AS paid
        FROM bookings WHERE host_user_id = ${host} AND ${range} AND status = 'CANCELLED' AND cancelled_at IS NOT NULL${unitFilter(sql`unit_id`, scope)}))
    WHERE paid > 0`;
}

export function earningsStatements(db: Database, scope: Scope, period: PeriodRange, previous: PeriodRange) {
  const { from, to } = span(period, previous);
  const host = scope.hostUserId;
  return [
    // By the month of each night stayed: a stay's money shared evenly over its nights; a cancelled stay's kept payment in its check-in's month.
    // From the bookings' covering index alone: a stay within one month counts whole in it; the few across a month's end are shared
    // over the months of the period they overlap (nights in the month ÷ nights of the stay), the longest stay starting up to a year before.
    d1Statement(
      db,
      sql`WITH RECURSIVE months(start, next) AS (SELECT ${from}, date(${from}, '+1 month') UNION ALL SELECT next, date(next, '+1 month') FROM months WHERE next < ${to})
        SELECT month, ROUND(SUM(gross)) AS gross, ROUND(SUM(commission)) AS commission, ROUND(SUM(payout)) AS payout, SUM(stays) AS stays FROM (
          SELECT substr(check_in, 1, 7) AS month, SUM(total) AS gross, SUM(commission) AS commission, SUM(payout) AS payout, COUNT(*) AS stays FROM bookings
          WHERE host_user_id = ${host} AND check_in >= ${from} AND check_in < ${to} AND status != 'CANCELLED'
            AND check_out <= date(check_in, 'start of month', '+1 month')${unitFilter(sql`unit_id`, scope)}
          GROUP BY month
          UNION ALL
          SELECT substr(m.start, 1, 7) AS month,
            SUM(b.total * (julianday(min(b.check_out, m.next)) - julianday(max(b.check_in, m.start))) / (julianday(b.check_out) - julianday(b.check_in))),
            SUM(b.commission * (julianday(min(b.check_out, m.next)) - julianday(max(b.check_in, m.start))) / (julianday(b.check_out) - julianday(b.check_in))),
            SUM(b.payout * (julianday(min(b.check_out, m.next)) - julianday(max(b.check_in, m.start))) / (julianday(b.check_out) - julianday(b.check_in))),
            COUNT(*)
          FROM bookings b CROSS JOIN months m
          WHERE b.host_user_id = ${host} AND b.check_in >= date(${from}, '-366 days') AND b.check_in < ${to} AND b.check_out > ${from} AND b.status != 'CANCELLED'
            AND b.check_out > date(b.check_in, 'start of month', '+1 month') AND b.check_in < m.next AND b.check_out > m.start${unitFilter(sql`b.unit_id`, scope)}
          GROUP BY month
          UNION ALL ${keptOnCancellationRows(host, scope, "stay", from, to)})
        GROUP BY month`,
    ),
    // By the month paid out: the check-in day (decision 035); a cancelled stay's kept payment on the day of the cancellation.
    d1Statement(
      db,
      sql`SELECT month, SUM(gross) AS gross, SUM(commission) AS commission, SUM(payout) AS payout, SUM(stays) AS stays FROM (
          SELECT substr(check_in, 1, 7) AS month, SUM(total) AS gross, SUM(commission) AS commission, SUM(payout) AS payout, COUNT(*) AS stays FROM bookings
          WHERE host_user_id = ${host} AND check_in >= ${from} AND check_in < ${to} AND status != 'CANCELLED'${unitFilter(sql`unit_id`, scope)} GROUP BY month
          UNION ALL ${keptOnCancellationRows(host, scope, "payout", from, to)})
        GROUP BY month`,
    ),
  ];
}

export function occupancyStatements(db: Database, scope: Scope, period: PeriodRange, previous: PeriodRange) {
  const { from, to } = span(period, previous);
  const host = scope.hostUserId;
  return [
    d1Statement(
      db,
      sql`SELECT substr(night, 1, 7) AS month, SUM(kind = 'booking') AS booked, SUM(kind != 'booking') AS unavailable FROM taken_nights
          WHERE host_user_id = ${host} AND night >= ${from} AND night < ${to}${unitFilter(sql`unit_id`, scope)} GROUP BY month`,
    ),
    d1Statement(db, sql`SELECT COUNT(*) AS units FROM property_units WHERE host_user_id = ${host} AND state = 'PUBLISHED'${unitFilter(sql`id`, scope)}`),
  ];
}

/** Numbers of a D1 row (SQLite answers NULL for a sum of no rows). */
export function numbers<K extends string>(row: Record<string, unknown>, keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, Number(row[key] ?? 0)])) as Record<K, number>;
}

/** The reviews tab: the averages per category, a page of reviews (newest first) with their units, and their count. */
export function reviewStatements(db: Database, scope: Scope, page: number, limit: number) {
  const host = scope.hostUserId;
  const unit = unitFilter(sql`r.unit_id`, scope);
  return [
    d1Statement(
      db,
      sql`SELECT COUNT(*) AS count, SUM(rating) AS rating, SUM(cleanliness) AS cleanliness, SUM(accuracy) AS accuracy, SUM(communication) AS communication,
            SUM(location) AS location, SUM(check_in) AS checkIn, SUM(value) AS value FROM reviews r WHERE r.host_user_id = ${host}${unit}`,
    ),
    d1Statement(
      db,
      sql`SELECT r.public_id AS publicId, r.guest_name AS guestName, r.rating, r.cleanliness, r.accuracy, r.communication, r.location, r.check_in AS checkIn, r.value,
            r.text, r.reply, r.replied_at AS repliedAt, r.seen_at AS seenAt, r.created_at AS createdAt, u.public_id AS unitId, u.title AS unitTitle
          FROM reviews r JOIN property_units u ON u.id = r.unit_id WHERE r.host_user_id = ${host}${unit}
          ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    ),
  ];
}
