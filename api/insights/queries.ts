import { INSIGHTS_UNIT_PAGE_SIZE, type PeriodRange } from "@domain/insights";
import { limitText } from "@api/db/literal-limits";

/**
 * Each builder makes its statements with `make` (a D1 statement for the insights' own batch, an item of
 * the shell's batch when the shell reads a page's figures with its call).
 *
 * The figures come from the monthly sums the booking services keep (decision 042): the host's rows of
 * all units (`insight_host_months`) or one unit's (`insight_months`), one row a month, for the period
 * and the year before at once; occupancy's nights not for sale from `taken_nights`.
 *
 * Every statement's text is a constant (its LIMIT written in, decision 050), written once per isolate
 * for all units and once for one unit (`byScope`), and its values are bound: building the SQL with
 * drizzle's templates on every request (the `sql` tags and the dialect walking their chunks) cost an
 * insights page more than running some of its statements (decision 042's addenda).
 */

export interface Scope {
  hostUserId: number;
  /** One unit's public id, or all the host's units. */
  unitId: string | undefined;
}

/** A statement's text and the values bound to its `?`s, in order. */
export interface Statement {
  text: string;
  params: (string | number)[];
}

/**
 * A statement's texts for all units and for one unit: where `{unit}` stands, one unit's adds
 * `AND <column> = the unit's id` (a subquery bound to the host: another host's unit matches nothing).
 */
function byScope(text: string, column: string, placeholder = "{unit}") {
  return {
    all: text.replace(placeholder, ""),
    one: text.replace(placeholder, ` AND ${column} = (SELECT id FROM property_units WHERE public_id = ? AND host_user_id = ? AND state != 'DELETED')`),
  };
}

/** The statement of `texts` for the scope: `before` bound ahead of the unit filter's values, `after` behind them. */
function scoped(texts: { all: string; one: string }, scope: Scope, before: (string | number)[], after: (string | number)[] = []): Statement {
  return scope.unitId === undefined ? { text: texts.all, params: [...before, ...after] } : { text: texts.one, params: [...before, scope.unitId, scope.hostUserId, ...after] };
}

/** A page of the host's units for the selector, as one JSON text: `[[id, title, propertyTitle], …]` in the selector's order. */
const UNITS_PAGE = `(SELECT json_group_array(json_array(id, title, propertyTitle)) FROM (
    SELECT u.public_id AS id, u.title AS title, p.title AS propertyTitle FROM property_units u JOIN properties p ON p.id = u.property_id
    WHERE u.host_user_id = ? AND u.state != 'DELETED' AND p.deleted_at IS NULL
    ORDER BY p.title, p.id, u.position, u.id ${limitText(INSIGHTS_UNIT_PAGE_SIZE)} OFFSET ?))`;
/** The unit asked for, as one JSON text `[id, title]` (null when it is not the host's). */
const UNIT = `(SELECT json_array(public_id, title) FROM property_units WHERE public_id = ? AND host_user_id = ? AND state != 'DELETED' LIMIT 1)`;
const COUNTS = `(SELECT COUNT(*) FROM property_units u JOIN properties p ON p.id = u.property_id WHERE u.host_user_id = ? AND u.state != 'DELETED' AND p.deleted_at IS NULL) AS total,
    (SELECT COUNT(*) FROM reviews WHERE host_user_id = ? AND seen_at IS NULL{unit}) AS count`;
/**
 * What every insights page shows beside its figures, as the columns of one row (one statement costs
 * the local D1 less than three, decision 024): the selector's page of units (`items`) and their count
 * (`total`), the reviews the host has not marked seen (`count`, the reviews tab's badge) and, for one
 * unit's page, that unit (`unit`; null when it is not the host's).
 */
const COMMON = {
  all: `SELECT ${UNITS_PAGE} AS items, ${COUNTS.replace("{unit}", "")}`,
  one: `SELECT ${UNITS_PAGE} AS items, ${COUNTS.replace("{unit}", ` AND unit_id = (SELECT id FROM property_units WHERE public_id = ? AND host_user_id = ? AND state != 'DELETED')`)}, ${UNIT} AS unit`,
};

/** The statement of what every insights page shows beside its figures (`COMMON`): one, before the tab's own. */
export function unitStatements<T>(make: (statement: Statement) => T, scope: Scope, page: number) {
  const host = scope.hostUserId;
  const before = [host, (page - 1) * INSIGHTS_UNIT_PAGE_SIZE, host, host];
  return [make(scope.unitId === undefined ? { text: COMMON.all, params: before } : { text: COMMON.one, params: [...before, scope.unitId, host, scope.unitId, host] })];
}

/** How many statements `unitStatements` makes (before the tab's own). */
export const UNIT_STATEMENTS = 1;

/** The days [from, to) that cover the period and the same months a year before. */
function span(period: PeriodRange, previous: PeriodRange) {
  return { from: previous.from < period.from ? previous.from : period.from, to: period.to > previous.to ? period.to : previous.to };
}

