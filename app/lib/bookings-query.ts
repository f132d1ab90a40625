import { BOOKING_TABS, type BookingListQueryInput } from "@contract/bookings";
import { isIsoDate } from "@domain/dates";
import { queryText } from "./inbox-query";

/** The booking lists' filters (`routes/bookings/list.tsx`), shared with the shell's call that reads the bookings' page (`requireAuth`). */

export const INQUIRY_FILTERS = ["all", "open", "confirmed", "rejected", "closed"] as const;

/** The list's filters as the page's query holds them; anything malformed is left out. */
export function filtersOf(url: URL) {
  const text = (name: string) => url.searchParams.get(name)?.trim().slice(0, 100) ?? "";
  const day = (name: string) => {
    const value = text(name);
    return isIsoDate(value) ? value : "";
  };
  const page = Math.min(Math.max(Number.parseInt(text("page"), 10) || 1, 1), 10_000);
  const status = text("status");
  return {
    search: text("search"),
    unitId: text("unitId"),
    from: day("from"),
    to: day("to"),
    status: (INQUIRY_FILTERS as readonly string[]).includes(status) ? (status as (typeof INQUIRY_FILTERS)[number]) : "all",
    page,
  };
}
export type Filters = ReturnType<typeof filtersOf>;

export type BookingTab = (typeof BOOKING_TABS)[number];
export const isBookingTab = (value: string | undefined): value is BookingTab => (BOOKING_TABS as readonly (string | undefined)[]).includes(value);

/** GET bookings' query for a tab of the booking list with these filters. */
export function bookingsListQuery(tab: BookingTab, filters: Filters): BookingListQueryInput {
  return { tab, search: filters.search || undefined, unitId: filters.unitId || undefined, dateFrom: filters.from || undefined, dateTo: filters.to || undefined, page: filters.page };
}

/** The same query URL-encoded, as the shell's call takes it (`bookings`); equal queries give equal texts. */
export const bookingsQueryText = (query: BookingListQueryInput) => queryText(query);

const BOOKINGS_PATH = /^\/bookings\/([a-z]+)(?:\.data)?$/;

/**
 * The bookings' page a request for a tab of the booking list reads, for the shell's call to read it in
 * the same batch (decision 024): a GET of `/bookings/{tab}` for a tab of bookings (not requests or
 * inquiries) whose list route loads.
 */
export function bookingsListOfRequest(url: URL): BookingListQueryInput | undefined {
  const tab = BOOKINGS_PATH.exec(url.pathname)?.[1];
  if (!isBookingTab(tab)) return undefined;
  const routes = url.searchParams.get("_routes");
  if (routes !== null && !routes.split(",").includes("routes/bookings/list")) return undefined;
  return bookingsListQuery(tab, filtersOf(url));
}
