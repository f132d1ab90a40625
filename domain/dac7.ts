import { daysBetween, type IsoDate } from "./days";
import { earliestCheckInReaching } from "./pricing";

/**
 * DAC7 (Council Directive (EU) 2021/514): what the platform reports of a seller of rentals of
 * immovable property, derived from the bookings (decision 035). Pure: the API reads the rows page by
 * page and hands each booking to `activityOf`, adding the result to its listing's totals.
 */

export type Quarter = 1 | 2 | 3 | 4;
export const QUARTERS: readonly Quarter[] = [1, 2, 3, 4];

/** The calendar quarter of a day: January–March is 1, October–December 4. */
export function quarterOf(date: IsoDate): Quarter {
  return (Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1) as Quarter;
}

/** The first day of `year` and of the year after: a year is the half-open range [start, end). */
export function yearRange(year: number): { start: IsoDate; end: IsoDate } {
  return { start: `${String(year).padStart(4, "0")}-01-01`, end: `${String(year + 1).padStart(4, "0")}-01-01` };
}

/** The nights of the stay [checkIn, checkOut) that fall in `year` and before `asOf` (nights to come are not rented yet). */
export function nightsInYear(stay: { checkIn: IsoDate; checkOut: IsoDate }, year: number, asOf: IsoDate): number {
  const { start, end } = yearRange(year);
  const from = stay.checkIn > start ? stay.checkIn : start;
  const limit = [stay.checkOut, end, asOf].reduce((a, b) => (a < b ? a : b));
  return Math.max(0, daysBetween(from, limit));
}

export interface Dac7Instalment {
  due: "booking" | IsoDate;
  method: "online" | "on_arrival";
  amount: number;
}

/** A booking as the report reads it: the money it was sold with and what happened to it. */
export interface Dac7Booking {
  status: string;
  checkIn: IsoDate;
  checkOut: IsoDate;
  bookedOn: IsoDate;
  total: number;
  commission: number;
  instalments: readonly Dac7Instalment[];
  /** The day it was cancelled (UTC), for a cancelled booking. */
  cancelledOn: IsoDate | null;
}

/**
 * What the guest had paid when a booking was cancelled: the online instalments due at booking or by
 * the day of the cancellation. An instalment due on arrival is paid to the host at the property, so
 * a stay cancelled before it starts never receives it.
 */
export function paidBeforeCancellation(instalments: readonly Dac7Instalment[], bookedOn: IsoDate, cancelledOn: IsoDate): number {
  return instalments.filter((i) => i.method === "online" && (i.due === "booking" ? bookedOn : i.due) <= cancelledOn).reduce((sum, i) => sum + i.amount, 0);
}

/** Half up to a minor unit: the share of `amount` that `part` of `whole` stands for. */
function shareOf(amount: number, part: number, whole: number): number {
  return whole === 0 ? 0 : Math.floor((amount * part) / whole + 0.5);
}

/** What a cancelled booking keeps, in minor units: what the guest had paid, the platform's commission on it, and the host's rest. */
export interface KeptOnCancellation {
  gross: number;
  commission: number;
  payout: number;
}

/**
 * The money a cancelled booking keeps (decision 037; the insights' earnings and this report count it
 * the same way): what the guest had paid by the day of the cancellation (`paidBeforeCancellation`),
 * the commission's share of that payment (half up), and the rest, which the host keeps.
 */
export function keptOnCancellation(booking: Pick<Dac7Booking, "total" | "commission" | "instalments" | "bookedOn"> & { cancelledOn: IsoDate }): KeptOnCancellation {
  const gross = paidBeforeCancellation(booking.instalments, booking.bookedOn, booking.cancelledOn);
  const commission = shareOf(booking.commission, gross, booking.total);
  return { gross, commission, payout: gross - commission };
}

/** One booking's part in a year's report. */
export interface Dac7Activity {
  /** The day the consideration was credited to the host, when it falls in the year and before `asOf`; else null. */
  creditedOn: IsoDate | null;
  quarter: Quarter | null;
  /** What the host was paid or credited: what the guest paid less the platform's commission (minor units). */
  consideration: number;
  /** The platform's fees and commissions on it (minor units). */
  fees: number;
  /** Taxes the platform withheld or charged: none (local taxes are in the guest's total and pass to the host). */
  taxes: number;
  /** The nights rented in the year (nights of a stay that happened, cancelled stays have none). */
  nights: number;
}

/**
 * A booking's part in `year`'s report, as of the day `asOf` (the report's day; later credits and
 * nights are not in it), or null when it has none:
 * - a stay that was not cancelled is credited whole on its check-in day (the platform pays the host
 *   out when the guest arrives): the total less the commission, the commission as fees, in the
 *   quarter of the check-in; its nights count in the year each falls in, so a stay across a year end
 *   is credited in the first year and rents nights in both;
 * - a cancelled stay counts only with what the guest had paid (`paidBeforeCancellation`), credited on
 *   the day of the cancellation, with the commission's share of that payment; it rents no nights.
 */
export function activityOf(booking: Dac7Booking, year: number, asOf: IsoDate): Dac7Activity | null {
  const { start, end } = yearRange(year);
  const inYear = (day: IsoDate) => day >= start && day < end && day <= asOf;
  if (booking.status === "CANCELLED") {
    if (!booking.cancelledOn || !inYear(booking.cancelledOn)) return null;
    const kept = keptOnCancellation({ ...booking, cancelledOn: booking.cancelledOn });
    if (kept.gross <= 0) return null;
    return { creditedOn: booking.cancelledOn, quarter: quarterOf(booking.cancelledOn), consideration: kept.payout, fees: kept.commission, taxes: 0, nights: 0 };
  }
  const nights = nightsInYear(booking, year, asOf);
  const credited = inYear(booking.checkIn);
  if (!credited && nights === 0) return null;
  return {
    creditedOn: credited ? booking.checkIn : null,
    quarter: credited ? quarterOf(booking.checkIn) : null,
    consideration: credited ? booking.total - booking.commission : 0,
    fees: credited ? booking.commission : 0,
    taxes: 0,
    nights,
  };
}

