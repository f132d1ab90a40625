import { createRoute, z } from "@hono/zod-openapi";
import { pendingCountSchema } from "./booking-requests";
import { commonErrors, json, security } from "./http";
import { photoSchema } from "./photos";
import { priceConfigurationSchema, priceListSchema, promotionOfferSchema, promotionSchema, unitsCalendarCellsSchema, unitsCalendarSchema } from "./pricing";
import { propertyListItemsPageSchema } from "./properties";
import { unitSchema } from "./units";
import { currentUserSchema, interactionSchema } from "./user";
import { conversationListSchema } from "./messaging";
import { bookingsPageSchema } from "./bookings";
import { requestsPageSchema } from "./booking-requests";
import { inquiriesPageSchema } from "./inquiries";
import { bookingListPageSchema, bookingTabCountsSchema } from "./booking-list";
import { notificationSchema, overviewSchema } from "./home";
import { subscriptionPageSchema } from "./subscriptions";
import { businessSchema, individualSchema } from "./onboarding";
import { hostProfileSchema } from "./account";
import { earningsSchema, insightsQuery, insightsReviewsSchema, occupancySchema, performanceSchema, reviewsQuery } from "./insights";
import { exportSchema as icalExportSchema, feedSchema as icalFeedSchema } from "./ical";
import { availabilitySchema } from "./reports";

/**
 * What the signed-in shell shows on every page, in one call; a unit's page also gets its unit and its
 * photos with it, the property list its page, the calendars their days (one call and one D1 round trip
 * instead of two or three, decision 024).
 */
