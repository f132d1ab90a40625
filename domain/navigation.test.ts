import { describe, expect, it } from "vitest";
import {
  badgeFor,
  DOT_BADGE_LIMIT,
  isActive,
  navigationItems,
  statisticsHref,
  type NavigationInput,
  type NavigationItem,
} from "./navigation";

function input(overrides: Partial<NavigationInput> = {}): NavigationInput {
  return {
    role: "host",
    commissionApplicable: false,
    subscriptionApplicable: true,
    bookingsAvailable: false,
    inquiriesAvailable: false,
    appFeatures: [],
    ...overrides,
  };
}

const ids = (user: NavigationInput) => navigationItems(user).map((i) => i.id);

function item(user: NavigationInput, id: NavigationItem["id"]): NavigationItem {
  const found = navigationItems(user).find((i) => i.id === id);
  if (!found) throw new Error(`no ${id} item`);
  return found;
}

describe("navigationItems", () => {
  it("always shows calendar, properties and statistics", () => {
    expect(ids(input())).toEqual(["calendar", "properties", "statistics"]);
    expect(ids(input({ subscriptionApplicable: false, commissionApplicable: true }))).toEqual(
      expect.arrayContaining(["calendar", "properties", "statistics"]),
    );
  });

  it("shows overview only with the overview feature", () => {
    expect(ids(input({ appFeatures: ["overview"] }))).toContain("overview");
    expect(ids(input({ appFeatures: ["earnings", "bookings"] }))).not.toContain("overview");
  });

  it("shows the inbox only when commission applies", () => {
    expect(ids(input({ commissionApplicable: true, subscriptionApplicable: false }))).toContain("inbox");
    expect(ids(input({ commissionApplicable: true, subscriptionApplicable: true }))).toContain("inbox");
    expect(ids(input({ commissionApplicable: false, subscriptionApplicable: true }))).not.toContain("inbox");
  });

  it("shows bookings only when bookings are available", () => {
    expect(ids(input({ bookingsAvailable: true }))).toContain("bookings");
    expect(ids(input({ bookingsAvailable: false }))).not.toContain("bookings");
    expect(item(input({ bookingsAvailable: true }), "bookings").href).toBe("/bookings/upcoming");
  });

  it("shows inquiries to subscription hosts with inquiries available", () => {
    expect(ids(input({ subscriptionApplicable: true, inquiriesAvailable: true }))).toContain("inquiries");
    expect(ids(input({ subscriptionApplicable: true, inquiriesAvailable: false }))).not.toContain("inquiries");
  });

  it("shows inquiries to staff on a subscription account even without the feature", () => {
    expect(ids(input({ role: "staff", subscriptionApplicable: true, inquiriesAvailable: false }))).toContain("inquiries");
  });

  it("hides inquiries when subscription does not apply, for hosts and staff", () => {
    const commission = { commissionApplicable: true, subscriptionApplicable: false, inquiriesAvailable: true };
    expect(ids(input(commission))).not.toContain("inquiries");
    expect(ids(input({ ...commission, role: "staff" }))).not.toContain("inquiries");
  });

  it("orders all items: overview, inbox, calendar, bookings, inquiries, properties, statistics", () => {
    const all = input({
      commissionApplicable: true,
      subscriptionApplicable: true,
      bookingsAvailable: true,
      inquiriesAvailable: true,
      appFeatures: ["overview", "earnings"],
    });
    expect(ids(all)).toEqual(["overview", "inbox", "calendar", "bookings", "inquiries", "properties", "statistics"]);
  });

  it("orders the items of a commission host", () => {
    expect(ids(input({ commissionApplicable: true, subscriptionApplicable: false, bookingsAvailable: true }))).toEqual([
      "inbox",
      "calendar",
      "bookings",
      "properties",
      "statistics",
    ]);
  });

  it("links the items to their routes", () => {
    const all = input({
      commissionApplicable: true,
      subscriptionApplicable: true,
      bookingsAvailable: true,
      inquiriesAvailable: true,
      appFeatures: ["overview"],
    });
    expect(Object.fromEntries(navigationItems(all).map((i) => [i.id, i.href]))).toEqual({
      overview: "/home",
      inbox: "/messages",
      calendar: "/calendar",
      bookings: "/bookings/upcoming",
      inquiries: "/inquiries",
      properties: "/properties",
      statistics: "/insights/performance",
    });
  });

  it("uses statisticsHref for the statistics item", () => {
    expect(item(input({ commissionApplicable: true, appFeatures: ["earnings"] }), "statistics").href).toBe("/insights/earnings");
    expect(item(input({ appFeatures: ["earnings"] }), "statistics").href).toBe("/insights/performance");
  });
});