/** The bookings a year's report reads: stays with a night in the year (one starts at most 365 nights before it), and cancellations in it. */
export function stayWindow(year: number): { checkInFrom: IsoDate; checkInBefore: IsoDate; checkOutAfter: IsoDate } {
  const { start, end } = yearRange(year);
  return { checkInFrom: earliestCheckInReaching(start), checkInBefore: end, checkOutAfter: start };
}

export interface ListingAddress {
  countryCode: string | null;
  postalCode: string | null;
  city: string | null;
  street: string | null;
  houseNumberOrName: string | null;
}

const normalised = (part: string | null) => (part ?? "").normalize("NFKC").toLocaleLowerCase("en").replace(/[\s.,]+/g, " ").trim();

/**
 * The listing a unit belongs to in the report: units at the same street address offered by the same
 * host are one property listing (DAC7), whichever property they were entered under. The key is the
 * address with case, spacing and punctuation ignored; a property without a street address is a
 * listing of its own.
 */
export function listingKeyOf(address: ListingAddress, propertyId: string): string {
  if (!address.street || !address.city || !address.countryCode) return `property:${propertyId}`;
  return [address.countryCode, address.postalCode, address.city, address.street, address.houseNumberOrName].map(normalised).join("|");
}

export interface QuarterTotals {
  consideration: number;
  activities: number;
  fees: number;
  taxes: number;
}

/** A listing's totals for the year: days rented and, per quarter, consideration, rental activities, fees and taxes. */
export interface ListingTotals {
  daysRented: number;
  quarters: Record<Quarter, QuarterTotals>;
}

const emptyQuarter = (): QuarterTotals => ({ consideration: 0, activities: 0, fees: 0, taxes: 0 });

export function emptyListingTotals(): ListingTotals {
  const quarter = emptyQuarter;
  return { daysRented: 0, quarters: { 1: quarter(), 2: quarter(), 3: quarter(), 4: quarter() } };
}

/** Adds a booking's activity to its listing: a credit is one rental activity of its quarter. */
export function addActivity(totals: ListingTotals, activity: Dac7Activity): void {
  totals.daysRented += activity.nights;
  if (activity.quarter === null) return;
  const q = totals.quarters[activity.quarter];
  q.consideration += activity.consideration;
  q.fees += activity.fees;
  q.taxes += activity.taxes;
  q.activities += 1;
}

// ---------------------------------------------------------------------------------------------
// The seller and what is missing of them

export interface Dac7Seller {
  kind: "individual" | "entity";
  firstName: string | null;
  lastName: string | null;
  legalName: string | null;
  primaryAddress: string | null;
  taxIdentifications: { id: string; countryIsoCode: string }[];
  vatId: string | null;
  dateOfBirth: string | null;
  businessRegistrationNumber: string | null;
  /** The EU member states where an entity has a permanent establishment; null when not answered. */
  permanentEstablishments: string[] | null;
  iban: string | null;
  accountHolder: string | null;
}

export const SELLER_FIELDS = ["name", "primaryAddress", "taxIdentification", "dateOfBirth", "businessRegistrationNumber", "vatId", "permanentEstablishments", "iban"] as const;
export type SellerField = (typeof SELLER_FIELDS)[number];

/**
 * The elements of the seller DAC7 needs that the host has not given. A VAT number is reported where
 * it exists: it is missing only for an entity (a company without one says so in its details). The
 * financial account is reported insofar as the platform has it: only a host it pays out to (on
 * commission, with the account's payout details) is asked for one; a host on a subscription is paid
 * by the guests and has no payout account with us.
 */
export function missingSellerData(seller: Dac7Seller, { paidOut }: { paidOut: boolean }): SellerField[] {
  const missing: SellerField[] = [];
  const individual = seller.kind === "individual";
  if (individual ? !seller.firstName || !seller.lastName : !seller.legalName) missing.push("name");
  if (!seller.primaryAddress) missing.push("primaryAddress");
  if (seller.taxIdentifications.length === 0) missing.push("taxIdentification");
  if (individual && !seller.dateOfBirth) missing.push("dateOfBirth");
  if (!individual && !seller.businessRegistrationNumber) missing.push("businessRegistrationNumber");
  if (!individual && !seller.vatId) missing.push("vatId");
  if (!individual && seller.permanentEstablishments === null) missing.push("permanentEstablishments");
  if (paidOut && !seller.iban) missing.push("iban");
  return missing;
}

// ---------------------------------------------------------------------------------------------
// CSV

/**
 * One CSV record (RFC 4180) with its line break: a cell with a comma, a quote or a line break is
 * quoted, its quotes doubled. A text cell that a spreadsheet would read as a formula (it begins with
 * =, +, -, @, a tab or a carriage return) is prefixed with an apostrophe. Numbers are written as they are.
 */
export function csvRecord(cells: readonly (string | number | null)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

function csvCell(cell: string | number | null): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell);
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Minor units as a decimal amount with two places: 12050 → "120.50". */
export function decimalAmount(minorUnits: number): string {
  const sign = minorUnits < 0 ? "-" : "";
  const abs = Math.abs(minorUnits);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
