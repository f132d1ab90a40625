import { readFile } from "node:fs/promises";
import { baseURL } from "../../playwright.config";
import type { Browser, TestInfo } from "@playwright/test";
import { apiToken } from "./api-factory";
import { addDays, channelBooking, channelKey, hostWithStay, newGuest } from "./bookings-factory";
import { DEMO, expect, expectAccessible, newHost, reloadWithScriptsHeld, settled, signedInAs, test, usesJavaScript, typedBeforeHydrationStays, visit } from "./fixtures";

test("the host downloads a year's DAC7 report from the tax report page: a CSV with the seller, the stays and the listings", async ({ page }) => {
  await signedInAs(page, DEMO.individual, "/insights/tax-report");
  await expect(page.getByRole("heading", { level: 1, name: "Tax report (DAC7)" })).toBeVisible();
  // The demo host's channel history reaches back 18 months: last year and this year.
  const thisYear = new Date().getUTCFullYear();
  const link = page.getByRole("link", { name: `Download ${thisYear - 1} (CSV)` });
  await expect(link).toBeVisible();
  await expect(page.getByRole("link", { name: `Download ${thisYear} (CSV)` })).toBeVisible();
  // A plain link: the browser downloads the file with or without JavaScript.
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`report-${thisYear - 1}.csv`);
  const csv = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
  expect(csv.startsWith(`DAC7 seller's copy ${thisYear - 1}\r\n`)).toBe(true);
  expect(csv).toContain("Seller type,Individual\r\n");
  expect(csv).toMatch(/\r\nL1,[^\r\n]*,\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2},[^\r\n]*,Q[1-4],\d+\.\d{2},/);
  expect(csv).toMatch(/\r\nListing,Address,Land registration number,Property type,Days rented,Q1 consideration,/);
  // A year without a report, and one that is no report's year, are not found.
  expect((await page.request.get(`/insights/tax-report/${thisYear - 3}`, { maxRedirects: 0 })).status()).toBe(404);
  expect((await page.request.get("/insights/tax-report/1999", { maxRedirects: 0 })).status()).toBe(404);
  // Anna is on a subscription: her guests pay her, the platform pays nothing out, so the report asks her for no payout account
  // (and leads nowhere near a payout tab she does not have), only for the billing details it lacks.
  const banner = page.getByRole("region", { name: "The report is missing some of your details" });
  await expect(banner.getByRole("listitem").filter({ hasText: "Date of birth" })).toBeVisible();
  await expect(banner.getByText("Bank account for payouts (IBAN)")).toHaveCount(0);
  await expect(banner.getByRole("link", { name: "Open payout details" })).toHaveCount(0);
  // Without the session (the download route is outside the shell), the file's address leads to the sign-in and back.
  const file = `/insights/tax-report/${thisYear - 1}`;
  const signedOut = await fetch(`${baseURL}${file}`, { redirect: "manual" });
  expect(signedOut.status).toBe(302);
  expect(signedOut.headers.get("location")).toMatch(new RegExp(`/redirect/login\\?returnTo=${encodeURIComponent(file)}$`));
});