export const shellSchema = z
  .object({
    user: currentUserSchema,
    interactions: z.array(interactionSchema),
    pendingCount: pendingCountSchema,
    unreadConversations: z.number().int().openapi({ description: "Conversations of the inbox with messages the host has not read (as GET messaging/unread-count)" }),
    notifications: z.array(notificationSchema).openapi({ description: "The notifications (as GET user/interactions answers them)" }),
    overview: overviewSchema.optional().openapi({ description: "Only when asked with `overview`: the overview page's day, tasks, listing issues, subscription credits and month" }),
    unit: unitSchema.nullable().optional().openapi({ description: "Only when asked with `unit`: the unit as GET /api/app/property-unit/{id} answers it, or null when the host has no such unit" }),
    unitPhotos: z
      .array(photoSchema)
      .nullable()
      .optional()
      .openapi({ description: "Only when asked with `unit`: its photos as GET /api/app/property-unit/{id}/photos lists them, or null when the host has no such unit" }),
    propertyList: propertyListItemsPageSchema
      .optional()
      .openapi({ description: "Only when asked with `propertyListPage`: that page of the host's properties as GET /api/app/property-list answers it without a search" }),
    priceList: priceListSchema
      .nullable()
      .optional()
      .openapi({ description: "Only when asked with `priceListUnit`: that unit's days `calendarFrom`…`calendarTo` as GET /api/app/property-unit/{id}/price-list answers them, or null when the host has no such unit" }),
    priceConfiguration: z
      .object({
        configuration: priceConfigurationSchema,
        version: z.number().int().openapi({ description: "The configuration's version, as GET price-configuration names it in its ETag (for If-Match)" }),
      })
      .nullable()
      .optional()
      .openapi({ description: "Only when asked with `priceConfigurationUnit`: that unit's price configuration as GET /api/app/property-unit/{id}/price-configuration answers it, or null when the host has no such unit" }),
    promotions: z
      .object({
        offers: z.array(promotionOfferSchema).openapi({ description: "As GET /api/app/property-unit/{id}/promotions/configuration lists them" }),
        items: z.array(promotionSchema).openapi({ description: "As GET /api/app/property-unit/{id}/promotions lists them" }),
      })
      .nullable()
      .optional()
      .openapi({ description: "Only when asked with `promotionsUnit`: the promotions offered and their states on that unit, or null when the host has no such unit" }),
    bookings: bookingsPageSchema
      .optional()
      .openapi({ description: "Only when asked with `bookings`: that page of the host's bookings as GET /api/app/bookings answers it" }),
    requests: requestsPageSchema
      .optional()
      .openapi({ description: "Only when asked with `requests`: that page of the host's booking requests as GET /api/app/booking-requests answers it" }),
    inquiries: inquiriesPageSchema
      .optional()
      .openapi({ description: "Only when asked with `inquiries`: that page of the host's inquiries as GET /api/app/booking-inquiries answers it" }),
    bookingList: bookingListPageSchema
      .optional()
      .openapi({ description: "Only when asked with `bookingList`: that page of the bookings list's All tab as GET /api/app/booking-list answers it" }),
    bookingTabCounts: bookingTabCountsSchema.optional().openapi({ description: "Only when asked with `bookingTabCounts`: how many stays each tab of the bookings list holds, as GET /api/app/booking-list/tab-counts answers it" }),
    inbox: conversationListSchema.optional().openapi({ description: "Only when asked with `inbox`: that page of the inbox as GET /api/app/messaging/conversations answers it" }),
    unitsCalendar: unitsCalendarSchema
      .optional()
      .openapi({ description: "Only when asked with `unitsCalendarPage`: that page of the calendar of all units for the days `calendarFrom`…`calendarTo`, as GET /api/app/property-units/calendar answers it" }),
    unitsCalendarCells: unitsCalendarCellsSchema
      .optional()
      .openapi({ description: "Only when asked with `unitsCalendarPage` and `unitsCalendarCells`: that page as the calendar of all units shows it (each day's price and cell), instead of `unitsCalendar`" }),
    subscriptionPage: subscriptionPageSchema
      .optional()
      .openapi({ description: "Only when asked with `subscriptionUnit`: what a unit's subscription pages show (the subscription as GET v2/user/subscription, the payment source, that unit's renewal plans without a coupon)" }),
    billing: z
      .object({
        individual: individualSchema.nullable().openapi({ description: "An individual host's details as GET user/onboarding/getIndividualDetails answers them; null for a company" }),
        business: businessSchema.nullable().openapi({ description: "A company's details as GET user/onboarding/getBusinessDetails answers them; null for an individual" }),
      })
      .optional()
      .openapi({ description: "Only when asked with `billing`: the account's billing tab (§3 Tax and company details)" }),
    profile: hostProfileSchema.optional().openapi({ description: "Only when asked with `profile`: the account's profile tab, as GET user/profile answers it" }),
    insightsPerformance: performanceSchema.nullable().optional().openapi({ description: "Only when asked with `insights=performance`: as GET /api/app/insights/performance answers it, or null when the host has no such unit" }),
    insightsEarnings: earningsSchema.nullable().optional().openapi({ description: "Only when asked with `insights=earnings`: as GET /api/app/insights/earnings answers it, or null when the host has no such unit" }),
    insightsOccupancy: occupancySchema.nullable().optional().openapi({ description: "Only when asked with `insights=occupancy`: as GET /api/app/insights/occupancy answers it, or null when the host has no such unit" }),
    insightsReviews: insightsReviewsSchema.nullable().optional().openapi({ description: "Only when asked with `insights=reviews`: as GET /api/app/insights/reviews answers it (page `insightsPage`), or null when the host has no such unit" }),
    calendarUnits: z
      .array(z.object({ id: z.string(), propertyId: z.string(), title: z.string(), propertyTitle: z.string().nullable() }))
      .optional()
      .openapi({ description: "Only when asked with `calendarUnits`: the units of the property list's first page in its order, as the unit calendar lists them (a unit without a title has its property's; `propertyTitle` for a unit of a multi-unit property)" }),
    icalFeeds: z
      .array(icalFeedSchema)
      .nullable()
      .optional()
      .openapi({ description: "Only when asked with `icalFeedsUnit`: that unit's imported calendars as GET /api/app/property-unit/{id}/ical-feeds lists them, or null when the host has no such unit" }),
    icalExport: icalExportSchema
      .nullable()
      .optional()
      .openapi({ description: "Only when asked with `icalExportUnit`: that unit's export address as GET /api/app/property-unit/{id}/ical-export answers it, or null when it has none yet (that endpoint makes it) or the host has no such unit" }),
    taxReport: availabilitySchema.optional().openapi({ description: "Only when asked with `taxReport`: the tax report page's years and missing seller data, as GET /api/app/report/dac7/availability answers them" }),
  })
  .openapi("Shell");
export type Shell = z.infer<typeof shellSchema>;

