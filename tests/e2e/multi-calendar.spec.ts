import type { APIRequestContext, Page } from "@playwright/test";
import { apiToken, createProperty, subscribe } from "./api-factory";
import { hostWithStay, newGuest, reserve } from "./bookings-factory";
import { expect, newHost, settled, test, usesJavaScript, visit } from "./fixtures";

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A day counted from today (UTC, as the server's calendar), as ISO. */
function dayFromToday(days: number) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

/** A multi-unit property with its units, each with its nightly price (cents), made through the API. */
async function multiUnitProperty(request: APIRequestContext, token: string, title: string, units: { title: string; nightlyPrice: number }[]) {
  const headers = bearer(token);
  const created = await request.post("/api/app/properties", { headers, data: { propertyType: "multi", accommodationType: "apartment", title } });
  expect(created.status()).toBe(201);
  const property = (await created.json()) as { id: string; unitIds: string[] };
  const ids: string[] = [];
  for (const [index, unit] of units.entries()) {
    let unitId = index === 0 ? property.unitIds[0] : undefined;
    if (!unitId) {
      const added = await request.post(`/api/app/properties/${property.id}/units`, { headers, data: { title: unit.title } });
      expect(added.status()).toBe(201);
      unitId = ((await added.json()) as { propertyUnitPublicId: string }).propertyUnitPublicId;
    }
    expect((await request.patch(`/api/app/property-unit/${unitId}`, { headers, data: { title: unit.title } })).status()).toBe(200);
    expect((await request.patch(`/api/app/property-unit/${unitId}/price-configuration`, { headers, data: { nightlyPrice: unit.nightlyPrice } })).status()).toBe(200);
    ids.push(unitId);
  }
  return ids;
}

/** A day as the calendars name it in full ("December 10, 2026"). */
const longDate = (day: string) => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

const row = (page: Page, unit: string) => page.getByRole("row", { name: new RegExp(unit) });
/** The cell of a unit's row in the column of the index-th day shown. */
const cell = (page: Page, unit: string, index: number) => row(page, unit).getByRole("cell").nth(index);

async function saved(page: Page) {
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await settled(page);
}

test("a host with several units sees them all, scrolls by two weeks, marks a range on one row, sets its price, blocks and unblocks it", async ({ page }, testInfo) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const [, roomB] = await multiUnitProperty(page.request, token, "Harbour House", [
    { title: "Room Anchor", nightlyPrice: 10_000 },
    { title: "Room Buoy", nightlyPrice: 11_000 },
    { title: "Room Compass", nightlyPrice: 12_000 },
  ]);
  await createProperty(page.request, token, { title: "Solo Flat", nightlyPrice: 9_000 });

  // The navigation's Calendar opens the calendar of all units.
  await visit(page, "/home");
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Calendar" }).first().click();
  await page.waitForURL(/\/calendar$/);
  await settled(page);
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  const grid = page.getByRole("table", { name: /Your units from/ });
  await expect(grid).toBeVisible();
  for (const unit of ["Room Anchor", "Room Buoy", "Room Compass", "Solo Flat"]) await expect(row(page, unit)).toBeVisible();
  await expect(row(page, "Room Buoy").getByRole("rowheader")).toContainText("Harbour House");
  // Today is the first column, marked; each cell says its price and state.
  await expect(grid.getByRole("columnheader").nth(1)).toContainText("today");
  await expect(cell(page, "Room Anchor", 3)).toContainText("100");
  await expect(cell(page, "Room Anchor", 3)).toContainText("Available");
  await expect(cell(page, "Solo Flat", 3)).toContainText("90");
  // Each row leads to the unit's own calendar.
  await expect(row(page, "Room Buoy").getByRole("link", { name: "Room Buoy" })).toHaveAttribute("href", `/calendar/${roomB}`);

  // Two weeks on: the first column is the day two weeks from today.
  await page.getByRole("link", { name: "Next two weeks" }).click();
  const start = dayFromToday(14);
  await page.waitForURL(new RegExp(`start=${start}`));
  await settled(page);
  await expect(page.getByRole("link", { name: "Previous two weeks" })).toBeVisible();

  // The first link marks the start on one row, the second the end; the range lives in the URL.
  const [first, last] = [dayFromToday(16), dayFromToday(18)];
  await cell(page, "Room Buoy", 2).getByRole("link").click();
  await page.waitForURL(new RegExp(`unit=${roomB}&from=${first}$`));
  await settled(page);
  await expect(page.getByText("Now select the last day in the same row.")).toBeVisible();
  await cell(page, "Room Buoy", 4).getByRole("link").click();
  await page.waitForURL(new RegExp(`from=${first}&to=${last}`));
  await settled(page);
  await expect(page.getByRole("heading", { name: "Selected days" })).toBeVisible();
  await expect(page.getByText("All of these days are available.")).toBeVisible();
  await expect(cell(page, "Room Buoy", 3)).toContainText("selected");
  await expect(cell(page, "Room Anchor", 3)).not.toContainText("selected");

  // A refused price keeps what was typed.
  const price = page.getByLabel(/Nightly price/);
  await price.fill("5");
  await page.getByRole("button", { name: "Save price and stay" }).click();
  await expect(page.getByText("Enter a nightly price from 10 to 10,000.")).toBeVisible();
  await expect(price).toHaveValue("5");

  await price.fill("150");
  await page.getByLabel("Minimum stay (nights)").fill("2");
  await page.getByRole("button", { name: "Save price and stay" }).click();
  await saved(page);
  for (const index of [2, 3, 4]) await expect(cell(page, "Room Buoy", index)).toContainText("150");
  await expect(cell(page, "Room Buoy", 5)).toContainText("110");
  await expect(cell(page, "Room Anchor", 3)).toContainText("100");
  // Still these days, and still two weeks on.
  expect(page.url()).toContain(`start=${start}`);
  expect(page.url()).toContain(`to=${last}`);

  await page.getByRole("button", { name: "Block", exact: true }).click();
  await saved(page);
  await expect(page.getByText("All of these days are blocked.")).toBeVisible();
  await expect(cell(page, "Room Buoy", 4)).toContainText("Blocked");
  // The nights are half-open: the day after the range stays open.
  await expect(cell(page, "Room Buoy", 5)).toContainText("Available");
  await expect(cell(page, "Room Compass", 3)).toContainText("Available");

  await page.getByRole("button", { name: "Unblock", exact: true }).click();
  await saved(page);
  await expect(page.getByText("All of these days are available.")).toBeVisible();
  await expect(cell(page, "Room Buoy", 4)).toContainText("Available");
  // Unblocked again, nothing opens: the page says so instead of "Saved.", from the unblock's own answer.
  await page.getByRole("button", { name: "Unblock", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Nothing to unblock here: these nights are open already." })).toBeVisible();

  if (usesJavaScript(testInfo)) {
    // With a mouse, a range is dragged across a row.
    const from = await cell(page, "Room Compass", 6).boundingBox();
    const to = await cell(page, "Room Compass", 9).boundingBox();
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await page.mouse.down();
    await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2, { steps: 6 });
    await page.mouse.up();
    await page.waitForURL(new RegExp(`from=${dayFromToday(20)}&to=${dayFromToday(23)}`));
    await expect(page.getByRole("heading", { name: "Selected days" })).toBeVisible();
    await expect(cell(page, "Room Compass", 7)).toContainText("selected");

    // With the keyboard, the arrow keys move between cells (across the row and to the row below),
    // and Shift with the right arrow marks a range on the row once Shift is let go.
    await cell(page, "Room Anchor", 6).getByRole("link").focus();
    await page.keyboard.press("ArrowDown");
    await expect(cell(page, "Room Buoy", 6).getByRole("link")).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(cell(page, "Room Buoy", 7).getByRole("link")).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowUp");
    await expect(cell(page, "Room Anchor", 6).getByRole("link")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.down("Shift");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(cell(page, "Room Buoy", 8).getByRole("link")).toBeFocused();
    await page.keyboard.up("Shift");
    await page.waitForURL(new RegExp(`unit=${roomB}&from=${dayFromToday(20)}&to=${dayFromToday(22)}`));
    await expect(page.getByRole("heading", { name: "Selected days" })).toBeVisible();
    await expect(cell(page, "Room Buoy", 7)).toContainText("selected");
  }

  // Cancel clears the range.
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "No days selected" })).toBeVisible();
  expect(page.url()).not.toContain("from=");

  // At the last days a host can reach, the page says why the days go no further.
  const limit = page.getByText("Prices and availability can be set up to 12 months ahead.");
  await expect(limit).toHaveCount(0);
  await visit(page, "/calendar?start=2099-01-01");
  await expect(page.getByRole("link", { name: "Next month" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Next two weeks" })).toHaveCount(0);
  await expect(limit).toBeVisible();
});

test("pending booking requests and inquiries show on their units' rows as on the unit calendar: a bar of the guest's name across the nights, coloured by kind, said to screen readers", async ({ page }) => {
  // A hybrid host (commission with a subscription) receives both: requests for a unit booked on request, and inquiries.
  const { token, unitId: roomA, title: titleA } = await hostWithStay(page, { model: "commission", onRequest: true });
  const { unitId: roomB } = await createProperty(page.request, token, { title: "Quay studio", complete: true, publish: true, nightlyPrice: 9_000 });
  expect((await page.request.put("/api/app/user/billing-tag/hybrid_7/save", { headers: bearer(token) })).status()).toBe(200);
  // Its inquiries come with its plan's leads.
  await subscribe(page.request, token, { planItemPriceId: "hybrid-7-EUR-yearly", unitId: roomB });
  const request = { checkIn: dayFromToday(5), checkOut: dayFromToday(8) };
  expect((await reserve(page.request, roomA, request, newGuest("Rosa"))).type).toBe("booking_request");
  const inquiry = { checkIn: dayFromToday(10), checkOut: dayFromToday(12) };
  const asked = await page.request.post(`/api/public/stays/${roomB}/reservations`, { data: { ...inquiry, guests: 2, intent: "ask", ...newGuest("Ivo") } });
  expect(asked.status(), await asked.text()).toBe(201);
  const requestName = `Rosa, Booking request, ${longDate(request.checkIn)} until the morning of ${longDate(request.checkOut)}`;

  // The unit calendar draws the request as a bar: its name and colour, to compare.
  await visit(page, `/calendar/${roomA}`);
  const unitBar = page.getByRole("link", { name: requestName }).first();
  await expect(unitBar).toHaveText("Rosa");
  const unitColour = await unitBar.evaluate((bar) => getComputedStyle(bar).backgroundColor);

  await visit(page, "/calendar");
  const requestBar = row(page, titleA).getByRole("link", { name: requestName });
  await expect(requestBar).toBeVisible();
  await expect(requestBar).toHaveText("Rosa");
  expect(await requestBar.evaluate((bar) => getComputedStyle(bar).backgroundColor)).toBe(unitColour);
  // It spans its three nights, and each of them says whose it is; the morning of the check-out is free.
  const [first, last] = [(await cell(page, titleA, 5).boundingBox())!, (await cell(page, titleA, 7).boundingBox())!];
  const drawn = (await requestBar.boundingBox())!;
  expect(drawn.x).toBeGreaterThanOrEqual(first.x);
  expect(drawn.x + drawn.width).toBeGreaterThan(last.x + last.width / 2);
  expect(drawn.x + drawn.width).toBeLessThanOrEqual(last.x + last.width);
  for (const index of [5, 6, 7]) await expect(cell(page, titleA, index)).toContainText("Rosa, Booking request");
  await expect(cell(page, titleA, 8)).not.toContainText("Rosa");
  // The request takes no night: its days stay available and can be marked.
  await expect(cell(page, titleA, 6)).toContainText("Available");
  await expect(cell(page, titleA, 6).getByRole("link").first()).toHaveAttribute("href", new RegExp(`from=${dayFromToday(6)}`));

  // The inquiry on the other unit's row, in the inquiries' colour.
  const inquiryBar = row(page, "Quay studio").getByRole("link", { name: `Ivo, Inquiry, ${longDate(inquiry.checkIn)} until the morning of ${longDate(inquiry.checkOut)}` });
  await expect(inquiryBar).toHaveText("Ivo");
  expect(await inquiryBar.evaluate((bar) => getComputedStyle(bar).backgroundColor)).not.toBe(unitColour);
  await expect(row(page, titleA).getByRole("link", { name: /Ivo/ })).toHaveCount(0);
  // The legend names both.
  const legend = page.getByRole("list", { name: "What the colors mean" });
  await expect(legend).toContainText("Booking request");
  await expect(legend).toContainText("Inquiry");

  // A bar opens the stay's details in the unit's calendar.
  await requestBar.click();
  await page.waitForURL(new RegExp(`/calendar/${roomA}/event/`));
  await settled(page);
  await expect(page.getByRole("heading", { name: /^Rosa / })).toBeVisible();
});

test("on a phone the grid scrolls sideways inside its frame, the page does not", async ({ page }) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  await multiUnitProperty(page.request, token, "Narrow House", [
    { title: "Attic", nightlyPrice: 8_000 },
    { title: "Cellar", nightlyPrice: 7_000 },
  ]);
  await page.setViewportSize({ width: 320, height: 700 });
  await visit(page, "/calendar");
  await expect(row(page, "Cellar")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const frame = page.getByRole("region", { name: /Your units from/ });
  expect(await frame.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  const unitColumn = await row(page, "Attic").getByRole("rowheader").boundingBox();
  expect(unitColumn!.x + unitColumn!.width).toBeLessThan(320);
});

test("/calendar opens the calendar of a host's only unit", async ({ page }) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const { unitId } = await createProperty(page.request, token, { title: "Only cabin", nightlyPrice: 10_000 });
  await visit(page, "/calendar");
  await page.waitForURL(new RegExp(`/calendar/${unitId}`));
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
});
