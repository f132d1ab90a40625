import { shell as contract } from "@contract/shell";
import { priceListQuery, unitsCalendarQuery } from "@contract/pricing";
import { pendingRequestsQuery } from "@api/booking-requests/routes";
import type { PublicApiEnv } from "@api/context";
import { eq, sql, type Placeholder } from "drizzle-orm";
import { users } from "@api/db/schema";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { z } from "zod";
import { cachedRowsStatement } from "@api/db/rows-column";
import type { Database } from "@api/db/client";
import { validationFailed, zodErrors } from "@api/lib/errors";
import { calendarUnitsReads, presentCalendarUnits } from "@api/calendar/units-menu";
import { ownedExportReads, presentOwnedExport } from "@api/ical/export";
import { ownedFeedsReads, presentOwnedFeeds } from "@api/ical/feeds";
import { figuresReads, presentEarnings, presentOccupancy, presentPerformance, presentReviews, reviewsReads, shellBatchItem } from "@api/insights/figures";
import { principalWith } from "@api/lib/principal";
import { contractRouter } from "@api/lib/openapi";
import { presentPhoto, unitPhotoRows } from "@api/photos/routes";
import { presentUnitsCalendar, presentUnitsCalendarCells, unitsCalendarCellsReads, unitsCalendarReads, type DayRange } from "@api/pricing/prices";
import { ownedConfigurationReads, ownedPriceListReads, ownedPromotionsReads, presentOwnedConfiguration, presentOwnedPriceList, presentOwnedPromotions } from "@api/pricing/routes";
import { presentUnit } from "@api/properties/present";
import { presentListItems, unsearchedListReads } from "@api/properties/routes";
import { ownedUnitWithPhotoSummaryQueries, photoSummariesOf } from "@api/properties/queries";
import { conversationListQuery } from "@contract/messaging";
import { bookingListQuery } from "@contract/bookings";
import { requestListQuery } from "@contract/booking-requests";
import { inquiryListQuery } from "@contract/inquiries";
import { allStaysListReads, allStaysPageOf, bookingsListReads, bookingsPageOf, inquiriesListReads, inquiriesPageOf, requestListQueryOf, requestsListReads, requestsPageOf, tabCountsOf, tabCountsRead } from "@api/bookings/queries";
import { presentAllTab, presentBookingListItem, presentInquiryListItem, presentPage, presentRequestListItem } from "@api/bookings/present";
import { allTabQuery } from "@contract/booking-list";
import { localDaysAt } from "@domain/time-zones";
import { presentInbox } from "@api/messaging/present";
import { inboxReads, unreadConversationsQuery } from "@api/messaging/queries";
import { presentCurrentUser } from "@api/user/current-user";
import { listInteractions, presentInteractions } from "@api/user/routes";
import { guestProfileCompletedAt, overviewReads, presentNotifications, unitFactsNow, unitFactsRead } from "@api/overview/queries";
import { unitFactsAt } from "@api/overview/kept-unit-facts";
import { presentOverview } from "@api/overview/present";
import { presentSubscriptionPage, subscriptionPageReads } from "@api/subscriptions/page";
import { billingReads, presentBilling } from "@api/user/billing";
import { presentProfile, profileReads } from "@api/user/account-routes";
import { translator } from "@api/lib/translate";
import { availabilityReads, presentAvailability } from "@api/reports/dac7";
import { todayUtc } from "@domain/dates";
import { DEFAULT_LOCALE, resolveLocale } from "@domain/locales";
import { deriveUserFlags } from "@domain/user-flags";

// Every signed-in page reads these: their SQL is built once per isolate (decision 024).
/**
 * The host's one-value reads as columns of one row (the host's own): the pending requests (as GET
 * /booking-requests-pending-count counts them), the conversations with unread messages (as GET
 * /messaging/unread-count) and when the ideal guest was confirmed (for the notifications). Each is
 * the same select as on its own; one statement of three columns costs the local D1 less than three
 * (decision 024, "what the shell's in-process call costs"). The tooltips, tours and notifications
 * seen come as a column too: GET /user/interactions' select as its JSON rows (decision 049).
 */
