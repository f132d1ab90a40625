import type { Page } from "@playwright/test";
import { apiToken, createProperty } from "./api-factory";
import { addDays, hostWithStay, newGuest, reserve, stayAhead } from "./bookings-factory";
import { expect, newHost, settled, test, usesJavaScript, visit } from "./fixtures";

/** A day of next month, as its link names it ("December 10, 2026") and as the footer of marked days writes it ("Dec 10, 2026"), and its ISO date. */
function dayOfNextMonth(dayOfMonth: number) {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, dayOfMonth));
  return {
    iso: date.toISOString().slice(0, 10),
    name: new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(date),
    short: new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(date),
    month: new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(date),
  };
}

/** The month `ahead` months from this one (UTC), as the address writes it ("2027-09"), and its name as a month's caption says it. */
const monthAhead = (ahead: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1)).toISOString().slice(0, 7);
};
const monthName = (ahead: number) => {
  const now = new Date();
  return new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1)));
};

/** The ISO date `offset` days from today (UTC). */
const dayFromToday = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A day's link (not an event's bar, whose name also says its days). */
const dayLink = (page: Page, name: string) => page.getByRole("link", { name: new RegExp(name) }).and(page.locator(".cal-day__inner"));

async function saved(page: Page) {
  const message = page.getByRole("status").filter({ hasText: "Saved." });
  await expect(message).toBeVisible();
  await settled(page);
  // The message stands above the footer of marked days, never over its Cancel and Edit.
  const footer = page.getByRole("region", { name: "Marked days" });
  const [toast, marked] = [await message.boundingBox(), (await footer.isVisible()) ? await footer.boundingBox() : null];
  if (toast && marked) expect(toast.y + toast.height <= marked.y || marked.y + marked.height <= toast.y, "the message and the footer apart").toBe(true);
}

