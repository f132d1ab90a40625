import type { Page } from "@playwright/test";
import { addDays, channelBooking, channelKey, hostWithStay, newGuest, reserve, stayAhead } from "./bookings-factory";
import { DEMO, expect, reloadWithScriptsHeld, signedInAs, test, usesJavaScript, typedBeforeHydrationStays, visit } from "./fixtures";

/** Opens every tab of the bookings list and checks that its count is what its list shows (fewer than a page). */
async function tabCountsAgreeWithLists(page: Page) {
  const tabs = page.getByRole("navigation", { name: "Bookings by status" }).getByRole("link");
  for (let i = 0, n = await tabs.count(); i < n; i++) {
    const tab = tabs.nth(i);
    const count = Number(await tab.locator(".tabs__count").textContent());
    await tab.click();
    await expect(tab).toHaveAttribute("aria-current", "page");
    await expect(page.locator("table tbody tr"), (await tab.textContent()) ?? "").toHaveCount(count);
  }
}

test("a guest requests a stay, the host confirms it, and a second request for the same nights can then only be rejected", async ({ page }, testInfo) => {
  const { unitId } = await hostWithStay(page, { model: "commission", onRequest: true });
  const hostCookies = await page.context().cookies();
  const stay = stayAhead(2);
  const first = newGuest("Rosa");
  const second = newGuest("Milan");

  // The first guest asks through the public page, without an account.
  await page.context().clearCookies();
  await visit(page, `/stays/${unitId}?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=2`);
  await expect(page.getByRole("heading", { name: "Request to book" })).toBeVisible();
  await page.getByLabel("First name").fill(first.firstName);
  await page.getByLabel("Last name").fill(first.lastName);
  await page.getByLabel("Email").fill(first.email);
  await page.getByRole("button", { name: "Send the request" }).click();
  await expect(page.getByRole("heading", { name: "Your request is on its way" })).toBeVisible();
  const firstCode = (await page.getByTestId("booking-code").textContent())!.trim();
  // The second asks for the same nights meanwhile (a request takes no nights).
  const { code: secondCode } = await reserve(page.request, unitId, stay, second);

  await page.context().addCookies(hostCookies);
  await visit(page, "/bookings/requests");
  // The navigation's Bookings item counts the requests waiting for an answer.
  await expect(page.locator('[data-nav="bookings"] .badge')).toHaveText("2");
  await expect(page.getByRole("row").filter({ hasText: firstCode })).toContainText("Waiting for you");
  await expect(page.getByRole("row").filter({ hasText: secondCode })).toBeVisible();
  await page.getByRole("link", { name: `${first.firstName} ${first.lastName}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Request from ${first.firstName} ${first.lastName}` })).toBeVisible();
  await expect(page.getByText(/The request expires on/)).toBeVisible();
  // With JavaScript the time left counts down; without, the expiry time says it.
  if (usesJavaScript(testInfo)) await expect(page.getByText(/h \d+ min left to answer/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Requests" }).first()).toBeVisible();
  await page.getByRole("button", { name: "Confirm the request" }).click();
  await expect(page.getByRole("heading", { name: "Request confirmed" })).toBeVisible();
  await page.getByRole("link", { name: "Open the booking" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Booking of ${first.firstName} ${first.lastName}` })).toBeVisible();
  await expect(page.getByText(firstCode)).toBeVisible();

  // The other request wants nights that are booked now: confirming is refused, rejecting works.
  await visit(page, `/bookings/requests?search=${secondCode}`);
  await page.getByRole("link", { name: `${second.firstName} ${second.lastName}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Request from ${second.firstName} ${second.lastName}` })).toBeVisible();
  const secondPath = new URL(page.url()).pathname;
  await page.getByRole("button", { name: "Confirm the request" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Some of these nights were taken meanwhile" })).toBeVisible();
  await page.getByRole("button", { name: "Reject the request" }).click();
  await expect(page.getByText("Required", { exact: false }).first()).toBeVisible();
  // A reason's sub-reasons show once it is chosen (CSS, so without JavaScript too).
  await expect(page.getByLabel("The guest booked with me directly")).toBeHidden();
  await page.getByLabel("I have booked these nights myself").check();
  await page.getByLabel("The guest booked with me directly").check();
  await page.getByRole("button", { name: "Reject the request" }).click();
  await expect(page.getByText("Request rejected.")).toBeVisible();
  await expect(page).toHaveURL(/\/bookings\/requests$/);
  await expect(page.getByRole("row").filter({ hasText: secondCode })).toHaveCount(0);
  // Answered, both requests stay findable under All: the confirmed one as its booking, the rejected one with its status.
  await page.getByRole("link", { name: "See them under All" }).click();
  await expect(page).toHaveURL(/\/bookings\/all$/);
  await expect(page.locator("table tbody tr")).toHaveCount(2);
  await expect(page.getByRole("row").filter({ hasText: firstCode })).toContainText("Confirmed");
  await expect(page.getByRole("row").filter({ hasText: firstCode }).getByRole("link")).toHaveAttribute("href", /\/booking-details\//);
  await expect(page.getByRole("row").filter({ hasText: secondCode })).toContainText(/Rejected/);
  await expect(page.getByRole("row").filter({ hasText: secondCode })).toContainText("€0.00");
  await expect(page.getByRole("navigation", { name: "Bookings by status" }).getByRole("link")).toHaveText(["Requests 0", "Upcoming 1", "Staying now 0", "Completed 0", "Cancelled 0", "All 2"]);
  await tabCountsAgreeWithLists(page);
  await visit(page, `/bookings/all?search=${secondCode}`);
  await page.getByRole("link", { name: `${second.firstName} ${second.lastName}` }).click();
  await expect(page).toHaveURL(new RegExp(`${secondPath}$`));
  // A rejected request pays the host nothing, and no instalment is due.
  await visit(page, secondPath);
  const money = page.getByRole("region", { name: "Price and payout" });
  await expect(money.locator(".money-lines__payout")).toHaveText(/Payout \(request rejected\)\s*€0\.00/);
  await expect(money.getByText(/^On |At booking/)).toHaveCount(0);
});

test("a request answered meanwhile: confirming it from a page opened before says so, and shows the request as it is now", async ({ page }) => {
  const { token, unitId } = await hostWithStay(page, { model: "commission", onRequest: true });
  const guest = newGuest("Sven");
  const { code } = await reserve(page.request, unitId, stayAhead(2), guest);
  await visit(page, `/bookings/requests?search=${code}`);
  await page.getByRole("link", { name: `${guest.firstName} ${guest.lastName}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Request from ${guest.firstName} ${guest.lastName}` })).toBeVisible();
  // Another tab rejects it meanwhile.
  const requestId = new URL(page.url()).pathname.split("/").pop()!;
  const rejected = await page.request.post(`/api/app/booking-requests/${requestId}/reject`, { headers: { authorization: `Bearer ${token}` }, data: { reason: "RATES_MISMATCH" } });
  expect(rejected.status(), await rejected.text()).toBe(200);
  await page.getByRole("button", { name: "Confirm the request" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This request was answered or expired meanwhile." })).toBeVisible();
  await expect(page.locator(".page-heading .pill")).toHaveText("Rejected");
  await expect(page.getByRole("button", { name: "Confirm the request" })).toHaveCount(0);
});

test("a guest asks about a stay and the host on subscription answers: one inquiry confirmed, one rejected with a message", async ({ page }) => {
  const { unitId } = await hostWithStay(page);
  const asked = stayAhead(4);
  const guest = newGuest("Ines");
  const other = newGuest("Olaf");
  const { code } = await reserve(page.request, unitId, asked, guest);
  const { code: otherCode } = await reserve(page.request, unitId, { checkIn: addDays(asked.checkOut, 10), checkOut: addDays(asked.checkOut, 12) }, other);

  await visit(page, "/inquiries");
  await expect(page.getByRole("heading", { level: 1, name: "Inquiries" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: otherCode })).toContainText("New");
  await page.getByRole("row").filter({ hasText: code }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: `Inquiry from ${guest.firstName} ${guest.lastName}` })).toBeVisible();
  await expect(page.getByText("Nothing else takes these nights.")).toBeVisible();
  await page.getByRole("button", { name: "Confirm the inquiry" }).click();
  await expect(page.getByText("Inquiry confirmed; its nights are taken.")).toBeVisible();
  await expect(page.locator(".page-heading .pill")).toHaveText("Confirmed");

  await visit(page, `/inquiries?search=${otherCode}`);
  await page.getByRole("link", { name: `${other.firstName} ${other.lastName}` }).click();
  await page.getByLabel("Other").check();
  await page.getByRole("button", { name: "Reject the inquiry" }).click();
  // OTHER needs an explanation; what was typed stays.
  await expect(page.locator("#reject-inquiry-explanation-errors")).toBeVisible();
  await expect(page.getByLabel("Other")).toBeChecked();
  await page.getByLabel("Explanation").fill("We close the house for repairs that week.");
  await page.getByLabel("Message to the guest").fill("Sorry, we cannot host you then. Another week?");
  await page.getByRole("button", { name: "Reject the inquiry" }).click();
  await expect(page.getByText("Inquiry rejected.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: otherCode })).toContainText("Rejected");
});

test("the host cancels a booking with a reason, and its nights are free again in the calendar", async ({ page }, testInfo) => {
  const { unitId } = await hostWithStay(page, { model: "commission" });
  const stay = stayAhead(3);
  const guest = newGuest("Carla");
  const { code } = await reserve(page.request, unitId, stay, guest);

  // The calendar's cell of the arrival day, named by its date as the page writes it.
  const arrival = new Date(`${stay.checkIn}T00:00:00Z`).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
  const arrivalCell = () => page.getByRole("cell").filter({ hasText: arrival }).first();
  await visit(page, `/calendar/${unitId}?month=${stay.checkIn.slice(0, 7)}`);
  await expect(arrivalCell()).toContainText("Booked");

  await visit(page, `/bookings/all?search=${code}`);
  await page.getByRole("link", { name: `${guest.firstName} ${guest.lastName}` }).click();
  await expect(page.getByRole("heading", { name: "Cancel this booking" })).toBeVisible();
  // A booking's page is the Bookings item's, for screen readers too (§2).
  await expect(page.locator("header nav").getByRole("link", { name: /^Bookings/ })).toHaveAttribute("aria-current", "page");
  // An explanation sent before the page's scripts ran (without a reason: refused, what was typed kept)
  // and corrected while they still load keeps the correction once they run (React alone put the sent text back).
  if (usesJavaScript(testInfo)) {
    const releaseScripts = await reloadWithScriptsHeld(page);
    const explanation = page.getByLabel("Explanation");
    await explanation.fill("The guests wrote to us.");
    await page.getByRole("button", { name: "Cancel the booking" }).click();
    await expect(page.locator("#cancel-booking-reason-errors")).toBeVisible();
    await expect(explanation).toHaveValue("The guests wrote to us.");
    await typedBeforeHydrationStays(page, explanation, "The guests wrote to us: their flight is cancelled.", releaseScripts);
  }
  await expect(page.getByLabel("Their plans changed")).toBeHidden();
  await page.getByLabel("The guest asked to cancel").check();
  await expect(page.getByLabel("The payment failed")).toBeHidden();
  await page.getByLabel("Their plans changed").check();
  await page.getByRole("button", { name: "Cancel the booking" }).click();
  // First what cancelling means, with the reason chosen; nothing is cancelled yet, and the host may keep the booking.
  const confirmation = page.getByRole("form", { name: "Cancel this booking?" });
  await expect(confirmation).toContainText("They have paid €108.00 so far: it is not refunded");
  await expect(confirmation).toContainText("You keep €91.80 (what the guest paid, less its commission) instead of the €306.00");
  await expect(confirmation).toContainText("Reason: The guest asked to cancel · Their plans changed");
  await expect(page.locator(".page-heading .pill")).toHaveText("Confirmed");
  await confirmation.getByRole("link", { name: "Keep the booking" }).click();
  await expect(confirmation).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Cancel this booking" })).toBeVisible();
  await page.getByLabel("The guest asked to cancel").check();
  await page.getByLabel("Their plans changed").check();
  await page.getByRole("button", { name: "Cancel the booking" }).click();
  await confirmation.getByRole("button", { name: "Yes, cancel the booking" }).click();
  await expect(page.getByText("Booking cancelled; its nights are free again.")).toBeVisible();
  await expect(page.getByText(/The guest asked to cancel · Their plans changed/)).toBeVisible();
  await expect(page.locator(".page-heading .pill")).toHaveText("Cancelled by you");
  await expect(page.getByRole("heading", { name: "Cancel this booking" })).toHaveCount(0);
  // 3 × €120.00, 30 % paid at booking (€108.00), kept less its 15 % commission's share (€16.20); the 70 % due later is not charged.
  const money = page.getByRole("region", { name: "Price and payout" });
  await expect(money.getByText("Payout after cancellation")).toBeVisible();
  await expect(money.locator(".money-lines__payout")).toHaveText(/Payout after cancellation\s*€91\.80/);
  await expect(money).not.toContainText("Your payout");
  await expect(money).not.toContainText("€306.00");
  await expect(money.getByText(/^On /)).toHaveCount(0);

  await visit(page, `/calendar/${unitId}?month=${stay.checkIn.slice(0, 7)}`);
  await expect(arrivalCell()).toContainText("Available");
  await expect(arrivalCell()).not.toContainText("Booked");
  await visit(page, `/bookings/cancelled?search=${code}`);
  await expect(page.getByRole("row").filter({ hasText: code })).toContainText("Cancelled by you");
  await expect(page.getByRole("row").filter({ hasText: code })).toContainText(/€91\.80\s*after cancellation/);
});

test("cancelling a booking the guest has paid in full says so, and that the host keeps all of its payout", async ({ page }) => {
  const { unitId } = await hostWithStay(page, { model: "commission" });
  // Within a month of arrival the guest pays the whole stay at booking: 2 × €120.00, less the 15 % commission.
  const guest = newGuest("Ines");
  const { code } = await reserve(page.request, unitId, stayAhead(2, 10), guest);
  await visit(page, `/bookings/all?search=${code}`);
  await page.getByRole("link", { name: `${guest.firstName} ${guest.lastName}` }).click();
  await page.getByLabel("The guest asked to cancel").check();
  await page.getByRole("button", { name: "Cancel the booking" }).click();
  const confirmation = page.getByRole("form", { name: "Cancel this booking?" });
  await expect(confirmation).toContainText("They have paid the whole stay, €240.00: it is not refunded.");
  await expect(confirmation).toContainText("You keep all of the €204.00 this booking pays you");
  await expect(confirmation).not.toContainText("instead of");
  await expect(confirmation).not.toContainText("instalments due later");
});

test("a host on a subscription, whom the guest pays, is told of no payout: an inquiry's and a booking's price, the bookings list, a cancellation, the tax report, the account and the tour", async ({ page }) => {
  const { unitId } = await hostWithStay(page);
  const main = page.locator("main");
  const price = page.getByRole("region", { name: "Price", exact: true });

  // An inquiry, as the listing offers a host on a subscription: its price, nothing paid.
  const asker = newGuest("Ines");
  const { code: inquiryCode } = await reserve(page.request, unitId, stayAhead(3, 200), asker);
  await visit(page, `/inquiries?search=${inquiryCode}`);
  await page.getByRole("link", { name: `${asker.firstName} ${asker.lastName}` }).click();
  await expect(price).toContainText(/Guest pays\s*€360\.00/);
  await expect(main).not.toContainText(/payout/i);

  // A booking (a host on a subscription with bookings receives them too): 3 × €120.00, 30 % paid at booking.
  const guest = newGuest("Bruno");
  const booked = await page.request.post(`/api/public/stays/${unitId}/reservations`, { data: { ...stayAhead(3, 100), guests: 2, ...guest, intent: "book" } });
  expect(booked.status(), await booked.text()).toBe(201);
  const { code } = (await booked.json()) as { code: string };
  await visit(page, `/bookings/all?search=${code}`);
  await expect(page.getByRole("columnheader", { name: "Guest pays" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: code })).toContainText("€360.00");
  await expect(main).not.toContainText(/payout/i);
  await page.getByRole("link", { name: `${guest.firstName} ${guest.lastName}` }).click();
  await expect(price).toContainText(/Guest pays\s*€360\.00/);
  await expect(main).not.toContainText(/payout|commission/i);

  // Cancelling: the host keeps what the guest paid, no commission taken, no payout.
  await page.getByLabel("The guest asked to cancel").check();
  await page.getByRole("button", { name: "Cancel the booking" }).click();
  const confirmation = page.getByRole("form", { name: "Cancel this booking?" });
  await expect(confirmation).toContainText("You keep the €108.00 the guest has paid so far instead of the €360.00 of the whole stay.");
  await expect(confirmation).not.toContainText(/payout|commission/i);
  await confirmation.getByRole("button", { name: "Yes, cancel the booking" }).click();
  await expect(page.getByText("Booking cancelled; its nights are free again.")).toBeVisible();
  await expect(price).toContainText(/Paid by the guest before the cancellation\s*€108\.00/);
  await expect(main).not.toContainText(/payout|commission/i);

  // The tax report counts the stay it kept money of on the day it was cancelled, not as a payout credited.
  await visit(page, "/insights/tax-report");
  await expect(page.getByText("A stay counts in the quarter of its check-in day; a cancelled stay counts")).toBeVisible();
  await expect(main).not.toContainText(/payout/i);

  // The account's currency and the tour's profile tutorial name the subscription, not payouts.
  await visit(page, "/account/localization");
  await expect(page.getByText("Your prices and subscription are in this currency.")).toBeVisible();
  await expect(main).not.toContainText(/payout/i);
  await visit(page, "/tour/tutorials/accessProfile");
  await expect(page.getByText("Your details and language.")).toBeVisible();
  await expect(main).not.toContainText(/payout/i);
});

test("on a phone a refused answer shows its error where the host looks: without JavaScript the page opens at it, with JavaScript it stays by the form", async ({ page }, testInfo) => {
  const { unitId } = await hostWithStay(page, { model: "commission" });
  const guest = newGuest("Vera");
  const { code } = await reserve(page.request, unitId, stayAhead(3), guest);
  await page.setViewportSize({ width: 320, height: 568 });
  await visit(page, `/bookings/all?search=${code}`);
  await page.getByRole("link", { name: `${guest.firstName} ${guest.lastName}` }).click();
  // No reason chosen: refused. The form is screens below the page's top on a phone.
  await page.getByLabel("Explanation").fill("The heating broke down.");
  await page.getByRole("button", { name: "Cancel the booking" }).click();
  const error = page.locator("#cancel-booking-reason-errors");
  await expect(error).toBeVisible();
  await expect(error).toBeInViewport();
  if (!usesJavaScript(testInfo)) await expect(error).toBeFocused();
  await expect(page.getByLabel("Explanation")).toHaveValue("The heating broke down.");
});

test("a booking cancelled meanwhile: confirming its cancellation from a page opened before says so, and shows it cancelled", async ({ page }) => {
  const { token, unitId } = await hostWithStay(page, { model: "commission" });
  const guest = newGuest("Pia");
  const { code } = await reserve(page.request, unitId, stayAhead(2), guest);
  await visit(page, `/bookings/all?search=${code}`);
  await page.getByRole("link", { name: `${guest.firstName} ${guest.lastName}` }).click();
  await page.getByLabel("The place is not available").check();
  await page.getByRole("button", { name: "Cancel the booking" }).click();
  const confirmation = page.getByRole("form", { name: "Cancel this booking?" });
  await expect(confirmation).toBeVisible();
  // Another tab cancels it meanwhile.
  const bookingId = new URL(page.url()).pathname.split("/").pop()!;
  const cancelled = await page.request.post(`/api/app/bookings/${bookingId}/cancel`, { headers: { authorization: `Bearer ${token}` }, data: { reason: "OVERBOOKING" } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await confirmation.getByRole("button", { name: "Yes, cancel the booking" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This booking can no longer be cancelled." })).toBeVisible();
  await expect(page.locator(".page-heading .pill")).toHaveText("Cancelled by you");
  await expect(confirmation).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Cancel this booking" })).toHaveCount(0);
});

test("a booking from a channel manager is received when the guest booked it there, and its cancellation there reads in words", async ({ page }) => {
  const { token, unitId } = await hostWithStay(page, { model: "commission" });
  const secret = await channelKey(page.request, token);
  const bookedAt = new Date(Date.now() - 200 * 86_400_000);
  const { bookingId, reservationId } = await channelBooking(page.request, secret, unitId, stayAhead(3), newGuest("Nora"), bookedAt);
  await visit(page, `/booking-details/${bookingId}`);
  const received = page.locator('dt:text-is("Received") + dd');
  await expect(received).toContainText(new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(bookedAt));
  await expect(received).not.toContainText(new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date()));

  // The guest cancels on the channel, which names no reason.
  const cancelled = await page.request.post(`/api/channel/reservations/${reservationId}/cancel`, { headers: { authorization: `Bearer ${secret}`, "idempotency-key": crypto.randomUUID() }, data: { cancelledBy: "guest" } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await visit(page, `/booking-details/${bookingId}`);
  await expect(page.locator(".page-heading .pill")).toHaveText("Cancelled by the guest");
  await expect(page.getByText(/^Cancelled on .* · Through the channel manager$/)).toBeVisible();
  await expect(page.locator("main")).not.toContainText("CHANNEL");
  await visit(page, `/booking-details/${bookingId}?hl=fr_FR`);
  await expect(page.getByText(/ · Via le gestionnaire de canaux$/)).toBeVisible();
  await expect(page.locator("main")).not.toContainText("CHANNEL");
});

test("the bookings list has a tab per status, real empty states, and filters that keep what was chosen", async ({ page }) => {
  await hostWithStay(page);
  await visit(page, "/bookings");
  await expect(page).toHaveURL(/\/bookings\/upcoming$/);
  // Each tab counts its stays (none yet).
  await expect(page.getByRole("navigation", { name: "Bookings by status" }).getByRole("link")).toHaveText(["Requests 0", "Upcoming 0", "Staying now 0", "Completed 0", "Cancelled 0", "All 0", "Inquiries 0"]);
  await expect(page.getByText("No upcoming stays yet.", { exact: false })).toBeVisible();
  await page.getByRole("link", { name: "Staying now" }).click();
  await expect(page.getByText("Nobody is staying right now.")).toBeVisible();
  await page.getByLabel("Guest or code").fill("nobody-at-all");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText("Nothing matches these filters.")).toBeVisible();
  await expect(page.getByLabel("Guest or code")).toHaveValue("nobody-at-all");
  // An end before the start is refused in words, and what was chosen stays.
  await page.getByLabel("Staying from").fill("2027-02-01");
  await page.getByLabel("Staying until").fill("2027-01-01");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByLabel("Staying until")).toHaveAccessibleDescription("“Staying until” cannot be before “Staying from”.");
  await expect(page.getByLabel("Staying until")).toHaveValue("2027-01-01");
  await expect(page.getByLabel("Staying from")).toHaveValue("2027-02-01");
  await page.getByRole("link", { name: "Clear the filters" }).first().click();
  await expect(page).toHaveURL(/\/bookings\/current$/);
  // A search as long as the field allows finds nothing rather than failing the page (D1 refuses long LIKE patterns), here and in the inbox.
  const long = "Maria Santos maria.santos@guest.example booking NS2Y56UK";
  await visit(page, `/bookings/all?search=${encodeURIComponent(long)}`);
  await expect(page.getByText("Nothing matches these filters.")).toBeVisible();
  await visit(page, `/messages/all?search=${encodeURIComponent(long)}`);
  await expect(page.getByText("No conversations match these filters.")).toBeVisible();
});

test("a page of the bookings past the last one says so and leads to the last page", async ({ page }) => {
  const { unitId } = await hostWithStay(page, { model: "commission" });
  const guest = newGuest("Ida");
  await reserve(page.request, unitId, stayAhead(2), guest);
  await visit(page, "/bookings/all?page=9");
  await expect(page.getByText("This page is past the last one.")).toBeVisible();
  await expect(page.getByText("No bookings or requests yet.", { exact: false })).toHaveCount(0);
  await page.getByRole("link", { name: "Go to the last page (1)" }).click();
  await expect(page).toHaveURL(/\/bookings\/all$/);
  await expect(page.getByRole("link", { name: `${guest.firstName} ${guest.lastName}` })).toBeVisible();
});

test("the host creates an API key for a channel manager, sees its secret once, and revokes it", async ({ page }) => {
  await hostWithStay(page, { model: "commission" });
  await visit(page, "/bookings/upcoming");
  await page.getByRole("link", { name: "API keys for channel managers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API keys for channel managers" })).toBeVisible();
  await expect(page.getByText("No keys yet.", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Create the key" }).click();
  await expect(page.locator("#field-name-errors")).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Smoobu");
  await page.getByRole("button", { name: "Create the key" }).click();
  await expect(page.getByRole("heading", { name: "Key “Smoobu” created" })).toBeVisible();
  const secret = await page.getByLabel("Secret").inputValue();
  expect(secret.length).toBeGreaterThan(20);
  const row = page.getByRole("row").filter({ hasText: "Smoobu" });
  await expect(row).toContainText("Not used yet");
  await expect(row).toContainText(secret.slice(0, 6));
  // Shown once: the page opened again has the key, not its secret.
  await visit(page, "/account/channel-api-keys");
  await expect(page.getByLabel("Secret")).toHaveCount(0);
  await page.getByRole("button", { name: "Revoke the key Smoobu" }).click();
  await expect(page.getByText("Key revoked: calls with it are refused from now on.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Smoobu" })).toHaveCount(0);
});

test("a host whose bookings are not available is sent to the start from the bookings pages", async ({ page }) => {
  // The demo host still onboarding has no bookings yet (§2, §4).
  await signedInAs(page, DEMO.onboarding, "/bookings/upcoming");
  await expect(page).not.toHaveURL(/\/bookings\//);
  await expect(page.locator('[data-nav="bookings"]')).toHaveCount(0);
});

test("at 320 px the public page, the bookings list and a booking do not scroll sideways, in German and French", async ({ page }) => {
  test.setTimeout(90_000);
  const { unitId } = await hostWithStay(page, { model: "commission" });
  const guest = newGuest("Friederike");
  await reserve(page.request, unitId, stayAhead(2), guest);
  await visit(page, "/bookings/all");
  const bookingPath = await page.getByRole("link", { name: `${guest.firstName} ${guest.lastName}` }).getAttribute("href");
  await page.setViewportSize({ width: 320, height: 640 });
  for (const locale of ["de_DE", "fr_FR"]) {
    for (const path of [`/stays/${unitId}`, "/bookings/all", bookingPath!]) {
      await visit(page, `${path}?hl=${locale}`);
      const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: innerWidth }));
      expect(widths.document, `${path} in ${locale}`).toBeLessThanOrEqual(widths.viewport);
    }
  }
});