describe("statisticsHref", () => {
  it("opens earnings for a commission host with the earnings feature", () => {
    expect(statisticsHref({ commissionApplicable: true, appFeatures: ["earnings"] })).toBe("/insights/earnings");
  });

  it("opens performance without earnings", () => {
    expect(statisticsHref({ commissionApplicable: true, appFeatures: [] })).toBe("/insights/performance");
    expect(statisticsHref({ commissionApplicable: true, appFeatures: ["overview"] })).toBe("/insights/performance");
  });

  it("opens performance when commission does not apply, even with the earnings feature", () => {
    expect(statisticsHref({ commissionApplicable: false, appFeatures: ["earnings"] })).toBe("/insights/performance");
  });
});

describe("isActive", () => {
  const bookings = item(input({ bookingsAvailable: true }), "bookings");
  const calendar = item(input(), "calendar");
  const statistics = item(input(), "statistics");

  it("is active on the exact route", () => {
    expect(isActive(bookings, "/bookings")).toBe(true);
    expect(isActive(calendar, "/calendar")).toBe(true);
  });

  it("is active on sub-routes", () => {
    expect(isActive(bookings, "/bookings/upcoming")).toBe(true);
    expect(isActive(bookings, "/bookings/past/2024")).toBe(true);
    expect(isActive(calendar, "/calendar/123")).toBe(true);
    expect(isActive(statistics, "/insights/earnings")).toBe(true);
    expect(isActive(statistics, "/insights/performance")).toBe(true);
  });

  it("matches whole path segments only", () => {
    expect(isActive(bookings, "/bookingsx")).toBe(false);
    expect(isActive(bookings, "/bookings-archive")).toBe(false);
    expect(isActive(calendar, "/calendars")).toBe(false);
  });

  it("is not active on other routes", () => {
    expect(isActive(bookings, "/calendar")).toBe(false);
    expect(isActive(calendar, "/bookings/upcoming")).toBe(false);
    expect(isActive(bookings, "/")).toBe(false);
    expect(isActive(bookings, "/x/bookings")).toBe(false);
  });

  it("highlights Bookings on booking-details and booking-request routes", () => {
    expect(isActive(bookings, "/booking-details/42")).toBe(true);
    expect(isActive(bookings, "/booking-request-details/42")).toBe(true);
    expect(isActive(bookings, "/booking-request-confirmation/42")).toBe(true);
    expect(isActive(calendar, "/booking-details/42")).toBe(false);
  });
});

describe("badgeFor", () => {
  it("shows nothing for zero or less", () => {
    expect(badgeFor(0)).toEqual({ kind: "none" });
    expect(badgeFor(-3)).toEqual({ kind: "none" });
  });

  it("shows the count from 1 to 10", () => {
    expect(DOT_BADGE_LIMIT).toBe(10);
    for (let count = 1; count <= 10; count++) expect(badgeFor(count)).toEqual({ kind: "count", count });
  });

  it("shows a dot above 10", () => {
    expect(badgeFor(11)).toEqual({ kind: "dot" });
    expect(badgeFor(250)).toEqual({ kind: "dot" });
  });
});