/** The months [from, to) of a period's days, as `insight_months.month` compares them. */
const months = (from: string, to: string) => ({ first: from.slice(0, 7), next: to.slice(0, 7) });

/**
 * A read of the monthly sums' columns: for all units the host's rows (`insight_host_months`, one a
 * month), for one unit its rows (`insight_months`, one a month too), both by their primary key.
 */
function monthsRead(columns: string) {
  return {
    all: `SELECT month, ${columns} FROM insight_host_months WHERE host_user_id = ? AND month >= ? AND month < ?`,
    one: byScope(`SELECT month, ${columns} FROM insight_months WHERE host_user_id = ? AND month >= ? AND month < ?{unit}`, "unit_id").one,
  };
}

const PERFORMANCE = monthsRead("views, requests, inquiries, bookings, direct_bookings AS directBookings, cancelled, nights, revenue, lead_days AS leadDays");

export function performanceStatements<T>(make: (statement: Statement) => T, scope: Scope, period: PeriodRange, previous: PeriodRange) {
  const { from, to } = span(period, previous);
  const { first, next } = months(from, to);
  return [make(scoped(PERFORMANCE, scope, [scope.hostUserId, first, next]))];
}

const EARNINGS = monthsRead(
  "stay_gross AS stayGross, stay_commission AS stayCommission, stay_payout AS stayPayout, stays, payout_gross AS payoutGross, payout_commission AS payoutCommission, payout_payout AS payoutPayout, payout_stays AS payoutStays",
);

/** Earnings by the month stayed and by the month paid out, both from the monthly sums (`stay_*`, `payout_*`). */
export function earningsStatements<T>(make: (statement: Statement) => T, scope: Scope, period: PeriodRange, previous: PeriodRange) {
  const { from, to } = span(period, previous);
  const { first, next } = months(from, to);
  return [make(scoped(EARNINGS, scope, [scope.hostUserId, first, next]))];
}

const BOOKED_NIGHTS = monthsRead("booked_nights AS booked");

/**
 * Each unit's days for sale, [since, until) (`SaleSpan`, domain/insights.ts; decision 037's addendum),
 * as the CTE `spans (unit_id, since, until)` of the host's units (or the one unit), deleted ones too
 * (their stays are in the host's sums); `since` is null for a unit never for sale. What the database
 * knows of a unit's time on sale: the day it was first published (`published_at`, kept when it is
 * unpublished and published again; a unit published without it recorded counts from the day it was
 * made, as the overview does), its booked nights (a channel manager's history before it: it was for
 * sale elsewhere), and for a unit no longer published its last change (`updated_at`): nothing changes a
 * deleted unit after its deletion, an unpublished one may have been edited since. No table records
 * when a unit left publication, so a unit unpublished and published again counts in between too. Its
 * booked nights never fall outside its span. The first and last booked night are one step each along
 * the primary key (unit, night), once per unit: MATERIALIZED, or SQLite copies the CTE into each use
 * of its columns.
 */
const SALE_SPANS = `WITH facts AS MATERIALIZED (
    SELECT u.id AS unit_id,
      CASE WHEN u.published_at IS NOT NULL THEN date(u.published_at / 1000, 'unixepoch') WHEN u.state = 'PUBLISHED' THEN date(u.created_at / 1000, 'unixepoch') END AS published_on,
      (SELECT night FROM taken_nights WHERE unit_id = u.id AND kind = 'booking' ORDER BY night LIMIT 1) AS first_booked,
      (SELECT date(night, '+1 day') FROM taken_nights WHERE unit_id = u.id AND kind = 'booking' ORDER BY night DESC LIMIT 1) AS after_booked,
      CASE WHEN u.state != 'PUBLISHED' THEN date(u.updated_at / 1000, 'unixepoch') END AS left_on
    FROM property_units u WHERE u.host_user_id = ?{unit}),
  spans AS MATERIALIZED (
    SELECT unit_id, coalesce(min(published_on, first_booked), published_on, first_booked) AS since,
      CASE WHEN left_on IS NOT NULL THEN coalesce(max(left_on, after_booked), left_on) END AS until
    FROM facts)`;

/**
 * The nights not for sale (blocked, paused, another platform's) of each month while their unit was for
 * sale: all of them from their partial index (named: the planner otherwise prefers the covering index of
 * every night, `taken_nights_host`, thousands of rows for a busy host), less those before each unit's span
 * or after it, found along the primary key (unit, night) from the span's ends: outside a span there is
 * no booked night, so those steps read only the nights they subtract. Joining each night to its unit's
 * span instead compared every night with every span (200 units with another platform's calendars: 0.9 s).
 */