test("a host marks days by links and, in the sidebar's panels, sets their price, blocks and unblocks, pauses and resumes them", async ({ page }) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const { unitId } = await createProperty(page.request, token, { title: "Calendar cabin", nightlyPrice: 10_000 });
  const [first, middle, last] = [dayOfNextMonth(10), dayOfNextMonth(11), dayOfNextMonth(12)];

  // The navigation's Calendar leads to the host's first unit; with nothing marked, the sidebar shows the upcoming bookings.
  await visit(page, "/home");
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Calendar" }).first().click();
  await page.waitForURL(new RegExp(`/calendar/${unitId}`));
  await settled(page);
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await expect(page.getByRole("table", { name: first.month })).toBeVisible();
  await expect(page.getByRole("link", { name: "Calendar cabin" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Upcoming bookings" })).toBeVisible();
  await expect(page.getByText("No bookings in the next 30 days.")).toBeVisible();

  // The first link marks the start, the second the end; the range lives in the URL.
  await dayLink(page, middle.name).click();
  await page.waitForURL(new RegExp(`from=${middle.iso}`));
  await settled(page);
  await expect(page.getByText("Now select the last day")).toBeVisible();
  // A day before the start starts again there.
  await dayLink(page, first.name).click();
  await page.waitForURL(new RegExp(`from=${first.iso}$`));
  await settled(page);
  await dayLink(page, last.name).click();
  await page.waitForURL(new RegExp(`from=${first.iso}&to=${last.iso}`));
  await settled(page);
  await expect(page.getByRole("heading", { name: "Selected days" })).toBeVisible();
  await expect(page.getByText("All of these days are available.")).toBeVisible();
  await expect(dayLink(page, `${middle.name}, selected`)).toBeVisible();
  // The footer offers Cancel and Edit; Edit opens the panel of the marked days' price and availability, with the focus on its heading.
  const footer = page.getByRole("region", { name: "Marked days" });
  await expect(footer.getByRole("link", { name: "Cancel" })).toBeVisible();
  await footer.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Selected days" })).toBeFocused();
  expect(new URL(page.url()).pathname).toBe(`/calendar/${unitId}`);
  await page.getByRole("link", { name: "Set price and stay" }).click();
  await page.waitForURL(new RegExp(`/calendar/${unitId}/price\\?`));
  await settled(page);

  // A refused price keeps what was typed, with the reason.
  const price = page.getByLabel(/Nightly price/);
  await price.fill("5");
  await page.getByLabel("Minimum stay (nights)").fill("2");
  await page.getByRole("button", { name: "Save price and stay" }).click();
  await expect(page.getByText("Enter a nightly price from 10 to 10,000.")).toBeVisible();
  await expect(price).toHaveValue("5");
  await expect(page.getByLabel("Minimum stay (nights)")).toHaveValue("2");

  await price.fill("120");
  // The choice that changes nothing comes first, in plain words.
  await expect(page.getByLabel("Arrival on these days").locator("option").first()).toHaveText("Leave unchanged");
  await page.getByLabel("Arrival on these days").selectOption({ label: "Not allowed" });
  await page.getByRole("button", { name: "Save price and stay" }).click();
  await saved(page);
  for (const day of [first, middle, last]) await expect(dayLink(page, day.name)).toContainText("120.00");
  await expect(dayLink(page, dayOfNextMonth(13).name)).toContainText("100.00");
  // The range is still marked after the save, in the same panel.
  expect(page.url()).toContain(`/price?`);
  expect(page.url()).toContain(`to=${last.iso}`);
  const closed = await page.request.get(`/api/app/property-unit/${unitId}/price-list?dateFrom=${first.iso}&dateTo=${dayOfNextMonth(13).iso}`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await closed.json()) as { days: { closedToArrival: boolean; minimalLengthOfStay: number }[] }).days.map((d) => d.closedToArrival)).toEqual([true, true, true, false]);

  // A guest's stay on these nights is refused, in words: arrival is closed on its first day.
  await page.getByRole("navigation", { name: "Calendar panels" }).getByRole("link", { name: "A guest's stay" }).click();
  await page.waitForURL(new RegExp(`/stay\\?`));
  await settled(page);
  await expect(page.getByText("A guest cannot book these nights:")).toBeVisible();
  await expect(page.getByText(`Guests cannot arrive on ${first.name}.`)).toBeVisible();

  await page.getByRole("navigation", { name: "Calendar panels" }).getByRole("link", { name: "Availability", exact: true }).click();
  await page.waitForURL(new RegExp(`/availability\\?`));
  await settled(page);
  await page.getByRole("button", { name: "Block", exact: true }).click();
  await saved(page);
  await expect(page.getByText("All of these days are blocked.")).toBeVisible();
  await expect(dayLink(page, last.name)).toContainText("Blocked");
  // The block is drawn as a bar across its nights; blocking the days up to the 12th leaves the 13th open (the nights are half-open).
  await expect(page.getByRole("link", { name: new RegExp(`^Blocked by you, ${first.name} until the morning of ${dayOfNextMonth(13).name}`) }).first()).toBeVisible();
  await expect(dayLink(page, dayOfNextMonth(13).name)).toContainText("Available");

  await page.getByRole("button", { name: "Unblock", exact: true }).click();
  await saved(page);
  await expect(page.getByText("All of these days are available.")).toBeVisible();

  await page.getByRole("navigation", { name: "Calendar panels" }).getByRole("link", { name: "Pause bookings" }).click();
  await page.waitForURL(new RegExp(`/pause-bookings\\?`));
  await settled(page);
  await page.getByRole("button", { name: "Pause bookings" }).click();
  await saved(page);
  await expect(dayLink(page, middle.name)).toContainText("Paused");
  await expect(page.getByRole("link", { name: /^Bookings paused, / }).first()).toBeVisible();

  await page.getByRole("button", { name: "Resume bookings" }).click();
  await saved(page);
  await expect(dayLink(page, middle.name)).toContainText("Available");

  // Cancel clears the selection.
  await page.getByRole("region", { name: "Marked days" }).getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Upcoming bookings" })).toBeVisible();
  expect(page.url()).not.toContain("from=");
});

test("past days cannot be blocked from the block-dates panel: the reason is said and the typed days stay", async ({ page }) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const { unitId } = await createProperty(page.request, token, { title: "Past cabin", nightlyPrice: 10_000 });
  await visit(page, `/calendar/${unitId}/block-dates`);
  await page.locator("#block-from").fill(dayFromToday(-5));
  await page.locator("#block-to").fill(dayFromToday(-3));
  await page.getByRole("button", { name: "Block these dates" }).click();
  await expect(page.getByText("These days are in the past: choose today or a later day as the first day.")).toBeVisible();
  await expect(page.locator("#block-from")).toHaveValue(dayFromToday(-5));
  await expect(page.locator("#block-to")).toHaveValue(dayFromToday(-3));
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Blocked by you, / })).toHaveCount(0);
});