const hostCounts = cachedRowsStatement(
  (db, $: (name: "hostUserId" | "now") => Placeholder) => ({ interactions: listInteractions(db, $("hostUserId")) }),
  (db, $: (name: "hostUserId" | "now") => Placeholder, columns) =>
    db
      .select({
        pendingCount: sql<number>`(${pendingRequestsQuery(db, $("hostUserId"), $("now"))})`.mapWith(Number).as("pending_count"),
        unreadConversations: sql<number>`(${unreadConversationsQuery(db, $("hostUserId"))})`.mapWith(Number).as("unread_conversations"),
        guestProfileCompletedAt: guestProfileCompletedAt($("hostUserId")).as("guest_profile_completed_at"),
        ...columns,
        // The revision of what unitFactsRead reads, at the same moment (decision 047).
        unitsRevision: users.unitsRevision,
      })
      .from(users)
      .where(eq(users.id, $("hostUserId"))),
);
const shellReads = (db: Database, hostUserId: number) => [hostCounts.statement(db, { hostUserId, now: Date.now() }), ...unitFactsRead(db, hostUserId)] as const;

/** A part's answers: the batch's answers to its statements, or null when the page did not ask for it. */
type AnswerOf<P> = P extends readonly BatchItem<"sqlite">[] ? BatchResponse<P> : null;

/** The days asked for a calendar, checked as its own endpoint checks `dateFrom` and `dateTo` (400 with the same errors). */
function checkedDays(schema: z.ZodType<{ dateFrom: string; dateTo: string }>, dateFrom: string | undefined, dateTo: string | undefined): DayRange {
  const result = schema.safeParse({ dateFrom, dateTo });
  if (!result.success) throw validationFailed(zodErrors(result.error));
  return { dateFrom: result.data.dateFrom, dateTo: result.data.dateTo };
}

/** A list's query, URL-encoded, checked as its own endpoint checks it (400 with the same errors). */
function checkedQuery<S extends z.ZodType>(schema: S, text: string): z.output<S> {
  const result = schema.safeParse(Object.fromEntries(new URLSearchParams(text)));
  if (!result.success) throw validationFailed(zodErrors(result.error));
  return result.data;
}

/**
 * What the signed-in shell shows on every page, in one call and one D1 round trip with the principal
 * (registered before the principal middleware, see principalWith): the current user
 * (as GET /user/info), the tooltips and tours seen (as GET /user/interactions) and the pending
 * booking requests (as GET /booking-requests-pending-count) and the conversations with unread
 * messages (as GET /messaging/unread-count). A page adds what it shows to the same
 * batch (decision 024), each as its own endpoint answers it:
 * - `unit`: the unit and its photos, as GET /property-unit/{id} and its /photos (null for another
 *   host's or a deleted unit: the statements are limited to the principal's host);
 * - `propertyListPage`: that page of GET /property-list without a search;
 * - `priceListUnit` with `calendarFrom`/`calendarTo`: the unit's GET /property-unit/{id}/price-list
 *   (null for another host's unit), for the unit calendar;
 * - `priceConfigurationUnit`: that unit's GET /property-unit/{id}/price-configuration with the version
 *   of its ETag (null for another host's unit), for the unit's price and availability section;
 * - `promotionsUnit`: that unit's GET …/promotions/configuration and GET …/promotions (null for
 *   another host's unit), for its promotions section;
 * - `unitsCalendarPage` with the days: GET /property-units/calendar; with `unitsCalendarCells`, that
 *   page as the calendar of all units shows it instead (`unitsCalendarCells`: prices and a digit per cell);
 * - `overview`: the overview page's day, tasks, listing issues, credits and month;
 * - `bookings`, `requests`, `inquiries`, `bookingList`: a page of GET /bookings, /booking-requests,
 *   /booking-inquiries or /booking-list (the All tab), its query as that endpoint takes it (URL-encoded);
 * - `bookingTabCounts`: how many stays each tab of the bookings list holds, as GET /booking-list/tab-counts;
 * - `inbox`: a page of GET /messaging/conversations, its query as that endpoint takes it (URL-encoded);
 * - `subscriptionUnit` (with `hl`): a unit's subscription pages' data, as GET v2/user/subscription,
 *   payment-source/status and self-renewal/plans/{unitId} without a coupon answer it;
 * - `billing`: the account's billing tab, as GET user/onboarding/getIndividualDetails or
 *   getBusinessDetails answers it for the host's type;
 * - `profile`: the account's profile tab, as GET user/profile answers it.
 * - `insights` (performance, earnings, occupancy) with `insightsFrom`/`insightsTo` (and `insightsUnit`,
 *   `insightsUnitsPage`): an insights page's figures as GET /insights/{tab} answers them (null for
 *   another host's unit); `insights=reviews` (with `insightsPage`, `insightsSearch`): the reviews tab
 *   as GET /insights/reviews answers it.
 * - `calendarUnits`: the units of the property list's first page as the unit calendar lists them;
 * - `icalFeedsUnit`: that unit's imported calendars as GET /property-unit/{id}/ical-feeds lists them
 *   (null for another host's unit), for the unit calendar's sync and import panels;
 * - `icalExportUnit`: its export address as GET /property-unit/{id}/ical-export answers it, once
 *   that endpoint has made it (null before, and for another host's unit);
 * - `taxReport`: the tax report page's years and missing seller data, as GET /report/dac7/availability.
 * Every answer carries the notifications (as GET /user/interactions answers them).
 */