const UNAVAILABLE_NIGHTS = (() => {
  const text = `${SALE_SPANS}
  SELECT month, SUM(n) AS unavailable FROM (
    SELECT substr(night, 1, 7) AS month, COUNT(*) AS n FROM taken_nights INDEXED BY taken_nights_host_unavailable
      WHERE host_user_id = ? AND kind != 'booking' AND night >= ? AND night < ?{nights} GROUP BY month
    UNION ALL
    SELECT substr(t.night, 1, 7), -COUNT(*) FROM spans s JOIN taken_nights t ON t.unit_id = s.unit_id
      WHERE t.kind != 'booking' AND t.night >= ? AND t.night < coalesce(min(s.since, ?), ?) GROUP BY 1
    UNION ALL
    SELECT substr(t.night, 1, 7), -COUNT(*) FROM spans s JOIN taken_nights t ON t.unit_id = s.unit_id
      WHERE s.until IS NOT NULL AND t.kind != 'booking' AND t.night >= max(s.until, ?) AND t.night < ? GROUP BY 1)
  GROUP BY month`;
  const units = byScope(text, "u.id");
  return { all: byScope(units.all, "unit_id", "{nights}").all, one: byScope(units.one, "unit_id", "{nights}").one };
})();
const SPANS_WITHIN = byScope(`${SALE_SPANS} SELECT since, until FROM spans WHERE since < ? AND (until IS NULL OR until > ?)`, "u.id");

/**
 * Occupancy: booked nights from the monthly sums; the nights not for sale within the units' days for
 * sale (`UNAVAILABLE_NIGHTS`); the units' days for sale (`SALE_SPANS`) that meet the months.
 */
export function occupancyStatements<T>(make: (statement: Statement) => T, scope: Scope, period: PeriodRange, previous: PeriodRange) {
  const { from, to } = span(period, previous);
  const { first, next } = months(from, to);
  const host = scope.hostUserId;
  const unit = scope.unitId === undefined ? [] : [scope.unitId, host];
  const unavailable: Statement = {
    text: scope.unitId === undefined ? UNAVAILABLE_NIGHTS.all : UNAVAILABLE_NIGHTS.one,
    params: [host, ...unit, host, from, to, ...unit, from, to, to, from, to],
  };
  return [make(scoped(BOOKED_NIGHTS, scope, [host, first, next])), make(unavailable), make(scoped(SPANS_WITHIN, scope, [host], [to, from]))];
}

/** Numbers of a D1 row (SQLite answers NULL for a sum of no rows). */
export function numbers<K extends string>(row: Record<string, unknown>, keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, Number(row[key] ?? 0)])) as Record<K, number>;
}

const RATING = byScope(
  `SELECT COUNT(*) AS count, SUM(rating) AS rating, SUM(cleanliness) AS cleanliness, SUM(accuracy) AS accuracy, SUM(communication) AS communication,
    SUM(location) AS location, SUM(check_in) AS checkIn, SUM(value) AS value FROM reviews r WHERE r.host_user_id = ?{unit}`,
  "r.unit_id",
);
const REVIEWS_PAGE = `SELECT r.public_id AS publicId, r.guest_name AS guestName, r.rating, r.cleanliness, r.accuracy, r.communication, r.location, r.check_in AS checkIn, r.value,
    r.text, r.reply, r.replied_at AS repliedAt, r.seen_at AS seenAt, r.created_at AS createdAt, u.public_id AS unitId, u.title AS unitTitle
  FROM reviews r JOIN property_units u ON u.id = r.unit_id WHERE r.host_user_id = ?{unit}{search}
  ORDER BY r.created_at DESC, r.id DESC {limit} OFFSET ?`;
/**
 * A search of the reviews tab: words of the text or of the guest's name, any case, as GET
 * /reviews/{unitId} searches (`reviewsWhere`; `instr`, not `LIKE`, so that `%` and `_` match themselves).
 */
const SEARCH = " AND (instr(lower(r.text), lower(?)) > 0 OR instr(lower(r.guest_name), lower(?)) > 0)";
const REVIEWS_FOUND = byScope(`SELECT COUNT(*) AS total FROM reviews r WHERE r.host_user_id = ?{unit}${SEARCH}`, "r.unit_id");

/** The page of reviews' statement texts for a page size, with or without the search: written once per isolate. */
const pageTexts = new Map<string, { all: string; one: string }>();
function reviewsPageTexts(limit: number, search: boolean) {
  const key = `${limit}:${search}`;
  let texts = pageTexts.get(key);
  if (!texts) pageTexts.set(key, (texts = byScope(REVIEWS_PAGE.replace("{limit}", limitText(limit)).replace("{search}", search ? SEARCH : ""), "r.unit_id")));
  return texts;
}

/**
 * The reviews tab: the averages per category (of every review of the scope), a page of reviews
 * (newest first) with their units, and with a search the count of the reviews it finds (without one,
 * the rating's count is theirs: no statement more).
 */
export function reviewStatements<T>(make: (statement: Statement) => T, scope: Scope, page: number, limit: number, search?: string) {
  const host = scope.hostUserId;
  const offset = (page - 1) * limit;
  if (!search) return [make(scoped(RATING, scope, [host])), make(scoped(reviewsPageTexts(limit, false), scope, [host], [offset]))];
  return [make(scoped(RATING, scope, [host])), make(scoped(reviewsPageTexts(limit, true), scope, [host], [search, search, offset])), make(scoped(REVIEWS_FOUND, scope, [host], [search, search]))];
}