export const shell = {
  get: createRoute({
    method: "get",
    path: "/api/app/shell",
    tags: ["User"],
    summary: "The current user (as GET user/info), the interactions seen (as GET user/interactions) and the pending booking requests' count, in one call; with `unit`, also that unit and its photos (as GET property-unit/{id} and its /photos); with `propertyListPage`, that page of the property list (as GET property-list); with `priceListUnit` or `unitsCalendarPage` and the days, a unit's price list or a page of the calendar of all units (as GET property-unit/{id}/price-list and GET property-units/calendar); with `overview`, the overview page's data; with `subscriptionUnit`, a unit's subscription pages' data (as GET v2/user/subscription, payment-source/status and self-renewal/plans/{unitId}); with `billing`, the tax and company details (as GET user/onboarding/getIndividualDetails or getBusinessDetails)",
    security,
    request: {
      query: z.object({
        unit: z.string().min(1).optional().openapi({ description: "A unit's id, for a page about that unit" }),
        overview: z.enum(["true"]).optional().openapi({ description: "true for the overview page (/home)" }),
        bookings: z.string().max(600).optional().openapi({ description: "The booking list's query for GET bookings, URL-encoded (tab=all&page=1…): that page of the host's bookings" }),
        requests: z.string().max(600).optional().openapi({ description: "The requests tab's query for GET booking-requests, URL-encoded (status=pending&page=1…): that page of the host's requests" }),
        inquiries: z.string().max(600).optional().openapi({ description: "The inquiries tab's query for GET booking-inquiries, URL-encoded (status=all&page=1…): that page of the host's inquiries" }),
        bookingList: z.string().max(600).optional().openapi({ description: "The All tab's query for GET booking-list, URL-encoded (page=1…): that page of the host's bookings and requests" }),
        bookingTabCounts: z.enum(["true"]).optional().openapi({ description: "true for a tab of the bookings list: how many stays each tab holds (`bookingTabCounts`)" }),
        inbox: z.string().max(600).optional().openapi({ description: "The inbox page's query for GET messaging/conversations, URL-encoded (status=all&page=1…): that page of the inbox" }),
        propertyListPage: z.coerce.number().int().min(1).max(10_000).optional().openapi({ description: "A page of the property list, for the page that opens it (no search)" }),
        priceListUnit: z.string().min(1).optional().openapi({ description: "A unit's id, for its calendar: its price list of the days `calendarFrom`…`calendarTo`" }),
        priceConfigurationUnit: z.string().min(1).optional().openapi({ description: "A unit's id, for its price and availability section: its price configuration (`priceConfiguration`)" }),
        promotionsUnit: z.string().min(1).optional().openapi({ description: "A unit's id, for its promotions section: the promotions offered and their states (`promotions`)" }),
        unitsCalendarPage: z.coerce.number().int().min(1).max(10_000).optional().openapi({ description: "A page of the calendar of all units, of the days `calendarFrom`…`calendarTo`" }),
        unitsCalendarCells: z.enum(["true"]).optional().openapi({ description: "true with `unitsCalendarPage`: answer the page's cells (`unitsCalendarCells`), for the calendar of all units" }),
        calendarFrom: z.string().optional().openapi({ description: "With `priceListUnit` or `unitsCalendarPage`: the first day (checked as the price list or the units' calendar checks `dateFrom`)" }),
        calendarTo: z.string().optional().openapi({ description: "With `priceListUnit` or `unitsCalendarPage`: the last day (checked as `dateTo` is there)" }),
        subscriptionUnit: z.string().min(1).optional().openapi({ description: "A unit's id, for its subscription pages: the host's subscription, payment source and that unit's renewal plans" }),
        hl: z.string().optional().openapi({ description: "With `subscriptionUnit`: the language of plan names and service labels (e.g. de_DE); the account's otherwise" }),
        billing: z.enum(["true"]).optional().openapi({ description: "true for the account's billing tab: the host's tax and company details (`billing`)" }),
        profile: z.enum(["true"]).optional().openapi({ description: "true for the account's profile tab: the host profile (`profile`)" }),
        insights: z.enum(["performance", "earnings", "occupancy", "reviews"]).optional().openapi({ description: "An insights page: its figures as GET /api/app/insights/{tab} answers them for `insightsFrom`…`insightsTo`; the reviews tab's page `insightsPage` (of the reviews `insightsSearch` finds)" }),
        insightsUnit: insightsQuery.shape.unitId,
        insightsFrom: insightsQuery.shape.from.optional(),
        insightsTo: insightsQuery.shape.to.optional(),
        insightsUnitsPage: insightsQuery.shape.unitsPage,
        insightsPage: reviewsQuery.shape.page,
        insightsSearch: reviewsQuery.shape.search,
        calendarUnits: z.enum(["true"]).optional().openapi({ description: "true for the unit calendar: the units it lists (`calendarUnits`)" }),
        icalFeedsUnit: z.string().min(1).optional().openapi({ description: "A unit's id, for its calendar's iCal sync and import panels: its imported calendars (`icalFeeds`)" }),
        icalExportUnit: z.string().min(1).optional().openapi({ description: "A unit's id, for its calendar's iCal export panel: its export address once made (`icalExport`)" }),
        taxReport: z.enum(["true"]).optional().openapi({ description: "true for the tax report page: the DAC7 years and the missing seller data (`taxReport`)" }),
      }),
    },
    responses: { 200: json(shellSchema, "The shell's data"), ...commonErrors },
  }),
};