export const shellRoutes = contractRouter<PublicApiEnv>().openapi(contract.get, async (c) => {
  const { unit: unitId, propertyListPage, priceListUnit, priceConfigurationUnit, promotionsUnit, unitsCalendarPage, unitsCalendarCells, calendarFrom, calendarTo, overview, bookings: bookingsText, requests: requestsText, inquiries: inquiriesText, bookingList: bookingListText, bookingTabCounts, inbox, subscriptionUnit, hl, billing, profile: profileTab, insights, insightsUnit, insightsFrom, insightsTo, insightsUnitsPage, insightsPage, insightsSearch, calendarUnits, icalFeedsUnit, icalExportUnit, taxReport } = c.req.valid("query");
  // An insights page's figures (performance, earnings, occupancy), as GET /insights/{tab} reads them.
  const figuresTab = insights === "reviews" ? undefined : insights;
  const figuresQuery = figuresTab && insightsFrom && insightsTo ? { unitId: insightsUnit, from: insightsFrom, to: insightsTo, unitsPage: insightsUnitsPage } : undefined;
  // The reviews tab's page of reviews, as GET /insights/reviews reads it.
  const reviewsQuery = insights === "reviews" ? { unitId: insightsUnit, unitsPage: insightsUnitsPage, page: insightsPage, search: insightsSearch || undefined } : undefined;
  const now = new Date();
  const priceListDays = priceListUnit ? checkedDays(priceListQuery, calendarFrom, calendarTo) : undefined;
  const unitsCalendarDays = unitsCalendarPage ? checkedDays(unitsCalendarQuery, calendarFrom, calendarTo) : undefined;
  const inboxQuery = inbox === undefined ? undefined : checkedQuery(conversationListQuery, inbox);
  const bookingsQuery = bookingsText === undefined ? undefined : checkedQuery(bookingListQuery, bookingsText);
  const requestsQuery = requestsText === undefined ? undefined : requestListQueryOf(checkedQuery(requestListQuery, requestsText));
  const inquiriesQuery = inquiriesText === undefined ? undefined : checkedQuery(inquiryListQuery, inquiriesText);
  const allTabListQuery = bookingListText === undefined ? undefined : checkedQuery(allTabQuery, bookingListText);

  // Each part's statements go into the one batch; its answers are the slice of the same length.
  const parts = (db: Database, hostUserId: number) => ({
    shell: shellReads(db, hostUserId),
    unit: unitId ? ([...ownedUnitWithPhotoSummaryQueries(db, hostUserId, unitId), unitPhotoRows(db, { hostUserId, unitId })] as const) : null,
    list: propertyListPage ? unsearchedListReads(db, hostUserId, propertyListPage) : null,
    priceList: priceListUnit && priceListDays ? ownedPriceListReads(db, hostUserId, priceListUnit, priceListDays) : null,
    priceConfiguration: priceConfigurationUnit ? ownedConfigurationReads(db, hostUserId, priceConfigurationUnit) : null,
    promotions: promotionsUnit ? ownedPromotionsReads(db, hostUserId, promotionsUnit) : null,
    unitsCalendar: unitsCalendarPage && unitsCalendarDays && !unitsCalendarCells ? unitsCalendarReads(db, hostUserId, unitsCalendarDays, unitsCalendarPage) : null,
    unitsCalendarCells: unitsCalendarPage && unitsCalendarDays && unitsCalendarCells ? unitsCalendarCellsReads(db, hostUserId, unitsCalendarDays, unitsCalendarPage) : null,
    overview: overview ? overviewReads(db, hostUserId, now) : null,
    bookings: bookingsQuery ? bookingsListReads(db, hostUserId, bookingsQuery, localDaysAt(now)) : null,
    requests: requestsQuery ? requestsListReads(db, hostUserId, requestsQuery, now) : null,
    inquiries: inquiriesQuery ? inquiriesListReads(db, hostUserId, inquiriesQuery) : null,
    bookingList: allTabListQuery ? allStaysListReads(db, hostUserId, allTabListQuery) : null,
    bookingTabCounts: bookingTabCounts ? ([tabCountsRead(db, hostUserId, now, localDaysAt(now))] as const) : null,
    inbox: inboxQuery ? inboxReads(db, hostUserId, inboxQuery) : null,
    subscriptionPage: subscriptionUnit ? subscriptionPageReads(db, hostUserId, subscriptionUnit) : null,
    billing: billing ? billingReads(db, hostUserId) : null,
    profile: profileTab ? profileReads(db, hostUserId) : null,
    figures: figuresTab && figuresQuery ? figuresReads((statement) => shellBatchItem(db, statement), figuresTab, { hostUserId, unitId: insightsUnit || undefined }, figuresQuery) : null,
    reviews: reviewsQuery ? reviewsReads((statement) => shellBatchItem(db, statement), { hostUserId, unitId: insightsUnit || undefined }, reviewsQuery) : null,
    calendarUnits: calendarUnits ? calendarUnitsReads(db, hostUserId) : null,
    icalFeeds: icalFeedsUnit ? ownedFeedsReads(db, hostUserId, icalFeedsUnit) : null,
    icalExport: icalExportUnit ? ownedExportReads(db, hostUserId, icalExportUnit) : null,
    taxReport: taxReport ? availabilityReads(db, hostUserId, todayUtc()) : null,
  });
  type Parts = ReturnType<typeof parts>;
  type Answers = { [K in keyof Parts]: AnswerOf<Parts[K]> };
  let built: Parts | undefined;
  const [principal, results] = await principalWith(c, (db, hostUserId) => {
    built = parts(db, hostUserId);
    // Every asked part's statements, in the order of `parts`: the answers are taken in the same order below.
    return Object.values(built).flatMap((reads) => reads ?? []) as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
  });
  // The answers in the order the statements went: each part takes as many as it sent (null for a part not asked).
  let at = 0;
  const taken: Record<string, unknown> = {};
  for (const [name, reads] of Object.entries(built!)) {
    taken[name] = reads ? results.slice(at, (at += reads.length)) : null;
  }
  const answers = taken as Answers;

  const [[counts], unitRows] = answers.shell;
  const interactions = hostCounts.rowsOf("interactions", counts?.interactions);
  const units = unitFactsAt(principal.user.id, counts?.unitsRevision, unitRows) ?? unitFactsAt(principal.user.id, counts?.unitsRevision, await unitFactsNow(c.var.db, principal.user.id))!;
  const profile = counts?.guestProfileCompletedAt ? { completedAt: counts.guestProfileCompletedAt } : undefined;
  const user = presentCurrentUser(principal);
  const body: z.input<typeof contract.get.responses[200]["content"]["application/json"]["schema"]> = {
    user,
    interactions: presentInteractions(interactions),
    pendingCount: counts?.pendingCount ?? 0,
    unreadConversations: counts?.unreadConversations ?? 0,
    notifications: presentNotifications({ bookingsAvailable: user.bookingsAvailable, commissionApplicable: user.commissionApplicable, createdAt: principal.user.createdAt }, units, profile, interactions),
  };
  if (answers.unit) {
    const [[unit], [property], summaries, photos] = answers.unit;
    const found = unit && property;
    body.unit = found ? presentUnit(property, unit, photoSummariesOf([unit.id], summaries).get(unit.id)!) : null;
    body.unitPhotos = found ? photos.map(presentPhoto) : null;
  }
  if (answers.list && propertyListPage) body.propertyList = presentListItems(propertyListPage, answers.list);
  if (answers.priceList && priceListDays) body.priceList = presentOwnedPriceList(principal.user, priceListDays, answers.priceList);
  if (answers.priceConfiguration) body.priceConfiguration = presentOwnedConfiguration(principal.user, answers.priceConfiguration);
  if (answers.promotions) body.promotions = presentOwnedPromotions(answers.promotions);
  if (answers.overview) {
    const day = presentOverview(principal, answers.overview, units, profile, interactions, user, now);
    // The inbox applies to hosts on commission (§6): their unread conversations, as the navigation counts them.
    body.overview = { ...day, unreadMessages: user.commissionApplicable ? (counts?.unreadConversations ?? 0) : null };
  }
  if (answers.bookings && bookingsQuery) body.bookings = presentPage(bookingsQuery, bookingsPageOf(answers.bookings), presentBookingListItem);
  if (answers.requests && requestsQuery) body.requests = presentPage(requestsQuery, requestsPageOf(answers.requests), (row, place) => presentRequestListItem(row, place, now));
  if (answers.inquiries && inquiriesQuery) body.inquiries = presentPage(inquiriesQuery, inquiriesPageOf(answers.inquiries), presentInquiryListItem);
  if (answers.bookingList && allTabListQuery) body.bookingList = presentAllTab(allTabListQuery, allStaysPageOf(answers.bookingList), now);
  if (answers.bookingTabCounts) body.bookingTabCounts = tabCountsOf(answers.bookingTabCounts[0]);
  if (answers.inbox && inboxQuery) {
    body.inbox = presentInbox(inboxQuery, answers.inbox, now);
    // The page opening a conversation reads it: the navigation counts it read already, as the list does.
    if (inboxQuery.opened) body.unreadConversations = body.inbox.unreadConversations;
  }
  if (answers.unitsCalendar && unitsCalendarDays && unitsCalendarPage) body.unitsCalendar = presentUnitsCalendar(principal.user, unitsCalendarDays, unitsCalendarPage, answers.unitsCalendar);
  if (answers.unitsCalendarCells && unitsCalendarDays && unitsCalendarPage) body.unitsCalendarCells = presentUnitsCalendarCells(principal.user, unitsCalendarDays, unitsCalendarPage, answers.unitsCalendarCells);
  if (answers.subscriptionPage) {
    const t = translator(resolveLocale(hl) ?? resolveLocale(principal.user.locale) ?? DEFAULT_LOCALE);
    body.subscriptionPage = presentSubscriptionPage(deriveUserFlags(principal.user), answers.subscriptionPage, now, t);
  }
  if (answers.billing) body.billing = presentBilling(principal.user, answers.billing);
  if (answers.profile) body.profile = presentProfile(principal.user, answers.profile[0][0]);
  if (answers.figures && figuresTab && figuresQuery) {
    const scope = { hostUserId: principal.user.id, unitId: insightsUnit || undefined };
    const rows = answers.figures as unknown as Record<string, unknown>[][];
    if (figuresTab === "performance") body.insightsPerformance = presentPerformance(scope, figuresQuery, rows, principal.user.currency);
    if (figuresTab === "earnings") body.insightsEarnings = presentEarnings(scope, figuresQuery, rows, principal.user.currency);
    if (figuresTab === "occupancy") body.insightsOccupancy = presentOccupancy(scope, figuresQuery, rows, principal.user.currency);
  }
  if (answers.reviews && reviewsQuery) {
    const scope = { hostUserId: principal.user.id, unitId: insightsUnit || undefined };
    body.insightsReviews = presentReviews(scope, reviewsQuery, answers.reviews as unknown as Record<string, unknown>[][], principal.user.currency, now);
  }
  if (answers.calendarUnits) body.calendarUnits = presentCalendarUnits(answers.calendarUnits);
  if (answers.icalFeeds) body.icalFeeds = presentOwnedFeeds(answers.icalFeeds);
  if (answers.icalExport) body.icalExport = presentOwnedExport(c.env.APP_URL, answers.icalExport);
  if (answers.taxReport) body.taxReport = presentAvailability(answers.taxReport, principal.user);
  return c.json(body, 200);
});
