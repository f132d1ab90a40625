import type { APIRequestContext } from "@playwright/test";
import { hostWithStay, newGuest, reserve, stayAhead } from "./bookings-factory";
import { expect, newHost, test, usesJavaScript, visit } from "./fixtures";

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
    await expect(match.getByText("Describe your ideal guest to see how well booking requests match.")).toBeVisible();
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

  test("a guest who speaks the host's wished language matches better than the same request in another language, on its page and beside its conversation", async ({ page }) => {
    const { token, unitId } = await hostWithStay(page, { model: "commission", onRequest: true });
    // The same stay asked by two guests: three nights twenty days ahead, two guests; one speaks German, one French.
    const stay = stayAhead(3, 20);
    await reserve(page.request, unitId, stay, { ...newGuest("Jonas"), language: "de_DE" });
    await reserve(page.request, unitId, stay, { ...newGuest("Léa"), language: "fr-FR" });
    const listed = await page.request.get("/api/app/booking-requests", { headers: { authorization: `Bearer ${token}` } });
    const requests = ((await listed.json()) as { items: { publicId: string; customer: { firstName: string } }[] }).items;
    const idOf = (firstName: string) => requests.find((r) => r.customer.firstName === firstName)!.publicId;
    const conversationOf = async (firstName: string) => {
      const opened = await page.request.post("/api/app/messaging/conversation", { headers: { authorization: `Bearer ${token}` }, data: { type: "bookingRequest", id: idOf(firstName) } });
      expect(opened.status()).toBe(200);
      return ((await opened.json()) as { id: string }).id;
    };
    const [jonas, lea] = [await conversationOf("Jonas"), await conversationOf("Léa")];

    // Beside the conversation, before the host described an ideal guest: the guest's language and a way to describe one.
    await visit(page, `/messages/all/${jonas}`);
    const card = page.getByRole("region", { name: "Booking request" });
    await expect(card.getByRole("definition").filter({ hasText: "German (Germany)" })).toBeVisible();
    await expect(card.getByRole("link", { name: "Describe your ideal guest" })).toHaveAttribute("href", "/guest-profile/introduction");

    // Everything but the day of arrival, and German: the German guest meets four wishes, the French one three.
    const otherDay = WEEKDAYS[(WEEKDAYS.indexOf(weekdayOf(stay.checkIn)) + 1) % 7]!;
    await describeIdealGuest(page.request, token, { bookingTimes: ["fewWeeks"], stayDurations: ["short"], startOfStay: [otherDay], groupSizes: ["couple"], language: "de" });
    const match = page.getByRole("region", { name: "Ideal-guest match" });
    await visit(page, `/booking-request-details/${idOf("Jonas")}`);
    await expect(match.getByText("Great match", { exact: true })).toBeVisible();
    await expect(match.getByText("Meets 4 of your 5 wishes.")).toBeVisible();
    await expect(match.getByRole("definition").filter({ hasText: "German (Germany)" })).toContainText("Matches");
    await visit(page, `/booking-request-details/${idOf("Léa")}`);
    await expect(match.getByText("Good match", { exact: true })).toBeVisible();
    await expect(match.getByText("Meets 3 of your 5 wishes.")).toBeVisible();
    await expect(match.getByRole("definition").filter({ hasText: "French (France)" })).toContainText("Does not match");

    // The inbox's stay card shows the same levels.
    await visit(page, `/messages/all/${jonas}`);
    await expect(card.getByText("Great match", { exact: true })).toBeVisible();
    await expect(card.getByText("Meets 4 of your 5 wishes.")).toBeVisible();
    await visit(page, `/messages/all/${lea}`);
    await expect(card.getByText("Good match", { exact: true })).toBeVisible();
    await expect(card.getByText("Meets 3 of your 5 wishes.")).toBeVisible();
    await expect(card.getByRole("definition").filter({ hasText: "French (France)" })).toBeVisible();
  });

  test("an inquiry shows its guest's match level", async ({ page }, testInfo) => {
    // A subscription host receives inquiries.
    const { token, unitId } = await hostWithStay(page);
    const stay = stayAhead(10, 120);
    await reserve(page.request, unitId, stay, newGuest("Noah"));
    const id = await firstOf(page.request, token, "/api/app/booking-inquiries");
    const match = page.getByRole("region", { name: "Ideal-guest match" });
    // Before the host described one, the inquiry invites to, in the words of an inquiry (a new host's English is British or American as its browser says).
    await visit(page, `/inquiries/${id}`);
    await expect(match.getByText(/^Describe your ideal guest to see how well (inquiries|enquiries) match\.$/)).toBeVisible();
    await describeIdealGuest(page.request, token, { bookingTimes: ["farAhead"], stayDurations: ["twoWeeks"], startOfStay: [weekdayOf(stay.checkIn)], groupSizes: ["couple"], language: "none" });

    await visit(page, `/inquiries/${id}`);
    await expect(match.getByText("Best match", { exact: true })).toBeVisible();
    await expect(match.getByText("Meets 5 of your 5 wishes.")).toBeVisible();
    // Changing it starts from its summary: over the inquiry with JavaScript, a page without.
    await match.getByRole("link", { name: "Change your ideal guest" }).click();
    if (usesJavaScript(testInfo)) {
      const flow = page.getByRole("dialog", { name: "Your ideal guest" });
      await expect(flow.getByRole("heading", { name: "All set" })).toBeVisible();
      await expect(flow.getByRole("definition").filter({ hasText: "More than three months ahead" })).toBeVisible();
      await flow.getByRole("button", { name: "Save my ideal guest" }).click();
      await expect(flow).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/inquiries/${id}$`));
      await expect(page.getByRole("status").filter({ hasText: "Your ideal guest is saved." })).toBeVisible();
    } else {
      await expect(page).toHaveURL(/\/guest-profile\/confirmation$/);
    }
  });
});

test.describe("the ideal-guest flow", () => {
  test("the host describes the ideal guest in seven steps: a dialog over the overview with JavaScript, pages without", async ({ page }, testInfo) => {
    const js = usesJavaScript(testInfo);
    await newHost(page);
    await visit(page, "/home");
    const task = page.getByRole("region", { name: "Your tasks" }).getByRole("link", { name: /Describe your ideal guest/ });
    await task.click();
    const flow = js ? page.getByRole("dialog", { name: "Your ideal guest" }) : page.getByRole("main");
    if (js) {
      // A modal over the overview: Escape and discard close it, nothing saved.
      await expect(flow).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(flow).toHaveCount(0);
      await task.click();
      await flow.getByRole("button", { name: "Discard" }).click();
      await expect(flow).toHaveCount(0);
      await expect(page).toHaveURL(/\/home$/);
      await task.click();
      await expect(flow).toBeVisible();
    } else {
      await expect(page).toHaveURL(/\/guest-profile\/introduction$/);
    }
    await expect(flow.getByRole("heading", { name: "Describe your ideal guest" })).toBeVisible();
    // A new host is on a subscription: the match shows on the inquiries its guests send.
    await expect(flow.getByText(/ (Inquiries|Enquiries) then show how well they match, from potential to best match\.$/)).toBeVisible();
    await flow.getByRole(js ? "button" : "link", { name: "Let's start" }).click();

    const confirm = flow.getByRole("button", { name: "Confirm" });
    await expect(flow.getByText("Step 1 of 5")).toBeVisible();
    if (js) {
      // §5: confirm waits for a choice.
      await expect(confirm).toBeDisabled();
    } else {
      await confirm.click();
      await expect(flow.getByText("Choose at least one option.")).toBeVisible();
    }
    await flow.getByLabel("A few weeks ahead").check();
    await flow.getByLabel("One to three months ahead").check();
    await confirm.click();
    await expect(flow.getByText("Step 2 of 5")).toBeVisible();
    await flow.getByLabel(/About a week/).check();
    await confirm.click();
    await expect(flow.getByText("Step 3 of 5")).toBeVisible();
    await flow.getByLabel("Saturday").check();
    await confirm.click();
    await expect(flow.getByText("Step 4 of 5")).toBeVisible();
    await flow.getByLabel("Couples").check();
    await confirm.click();
    await expect(flow.getByText("Step 5 of 5")).toBeVisible();
    await expect(flow.getByRole("heading", { name: "Which language do they speak?" })).toBeVisible();
    await flow.getByLabel("No preference").check();
    await confirm.click();

    // The all-set summary; one answer changed from it, back on the summary.
    await expect(flow.getByRole("heading", { name: "All set" })).toBeVisible();
    await expect(flow.getByRole("definition").filter({ hasText: "A few weeks ahead, One to three months ahead" })).toBeVisible();
    await flow.getByRole(js ? "button" : "link", { name: /^Change\W+Group size$/ }).click();
    await expect(flow.getByText("Step 4 of 5")).toBeVisible();
    await expect(flow.getByLabel("Couples")).toBeChecked();
    await flow.getByLabel(/Families/).check();
    await confirm.click();
    await expect(flow.getByText("Step 5 of 5")).toBeVisible();
    await expect(flow.getByLabel("No preference")).toBeChecked();
    await confirm.click();
    await expect(flow.getByRole("definition").filter({ hasText: "Couples, Families" })).toBeVisible();
    await flow.getByRole("button", { name: "Save my ideal guest" }).click();

    // Completing the last step closes it all, back on the overview with the toast; the task is done.
    await expect(page).toHaveURL(/\/home$/);
    if (js) await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "Your ideal guest is saved." })).toBeVisible();
    await expect(page.getByRole("region", { name: "Your tasks" }).getByText("Describe your ideal guest", { exact: true })).toHaveCount(0);
    await visit(page, "/guest-profile/confirmation");
    await expect(page.getByRole("definition").filter({ hasText: "Saturday" })).toBeVisible();
  });
});
