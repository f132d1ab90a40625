import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { CurrentUser } from "@contract/user";
import { authContext } from "./auth.server";
import { requireCommission } from "./guards.server";

function contextFor(commissionApplicable: boolean) {
  const context = new RouterContextProvider();
  context.set(authContext, { user: { commissionApplicable } as CurrentUser, shell: { interactions: [], pendingCount: 0, unreadConversations: 0, notifications: [] }, session: {} as never, api: async () => undefined as never, call: async () => undefined as never, callWithHeaders: async () => undefined as never, stream: async () => new Response(), unit: async () => undefined as never, unitPhotos: async () => [], propertyList: async () => undefined as never, priceList: async () => undefined as never, priceConfiguration: () => undefined, promotions: () => undefined, bookingsList: async () => undefined as never, requestsList: async () => undefined as never, inquiriesList: async () => undefined as never, allTabList: async () => undefined as never, bookingTabCounts: async () => undefined as never, unitsCalendar: async () => undefined as never, inbox: async () => undefined as never, subscriptionPage: () => null, billing: () => null, profile: async () => undefined as never, insightsFigures: async () => undefined as never, insightsReviews: async () => undefined as never, calendarUnits: async () => [], icalFeeds: async () => [], icalExport: async () => undefined as never, taxReport: async () => undefined as never });
  return context;
}

const args = (context: RouterContextProvider) => ({ request: new Request("http://localhost/messages"), context, params: {} }) as never;

describe("requireCommission", () => {
  it("lets commission hosts through", async () => {
    const response = await requireCommission(args(contextFor(true)), async () => new Response("inbox"));
    expect(await (response as Response).text()).toBe("inbox");
  });

  it("sends everyone else to /", async () => {
    let reached = false;
    const thrown = await Promise.resolve(
      requireCommission(args(contextFor(false)), async () => {
        reached = true;
        return new Response("inbox");
      }),
    ).catch((error: unknown) => error);
    expect(reached).toBe(false);
    expect((thrown as Response).headers.get("Location")).toBe("/");
  });
});