test("a guest's nights and paused nights are said as such, not as blocked, and unblocking them changes nothing and says so", async ({ page }) => {
  const { unitId } = await hostWithStay(page, { model: "commission" });
  const stay = stayAhead(3, 40);
  await reserve(page.request, unitId, stay, newGuest());
  const lastNight = addDays(stay.checkOut, -1);
  const month = stay.checkIn.slice(0, 7);

  await visit(page, `/calendar/${unitId}/availability?month=${month}&from=${stay.checkIn}&to=${lastNight}`);
  await expect(page.getByText("All of these days are a guest's stay.")).toBeVisible();
  await page.getByRole("button", { name: "Unblock", exact: true }).click();
  await expect(page.getByText("Nothing to unblock here: these nights are a guest's stay.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toHaveCount(0);

  // The two nights after the stay, paused.
  const paused = { from: stay.checkOut, to: addDays(stay.checkOut, 1) };
  await visit(page, `/calendar/${unitId}/pause-bookings?month=${month}&from=${paused.from}&to=${paused.to}`);
  await page.getByRole("button", { name: "Pause bookings" }).click();
  await saved(page);
  await visit(page, `/calendar/${unitId}/availability?month=${month}&from=${paused.from}&to=${paused.to}`);
  await expect(page.getByText("Bookings are paused on all of these days.")).toBeVisible();
  await page.getByRole("button", { name: "Unblock", exact: true }).click();
  await expect(page.getByText(/^Nothing to unblock here: bookings are paused on these nights\./)).toBeVisible();
  await visit(page, `/calendar/${unitId}/stay?month=${month}&from=${paused.from}&to=${paused.to}`);
  await expect(page.getByText(/^Bookings are paused on these nights: /)).toBeVisible();
  await expect(page.getByText(/taken already/)).toHaveCount(0);

  // The stay and a night after it: a mix.
  await visit(page, `/calendar/${unitId}/availability?month=${month}&from=${lastNight}&to=${stay.checkOut}`);
  await expect(page.getByText(/^These days are not all the same/)).toBeVisible();
});

test("an event's bar opens its details, from which a block is freed; the whole calendar pauses from the settings", async ({ page }) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const { unitId } = await createProperty(page.request, token, { title: "Event cabin", nightlyPrice: 10_000 });
  const [first, last] = [dayOfNextMonth(5), dayOfNextMonth(8)];
  const block = await page.request.post(`/api/app/properties/${unitId}/unavailabilities/block`, { headers: { authorization: `Bearer ${token}` }, data: { dateFrom: first.iso, dateTo: last.iso } });
  expect(block.status()).toBe(201);
  await visit(page, `/calendar/${unitId}`);
  const bar = page.getByRole("link", { name: new RegExp(`^Blocked by you, ${first.name} until the morning of ${last.name}`) });
  await expect(bar.first()).toBeVisible();
  await bar.first().click();
  await page.waitForURL(new RegExp(`/event/`));
  await settled(page);
  await expect(page.getByRole("heading", { name: "Blocked by you" })).toBeVisible();
  await expect(page.getByText("Nights", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Unblock these nights" }).click();
  await saved(page);
  await expect(dayLink(page, dayOfNextMonth(6).name)).toContainText("Available");
  await expect(bar).toHaveCount(0);

  await page.getByRole("navigation", { name: "Calendar panels" }).getByRole("link", { name: "Settings" }).click();
  await page.waitForURL(new RegExp(`/settings`));
  await settled(page);
  await page.getByRole("button", { name: "Pause the whole calendar" }).click();
  await saved(page);
  await expect(page.getByText("Bookings of this unit's whole calendar are paused.").first()).toBeVisible();
  await page.getByRole("button", { name: "Resume the whole calendar" }).click();
  await saved(page);
  await expect(page.getByText("Guests can book this unit's calendar.")).toBeVisible();
});

test("days are marked by dragging and with the keyboard with JavaScript, by following the days' links with the keyboard without", async ({ page }, testInfo) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const { unitId } = await createProperty(page.request, token, { title: "Drag cabin", nightlyPrice: 10_000 });
  const footer = page.getByRole("region", { name: "Marked days" });
  await visit(page, `/calendar/${unitId}`);
  await expect(footer).toHaveCount(0);

  if (usesJavaScript(testInfo)) {
    // Drag from the 10th over the 12th to the 14th: marked in the page, the address unchanged until Edit.
    await dayLink(page, dayOfNextMonth(12).name).evaluate((link) => link.scrollIntoView({ block: "center" }));
    const centre = async (n: number) => {
      const box = (await dayLink(page, dayOfNextMonth(n).name).boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + box.height / 3 };
    };
    const start = await centre(10);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    for (const n of [11, 12, 14]) {
      const at = await centre(n);
      await page.mouse.move(at.x, at.y, { steps: 3 });
    }
    await page.mouse.up();
    await expect(footer.getByText(`${dayOfNextMonth(10).short} to ${dayOfNextMonth(14).short}`)).toBeVisible();
    await expect(dayLink(page, `${dayOfNextMonth(12).name}, selected`)).toBeVisible();
    expect(page.url()).not.toContain("from=");
    await footer.getByRole("button", { name: "Edit" }).click();
    await page.waitForURL(new RegExp(`from=${dayOfNextMonth(10).iso}&to=${dayOfNextMonth(14).iso}`));
    // Edit opens the sidebar's panel of the marked days and puts the keyboard focus in it (the button it was on is gone).
    await expect(page.getByRole("heading", { name: "Selected days" })).toBeFocused();

    // The keyboard: Enter marks the start, the arrows move, Space marks the end; Escape cancels.
    await dayLink(page, dayOfNextMonth(20).name).focus();
    await page.keyboard.press("Enter");
    await expect(footer.getByText(`From ${dayOfNextMonth(20).short}: now mark the last day.`)).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(dayLink(page, dayOfNextMonth(22).name)).toBeFocused();
    await page.keyboard.press(" ");
    await expect(footer.getByText(`${dayOfNextMonth(20).short} to ${dayOfNextMonth(22).short}`)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(footer.getByText(`${dayOfNextMonth(10).short} to ${dayOfNextMonth(14).short}`)).toBeVisible();
    // Shift with the arrows marks from where it starts, a week down included.
    await page.keyboard.press("Shift+ArrowLeft");
    await page.keyboard.press("Shift+ArrowDown");
    await expect(dayLink(page, dayOfNextMonth(28).name)).toBeFocused();
    await expect(footer.getByText(`${dayOfNextMonth(22).short} to ${dayOfNextMonth(28).short}`)).toBeVisible();
    await footer.getByRole("button", { name: "Edit" }).click();
    await page.waitForURL(new RegExp(`from=${dayOfNextMonth(22).iso}&to=${dayOfNextMonth(28).iso}`));
    await expect(dayLink(page, `${dayOfNextMonth(25).name}, selected`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Selected days" })).toBeFocused();
    // Marked by clicking the first and the last day (their links put the days in the address), Edit opens the same panel, again with the focus in it.
    await footer.getByRole("link", { name: "Cancel" }).click();
    await expect(footer).toHaveCount(0);
    await dayLink(page, dayOfNextMonth(15).name).click();
    await page.waitForURL(new RegExp(`from=${dayOfNextMonth(15).iso}$`));
    await dayLink(page, dayOfNextMonth(17).name).click();
    await page.waitForURL(new RegExp(`from=${dayOfNextMonth(15).iso}&to=${dayOfNextMonth(17).iso}$`));
    await expect(footer.getByText(`${dayOfNextMonth(15).short} to ${dayOfNextMonth(17).short}`)).toBeVisible();
  } else {
    // Without JavaScript the days are links: Enter follows the first (the start), then the second (the end).
    await dayLink(page, dayOfNextMonth(20).name).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`from=${dayOfNextMonth(20).iso}$`));
    await expect(footer.getByText(dayOfNextMonth(20).short)).toBeVisible();
    await dayLink(page, dayOfNextMonth(22).name).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`from=${dayOfNextMonth(20).iso}&to=${dayOfNextMonth(22).iso}`));
    await expect(dayLink(page, `${dayOfNextMonth(21).name}, selected`)).toBeVisible();
    await expect(footer.getByText(`${dayOfNextMonth(20).short} to ${dayOfNextMonth(22).short}`)).toBeVisible();
  }
  // Edit opens the panel of the marked days, with JavaScript or without (the browser then puts the focus on its heading).
  await expect(page.getByRole("heading", { name: "Selected days" })).not.toBeFocused();
  await footer.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Selected days" })).toBeFocused();
  expect(new URL(page.url()).pathname).toBe(`/calendar/${unitId}`);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Set price and stay" })).toBeFocused();
  await footer.getByRole("link", { name: "Cancel" }).click();
  await expect(footer).toHaveCount(0);
});

test("a price saved from an older version is refused with the current values, and what was typed is kept", async ({ page }) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const { unitId } = await createProperty(page.request, token, { title: "Stale cabin", nightlyPrice: 10_000 });
  const [first, last] = [dayOfNextMonth(20), dayOfNextMonth(21)];
  await visit(page, `/calendar/${unitId}?from=${first.iso}&to=${last.iso}`);
  await expect(page.getByRole("heading", { name: "Selected days" })).toBeVisible();
  await page.getByRole("link", { name: "Set price and stay" }).click();
  await page.waitForURL(new RegExp(`/price\\?`));
  await settled(page);
  await page.getByLabel(/Nightly price/).fill("150");
  // Meanwhile, another tab changes these days.
  const meanwhile = await page.request.patch(`/api/app/property-unit/${unitId}/calendar-price-configuration`, {
    headers: { authorization: `Bearer ${token}` },
    data: { dateFrom: first.iso, dateTo: last.iso, price: 13_000 },
  });
  expect(meanwhile.status()).toBe(200);
  await page.getByRole("button", { name: "Save price and stay" }).click();
  await expect(page.getByText("This was changed in the meantime.")).toBeVisible();
  await expect(page.getByText(/The current values of the first day: price €130\.00/)).toBeVisible();
  await expect(page.getByLabel(/Nightly price/)).toHaveValue("150");
  await expect(dayLink(page, first.name)).toContainText("130.00");
  // Sent again, from the version now shown, it is saved.
  await page.getByRole("button", { name: "Save price and stay" }).click();
  await saved(page);
  await expect(dayLink(page, first.name)).toContainText("150.00");
});

