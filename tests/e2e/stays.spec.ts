import { baseURL } from "../../playwright.config";
import { addDays, hostWithStay, newGuest, stayAhead } from "./bookings-factory";
import { expect, test, usesJavaScript, visit } from "./fixtures";

test("a guest without an account books a stay instantly on the public page, and the host sees the booking", async ({ page }) => {
  const { unitId, title } = await hostWithStay(page, { model: "commission" });
  // The guest has no session: the host's cookies go aside until the host looks.
  const hostCookies = await page.context().cookies();
  await page.context().clearCookies();
  const stay = stayAhead(3);
  const guest = newGuest();

  await visit(page, `/stays/${unitId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("list", { name: "Photos" }).getByRole("img")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Availability" })).toBeVisible();
  await expect(page.getByText("Choose your dates to see the price.")).toBeVisible();

  await page.getByLabel("Arrival").fill(stay.checkIn);
  await page.getByLabel("Departure").fill(stay.checkOut);
  await page.getByLabel("Guests").selectOption("2");
  await page.getByRole("button", { name: "Show the price" }).click();
  await expect(page.getByText("3 nights", { exact: false }).first()).toBeVisible();
  const total = page.locator(".stay-quote__total dd");
  await expect(total).toHaveText(/360/);

  // A stay that breaks a rule is refused in the guest's language, before anything is sent.
  await visit(page, `/stays/${unitId}?checkIn=${stay.checkIn}&checkOut=${addDays(stay.checkIn, 1)}&guests=9`);
  await expect(page.getByText("This place takes fewer guests. Choose fewer guests.")).toBeVisible();
  // The rules refuse a stay in the guest's language: here the notice of two days, in German.
  const tomorrow = addDays(new Date().toISOString().slice(0, 10), 1);
  await visit(page, `/stays/${unitId}?hl=de_DE&checkIn=${tomorrow}&checkOut=${addDays(tomorrow, 2)}`);
  await expect(page.getByText("Dieser Aufenthalt muss mindestens 2 Tage vor der Anreise gebucht werden.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Jetzt buchen" })).toHaveCount(0);
  await visit(page, `/stays/${unitId}?hl=en_US&checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=2`);

  await expect(page.getByRole("heading", { name: "Book your stay" })).toBeVisible();
  await page.getByLabel("First name").fill(guest.firstName);
  await page.getByLabel("Last name").fill(guest.lastName);
  await page.getByLabel("Email").fill(guest.email);
  await page.getByLabel("Message to the host (optional)").fill("We arrive late in the evening.");
  // The guest's language starts as the page's; this guest speaks Swiss German.
  const language = page.getByLabel("Language you speak");
  await expect(language).toHaveValue("en_US");
  await language.selectOption({ label: "German (Switzerland)" });
  await page.getByRole("button", { name: "Book now" }).click();

  await expect(page.getByRole("heading", { name: "Your stay is booked" })).toBeVisible();
  const code = (await page.getByTestId("booking-code").textContent())!.trim();
  expect(code).toMatch(/^[2-9A-Z]{8}$/);
  await expect(page.getByText(guest.email, { exact: false })).toBeVisible();

  // The host's upcoming bookings list it; its page shows the guest, the code and the price.
  await page.context().addCookies(hostCookies);
  await visit(page, `/bookings/upcoming?search=${code}`);
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText(`${guest.firstName} ${guest.lastName}`);
  await expect(row).toContainText("Confirmed");
  await row.getByRole("link", { name: `${guest.firstName} ${guest.lastName}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Booking of ${guest.firstName} ${guest.lastName}` })).toBeVisible();
  await expect(page.getByText(code)).toBeVisible();
  await expect(page.getByText("We arrive late in the evening.")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "German (Switzerland)" })).toBeVisible();
  await expect(page.locator(".money-lines__total dd")).toHaveText(/360/);
  await expect(page.getByRole("link", { name: "All bookings" })).toBeVisible();
  // The Bookings item of the navigation stays highlighted on a booking's page (§2).
  await expect(page.locator('[data-nav="bookings"]')).toHaveClass(/nav__link--active/);
});

test("a stay's calendar marks the arrival and then the departure by links, which quote the stay", async ({ page }) => {
  const { unitId } = await hostWithStay(page);
  await page.context().clearCookies();
  await visit(page, `/stays/${unitId}`);
  // A free day's link marks the arrival; then the days after it mark the departure.
  await page.locator(".stay-month a").nth(5).click();
  await expect(page.getByText("Now choose your departure day.")).toBeVisible();
  await page.locator('.stay-month a[href*="checkOut="]').nth(2).click();
  await expect(page.getByText("3 nights", { exact: false }).first()).toBeVisible();
  await expect(page.locator(".stay-quote__total")).toBeVisible();
});

test("a listing view is one visitor's look on a day: the calendar's next months, a stay's price and a second look that day add none", async ({ page, browser }, testInfo) => {
  const { unitId } = await hostWithStay(page);
  // The visitors browse in contexts of their own, without the host's session.
  const look = async () => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: usesJavaScript(testInfo) });
    const guest = await context.newPage();
    await visit(guest, `/stays/${unitId}`);
    return { context, guest };
  };
  const views = async (expected: string) => {
    await visit(page, `/insights/performance/${unitId}`);
    await expect(page.locator('[data-figure="views"] .stat-tile__value')).toHaveText(expected);
  };

  const { context, guest } = await look();
  // The calendar's next months and back, then a stay chosen by its days, which shows its price.
  await guest.getByRole("link", { name: "Next month" }).click();
  await expect(guest).toHaveURL(/month=/);
  await guest.getByRole("link", { name: "Next month" }).click();
  await guest.getByRole("link", { name: "Previous month" }).click();
  await guest.locator(".stay-month a").nth(5).click();
  await expect(guest.getByText("Now choose your departure day.")).toBeVisible();
  await guest.locator('.stay-month a[href*="checkOut="]').nth(2).click();
  await expect(guest.locator(".stay-quote__total")).toBeVisible();
  // A second look the same day, as from a bookmark.
  await visit(guest, `/stays/${unitId}`);
  await context.close();
  await views("1");

  // Another visitor's look counts.
  const other = await look();
  await other.context.close();
  await views("2");
});

test("a stay that is not published is not found", async ({ page }) => {
  await page.context().clearCookies();
  const answer = await page.goto("/stays/unt_nothing");
  expect(answer?.status()).toBe(404);
});
