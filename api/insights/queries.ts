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
function byScope(text: string, column: string) {
  return {
    all: text.replace("{unit}", ""),
    one: text.replace("{unit}", ` AND ${column} = (SELECT id FROM property_units WHERE public_id = ? AND host_user_id = ? AND state != 'DELETED')`),
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
// Named: the planner otherwise prefers the covering index of every night (`taken_nights_host`), thousands of rows for a busy host.
const UNAVAILABLE_NIGHTS = byScope(
  `SELECT substr(night, 1, 7) AS month, COUNT(*) AS unavailable FROM taken_nights INDEXED BY taken_nights_host_unavailable
  WHERE host_user_id = ? AND kind != 'booking' AND night >= ? AND night < ?{unit} GROUP BY month`,
  "unit_id",
);
const PUBLISHED_UNITS = byScope(`SELECT COUNT(*) AS units FROM property_units WHERE host_user_id = ? AND state = 'PUBLISHED'{unit}`, "id");

/** Occupancy: booked nights from the monthly sums; the nights not for sale (blocked, paused, another platform's) from their partial index. */
export function occupancyStatements<T>(make: (statement: Statement) => T, scope: Scope, period: PeriodRange, previous: PeriodRange) {
  const { from, to } = span(period, previous);
  const { first, next } = months(from, to);
  const host = scope.hostUserId;
  return [make(scoped(BOOKED_NIGHTS, scope, [host, first, next])), make(scoped(UNAVAILABLE_NIGHTS, scope, [host, from, to])), make(scoped(PUBLISHED_UNITS, scope, [host]))];
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