test("the range form marks days, and twelve months are reachable, not more", async ({ page }, testInfo) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const { unitId } = await createProperty(page.request, token, { title: "Range cabin", nightlyPrice: 10_000 });
  const [first, last] = [dayOfNextMonth(3), dayOfNextMonth(5)];
  await visit(page, `/calendar/${unitId}`);
  await page.getByLabel("First day").fill(first.iso);
  await page.getByLabel("Last day").fill(last.iso);
  await page.getByRole("button", { name: "Select", exact: true }).click();
  await page.waitForURL(new RegExp(`to=${last.iso}`));
  await settled(page);
  await expect(page.getByRole("heading", { name: "Selected days" })).toBeVisible();
  await expect(dayLink(page, `${dayOfNextMonth(4).name}, selected`)).toBeVisible();

  // On a phone the month grid fits and the sidebar is a bottom sheet of 305 px (§2) for a panel, scrolled inside, that covers no day for good.
  await page.setViewportSize({ width: 320, height: 700 });
  await visit(page, `/calendar/${unitId}/price?from=${first.iso}&to=${last.iso}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const grid = await page.getByRole("table").first().boundingBox();
  expect(grid!.x + grid!.width).toBeLessThanOrEqual(320);
  const sheet = page.getByRole("complementary", { name: "Days and actions" });
  const box = (await sheet.boundingBox())!;
  expect(Math.round(box.height)).toBe(305);
  expect(Math.round(box.y + box.height)).toBe(700);
  expect(Math.round(box.width)).toBe(320);
  await expect(sheet.getByRole("heading", { name: "Price", exact: true })).toBeInViewport();
  // The last of the months scrolls above the sheet.
  await page.getByRole("table").last().scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const lastRow = (await page.getByRole("table").last().locator("tr").last().boundingBox())!;
  expect(lastRow.y + lastRow.height).toBeLessThanOrEqual(box.y + 1);
  await visit(page, `/calendar/${unitId}/settings`);
  await expect(sheet.getByRole("heading", { name: "Settings" })).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 800 });

  // The whole year: twelve months from this one, today marked. With JavaScript the paging's and the panels' links are followed without a page load.
  await visit(page, `/calendar/${unitId}`);
  const js = usesJavaScript(testInfo);
  if (js) await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.getByRole("link", { name: "Whole year" }).click();
  await page.waitForURL(/view=year/);
  await settled(page);
  await expect(page.getByRole("table")).toHaveCount(12);
  await expect(page.locator("[aria-current=date]")).toHaveCount(1);
  await page.getByRole("link", { name: "Two months" }).click();
  await expect(page.getByRole("table")).toHaveCount(2);
  await page.getByRole("link", { name: "Next month" }).click();
  await expect(page).toHaveURL(/month=/);
  await page.getByRole("navigation", { name: "Calendar panels" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  if (js) expect(await page.evaluate(() => "samePage" in window)).toBe(true);

  // At the last month a host can reach, the page says why there is no next one; with JavaScript, following "Next month" there puts the focus on the reason.
  const limit = page.getByText("Prices and availability can be set up to 12 months ahead.");
  await visit(page, `/calendar/${unitId}?month=${monthAhead(9)}`);
  await expect(limit).toHaveCount(0);
  await page.getByRole("link", { name: "Next month" }).focus();
  await page.keyboard.press("Enter");
  await page.waitForURL(new RegExp(`month=${monthAhead(10)}`));
  await expect(page.getByRole("link", { name: "Next month" })).toHaveCount(0);
  await expect(limit).toBeVisible();
  if (js) await expect(limit).toBeFocused();
  await expect(page.getByRole("table", { name: new RegExp(monthName(11)) })).toBeVisible();

  await visit(page, `/calendar/${unitId}?month=2099-01`);
  await expect(page.getByRole("link", { name: "Previous month" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Next month" })).toHaveCount(0);
  await expect(page.getByRole("table")).toHaveCount(2);
  await expect(limit).toBeVisible();
  // Not in the whole year's view, which shows every month there is.
  await visit(page, `/calendar/${unitId}?view=year`);
  await expect(limit).toHaveCount(0);
});

test("on a phone of 320 × 568 with nothing marked, the sheet peeks with its heading: the month's days are in view above it, and a tap opens it", async ({ page }) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const { unitId } = await createProperty(page.request, token, { title: "Small screen cabin", nightlyPrice: 10_000 });
  const first = dayOfNextMonth(1);
  await page.setViewportSize({ width: 320, height: 568 });
  const sheet = page.getByRole("complementary", { name: "Days and actions" });
  const height = async () => Math.round((await sheet.boundingBox())!.height);
  await visit(page, `/calendar/${unitId}?month=${first.iso.slice(0, 7)}`);
  await expect(page.getByRole("region", { name: "Marked days" })).toHaveCount(0);

  // The sheet takes its grabber and heading at the bottom of the screen, not the 305 px of an open panel.
  await expect.poll(height).toBeLessThanOrEqual(64);
  const peek = (await sheet.boundingBox())!;
  expect(Math.round(peek.y + peek.height)).toBe(568);
  await expect(sheet.getByRole("heading", { name: "Upcoming bookings" })).toBeInViewport();
  // A whole month is in view above it: every week of the month, from its first day to its last.
  const month = page.getByRole("table", { name: first.month });
  await month.evaluate((table) => table.scrollIntoView({ block: "start" }));
  const grid = (await month.boundingBox())!;
  expect(grid.y, "the month's top on the screen").toBeGreaterThanOrEqual(0);
  expect(grid.y + grid.height, "the month above the sheet").toBeLessThanOrEqual(peek.y + 1);
  const lastDay = new Date(Date.UTC(Number(first.iso.slice(0, 4)), Number(first.iso.slice(5, 7)), 0)).getUTCDate();
  for (const n of [1, 15, lastDay]) await expect(dayLink(page, dayOfNextMonth(n).name)).toBeInViewport();
  // Nothing overlaps: the page is no wider than the screen, and the last month's last week scrolls above the sheet.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const lastRow = (await page.getByRole("table").last().locator("tr").last().boundingBox())!;
  expect(lastRow.y + lastRow.height).toBeLessThanOrEqual(peek.y + 1);

  // A tap on the sheet opens it at its height (305 px, §2) with the upcoming bookings; a tap on the page lets it peek again.
  await sheet.getByRole("heading", { name: "Upcoming bookings" }).click();
  await expect.poll(height).toBe(305);
  await expect(sheet.getByText("No bookings in the next 30 days.")).toBeInViewport();
  await page.getByRole("heading", { level: 1, name: "Calendar" }).click();
  await expect.poll(height).toBeLessThanOrEqual(64);
});

test("on a phone of 320 × 568 with days marked, the sheet peeks below a one-row footer: the marked days and Edit stay in view, and Edit or a tap opens the sheet", async ({ page }, testInfo) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const { unitId } = await createProperty(page.request, token, { title: "Phone cabin", nightlyPrice: 10_000 });
  const [first, middle, last] = [dayOfNextMonth(10), dayOfNextMonth(11), dayOfNextMonth(12)];
  const month = first.iso.slice(0, 7);
  await page.setViewportSize({ width: 320, height: 568 });
  const sheet = page.getByRole("complementary", { name: "Days and actions" });
  const footer = page.getByRole("region", { name: "Marked days" });
  const edit = footer.getByRole("link", { name: "Edit" });
  const height = async () => Math.round((await sheet.boundingBox())!.height);

  // Nothing marked: the upcoming bookings' sheet peeks (the test above).
  await visit(page, `/calendar/${unitId}?month=${month}`);
  await expect.poll(height).toBeLessThanOrEqual(64);
  if (usesJavaScript(testInfo)) {
    // Marking with the keyboard, before the days are in the address: the sheet peeks as soon as the footer shows them.
    await dayLink(page, first.name).focus();
    await page.keyboard.press("Enter");
    await expect(footer).toBeVisible();
    await expect.poll(height).toBeLessThanOrEqual(64);
  }

  await visit(page, `/calendar/${unitId}?month=${month}&from=${first.iso}&to=${last.iso}`);

  // The sheet peeks at the bottom: its grabber and the heading of the marked days.
  const peek = (await sheet.boundingBox())!;
  expect(Math.round(peek.y + peek.height)).toBe(568);
  expect(peek.height).toBeLessThanOrEqual(64);
  await expect(sheet.getByRole("heading", { name: "Selected days" })).toBeInViewport();
  // The marked days in the middle of the screen: above the footer, which is one row above the sheet, with Cancel and Edit.
  const marked = dayLink(page, `${middle.name}, selected`);
  await marked.evaluate((link) => link.scrollIntoView({ block: "center" }));
  await expect(edit).toBeInViewport();
  await expect(footer.getByRole("link", { name: "Cancel" })).toBeInViewport();
  const [day, bar] = [(await marked.boundingBox())!, (await footer.boundingBox())!];
  expect(bar.height, "one row").toBeLessThanOrEqual(64);
  expect(bar.y + bar.height, "the footer above the sheet").toBeLessThanOrEqual(peek.y + 1);
  expect(day.y, "the marked day below the top").toBeGreaterThanOrEqual(0);
  expect(day.y + day.height, "the marked day above the footer").toBeLessThanOrEqual(bar.y);
  expect(bar.y, "most of the screen is the calendar's").toBeGreaterThanOrEqual(568 / 2);

  // A tap on the sheet opens it at its height (305 px, §2) and the footer rises above it; a tap elsewhere lets it peek again.
  await sheet.getByRole("heading", { name: "Selected days" }).click();
  await expect.poll(height).toBe(305);
  await expect(sheet.getByRole("link", { name: "Set price and stay" })).toBeInViewport();
  const raised = (await footer.boundingBox())!;
  expect(raised.y + raised.height).toBeLessThanOrEqual(568 - 305 + 1);
  await page.getByRole("heading", { level: 1, name: "Calendar" }).click();
  await expect.poll(height).toBeLessThanOrEqual(64);

  // Edit opens the panel of the marked days: its heading takes the focus and its sheet opens at its height (305 px, §2), the footer above it.
  await edit.click();
  await expect(sheet.getByRole("heading", { name: "Selected days" })).toBeFocused();
  await expect.poll(height).toBe(305);
  await expect(sheet.getByRole("link", { name: "Set price and stay" })).toBeInViewport();
  expect(new URL(page.url()).pathname).toBe(`/calendar/${unitId}`);
  const above = (await footer.boundingBox())!;
  expect(above.y + above.height).toBeLessThanOrEqual(568 - 305 + 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test("on a phone of 320 × 568 the day the keyboard moves to comes into view above the sheet and the footer of marked days, never under them", async ({ page }, testInfo) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const { unitId } = await createProperty(page.request, token, { title: "Keyboard cabin", nightlyPrice: 10_000 });
  const month = dayOfNextMonth(1).iso.slice(0, 7);
  await page.setViewportSize({ width: 320, height: 568 });
  /** The focused element's bottom and the top of what is fixed over the page's bottom (the sheet, and the footer when days are marked). */
  const focusAndCover = () =>
    page.evaluate(() => {
      const focused = document.activeElement!;
      const cover = Math.min(...[".cal-sidebar", ".cal-footer"].map((selector) => document.querySelector(selector)?.getBoundingClientRect().top ?? innerHeight));
      return { inMonths: Boolean(focused.closest(".cal-months")), name: focused.textContent, bottom: focused.getBoundingClientRect().bottom, cover };
    });
  for (const marked of ["", `&from=${dayOfNextMonth(3).iso}&to=${dayOfNextMonth(5).iso}`]) {
    await visit(page, `/calendar/${unitId}?month=${month}${marked}`);
    await page.evaluate(() => scrollTo(0, 0));
    await dayLink(page, dayOfNextMonth(1).name).focus();
    // Through the month's days and bars and into the next month, a tab at a time (with JavaScript the arrows too, a week at a time).
    const keys = [...Array.from({ length: 40 }, () => "Tab"), ...(usesJavaScript(testInfo) ? ["Shift+Tab", "ArrowUp", "ArrowDown", "ArrowDown"] : [])];
    let days = 0;
    for (const key of keys) {
      await page.keyboard.press(key);
      const at = await focusAndCover();
      if (!at.inMonths) continue;
      days++;
      expect(at.bottom, `${at.name} after ${key}${marked ? " with days marked" : ""}`).toBeLessThanOrEqual(at.cover + 1);
    }
    expect(days).toBeGreaterThan(30);
  }
});

test("days typed in reverse in the range form are said to be in the wrong order and kept as typed", async ({ page }) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const { unitId } = await createProperty(page.request, token, { title: "Reverse cabin", nightlyPrice: 10_000 });
  const [first, last] = [dayOfNextMonth(12), dayOfNextMonth(9)];
  await visit(page, `/calendar/${unitId}`);
  await page.getByLabel("First day").fill(first.iso);
  await page.getByLabel("Last day").fill(last.iso);
  await page.getByRole("button", { name: "Select", exact: true }).click();
  await page.waitForURL(new RegExp(`from=${first.iso}&to=${last.iso}`));
  await settled(page);
  await expect(page.getByRole("alert").filter({ hasText: "The end date must not be before the start date." })).toBeVisible();
  await expect(page.getByLabel("First day")).toHaveValue(first.iso);
  await expect(page.getByLabel("Last day")).toHaveValue(last.iso);
  await expect(page.getByText("Now select the last day")).toHaveCount(0);
  await expect(dayLink(page, `${first.name}, selected`)).toHaveCount(0);
});

test("a host without units is told how to list one, and another host's unit is not found", async ({ page }) => {
  const owner = await newHost(page);
  const { unitId } = await createProperty(page.request, await apiToken(page.request, owner.email, owner.password), { title: "Not yours" });
  await newHost(page);
  await visit(page, "/calendar");
  await expect(page.getByText("You have no units yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "List a property" })).toBeVisible();
  const answer = await page.goto(`/calendar/${unitId}`);
  expect(answer?.status()).toBe(404);
  await settled(page);
});
