import { and, asc, eq, gt, gte, lt, ne, or, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import type { Database } from "@api/db/client";
import { bookings, properties, propertyUnits } from "@api/db/schema";
import { loopTurn } from "@api/lib/loop-turn";
import { translator } from "@api/lib/translate";
import { bankAccountAt, presentSellerDetails, sellerDetailsReads, type SellerDetails } from "@api/user/seller-details";
import {
  activityOf,
  addActivity,
  csvRecord,
  decimalAmount,
  emptyListingTotals,
  listingKeyOf,
  missingSellerData,
  QUARTERS,
  stayWindow,
  yearRange,
  type Dac7Seller,
  type ListingTotals,
} from "@domain/dac7";
import type { OnboardingAddress } from "@domain/onboarding";
import { deriveUserFlags, type StoredUserSettings } from "@domain/user-flags";
import { DAC7_FIRST_YEAR } from "@contract/reports";

/**
 * Rows read per statement while the file streams: the Worker holds one page at a time, and another
 * request waits for at most the page in flight (250 rather than 500: half the wait, a little more
 * CPU for twice the statements; decision 035).
 */
export const DAC7_PAGE_SIZE = 250;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function addressLine(address: OnboardingAddress | null | undefined): string | null {
  if (!address || !address.street || !address.city) return null;
  const street = [address.street, address.houseNumberOrName].filter(Boolean).join(" ");
  const city = [address.postalCode, address.city].filter(Boolean).join(" ");
  return [street, city, address.province ?? address.state, address.countryCode].filter(Boolean).join(", ");
}

/**
 * The seller as DAC7 names them (decision 035), from the account's billing details (decision 033):
 * the payout account is the one in use at `at` (the end of the report's year, or now).
 */
export function sellerOf(details: SellerDetails, at: string): Dac7Seller {
  const account = bankAccountAt(details.bankAccounts, at) ?? details.bankAccounts.find((a) => a.validTo === null && a.isDefault) ?? null;
  const base = { taxIdentifications: details.taxIdentifications, vatId: details.vatId, iban: account?.iban ?? null };
  const holderUnlike = (name: string) => (account && account.holderName.trim().toLowerCase() !== name.trim().toLowerCase() ? account.holderName : null);
  if (details.type === "company") {
    return {
      ...base,
      kind: "entity",
      firstName: null,
      lastName: null,
      legalName: details.legalBusinessName || null,
      primaryAddress: addressLine(details.principalAddress ?? details.address),
      dateOfBirth: null,
      businessRegistrationNumber: details.registrationNumber,
      permanentEstablishments: details.euPermanentEstablishment === null ? null : details.euPermanentEstablishment ? (details.euMemberStates.length ? details.euMemberStates : null) : [],
      accountHolder: holderUnlike(details.legalBusinessName),
    };
  }
  return {
    ...base,
    kind: "individual",
    firstName: details.firstName || null,
    lastName: details.lastName || null,
    legalName: null,
    primaryAddress: addressLine(details.address),
    dateOfBirth: details.dateOfBirth,
    businessRegistrationNumber: null,
    permanentEstablishments: null,
    accountHolder: holderUnlike(`${details.firstName} ${details.lastName}`),
  };
}

/**
 * Of `years`, those with reportable activity, newest first (domain/dac7.ts): a stay not cancelled
 * that checked in in the year up to today (credited on its check-in day), or a cancellation in the
 * year. One statement, two index seeks per year that stop at the first row (`host_user_id,
 * check_in, status`; `host_user_id, cancelled_at`), whatever the number of bookings: the
 * availability asks it of every year DAC7 reports, the report of its own year.
 */
export function reportableYearsRead(db: Database, hostUserId: number, years: readonly number[], today: string) {
  // Each year with its days and its first milliseconds, as literals: integers and days made here from them.
  const rows = years.map((year) => {
    if (!Number.isInteger(year)) throw new RangeError(`Not a year: ${year}`);
    const { start, end } = yearRange(year);
    return `(${year}, '${start}', '${end}', ${Date.parse(`${start}T00:00:00Z`)}, ${Date.parse(`${end}T00:00:00Z`)})`;
  });
  // SQLite names a VALUES list's columns column1, column2, …: the year, its first day, the next year's, and both in milliseconds.
  return db
    .select({ year: sql<number>`y.column1`.as("year") })
    .from(sql`(values ${sql.raw(rows.join(", "))}) as y`)
    .where(
      sql`exists (select 1 from ${bookings} where ${bookings.hostUserId} = ${hostUserId} and ${bookings.checkIn} >= y.column2 and ${bookings.checkIn} < y.column3 and ${bookings.checkIn} <= ${today} and ${bookings.status} <> 'CANCELLED')
        or exists (select 1 from ${bookings} where ${bookings.hostUserId} = ${hostUserId} and ${bookings.cancelledAt} >= y.column4 and ${bookings.cancelledAt} < y.column5 and ${bookings.status} = 'CANCELLED')`,
    )
    .orderBy(sql`y.column1 desc`);
}

/** The years a DAC7 report may exist for, up to today's and from DAC7's first reporting period on, newest first. */
export function reportYearsUpTo(today: string): number[] {
  const years: number[] = [];
  for (let year = Number(today.slice(0, 4)); year >= DAC7_FIRST_YEAR; year--) years.push(year);
  return years;
}

export const yearsOf = (rows: { year: number | string }[]) => rows.map((r) => Number(r.year)).filter((year) => Number.isInteger(year));

const reportColumns = {
  id: bookings.id,
  code: bookings.code,
  status: bookings.status,
  checkIn: bookings.checkIn,
  checkOut: bookings.checkOut,
  bookedAt: bookings.bookedAt,
  cancelledAt: bookings.cancelledAt,
  total: bookings.total,
  commission: bookings.commission,
  currency: bookings.currency,
  instalments: bookings.instalments,
  unitTitle: propertyUnits.title,
  registrationNumber: propertyUnits.registrationNumber,
  propertyId: properties.publicId,
  accommodationType: properties.accommodationType,
  countryCode: properties.countryCode,
  postalCode: properties.postalCode,
  city: properties.city,
  street: properties.street,
  houseNumberOrName: properties.houseNumberOrName,
  stateOrProvince: properties.stateOrProvince,
};
type ReportRow = { [K in keyof typeof reportColumns]: (typeof bookings.$inferSelect & typeof propertyUnits.$inferSelect & typeof properties.$inferSelect & { unitTitle: string; propertyId: string })[K extends "unitTitle" ? "unitTitle" : K extends "propertyId" ? "propertyId" : K extends keyof typeof bookings.$inferSelect ? K : K extends keyof typeof properties.$inferSelect ? K : "registrationNumber"] };

function reportQuery(db: Database) {
  return db.select(reportColumns).from(bookings).innerJoin(propertyUnits, eq(propertyUnits.id, bookings.unitId)).innerJoin(properties, eq(properties.id, propertyUnits.propertyId));
}

/** The next page of stays with a night in the year, by check-in (the index host_user_id, check_in), after `after`. */
function staysPage(db: Database, hostUserId: number, year: number, after: { checkIn: string; id: number } | null) {
  const window = stayWindow(year);
  return reportQuery(db)
    .where(
      and(
        eq(bookings.hostUserId, hostUserId),
        // From the last page's day on: the index's range starts there, not at the window's start.
        gte(bookings.checkIn, after ? after.checkIn : window.checkInFrom),
        lt(bookings.checkIn, window.checkInBefore),
        gt(bookings.checkOut, window.checkOutAfter),
        ne(bookings.status, "CANCELLED"),
        after ? or(gt(bookings.checkIn, after.checkIn), and(eq(bookings.checkIn, after.checkIn), gt(bookings.id, after.id))) : undefined,
      ),
    )
    .orderBy(asc(bookings.checkIn), asc(bookings.id))
    .limit(DAC7_PAGE_SIZE) as unknown as Promise<ReportRow[]>;
}

/** The next page of stays cancelled in the year, by cancellation (the index host_user_id, cancelled_at). */
function cancellationsPage(db: Database, hostUserId: number, year: number, after: { cancelledAt: number; id: number } | null) {
  const { start, end } = yearRange(year);
  return reportQuery(db)
    .where(
      and(
        eq(bookings.hostUserId, hostUserId),
        gte(bookings.cancelledAt, after ? new Date(after.cancelledAt) : new Date(`${start}T00:00:00Z`)),
        lt(bookings.cancelledAt, new Date(`${end}T00:00:00Z`)),
        eq(bookings.status, "CANCELLED"),
        after ? or(gt(bookings.cancelledAt, new Date(after.cancelledAt)), and(eq(bookings.cancelledAt, new Date(after.cancelledAt)), gt(bookings.id, after.id))) : undefined,
      ),
    )
    .orderBy(asc(bookings.cancelledAt), asc(bookings.id))
    .limit(DAC7_PAGE_SIZE) as unknown as Promise<ReportRow[]>;
}

/** A listing met while streaming: its label in the file, address, registration numbers, type and totals. */
interface Listing {
  label: string;
  address: string;
  registrationNumbers: Set<string>;
  propertyType: string | null;
  totals: ListingTotals;
}

/** The file is in English, as the report the platform files: an accommodation type by its English name ("Vacation home", not `holiday_home`). */
const english = translator("en_US");
function propertyTypeOf(accommodationType: string | null): string | null {
  if (!accommodationType) return null;
  const key = `configuration:accommodationTypes.${accommodationType}`;
  const name = english(key);
  return name === key ? accommodationType : name;
}

const SELLER_HEADER = ["Seller", "Value"];
const ACTIVITY_HEADER = (year: number) => ["Listing", "Unit", "Booking code", "Check-in", "Check-out", "Cancelled", "Credited on", "Quarter", "Consideration", "Fees and commissions", "Taxes", `Nights rented in ${year}`, "Currency"];
const LISTING_HEADER = [
  "Listing",
  "Address",
  "Land registration number",
  "Property type",
  "Days rented",
  ...QUARTERS.flatMap((q) => [`Q${q} consideration`, `Q${q} rental activities`, `Q${q} fees and commissions`, `Q${q} taxes`]),
  "Currency",
];

function sellerRecords(seller: Dac7Seller, year: number, currency: string): string {
  const rows: [string, string | null][] = [
    ["Reporting period", String(year)],
    ["Seller type", seller.kind === "entity" ? "Entity" : "Individual"],
    ...(seller.kind === "entity"
      ? ([
          ["Legal name", seller.legalName],
          ["Business registration number", seller.businessRegistrationNumber],
          ["Permanent establishments in the EU", seller.permanentEstablishments === null ? null : seller.permanentEstablishments.length ? seller.permanentEstablishments.join(" ") : "None"],
        ] as [string, string | null][])
      : ([
          ["First name", seller.firstName],
          ["Last name", seller.lastName],
          ["Date of birth", seller.dateOfBirth],
        ] as [string, string | null][])),
    ["Primary address", seller.primaryAddress],
    ...(seller.taxIdentifications.length ? seller.taxIdentifications.map((t): [string, string] => [`TIN (${t.countryIsoCode})`, t.id]) : [["TIN", null] as [string, null]]),
    ["VAT number", seller.vatId],
    ["Financial account identifier (IBAN)", seller.iban],
    ["Account holder", seller.accountHolder],
    ["Currency", currency],
  ];
  return csvRecord(SELLER_HEADER) + rows.map(([element, value]) => csvRecord([element, value])).join("");
}

/**
 * The report as a stream of CSV text (decision 035): the seller first (the first bytes leave before
 * any booking is read), then one record per rental activity, read a page at a time as the reader
 * asks for more, and last each listing's days rented and quarters, added up on the way. The Worker
 * holds one page of bookings and one total per listing, whatever the number of bookings.
 */
export function dac7Stream(db: Database, hostUserId: number, year: number, asOf: string, seller: Dac7Seller, currency: string): ReadableStream<Uint8Array> {
  const listings = new Map<string, Listing>();

  function activityRecord(row: ReportRow): string {
    const cancelledOn = row.cancelledAt ? dayOf(Number(row.cancelledAt)) : null;
    const activity = activityOf({ ...row, bookedOn: dayOf(Number(row.bookedAt)), cancelledOn, instalments: row.instalments }, year, asOf);
    if (!activity) return "";
    const key = listingKeyOf(row, row.propertyId);
    let listing = listings.get(key);
    if (!listing) {
      const street = [row.street, row.houseNumberOrName].filter(Boolean).join(" ");
      listing = {
        label: `L${listings.size + 1}`,
        address: [street, [row.postalCode, row.city].filter(Boolean).join(" "), row.stateOrProvince, row.countryCode].filter(Boolean).join(", "),
        registrationNumbers: new Set(),
        propertyType: propertyTypeOf(row.accommodationType),
        totals: emptyListingTotals(),
      };
      listings.set(key, listing);
    }
    if (row.registrationNumber) listing.registrationNumbers.add(row.registrationNumber);
    addActivity(listing.totals, activity);
    return csvRecord([
      listing.label,
      row.unitTitle,
      row.code,
      row.checkIn,
      row.checkOut,
      row.status === "CANCELLED" ? cancelledOn : null,
      activity.creditedOn,
      activity.quarter === null ? null : `Q${activity.quarter}`,
      decimalAmount(activity.consideration),
      decimalAmount(activity.fees),
      decimalAmount(activity.taxes),
      activity.nights,
      row.currency,
    ]);
  }

  async function* chunks(): AsyncGenerator<string> {
    // The byte order mark makes spreadsheets read the file as UTF-8.
    yield `\uFEFF${csvRecord([`DAC7 seller's copy ${year}`])}\r\n${sellerRecords(seller, year, currency)}\r\n${csvRecord(["Rental activities"])}${csvRecord(ACTIVITY_HEADER(year))}`;
    let stayCursor: { checkIn: string; id: number } | null = null;
    for (;;) {
      await loopTurn();
      const page = await staysPage(db, hostUserId, year, stayCursor);
      if (page.length) yield page.map(activityRecord).join("");
      if (page.length < DAC7_PAGE_SIZE) break;
      const last = page.at(-1)!;
      stayCursor = { checkIn: last.checkIn, id: last.id };
    }
    let cancelCursor: { cancelledAt: number; id: number } | null = null;
    for (;;) {
      await loopTurn();
      const page = await cancellationsPage(db, hostUserId, year, cancelCursor);
      if (page.length) yield page.map(activityRecord).join("");
      if (page.length < DAC7_PAGE_SIZE) break;
      const last = page.at(-1)!;
      cancelCursor = { cancelledAt: Number(last.cancelledAt), id: last.id };
    }
    let summary = `\r\n${csvRecord(["Property listings"])}${csvRecord(LISTING_HEADER)}`;
    for (const listing of listings.values()) {
      const { totals } = listing;
      summary += csvRecord([
        listing.label,
        listing.address,
        [...listing.registrationNumbers].join("; ") || null,
        listing.propertyType,
        totals.daysRented,
        ...QUARTERS.flatMap((q) => {
          const t = totals.quarters[q];
          return [decimalAmount(t.consideration), t.activities, decimalAmount(t.fees), decimalAmount(t.taxes)];
        }),
        currency,
      ]);
    }
    yield summary;
  }

  const encoder = new TextEncoder();
  const source = chunks();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { value, done } = await source.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      },
      async cancel() {
        await source.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

/** What GET dac7/availability reads (the reportable years up to `today`, the seller's details), for one batch: its own, or the shell's on the tax report page. */
export const availabilityReads = (db: Database, hostUserId: number, today: string) => [reportableYearsRead(db, hostUserId, reportYearsUpTo(today), today), ...sellerDetailsReads(db, hostUserId)] as const;

/**
 * GET dac7/availability's answer from the rows of `availabilityReads`, for `user`: the payout account
 * is asked only of a host the platform pays out to (commission, the account's payout tab).
 */
export function presentAvailability([years, ...seller]: BatchResponse<ReturnType<typeof availabilityReads>>, user: StoredUserSettings) {
  const paidOut = deriveUserFlags(user).commissionApplicable;
  return { years: yearsOf(years), missingSellerData: missingSellerData(sellerOf(presentSellerDetails(seller)!, new Date().toISOString()), { paidOut }) };
}