test("a host without stays sees that no report exists yet, and which seller details the report will need", async ({ page }) => {
  const host = await newHost(page);
  // On commission: the platform pays the host out, so the report needs the payout account too.
  const token = await apiToken(page.request, host.email, host.password);
  expect((await page.request.patch("/api/app/user/info", { headers: { authorization: `Bearer ${token}` }, data: { commercialModel: "commission" } })).status()).toBe(200);
  await visit(page, "/insights/tax-report");
  await expect(page.getByText("No report yet: a year is listed here once a guest's payment has been credited to you.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "The report is missing some of your details" })).toBeVisible();
  await expect(page.getByText("Tax identification number (TIN) and the country that issued it")).toBeVisible();
  // The banner names the tab where each detail is added: the IBAN with the payout accounts, the rest with the billing details.
  const banner = page.getByRole("region", { name: "The report is missing some of your details" });
  const payoutPart = banner.locator("div").filter({ has: page.getByRole("listitem").filter({ hasText: "Bank account for payouts (IBAN)" }) }).last();
  await expect(payoutPart.getByRole("listitem")).toHaveCount(1);
  await expect(payoutPart.getByRole("link", { name: "Open payout details" })).toHaveAttribute("href", "/account/payout");
  await expect(banner.getByText(/billing details/)).toHaveCount(1);
  // The banner leads to where the details are added.
  await page.getByRole("link", { name: "Open billing details" }).click();
  await expect(page).toHaveURL(/\/account\/billing$/);
});

test("insights: performance with its charts and table, another period and one unit, then the reviews tab", async ({ page }, testInfo) => {
  await signedInAs(page, DEMO.individual, "/insights");
  // A host without earnings lands on performance.
  await expect(page).toHaveURL(/\/insights\/performance$/);
  await expect(page.getByRole("heading", { level: 1, name: "Performance" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Listing views per month" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Bookings per month" })).toBeVisible();
  // Conversion counts the bookings made on the listing, not those the demo's channel manager brought (most of the
  // host's, against the listing's views of today alone): a rate below 100 %, and the page says how it is made.
  await expect(page.locator('[data-figure="conversion"] .stat-tile__value')).toHaveText(/^\d{1,2}(\.\d)?%$/);
  await expect(page.getByText(/^Conversion is the bookings made on your listing divided by its views/)).toBeVisible();
  const table = page.getByRole("table", { name: "Performance by month" });
  await expect(table.getByRole("row")).toHaveCount(13);
  await expect(page.locator('[data-figure="bookings"] .stat-tile__value')).not.toHaveText("0");
  // With JavaScript, hovering a month shows its values.
  if (usesJavaScript(testInfo)) {
    await page.locator("#bookings-chart-title + .chart__scroll svg .chart__month").last().hover();
    await expect(page.locator(".chart__hover").nth(1)).toContainText("A year before");
  }
  await page.getByRole("combobox", { name: "Period" }).selectOption("last-year");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/period=last-year/);
  await expect(table.getByRole("row").nth(1)).toContainText(String(new Date().getUTCFullYear() - 1));
  // One unit: the selector keeps the period. With JavaScript the selector's and the tabs' links are followed without a page load.
  const js = usesJavaScript(testInfo);
  if (js) await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.locator(".insights__units summary").click();
  await page.locator(".insights__unit-list a").nth(1).click();
  await expect(page).toHaveURL(/\/insights\/performance\/unt_\w+\?period=last-year/);
  await page.getByRole("link", { name: /^Reviews/ }).click();
  await expect(page).toHaveURL(/\/insights\/reviews\/unt_\w+\?period=last-year/);
  await expect(page.getByRole("heading", { name: /Ratings from \d+ reviews?$/ })).toBeVisible();
  // The reviews are every review, newest first: no period to choose there; the tabs' links keep it for the figures.
  await expect(page.getByRole("combobox", { name: "Period" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Performance" })).toHaveAttribute("href", /period=last-year/);
  if (js) expect(await page.evaluate(() => "samePage" in window)).toBe(true);
});

test("the period form shows the period the page shows: a reversed range in order, then a preset's months, the period Back returns to, and what the page changed", async ({ page }, testInfo) => {
  await signedInAs(page, DEMO.individual, "/insights/performance");
  const js = usesJavaScript(testInfo);
  // With JavaScript the router shows each period in the same page.
  if (js) await page.evaluate(() => Object.assign(window, { samePage: true }));
  const form = page.getByRole("form", { name: "Period" });
  const period = form.getByRole("combobox", { name: "Period" });
  const from = form.getByLabel("From", { exact: true });
  const to = form.getByLabel("To", { exact: true });
  const rows = page.getByRole("table", { name: "Performance by month" }).getByRole("row");
  const show = async () => {
    await form.getByRole("button", { name: "Show" }).click();
    await settled(page);
  };
  const shows = async (first: string, count: number, controls: { period: string; from: string; to: string }) => {
    await expect(rows.nth(1).getByRole("rowheader")).toHaveText(first);
    await expect(rows).toHaveCount(count + 1);
    await expect(period).toHaveValue(controls.period);
    await expect(from).toHaveValue(controls.from);
    await expect(to).toHaveValue(controls.to);
  };

  // From after To: the page shows the months in order, its controls too, and says it swapped them.
  await period.selectOption("custom");
  await from.fill("2026-06");
  await to.fill("2026-02");
  await show();
  await expect(page).toHaveURL(/period=custom&from=2026-06&to=2026-02/);
  await shows("Feb 2026", 5, { period: "custom", from: "2026-02", to: "2026-06" });
  await expect(page.getByRole("status").filter({ hasText: "From came after To" })).toHaveText("From came after To, so the two were swapped: this page shows Feb 2026 to Jun 2026.");

  // A preset: its months in From and To, not the custom ones, and nothing to say.
  const lastYear = new Date().getUTCFullYear() - 1;
  await period.selectOption("last-year");
  await show();
  await expect(page).toHaveURL(/period=last-year/);
  await shows(`Jan ${lastYear}`, 12, { period: "last-year", from: `${lastYear}-01`, to: `${lastYear}-12` });
  await expect(page.getByText("From came after To")).toHaveCount(0);

  // Back: the range and the controls that match it (without JavaScript the browser keeps the page it had).
  if (js) {
    await page.goBack();
    await shows("Feb 2026", 5, { period: "custom", from: "2026-02", to: "2026-06" });
    await expect(page.getByRole("status").filter({ hasText: "From came after To" })).toBeVisible();
  }

  // More than 36 months: the last 36, said in a sentence, From where the page begins.
  await period.selectOption("custom");
  await from.fill("2020-01");
  await to.fill("2026-06");
  await show();
  await shows("Jul 2023", 36, { period: "custom", from: "2023-07", to: "2026-06" });
  await expect(page.getByRole("status").filter({ hasText: "at most 36 months" })).toHaveText("A custom range is at most 36 months: this page shows Jul 2023 to Jun 2026.");
  if (js) expect(await page.evaluate(() => "samePage" in window)).toBe(true);
});

test("every host reaches the DAC7 tax report from the statistics by links, also the hybrid host without the earnings tab", async ({ page }) => {
  // The hybrid host works in Swiss German: these checks read English (a cookie keeps the language).
  await signedInAs(page, DEMO.hybrid, "/home?hl=en_US");
  await page.getByRole("link", { name: "Statistics" }).first().click();
  await expect(page).toHaveURL(/\/insights\/performance$/);
  await expect(page.getByRole("link", { name: "Earnings" })).toHaveCount(0);
  // Earnings and occupancy are there only when the host's setting allows (§2): their addresses lead to performance, keeping the period.
  await visit(page, "/insights/earnings?period=last-year");
  await expect(page).toHaveURL(/\/insights\/performance\?period=last-year$/);
  await visit(page, "/insights/occupancy");
  await expect(page).toHaveURL(/\/insights\/performance$/);
  await page.getByRole("link", { name: "Tax report (DAC7)" }).click();
  await expect(page).toHaveURL(/\/insights\/tax-report$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tax report (DAC7)" })).toBeVisible();
});

/** The guest of a booking signed in to the guest area in a browser of their own (with JavaScript as the test's project): its conversation. */
async function guestArea(browser: Browser, testInfo: TestInfo, code: string, email: string) {
  const guestContext = await browser.newContext({ baseURL, javaScriptEnabled: usesJavaScript(testInfo) });
  const guestPage = await guestContext.newPage();
  await guestPage.goto("/guest/login");
  await guestPage.getByLabel("Booking code").fill(code);
  await guestPage.getByLabel("Email").fill(email);
  await guestPage.getByRole("button", { name: "Open my booking" }).click();
  await guestPage.waitForURL(/\/guest\/chat/);
  return { guestContext, guestPage };
}

test("a guest reviews the stay after check-out and the host answers in public on the reviews tab", async ({ page, browser }, testInfo) => {
  const { token, unitId } = await hostWithStay(page, { model: "commission" });
  const hostCookies = await page.context().cookies();
  // A stay that ended yesterday, from a channel manager.
  const today = new Date().toISOString().slice(0, 10);
  const guest = newGuest("Lotte");
  const { code } = await channelBooking(page.request, await channelKey(page.request, token), unitId, { checkIn: addDays(today, -4), checkOut: addDays(today, -1) }, guest, new Date(Date.now() - 20 * 86_400_000));

  // The guest, in a browser of their own: the conversation asks for a review.
  const { guestContext, guestPage } = await guestArea(browser, testInfo, code, guest.email);
  await guestPage.getByRole("link", { name: "Review your stay" }).click();
  await expect(guestPage.getByRole("heading", { level: 1, name: /How was your stay at/ })).toBeVisible();
  // Without a rating for each area, the form says so and keeps the text.
  await guestPage.getByLabel("Your review (optional)").fill("Bright flat, friendly host.");
  for (const area of ["Overall", "Cleanliness", "Accuracy", "Communication", "Location", "Check-in", "Value"]) {
    await guestPage.getByRole("group", { name: area }).getByLabel(area === "Location" ? "4 of 5 stars" : "5 of 5 stars").check();
  }
  await guestPage.getByRole("button", { name: "Send the review" }).click();
  await expect(guestPage.getByRole("heading", { name: "Thank you for your review" })).toBeVisible();
  // Written, the conversation leads to it instead of asking.
  await guestPage.getByRole("link", { name: "Back to the conversation" }).click();
  await expect(guestPage.getByRole("link", { name: "Review your stay" })).toHaveCount(0);
  await guestPage.getByRole("link", { name: "Your review" }).click();
  await expect(guestPage.getByRole("heading", { name: "Your review" })).toBeVisible();
  await guestContext.close();

  await page.context().addCookies(hostCookies);
  await visit(page, "/insights/reviews");
  await expect(page.locator(".tabs .badge")).toHaveText("1");
  await expect(page.getByText("Bright flat, friendly host.")).toBeVisible();
  // With JavaScript the router sends the answer, without a page load.
  if (usesJavaScript(testInfo)) await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.getByLabel("Answer in public").fill("Thank you, Lotte!");
  await page.getByRole("button", { name: "Publish the answer" }).click();
  await expect(page.getByText("Your answer is published.")).toBeVisible();
  if (usesJavaScript(testInfo)) expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  await expect(page.locator(".review__reply")).toContainText("Thank you, Lotte!");
  await expect(page.getByRole("heading", { name: "Ratings from 1 review" })).toBeVisible();
  // The reviews are searched by their words (any case) or the guest's name; the summary stays that of every review.
  const search = page.getByRole("search").getByLabel("Search the reviews");
  await search.fill("FRIENDLY");
  await page.getByRole("search").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/insights\/reviews\?search=FRIENDLY$/);
  await expect(page.getByRole("status").filter({ hasText: "mentions" })).toHaveText("1 review mentions “FRIENDLY”. Show all reviews");
  await expect(page.getByText("Bright flat, friendly host.")).toBeVisible();
  await search.fill("noisy");
  await page.getByRole("search").getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No review mentions “noisy”, in its text or the guest's name.")).toBeVisible();
  await expect(page.getByText("Bright flat, friendly host.")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Ratings from 1 review" })).toBeVisible();
  await page.getByRole("link", { name: "Show all reviews" }).click();
  await expect(page).toHaveURL(/\/insights\/reviews$/);
  await expect(page.getByText("Bright flat, friendly host.")).toBeVisible();
  await expect(search).toHaveValue("");
  if (usesJavaScript(testInfo)) expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  // An answer changed while the page's scripts still load keeps what the host typed once they run (React alone put the saved answer back).
  if (usesJavaScript(testInfo)) {
    const releaseScripts = await reloadWithScriptsHeld(page);
    const answer = page.getByLabel("Change your answer");
    await expect(answer).toHaveValue("Thank you, Lotte!");
    await typedBeforeHydrationStays(page, answer, "Thank you again, Lotte!", releaseScripts);
    await page.getByRole("button", { name: "Save the answer" }).click();
    await expect(page.locator(".review__reply")).toContainText("Thank you again, Lotte!");
    await expect(answer).toHaveValue("Thank you again, Lotte!");
  }
});

test("a guest whose stay cannot be reviewed is told why, and the conversation asks for no review: a stay not over, one cancelled, one whose review time ended", async ({ page, browser }, testInfo) => {
  const { token, unitId } = await hostWithStay(page, { model: "commission" });
  const secret = await channelKey(page.request, token);
  const today = new Date().toISOString().slice(0, 10);
  const bookedAt = new Date(Date.now() - 60 * 86_400_000);
  const stays = {
    // Still to come.
    upcoming: { stay: { checkIn: addDays(today, 5), checkOut: addDays(today, 8) }, says: "You can review your stay after check-out." },
    // Over 20 days ago: the 14 days to review it have passed (whether or not the night's job closed it).
    ended: { stay: { checkIn: addDays(today, -24), checkOut: addDays(today, -20) }, says: "A stay can be reviewed for 14 days after check-out, and that time has ended for this one." },
    // Over yesterday, but cancelled before it began.
    cancelled: { stay: { checkIn: addDays(today, -5), checkOut: addDays(today, -1) }, says: "This booking was cancelled, so there is no stay to review." },
  };
  for (const [name, { stay, says }] of Object.entries(stays)) {
    const guest = newGuest();
    const { code, reservationId } = await channelBooking(page.request, secret, unitId, stay, guest, bookedAt);
    if (name === "cancelled") {
      const cancelled = await page.request.post(`/api/channel/reservations/${reservationId}/cancel`, { headers: { authorization: `Bearer ${secret}`, "idempotency-key": crypto.randomUUID() }, data: { cancelledBy: "guest" } });
      expect(cancelled.status(), await cancelled.text()).toBe(200);
    }
    const { guestContext, guestPage } = await guestArea(browser, testInfo, code, guest.email);
    await expect(guestPage.getByRole("heading", { level: 2, name: "Your booking" })).toBeVisible();
    await expect(guestPage.getByRole("link", { name: "Review your stay" }), name).toHaveCount(0);
    await guestPage.goto("/guest/review");
    await expect(guestPage.getByText(says), name).toBeVisible();
    await expect(guestPage.getByRole("button", { name: "Send the review" })).toHaveCount(0);
    await guestContext.close();
  }
});

test("insights of a host on commission: earnings by month of stay and of payout, occupancy, and the guests' reviews with the host's answers", async ({ page }) => {
  // The agency works in Italian: these checks read English (a cookie keeps the language).
  await signedInAs(page, DEMO.company, "/home?hl=en_US");
  await visit(page, "/insights");
  // A host with earnings lands on them.
  await expect(page).toHaveURL(/\/insights\/earnings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Earnings" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Payout per month of stay" })).toBeVisible();
  await expect(page.getByRole("table", { name: "By month of stay" }).getByRole("row")).toHaveCount(13);
  await expect(page.getByRole("table", { name: "By month of payout" }).getByRole("row")).toHaveCount(13);
  await expect(page.locator('[data-figure="payout"] .stat-tile__value')).not.toHaveText(/^\D*0[.,]00\D*$/);
  await expect(page.getByText("A cancelled stay counts only with what its guest had paid")).toBeVisible();

  await page.getByRole("link", { name: "Occupancy" }).click();
  await expect(page).toHaveURL(/\/insights\/occupancy$/);
  await expect(page.getByRole("img", { name: "Occupancy per month" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Occupancy by month" }).getByRole("row")).toHaveCount(13);
  await expect(page.getByText(/A unit's nights count from the day it was first published .* until it was unpublished or deleted, less the nights you blocked or paused/)).toBeVisible();
  // Percentages as the page's language writes them: glued to the number in English.
  await expect(page.locator('[data-figure="rate"] .stat-tile__value')).toHaveText(/^\d{1,3}(\.\d{1,3})?%$/);
  expect(await page.locator("#occupancy-chart-title + .chart__scroll .chart__grid text").allTextContents()).toContainEqual(expect.stringMatching(/^[1-9]\d*%$/));

  // The demo's guests reviewed their recent stays in the guest area; the host answered every other one.
  await page.getByRole("link", { name: /^Reviews/ }).click();
  await expect(page).toHaveURL(/\/insights\/reviews$/);
  await expect(page.getByRole("heading", { name: /Ratings from [1-9]\d* reviews?$/ })).toBeVisible();
  await expect(page.locator(".review__reply").first()).toContainText("Thank you for your kind words");

  // In German after a no-break space, the decimals after a comma, in the figures, the chart and its table.
  await visit(page, "/insights/occupancy?hl=de_DE");
  await expect(page.locator('[data-figure="rate"] .stat-tile__value')).toHaveText(/^\d{1,3}(,\d{1,3})?\u00a0%$/);
  expect(await page.locator("#occupancy-chart-title + .chart__scroll .chart__grid text").allTextContents()).toContainEqual(expect.stringMatching(/^[1-9]\d*\u00a0%$/));
  await expect(page.getByRole("table", { name: "Auslastung nach Monat" }).getByRole("cell").last()).toHaveText(/^\d{1,3}(,\d{1,3})?\u00a0%$/);
});

/** The first day of the month `offset` months from this one (UTC), its month (YYYY-MM) and its name in a table's rows. */
function month(offset: number) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
}
const iso = (date: Date) => date.toISOString().slice(0, 7);
const name = (date: Date) => new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" }).format(date);

test("earnings by month of payout mark the months whose payouts are still to come and say so beside the table, unlike a past period", async ({ page }) => {
  await signedInAs(page, DEMO.company, "/home?hl=en_US");
  const note = page.getByText(/^Payouts are made on the check-in day\. A month marked “upcoming”/);
  // From last month to the month after next: last month is paid out, this one in progress, the next two upcoming.
  await visit(page, `/insights/earnings?period=custom&from=${iso(month(-1))}&to=${iso(month(2))}`);
  const byPayout = page.getByRole("table", { name: "By month of payout" });
  await expect(byPayout.getByRole("rowheader")).toHaveText([name(month(-1)), `${name(month(0))} (in progress)`, `${name(month(1))} (upcoming)`, `${name(month(2))} (upcoming)`]);
  await expect(note).toBeVisible();
  await expect(note).toContainText("The tax report counts only the payouts made up to today.");
  // By month of stay there is nothing to come: its months are named as they are.
  await expect(page.getByRole("table", { name: "By month of stay" }).getByRole("rowheader").last()).toHaveText(name(month(2)));
  // Last year's payouts were all made: no month marked, no note.
  await visit(page, "/insights/earnings?period=last-year");
  await expect(byPayout.getByRole("rowheader")).toHaveCount(12);
  await expect(byPayout.getByRole("rowheader").filter({ hasText: /\((upcoming|in progress)\)/ })).toHaveCount(0);
  await expect(note).toHaveCount(0);
  // In German, the marks and the note in the page's language.
  await visit(page, `/insights/earnings?period=custom&from=${iso(month(0))}&to=${iso(month(1))}&hl=de_DE`);
  await expect(page.getByRole("table", { name: "Nach Auszahlungsmonat" }).getByRole("rowheader").last()).toHaveText(/\(ausstehend\)$/);
  await expect(page.getByText(/^Auszahlungen erfolgen am Anreisetag\./)).toBeVisible();
});

test("a table of figures wider than the page scrolls sideways, and the keyboard reaches and scrolls it", async ({ page }) => {
  // Performance's ten columns in German do not fit a tablet's width.
  await page.setViewportSize({ width: 800, height: 900 });
  await signedInAs(page, DEMO.company, "/insights/performance?hl=de_DE");
  const region = page.getByRole("group", { name: "Leistung nach Monat" });
  await expect(region.getByRole("table", { name: "Leistung nach Monat" })).toBeVisible();
  expect(await region.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  await region.focus();
  await expect(region).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => region.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  // axe's "scrollable region must have keyboard access" among the others.
  await expectAccessible(page);
});

test("the charts' value labels are whole, and readable on a phone, where the chart scrolls instead of shrinking", async ({ page }) => {
  await signedInAs(page, DEMO.company, "/home?hl=en_US");
  for (const width of [1280, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await visit(page, "/insights/earnings");
    const ticks = await page.locator(".chart__grid text").evaluateAll((texts) =>
      texts.map((text) => ({ label: text.textContent, left: (text as SVGTextElement).getBBox().x, height: text.getBoundingClientRect().height })),
    );
    // Whole amounts of money without their cents ("€2,500"), none cut at the drawing's left edge.
    expect(ticks.length, `${width} px`).toBeGreaterThan(1);
    for (const tick of ticks) {
      expect(tick.label, `${width} px`).toMatch(/^€\d{1,3}(,\d{3})*$/);
      expect(tick.left, `${tick.label} at ${width} px`).toBeGreaterThanOrEqual(0);
      expect(tick.height, `${tick.label} at ${width} px`).toBeGreaterThanOrEqual(9);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${width} px`).toBe(0);
  }
});
