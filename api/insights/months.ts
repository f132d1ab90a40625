import { eq, sql, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "@api/db/client";
import { d1Statement } from "@api/db/client";
import { insightHostMonths, insightMonths, propertyUnits } from "@api/db/schema";
import { bookingChange, MONTH_FIGURES, nonZero, type BookingFacts, type MonthChanges, type MonthFigure } from "@domain/insight-months";
import { isMonth } from "@domain/insights";

/**
 * The insights' monthly sums (decision 042): the statement a service adds to the batch of a write
 * that changes them, and the same sums computed from scratch (the migration's backfill and the API
 * test's reference, which proves that the kept sums equal what the bookings say).
 */

/** The column of each figure. */
export const MONTH_COLUMNS: Record<MonthFigure, string> = {
  views: "views",
  requests: "requests",
  inquiries: "inquiries",
  bookings: "bookings",
  directBookings: "direct_bookings",
  cancelled: "cancelled",
  nights: "nights",
  revenue: "revenue",
  leadDays: "lead_days",
  stayGross: "stay_gross",
  stayCommission: "stay_commission",
  stayPayout: "stay_payout",
  stays: "stays",
  payoutGross: "payout_gross",
  payoutCommission: "payout_commission",
  payoutPayout: "payout_payout",
  payoutStays: "payout_stays",
  bookedNights: "booked_nights",
};

const integer = (value: number) => {
  if (!Number.isSafeInteger(value)) throw new Error(`insight_months: ${value} is not a whole number`);
  return String(value);
};

/**
 * The SQL that adds `changes` to a unit's months and to its host's months of all units (an upsert per
 * month in each table; the pages of all units read the host's rows, 24 instead of units × 24): none when
 * nothing changes. Its numbers and months are checked and written into the SQL, not bound (D1 binds at
 * most 100 values, and a long stay touches many months).
 */
export function monthsSql(unit: { hostUserId: number; unitId: number }, changes: MonthChanges): SQL[] {
  const rows = [...nonZero(changes)];
  if (!rows.length) return [];
  const columns = MONTH_FIGURES.map((figure) => MONTH_COLUMNS[figure]);
  const host = integer(unit.hostUserId);
  const unitId = integer(unit.unitId);
  const values = rows.map(([month, figures]) => {
    if (!isMonth(month)) throw new Error(`insight_months: ${month} is not a month`);
    return { month, figures: MONTH_FIGURES.map((figure) => integer(figures[figure] ?? 0)).join(", ") };
  });
  const added = columns.map((column) => `${column} = ${column} + excluded.${column}`).join(", ");
  return [
    sql.raw(
      `INSERT INTO insight_months (host_user_id, month, unit_id, ${columns.join(", ")}) VALUES ${values.map(({ month, figures }) => `(${host}, '${month}', ${unitId}, ${figures})`).join(", ")}
       ON CONFLICT (host_user_id, month, unit_id) DO UPDATE SET ${added}`,
    ),
    sql.raw(
      `INSERT INTO insight_host_months (host_user_id, month, ${columns.join(", ")}) VALUES ${values.map(({ month, figures }) => `(${host}, '${month}', ${figures})`).join(", ")}
       ON CONFLICT (host_user_id, month) DO UPDATE SET ${added}`,
    ),
  ];
}

/** `monthsSql` as D1 statements, for a service's `db.$client.batch`. */
export function monthsStatements(db: Database, unit: { hostUserId: number; unitId: number }, changes: MonthChanges): D1PreparedStatement[] {
  return monthsSql(unit, changes).map((statement) => d1Statement(db, statement));
}

/** The statement of a booking written (`before` null), cancelled or modified (`before` its row as read). */
export function bookingMonthsStatements(db: Database, before: BookingFacts | null, after: BookingFacts & { hostUserId: number; unitId: number }) {
  return monthsStatements(db, after, bookingChange(before, after));
}

/**
 * A view of a unit's listing page in `month` (of its UTC day; a value or a placeholder of a statement
 * built once), in the unit's month and its host's month of all units; nothing when `unitId` (a
 * subquery) finds no unit. For the listing page's drizzle batch.
 */
export function viewedMonthQueries(db: Database, unitId: SQLWrapper, month: string | Placeholder) {
  const monthColumn = sql<string>`${month}`.as("month");
  const views = sql<number>`1`.as("views");
  const zeroes = Object.fromEntries(MONTH_FIGURES.filter((figure) => figure !== "views").map((figure) => [figure, sql<number>`0`.as(MONTH_COLUMNS[figure])]));
  return [
    db
      .insert(insightMonths)
      .select(db.select({ hostUserId: propertyUnits.hostUserId, month: monthColumn, unitId: propertyUnits.id, views, ...zeroes }).from(propertyUnits).where(eq(propertyUnits.id, unitId)))
      .onConflictDoUpdate({ target: [insightMonths.hostUserId, insightMonths.month, insightMonths.unitId], set: { views: sql`${insightMonths.views} + 1` } }),
    db
      .insert(insightHostMonths)
      .select(db.select({ hostUserId: propertyUnits.hostUserId, month: monthColumn, views, ...zeroes }).from(propertyUnits).where(eq(propertyUnits.id, unitId)))
      .onConflictDoUpdate({ target: [insightHostMonths.hostUserId, insightHostMonths.month], set: { views: sql`${insightHostMonths.views} + 1` } }),
  ] as const;
}

// ---------------------------------------------------------------------------------------------
// From scratch

const zeroes = (except: Partial<Record<MonthFigure, string>>) => MONTH_FIGURES.map((figure) => `${except[figure] ?? "0"} AS ${MONTH_COLUMNS[figure]}`).join(", ");
const utcMonth = (ms: string) => `strftime('%Y-%m', ${ms} / 1000, 'unixepoch')`;
const utcDay = (ms: string) => `date(${ms} / 1000, 'unixepoch')`;
const days = (from: string, to: string) => `CAST(julianday(${to}) - julianday(${from}) AS INTEGER)`;

/** D1 parses at most 5 terms in a compound SELECT; a sub-select counts its own. */
function unionAll(parts: string[]): string {
  if (parts.length <= 5) return parts.join("\n    UNION ALL ");
  const groups: string[] = [];
  for (let i = 0; i < parts.length; i += 5) groups.push(`SELECT * FROM (${parts.slice(i, i + 5).join("\n    UNION ALL ")})`);
  return unionAll(groups);
}

/**
 * The monthly sums computed from the rows they stand for (`hostFilter`: a condition on a table's
 * `host_user_id`, e.g. `= 7`, or `IS NOT NULL` for every host): listing views, requests, inquiries,
 * bookings (the rules of `bookingMonths`, written in SQL: the share of a stay's money in a month is
 * what the nights up to the month's end are worth less what the nights before it are worth, each
 * rounded down; a cancelled stay's kept payment as `keptOnCancellation`), and the nights taken by
 * bookings and confirmed inquiries. Rows (host_user_id, month, unit_id, figures…).
 */
export function monthsFromScratchSql(hostFilter: string): string {
  const kept = `SELECT host_user_id, unit_id, check_in, cancelled_at, paid, CASE WHEN total > 0 THEN CAST(commission * paid * 1.0 / total + 0.5 AS INTEGER) ELSE 0 END AS fees FROM (
      SELECT host_user_id, unit_id, check_in, cancelled_at, total, commission,
        (SELECT COALESCE(SUM(json_extract(i.value, '$.amount')), 0) FROM json_each(bookings.instalments) i
          WHERE json_extract(i.value, '$.method') = 'online'
            AND CASE WHEN json_extract(i.value, '$.due') = 'booking' THEN ${utcDay("booked_at")} ELSE json_extract(i.value, '$.due') END <= ${utcDay("cancelled_at")}) AS paid
      FROM bookings WHERE host_user_id ${hostFilter} AND status = 'CANCELLED' AND cancelled_at IS NOT NULL) WHERE paid > 0`;
  const share = (amount: string) => `(${amount} * ${days("b.check_in", "min(b.check_out, m.next)")}) / ${days("b.check_in", "b.check_out")} - (${amount} * ${days("b.check_in", "max(b.check_in, m.start)")}) / ${days("b.check_in", "b.check_out")}`;
  const parts = [
    `SELECT host_user_id, substr(day, 1, 7) AS month, unit_id, ${zeroes({ views: "views" })} FROM listing_views WHERE host_user_id ${hostFilter}`,
    `SELECT host_user_id, ${utcMonth("created_at")}, unit_id, ${zeroes({ requests: "1" })} FROM booking_requests WHERE host_user_id ${hostFilter}`,
    `SELECT host_user_id, ${utcMonth("created_at")}, unit_id, ${zeroes({ inquiries: "1" })} FROM booking_inquiries WHERE host_user_id ${hostFilter}`,
    `SELECT host_user_id, ${utcMonth("booked_at")}, unit_id, ${zeroes({
      bookings: "1",
      directBookings: "source = 'direct'",
      cancelled: "status = 'CANCELLED'",
      nights: `CASE WHEN status != 'CANCELLED' THEN ${days("check_in", "check_out")} ELSE 0 END`,
      revenue: "CASE WHEN status != 'CANCELLED' THEN total ELSE 0 END",
      leadDays: `CASE WHEN status != 'CANCELLED' THEN MAX(0, ${days(utcDay("booked_at"), "check_in")}) ELSE 0 END`,
    })} FROM bookings WHERE host_user_id ${hostFilter}`,
    // By the month stayed: each month a kept stay overlaps (months: from its check-in's month while the month starts before its check-out).
    `SELECT b.host_user_id, substr(m.start, 1, 7), b.unit_id, ${zeroes({ stayGross: share("b.total"), stayCommission: share("b.commission"), stayPayout: share("b.payout"), stays: "1" })}
      FROM bookings b JOIN stay_months m ON m.booking_id = b.id`,
    `SELECT host_user_id, substr(check_in, 1, 7), unit_id, ${zeroes({ payoutGross: "total", payoutCommission: "commission", payoutPayout: "payout", payoutStays: "1" })}
      FROM bookings WHERE host_user_id ${hostFilter} AND status != 'CANCELLED'`,
    `SELECT host_user_id, substr(check_in, 1, 7), unit_id, ${zeroes({ stayGross: "paid", stayCommission: "fees", stayPayout: "paid - fees" })} FROM kept`,
    `SELECT host_user_id, ${utcMonth("cancelled_at")}, unit_id, ${zeroes({ payoutGross: "paid", payoutCommission: "fees", payoutPayout: "paid - fees" })} FROM kept`,
    `SELECT host_user_id, substr(night, 1, 7), unit_id, ${zeroes({ bookedNights: "1" })} FROM taken_nights WHERE host_user_id ${hostFilter} AND kind = 'booking'`,
  ];
  const columns = MONTH_FIGURES.map((figure) => MONTH_COLUMNS[figure]);
  return `WITH RECURSIVE kept AS (${kept}),
    stay_months(booking_id, start, next, check_out) AS (
      SELECT id, date(check_in, 'start of month'), date(check_in, 'start of month', '+1 month'), check_out FROM bookings WHERE host_user_id ${hostFilter} AND status != 'CANCELLED' AND check_out > check_in
      UNION ALL SELECT booking_id, next, date(next, '+1 month'), check_out FROM stay_months WHERE next < check_out)
    SELECT host_user_id, month, unit_id, ${columns.map((column) => `SUM(${column}) AS ${column}`).join(", ")} FROM (${unionAll(parts)})
    GROUP BY host_user_id, month, unit_id`;
}

/** The sums of all a host's units per month computed from scratch (rows host_user_id, month, figures…): what `insight_host_months` must hold. */
export function hostMonthsFromScratchSql(hostFilter: string): string {
  const columns = MONTH_FIGURES.map((figure) => MONTH_COLUMNS[figure]);
  return `SELECT host_user_id, month, ${columns.map((column) => `SUM(${column}) AS ${column}`).join(", ")} FROM (${monthsFromScratchSql(hostFilter)}) GROUP BY host_user_id, month`;
}

/** The INSERT that writes the host's sums of all units computed from scratch (as `monthsBackfillSql` does the units'). */
export function hostMonthsBackfillSql(hostFilter: string): string {
  return `INSERT INTO insight_host_months (host_user_id, month, ${MONTH_FIGURES.map((figure) => MONTH_COLUMNS[figure]).join(", ")})\n${hostMonthsFromScratchSql(hostFilter)}`;
}

/** The INSERT that writes the sums computed from scratch (migration 0018's backfill, for every host: `IS NOT NULL`). */
export function monthsBackfillSql(hostFilter: string): string {
  return `INSERT INTO insight_months (host_user_id, month, unit_id, ${MONTH_FIGURES.map((figure) => MONTH_COLUMNS[figure]).join(", ")})\n${monthsFromScratchSql(hostFilter)}`;
}
