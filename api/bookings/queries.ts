import { and, asc, count, desc, eq, gt, gte, inArray, lte, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
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

/** `listBookings`' two statements, for a batch of their own or the shell's. */
export function bookingsListReads(db: Database, hostUserId: number, query: BookingListQuery, days: LocalDays) {
  const today = unitTodaySql(bookings.unitId, days);
  const tab: Record<BookingTab, SQL | undefined> = {
    upcoming: and(eq(bookings.status, "CONFIRMED"), gt(bookings.checkIn, days.earliest), sql`${bookings.checkIn} > ${today}`),
    current: and(eq(bookings.status, "CONFIRMED"), lte(bookings.checkIn, days.latest), gt(bookings.checkOut, days.earliest), sql`${bookings.checkIn} <= ${today}`, sql`${bookings.checkOut} > ${today}`),
    completed: inArray(bookings.status, [...STATUSES_OF_FILTER.completed]),
    cancelled: eq(bookings.status, "CANCELLED"),
    all: undefined,
  };
  const where = and(
    eq(bookings.hostUserId, hostUserId),
    tab[query.tab],
    query.status ? inArray(bookings.status, [...STATUSES_OF_FILTER[query.status]]) : undefined,
    unitCondition(db, bookings, hostUserId, query.unitId),
    query.dateFrom ? gt(bookings.checkOut, query.dateFrom) : undefined,
    query.dateTo ? lte(bookings.checkIn, query.dateTo) : undefined,
    searchCondition(bookings, query.search),
  );
  const soonestFirst = query.tab === "upcoming" || query.tab === "current";
  return pageReads(db, bookings, where, [soonestFirst ? asc(bookings.checkIn) : desc(bookings.checkIn)], query);
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

/** `listRequests`' two statements, for a batch of their own or the shell's. */
export function requestsListReads(db: Database, hostUserId: number, query: RequestListQuery, now: Date) {
  const status: Record<RequestListStatus, SQL | undefined> = {
    pending: and(eq(bookingRequests.status, "REQUESTED"), gt(bookingRequests.expiresAt, now)),
    confirmed: eq(bookingRequests.status, "CONFIRMED"),
    rejected: eq(bookingRequests.status, "REJECTED"),
    // Past its expiration time a request is expired, whether or not the job has run yet.
    expired: or(eq(bookingRequests.status, "EXPIRED"), and(eq(bookingRequests.status, "REQUESTED"), lte(bookingRequests.expiresAt, now))),
    all: undefined,
  };
  const where = and(
    eq(bookingRequests.hostUserId, hostUserId),
    status[query.status],
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
