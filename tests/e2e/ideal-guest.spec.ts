import type { APIRequestContext } from "@playwright/test";
import { hostWithStay, newGuest, reserve, stayAhead } from "./bookings-factory";
import { expect, test, visit } from "./fixtures";

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

/** The first item of one of the host's lists (requests or inquiries), through the host API. */
async function firstOf(request: APIRequestContext, token: string, path: "/api/app/booking-requests" | "/api/app/booking-inquiries") {
  const answer = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { items: { publicId: string }[] }).items[0]!.publicId;
}

async function describeIdealGuest(request: APIRequestContext, token: string, profile: object) {
  const answer = await request.patch("/api/app/user/guest-preferences", { headers: { authorization: `Bearer ${token}` }, data: { ...profile, completed: true } });
  expect(answer.status(), await answer.text()).toBe(200);
}

test.describe("the guest's match level", () => {
  test("a request invites to describe the ideal guest, then shows how well its guest matches it", async ({ page }) => {
    const { token, unitId } = await hostWithStay(page, { model: "commission", onRequest: true });
    // Asked today for three nights twenty days ahead, two guests (reserve's).
    const stay = stayAhead(3, 20);
    await reserve(page.request, unitId, stay, newGuest("Lea"));
    const id = await firstOf(page.request, token, "/api/app/booking-requests");

    await visit(page, `/booking-request-details/${id}`);
    const match = page.getByRole("region", { name: "Ideal-guest match" });
    await expect(match.getByText("Describe your ideal guest to see how well requests match.")).toBeVisible();
    await expect(match.getByRole("link", { name: "Describe your ideal guest" })).toHaveAttribute("href", "/guest-profile/introduction");

    // Everything but the day of arrival: four of five.
    const otherDay = WEEKDAYS[(WEEKDAYS.indexOf(weekdayOf(stay.checkIn)) + 1) % 7]!;
    await describeIdealGuest(page.request, token, { bookingTimes: ["fewWeeks"], stayDurations: ["short"], startOfStay: [otherDay], groupSizes: ["couple"], language: "none" });
    await visit(page, `/booking-request-details/${id}`);
    await expect(match.getByText("Great match", { exact: true })).toBeVisible();
    await expect(match.getByText("Meets 4 of your 5 wishes.")).toBeVisible();
    await expect(match.getByRole("definition").filter({ hasText: "Does not match" })).toHaveCount(1);
    await expect(match.getByRole("definition").filter({ hasText: "Does not match" })).toContainText(new RegExp(weekdayOf(stay.checkIn), "i"));
    await expect(match.getByRole("definition").filter({ hasText: "Couples" })).toContainText("Matches");
  });

  test("an inquiry shows its guest's match level", async ({ page }) => {
    // A subscription host receives inquiries.
    const { token, unitId } = await hostWithStay(page);
    const stay = stayAhead(10, 120);
    await reserve(page.request, unitId, stay, newGuest("Noah"));
    const id = await firstOf(page.request, token, "/api/app/booking-inquiries");
    await describeIdealGuest(page.request, token, { bookingTimes: ["farAhead"], stayDurations: ["twoWeeks"], startOfStay: [weekdayOf(stay.checkIn)], groupSizes: ["couple"], language: "none" });

    await visit(page, `/inquiries/${id}`);
    const match = page.getByRole("region", { name: "Ideal-guest match" });
    await expect(match.getByText("Best match", { exact: true })).toBeVisible();
    await expect(match.getByText("Meets 5 of your 5 wishes.")).toBeVisible();
    await match.getByRole("link", { name: "Change your ideal guest" }).click();
    await expect(page).toHaveURL(/\/guest-profile\/confirmation$/);
  });
});
