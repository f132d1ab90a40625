import type { Page } from "@playwright/test";
import { apiToken, createProperty } from "./api-factory";
import { expect, newHost, settled, test, visit } from "./fixtures";

/** A day of next month, as its link names it ("December 10, 2026"), and its ISO date. */
function dayOfNextMonth(dayOfMonth: number) {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, dayOfMonth));
  return {
    iso: date.toISOString().slice(0, 10),
    name: new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(date),
    month: new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(date),
  };
}

const dayLink = (page: Page, name: string) => page.getByRole("link", { name: new RegExp(name) });

async function saved(page: Page) {
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await settled(page);
}

test("a host marks days by links and sets their price, blocks and unblocks, pauses and resumes them", async ({ page }) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const { unitId } = await createProperty(page.request, token, { title: "Calendar cabin", nightlyPrice: 10_000 });
  const [first, middle, last] = [dayOfNextMonth(10), dayOfNextMonth(11), dayOfNextMonth(12)];

  // The navigation's Calendar leads to the host's first unit.
  await visit(page, "/home");
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Calendar" }).first().click();
  await page.waitForURL(new RegExp(`/calendar/${unitId}`));
  await settled(page);
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await expect(page.getByRole("table", { name: first.month })).toBeVisible();
  await expect(page.getByRole("link", { name: "Calendar cabin" })).toHaveAttribute("aria-current", "page");

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

  // A refused price keeps what was typed, with the reason on the field.
  const price = page.getByLabel(/Nightly price/);
  await price.fill("5");
  await page.getByLabel("Minimum stay (nights)").fill("2");
  await page.getByRole("button", { name: "Save price and stay" }).click();
  await expect(page.getByText("Enter a nightly price from 10 to 10,000.")).toBeVisible();
  await expect(price).toHaveValue("5");
  await expect(page.getByLabel("Minimum stay (nights)")).toHaveValue("2");

  await price.fill("120");
  await page.getByRole("button", { name: "Save price and stay" }).click();
  await saved(page);
  for (const day of [first, middle, last]) await expect(dayLink(page, day.name)).toContainText("120.00");
  await expect(dayLink(page, dayOfNextMonth(13).name)).toContainText("100.00");
  // The range is still marked after the save.
  expect(page.url()).toContain(`to=${last.iso}`);

  await page.getByRole("button", { name: "Block", exact: true }).click();
  await saved(page);
  await expect(page.getByText("All of these days are blocked.")).toBeVisible();
  await expect(dayLink(page, last.name)).toContainText("Blocked");
  // Blocking the days up to the 12th leaves the 13th open (the nights are half-open).
  await expect(dayLink(page, dayOfNextMonth(13).name)).toContainText("Available");

  await page.getByRole("button", { name: "Unblock", exact: true }).click();
  await saved(page);
  await expect(page.getByText("All of these days are available.")).toBeVisible();

  await page.getByRole("button", { name: "Pause bookings" }).click();
  await saved(page);
  await expect(dayLink(page, middle.name)).toContainText("Paused");
  await expect(page.getByText("All of these days are blocked.")).toBeVisible();

  await page.getByRole("button", { name: "Resume bookings" }).click();
  await saved(page);
  await expect(dayLink(page, middle.name)).toContainText("Available");

  // Cancel clears the selection.
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Choose days" })).toBeVisible();
  expect(page.url()).not.toContain("from=");
});

test("a price saved from an older version is refused with the current values, and what was typed is kept", async ({ page }) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const { unitId } = await createProperty(page.request, token, { title: "Stale cabin", nightlyPrice: 10_000 });
  const [first, last] = [dayOfNextMonth(20), dayOfNextMonth(21)];
  await visit(page, `/calendar/${unitId}?from=${first.iso}&to=${last.iso}`);
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

test("the range form marks days, and twelve months are reachable, not more", async ({ page }) => {
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

  // On a phone the month grid fits and the sidebar goes below it.
  await page.setViewportSize({ width: 320, height: 700 });
  await visit(page, page.url());
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const grid = await page.getByRole("table").first().boundingBox();
  const sidebar = await page.getByRole("heading", { name: "Selected days" }).boundingBox();
  expect(grid!.x + grid!.width).toBeLessThanOrEqual(320);
  expect(sidebar!.y).toBeGreaterThan(grid!.y + grid!.height);
  await page.setViewportSize({ width: 1280, height: 800 });

  await visit(page, `/calendar/${unitId}?month=2099-01`);
  await expect(page.getByRole("link", { name: "Previous month" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Next month" })).toHaveCount(0);
  await expect(page.getByRole("table")).toHaveCount(2);
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
