import { and, asc, count, desc, eq, gt, gte, inArray, lte, ne, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { inquiryStatusesBefore, STATUSES_OF_FILTER, type BookingFilter, type InquiryStatus } from "@domain/booking";
import { isIsoDate, type IsoDate } from "@domain/dates";
import type { LocalDays } from "@domain/time-zones";
import type { BatchResponse } from "drizzle-orm/batch";
import type { Database } from "@api/db/client";
import { bookingInquiries, bookingRequests, bookings, properties, propertyUnits } from "@api/db/schema";
import type { BookingRow, InquiryRow, RequestRow } from "./services";

/**
 * The host's lists of bookings, requests and inquiries: each one statement for the page (with its
 * unit and property joined) and one for the total, in one batch; never more than `limit` rows.
 */

type StayTable = typeof bookings | typeof bookingRequests | typeof bookingInquiries;

// Aliased: D1's batch answers rows as objects keyed by column name, where two tables' `title` would collide.
const place = {
  unit: { publicId: sql<string>`${propertyUnits.publicId}`.as("unit_public_id"), title: sql<string>`${propertyUnits.title}`.as("unit_title") },
  property: { publicId: sql<string>`${properties.publicId}`.as("property_public_id"), title: sql<string>`${properties.title}`.as("property_title") },
};

/**
 * The guest's name (first, last or "first last", either order) or the stay's code (from its start,
 * any case). Matched with `instr`, not `LIKE`: D1 refuses a `LIKE` pattern over 50 bytes, and a search
 * may be 100 characters; `%` and `_` typed by the host match themselves. `lower` folds ASCII only,
 * as `LIKE` did.
 */
function searchCondition(table: StayTable, search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  return or(
    sql`instr(${table.code}, ${term.toUpperCase()}) = 1`,
    sql`instr(lower(${table.guestFirstName} || ' ' || ${table.guestLastName}), lower(${term})) > 0`,
    sql`instr(lower(${table.guestLastName} || ' ' || ${table.guestFirstName}), lower(${term})) > 0`,
  );
}

/** The host's unit named by its public id (none matches another host's). */
function unitCondition(db: Database, table: StayTable, hostUserId: number, unitId: string | undefined): SQL | undefined {
  if (!unitId) return undefined;
  return inArray(table.unitId, db.select({ id: propertyUnits.id }).from(propertyUnits).where(and(eq(propertyUnits.publicId, unitId), eq(propertyUnits.hostUserId, hostUserId))));
}

const PLACE = /^[A-Z]{2}(\/[A-Z]{2})?$/;
const literal = (text: string, pattern: (text: string) => boolean) => {
  if (!pattern(text)) throw new Error(`Not a place or a day: ${text}`);
  return `'${text}'`;
};
const placeList = (names: readonly string[]) => names.map((name) => literal(name, (t) => PLACE.test(t))).join(", ");
const dayLiteral = (day: IsoDate) => literal(day, isIsoDate);

/**
 * The local day of the unit a stay row names (`unitId`, a column of the statement's table), as
 * `todayIn(timeZoneOf(country, region))` answers it (`localDaysAt`): read from the unit's property's
 * address, the regions' days before the countries', UTC's for any other address. The places and
 * days are our own constants (checked), written into the SQL rather than bound (D1 binds at most
 * 100 values a statement).
 */
export function unitTodaySql(unitId: AnyColumn, days: LocalDays): SQL {
  const country = "upper(coalesce(today_property.country_code, ''))";
  const region = `${country} || '/' || upper(coalesce(today_property.state_or_province, ''))`;
  const cases = [
    ...days.regions.map(({ day, places }) => `WHEN ${region} IN (${placeList(places)}) THEN ${dayLiteral(day)}`),
    ...days.countries.map(({ day, codes }) => `WHEN ${country} IN (${placeList(codes)}) THEN ${dayLiteral(day)}`),
  ];
  return sql`(SELECT CASE ${sql.raw(cases.join(" "))} ELSE ${sql.raw(dayLiteral(days.otherwise))} END FROM property_units today_unit JOIN properties today_property ON today_property.id = today_unit.property_id WHERE today_unit.id = ${unitId})`;
}

export interface Page {
  page: number;
  limit: number;
}

export function paginationOf({ page, limit }: Page, total: number) {
  return { current: page, next: page * limit < total ? page + 1 : page, total, pageSize: limit };
}

/** A page's two statements: its rows (with their unit and property) and the total. */
function pageReads<T extends StayTable>(db: Database, table: T, where: SQL | undefined, order: SQL[], paging: Page) {
  const stays = table as typeof bookings;
  return [
    db
      .select({ row: stays, ...place })
      .from(stays)
      .innerJoin(propertyUnits, eq(propertyUnits.id, stays.unitId))
      .innerJoin(properties, eq(properties.id, propertyUnits.propertyId))
      .where(where)
      .orderBy(...order, asc(stays.id))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    db.select({ total: count() }).from(stays).where(where),
  ] as const;
}

type PageAnswers = BatchResponse<ReturnType<typeof pageReads>>;

/** What `pageReads` answered: the rows, typed as `table`'s, and the total. */
function pageOfAnswers<T extends StayTable>(_table: T, [rows, [counted]]: PageAnswers) {
  return { rows: rows as unknown as { row: T["$inferSelect"]; unit: { publicId: string; title: string }; property: { publicId: string; title: string } }[], total: counted?.total ?? 0 };
}

export type BookingTab = "upcoming" | "current" | "completed" | "cancelled" | "all";

export interface BookingListQuery extends Page {
  tab: BookingTab;
  status?: BookingFilter | undefined;
  unitId?: string | undefined;
  dateFrom?: IsoDate | undefined;
  dateTo?: IsoDate | undefined;
  search?: string | undefined;
}

/**
 * The host's bookings of a tab (§2 /bookings/{tab}), filtered. Upcoming and current soonest first,
 * the others latest first. Upcoming and current compare with each unit's local day (`stayTimeOf`):
 * a guest in Honolulu who leaves today is still there when UTC's day has moved on.
 */
export async function listBookings(db: Database, hostUserId: number, query: BookingListQuery, days: LocalDays) {
  return bookingsPageOf(await db.batch(bookingsListReads(db, hostUserId, query, days)));
}

/** The rows and total that `bookingsListReads` answered. */
export function bookingsPageOf(answers: PageAnswers) {
  return pageOfAnswers(bookings, answers);
}

/** Which of the host's bookings each tab holds (its count counts the same). */
function bookingTabCondition(tab: BookingTab, days: LocalDays): SQL | undefined {
  const today = () => unitTodaySql(bookings.unitId, days);
  switch (tab) {
    case "upcoming":
      return and(eq(bookings.status, "CONFIRMED"), gt(bookings.checkIn, days.earliest), sql`${bookings.checkIn} > ${today()}`);
    case "current":
      return and(eq(bookings.status, "CONFIRMED"), lte(bookings.checkIn, days.latest), gt(bookings.checkOut, days.earliest), sql`${bookings.checkIn} <= ${today()}`, sql`${bookings.checkOut} > ${today()}`);
    case "completed":
      return inArray(bookings.status, [...STATUSES_OF_FILTER.completed]);
    case "cancelled":
      return eq(bookings.status, "CANCELLED");
    case "all":
      return undefined;
  }
}

/** The filters of the bookings list (and of its All tab's requests): a unit, the stays with a night in the days, the guest or the code. */
export interface StayFilters {
  unitId?: string | undefined;
  dateFrom?: IsoDate | undefined;
  dateTo?: IsoDate | undefined;
  search?: string | undefined;
}

/** The host's stays of `table` that the filters let through: a night on or after `dateFrom`, an arrival on or before `dateTo`. */
function stayFilterCondition(db: Database, table: typeof bookings | typeof bookingRequests, hostUserId: number, filters: StayFilters): SQL | undefined {
  return and(
    eq(table.hostUserId, hostUserId),
    unitCondition(db, table, hostUserId, filters.unitId),
    filters.dateFrom ? gt(table.checkOut, filters.dateFrom) : undefined,
    filters.dateTo ? lte(table.checkIn, filters.dateTo) : undefined,
    searchCondition(table, filters.search),
  );
}

/** `listBookings`' two statements, for a batch of their own or the shell's. */
export function bookingsListReads(db: Database, hostUserId: number, query: BookingListQuery, days: LocalDays) {
  const where = and(stayFilterCondition(db, bookings, hostUserId, query), bookingTabCondition(query.tab, days), query.status ? inArray(bookings.status, [...STATUSES_OF_FILTER[query.status]]) : undefined);
  const soonestFirst = query.tab === "upcoming" || query.tab === "current";
  return pageReads(db, bookings, where, [soonestFirst ? asc(bookings.checkIn) : desc(bookings.checkIn)], query);
}

/**
 * The requests the bookings list's All tab shows beside the bookings: every one that did not become
 * a booking (waiting, rejected, expired). A confirmed request is its booking (same code), listed once.
 */
const notBooked = ne(bookingRequests.status, "CONFIRMED");

export interface AllStaysQuery extends StayFilters, Page {}

/**
 * The bookings list's All tab (decision 027's addendum): every booking of the host and every request
 * that did not become one, latest arrival first, filtered as the bookings are. Three statements for
 * one batch: the page's bookings and the page's requests (each with its unit and property), picked
 * by the same ordered union of both tables' keys, and the total of both.
 */
export function allStaysListReads(db: Database, hostUserId: number, query: AllStaysQuery) {
  const bookingsWhere = stayFilterCondition(db, bookings, hostUserId, query);
  const requestsWhere = and(stayFilterCondition(db, bookingRequests, hostUserId, query), notBooked);
  // The page's keys: arrival, then bookings before requests, then id, as the page is put together again (`allStaysPageOf`).
  // The pages up to this one hold no more than as many of each table's first keys in that order, which
  // each table's index on (host, arrival) reads first: the union then sorts those few, instead of
  // every stay of the host (1.3 ms for 10,000 stays, twice in the batch).
  const upTo = query.page * query.limit;
  const firstKeys = (kind: "booking" | "request", table: typeof bookings | typeof bookingRequests, where: SQL | undefined) =>
    sql`SELECT * FROM (SELECT ${kind} AS kind, ${table.id} AS id, ${table.checkIn} AS check_in FROM ${table} WHERE ${where} ORDER BY check_in DESC, id LIMIT ${upTo})`;
  const pageKeys = sql`SELECT kind, id FROM (${firstKeys("booking", bookings, bookingsWhere)} UNION ALL ${firstKeys("request", bookingRequests, requestsWhere)}) ORDER BY check_in DESC, kind, id LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`;
  const ofKind = (kind: "booking" | "request") => sql`(SELECT id FROM (${pageKeys}) WHERE kind = ${kind})`;
  return [
    db
      .select({ row: bookings, ...place })
      .from(bookings)
      .innerJoin(propertyUnits, eq(propertyUnits.id, bookings.unitId))
      .innerJoin(properties, eq(properties.id, propertyUnits.propertyId))
      .where(inArray(bookings.id, ofKind("booking"))),
    db
      .select({ row: bookingRequests, ...place })
      .from(bookingRequests)
      .innerJoin(propertyUnits, eq(propertyUnits.id, bookingRequests.unitId))
      .innerJoin(properties, eq(properties.id, propertyUnits.propertyId))
      .where(inArray(bookingRequests.id, ofKind("request"))),
    db
      .select({
        bookings: sql<number>`(${db.select({ total: count() }).from(bookings).where(bookingsWhere)})`.mapWith(Number),
        requests: sql<number>`(${db.select({ total: count() }).from(bookingRequests).where(requestsWhere)})`.mapWith(Number),
      })
      .from(sql`(SELECT 1)`),
  ] as const;
}

type StayRowWithPlace<R> = { row: R; unit: { publicId: string; title: string }; property: { publicId: string; title: string } };
export type AllStaysRow = ({ type: "booking" } & StayRowWithPlace<BookingRow>) | ({ type: "bookingRequest" } & StayRowWithPlace<RequestRow>);

/** The page `allStaysListReads` read, in its order (the union's: latest arrival first, bookings before requests, then id), and its total. */
export function allStaysPageOf([bookingRows, requestRows, [totals]]: BatchResponse<ReturnType<typeof allStaysListReads>>): { rows: AllStaysRow[]; total: number } {
  const rows: AllStaysRow[] = [
    ...(bookingRows as unknown as StayRowWithPlace<BookingRow>[]).map((r) => ({ type: "booking" as const, ...r })),
    ...(requestRows as unknown as StayRowWithPlace<RequestRow>[]).map((r) => ({ type: "bookingRequest" as const, ...r })),
  ];
  rows.sort((a, b) => (a.row.checkIn === b.row.checkIn ? (a.type === b.type ? a.row.id - b.row.id : a.type === "booking" ? -1 : 1) : a.row.checkIn < b.row.checkIn ? 1 : -1));
  return { rows, total: (totals?.bookings ?? 0) + (totals?.requests ?? 0) };
}

/** How many stays each tab of the bookings list holds, without filters: each counted as its list reads them. */
export interface TabCounts {
  requests: number;
  upcoming: number;
  current: number;
  completed: number;
  cancelled: number;
  all: number;
  inquiries: number;
}

/**
 * The counts of the bookings list's tabs, one statement (a scalar subquery each): the requests
 * waiting for an answer, the bookings of each tab, All's bookings and requests not booked, the
 * inquiries. Each uses its list's own conditions, so a tab's count is its list's total.
 */
export function tabCountsRead(db: Database, hostUserId: number, now: Date, days: LocalDays) {
  const bookingsOf = (tab: BookingTab) => sql<number>`(${db.select({ total: count() }).from(bookings).where(and(eq(bookings.hostUserId, hostUserId), bookingTabCondition(tab, days)))})`.mapWith(Number);
  const requestsWhere = (condition: SQL | undefined) => sql<number>`(${db.select({ total: count() }).from(bookingRequests).where(and(eq(bookingRequests.hostUserId, hostUserId), condition))})`.mapWith(Number);
  return db
    .select({
      requests: requestsWhere(requestStatusCondition("pending", now)),
      upcoming: bookingsOf("upcoming"),
      current: bookingsOf("current"),
      completed: bookingsOf("completed"),
      cancelled: bookingsOf("cancelled"),
      allBookings: bookingsOf("all"),
      allRequests: requestsWhere(notBooked),
      inquiries: sql<number>`(${db.select({ total: count() }).from(bookingInquiries).where(eq(bookingInquiries.hostUserId, hostUserId))})`.mapWith(Number),
    })
    .from(sql`(SELECT 1)`);
}

/** The counts `tabCountsRead` answered. */
export function tabCountsOf([counted]: Awaited<ReturnType<typeof tabCountsRead>>): TabCounts {
  return {
    requests: counted?.requests ?? 0,
    upcoming: counted?.upcoming ?? 0,
    current: counted?.current ?? 0,
    completed: counted?.completed ?? 0,
    cancelled: counted?.cancelled ?? 0,
    all: (counted?.allBookings ?? 0) + (counted?.allRequests ?? 0),
    inquiries: counted?.inquiries ?? 0,
  };
}

export type RequestListStatus = "pending" | "confirmed" | "rejected" | "expired" | "all";

export interface RequestListQuery extends Page {
  status: RequestListStatus;
  unitId?: string | undefined;
  search?: string | undefined;
  checkInTo?: IsoDate | undefined;
  checkOutFrom?: IsoDate | undefined;
}

/** GET booking-requests' query (as its schema reads it) as `listRequests` takes it. */
export function requestListQueryOf(query: { page: number; limit: number; status: RequestListStatus; unitId?: string | undefined; search?: string | undefined; "checkIn.to"?: IsoDate | undefined; "checkOut.from"?: IsoDate | undefined }): RequestListQuery {
  return { page: query.page, limit: query.limit, status: query.status, unitId: query.unitId, search: query.search, checkInTo: query["checkIn.to"], checkOutFrom: query["checkOut.from"] };
}

/** The host's booking requests, pending by default (requested, not expired), soonest arrival first. */
export async function listRequests(db: Database, hostUserId: number, query: RequestListQuery, now: Date) {
  return requestsPageOf(await db.batch(requestsListReads(db, hostUserId, query, now)));
}

/** The rows and total that `requestsListReads` answered. */
export function requestsPageOf(answers: PageAnswers) {
  return pageOfAnswers(bookingRequests, answers);
}

/** The requests of a status of the list (the Requests tab's are the pending ones). */
function requestStatusCondition(status: RequestListStatus, now: Date): SQL | undefined {
  switch (status) {
    case "pending":
      return and(eq(bookingRequests.status, "REQUESTED"), gt(bookingRequests.expiresAt, now));
    case "confirmed":
      return eq(bookingRequests.status, "CONFIRMED");
    case "rejected":
      return eq(bookingRequests.status, "REJECTED");
    case "expired":
      // Past its expiration time a request is expired, whether or not the job has run yet.
      return or(eq(bookingRequests.status, "EXPIRED"), and(eq(bookingRequests.status, "REQUESTED"), lte(bookingRequests.expiresAt, now)));
    case "all":
      return undefined;
  }
}

/** `listRequests`' two statements, for a batch of their own or the shell's. */
export function requestsListReads(db: Database, hostUserId: number, query: RequestListQuery, now: Date) {
  const where = and(
    eq(bookingRequests.hostUserId, hostUserId),
    requestStatusCondition(query.status, now),
    unitCondition(db, bookingRequests, hostUserId, query.unitId),
    query.checkInTo ? lte(bookingRequests.checkIn, query.checkInTo) : undefined,
    query.checkOutFrom ? gte(bookingRequests.checkOut, query.checkOutFrom) : undefined,
    searchCondition(bookingRequests, query.search),
  );
  const order = query.status === "pending" ? [asc(bookingRequests.checkIn)] : [desc(bookingRequests.createdAt)];
  return pageReads(db, bookingRequests, where, order, query);
}

export type InquiryListStatus = "open" | "confirmed" | "rejected" | "closed" | "all";

export interface InquiryListQuery extends Page {
  status: InquiryListStatus;
  unitId?: string | undefined;
  search?: string | undefined;
}

const INQUIRY_LIST_STATUSES: Record<Exclude<InquiryListStatus, "all">, InquiryStatus[]> = {
  open: inquiryStatusesBefore("CONFIRMED"),
  confirmed: ["CONFIRMED", "IN_REVIEW_COLLECTION", "REVIEW_COLLECTED", "NO_REVIEW_COLLECTED"],
  rejected: ["REJECTED"],
  closed: ["EXPIRED_CHECKOUT"],
};

/** The host's inquiries, newest first. */
export async function listInquiries(db: Database, hostUserId: number, query: InquiryListQuery) {
  return inquiriesPageOf(await db.batch(inquiriesListReads(db, hostUserId, query)));
}

/** The rows and total that `inquiriesListReads` answered. */
export function inquiriesPageOf(answers: PageAnswers) {
  return pageOfAnswers(bookingInquiries, answers);
}

/** `listInquiries`' two statements, for a batch of their own or the shell's. */
export function inquiriesListReads(db: Database, hostUserId: number, query: InquiryListQuery) {
  const where = and(
    eq(bookingInquiries.hostUserId, hostUserId),
    query.status === "all" ? undefined : inArray(bookingInquiries.status, INQUIRY_LIST_STATUSES[query.status]),
    unitCondition(db, bookingInquiries, hostUserId, query.unitId),
    searchCondition(bookingInquiries, query.search),
  );
  return pageReads(db, bookingInquiries, where, [desc(bookingInquiries.createdAt)], query);
}

export type { BookingRow, InquiryRow, RequestRow };
