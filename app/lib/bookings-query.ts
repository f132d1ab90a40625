import type { AllTabQueryInput } from "@contract/booking-list";
import { BOOKING_TABS, type BookingListQueryInput } from "@contract/bookings";
import type { RequestListQueryInput } from "@contract/booking-requests";
import type { InquiryListQueryInput } from "@contract/inquiries";
import { isIsoDate } from "@domain/dates";
import { pagePathname } from "./pages";

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

/** "Staying until" before "staying from": the page says so, and the list is read without the dates (the API refuses such a range). */
export const rangeReversed = (filters: Filters) => !!(filters.from && filters.to && filters.to < filters.from);

export type BookingTab = (typeof BOOKING_TABS)[number];
export const isBookingTab = (value: string | undefined): value is BookingTab => (BOOKING_TABS as readonly (string | undefined)[]).includes(value);

/** GET bookings' query for a tab of the booking list with these filters. */
export function bookingsListQuery(tab: BookingTab, filters: Filters): BookingListQueryInput {
  const dates = !rangeReversed(filters);
  return { tab, search: filters.search || undefined, unitId: filters.unitId || undefined, dateFrom: (dates && filters.from) || undefined, dateTo: (dates && filters.to) || undefined, page: filters.page };
}

/** GET booking-list's query for the All tab (every booking, and every request that did not become one) with these filters. */
export function allTabListQuery(filters: Filters): AllTabQueryInput {
  const dates = !rangeReversed(filters);
  return { search: filters.search || undefined, unitId: filters.unitId || undefined, dateFrom: (dates && filters.from) || undefined, dateTo: (dates && filters.to) || undefined, page: filters.page };
}

/** GET booking-requests' query for the requests' tab (pending requests) with these filters. */
export function requestsListQuery(filters: Filters): RequestListQueryInput {
  const dates = !rangeReversed(filters);
  return { status: "pending", search: filters.search || undefined, unitId: filters.unitId || undefined, "checkOut.from": (dates && filters.from) || undefined, "checkIn.to": (dates && filters.to) || undefined, page: filters.page };
}

/** GET booking-inquiries' query for the inquiries' tab with these filters. */
export function inquiriesListQuery(filters: Filters): InquiryListQueryInput {
  return { status: filters.status, search: filters.search || undefined, unitId: filters.unitId || undefined, page: filters.page };
}

/** The page of a list of stays a page's address reads, and which list; `tabs`: the page shows the bookings' tabs, with their counts. */
export type StayListRead = ({ list: "bookings"; query: BookingListQueryInput } | { list: "all"; query: AllTabQueryInput } | { list: "requests"; query: RequestListQueryInput } | { list: "inquiries"; query: InquiryListQueryInput }) & { tabs: boolean };

const STAY_LIST_PATH = /^\/(?:bookings\/([a-z]+)|(inquiries))$/;

/**
 * The page of bookings, requests or inquiries a request for the booking list reads, for the shell's
 * call to read it in the same batch (decision 024): a GET of `/bookings/{tab}` or `/inquiries` whose
 * list route loads. Which tabs a host may see is the route's to decide: the shell reads only the host's own.
 */
export function stayListOfRequest(url: URL): StayListRead | undefined {
  const match = STAY_LIST_PATH.exec(pagePathname(url));
  if (!match) return undefined;
  const routes = url.searchParams.get("_routes");
  if (routes !== null && !routes.split(",").some((route) => route === "routes/bookings/list" || route === "inquiries-list")) return undefined;
  const tab = match[2] ?? match[1];
  const filters = filtersOf(url);
  const tabs = match[1] !== undefined;
  if (tab === "all") return { list: "all", query: allTabListQuery(filters), tabs };
  if (isBookingTab(tab)) return { list: "bookings", query: bookingsListQuery(tab, filters), tabs };
  if (tab === "requests") return { list: "requests", query: requestsListQuery(filters), tabs };
  if (tab === "inquiries") return { list: "inquiries", query: inquiriesListQuery(filters), tabs };
  return undefined;
}
