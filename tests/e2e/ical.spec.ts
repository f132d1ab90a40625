import type { Page } from "@playwright/test";
import { startFeedServer, type FeedServer } from "@scripts/ical-feed-server";
import { apiToken, createProperty } from "./api-factory";
import { expect, newHost, settled, test, visit } from "./fixtures";

// The calendars other platforms would serve come from a server of this test on this machine
// (scripts/ical-feed-server.ts); the app reads it because ICAL_ALLOW_PRIVATE_ADDRESSES is on locally.
let feeds: FeedServer;
test.beforeAll(async () => {
  feeds = await startFeedServer();
});
test.afterAll(async () => {
  await feeds.close();
});

/** A day `offset` days from today (UTC, as the fixtures count), as ISO and as the calendar names it. */
function day(offset: number) {
  const date = new Date(Date.now() + offset * 86_400_000);
  return { iso: date.toISOString().slice(0, 10), name: new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date.toISOString().slice(0, 10)}T00:00:00Z`)) };
}

/** An imported stay's bar in the calendar, named by its nights. */
const importedBar = (page: Page, from: number, to: number) => page.getByRole("link", { name: `Imported calendar, ${day(from).name} until the morning of ${day(to).name}` }).first();

/** The toast after a form: a status, or an alert when it says something failed. */
async function toast(page: Page, text: string) {
  await expect(page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: text })).toBeVisible();
  await settled(page);
}

async function importCalendar(page: Page, unitId: string, name: string, url: string) {
  await visit(page, `/calendar/${unitId}/import`);
  const form = page.getByRole("form", { name: "Add a calendar" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Calendar address (iCal)").fill(url);
  await form.getByRole("button", { name: "Import calendar" }).click();
}

test("a host imports another platform's calendar, sees its stays in the calendar, syncs, renames and removes it", async ({ page }) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const { unitId } = await createProperty(page.request, token, { title: "Harbour loft", nightlyPrice: 10_000 });

  // No calendar yet: the sync panel says so and leads to the import panel.
  await visit(page, `/calendar/${unitId}/sync`);
  await expect(page.getByText("No calendar is imported yet.")).toBeVisible();
  await page.getByRole("link", { name: "Import a calendar" }).click();
  await page.waitForURL(new RegExp(`/calendar/${unitId}/import`));
  await settled(page);

  // An address that is not one is refused in words, and what was typed stays.
  await page.getByLabel("Name", { exact: true }).fill("Airbnb");
  await page.getByLabel("Calendar address (iCal)").fill("ftp://calendar.example.com/feed.ics");
  await page.getByRole("button", { name: "Import calendar" }).click();
  await expect(page.getByText("Enter the calendar's address, starting with https://")).toBeVisible();
  await expect(page.getByLabel("Calendar address (iCal)")).toHaveValue("ftp://calendar.example.com/feed.ics");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Airbnb");

  // Airbnb's calendar: read at once, its stays block the nights, shown as imported events.
  await page.getByLabel("Calendar address (iCal)").fill(`${feeds.url}/fixtures/airbnb.ics`);
  await page.getByRole("button", { name: "Import calendar" }).click();
  await page.waitForURL(new RegExp(`/calendar/${unitId}/sync`));
  await toast(page, "Calendar imported.");
  await expect(page.getByRole("heading", { name: "Airbnb" })).toBeVisible();
  await expect(page.getByText("Up to date")).toBeVisible();
  await expect(page.getByText("Events: 3")).toBeVisible();
  await expect(importedBar(page, 10, 14)).toBeVisible();
  await expect(importedBar(page, 14, 17)).toBeVisible();
  await expect(importedBar(page, 20, 23)).toBeVisible();

  // A calendar that fails is shown failing with its reason; nothing else changes.
  await importCalendar(page, unitId, "Vrbo", `${feeds.url}/status/503`);
  await page.waitForURL(new RegExp(`/calendar/${unitId}/sync`));
  await toast(page, "Calendar added, but it could not be read yet.");
  await expect(page.getByText("The calendar answered with an error (HTTP 503).")).toBeVisible();
  await page.getByRole("form", { name: "Vrbo" }).getByRole("button", { name: "Sync now" }).click();
  await toast(page, "The calendar could not be read. Nothing was changed.");
  await page.getByRole("form", { name: "Airbnb" }).getByRole("button", { name: "Sync now" }).click();
  await toast(page, "Calendar read.");
  await expect(importedBar(page, 10, 14)).toBeVisible();

  // Renamed, then removed: its nights are free again.
  await visit(page, `/calendar/${unitId}/import`);
  const airbnb = page.getByRole("listitem").filter({ hasText: "/fixtures/airbnb.ics" });
  await airbnb.getByLabel("Name").fill("Airbnb loft");
  await airbnb.getByRole("button", { name: "Rename" }).click();
  await toast(page, "Calendar renamed.");
  await expect(page.getByRole("listitem").filter({ hasText: "/fixtures/airbnb.ics" }).getByLabel("Name")).toHaveValue("Airbnb loft");
  await page.getByRole("listitem").filter({ hasText: "/fixtures/airbnb.ics" }).getByRole("button", { name: "Remove" }).click();
  await toast(page, "Calendar removed. Its nights are free.");
  await expect(importedBar(page, 10, 14)).toHaveCount(0);
  await expect(page.getByRole("listitem").filter({ hasText: "/fixtures/airbnb.ics" })).toHaveCount(0);
});

test("an imported stay that overlaps a block of ours is drawn as overlapping events and opens their panel", async ({ page }) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const { unitId } = await createProperty(page.request, token, { title: "Dune cottage", nightlyPrice: 10_000 });
  const blocked = await page.request.post(`/api/app/properties/${unitId}/unavailabilities/block`, { headers: { authorization: `Bearer ${token}` }, data: { dateFrom: day(15).iso, dateTo: day(16).iso } });
  expect(blocked.status()).toBe(201);

  // Airbnb's stay of the 14th to the 17th cannot take our blocked 15th: one bar stands for both.
  await importCalendar(page, unitId, "Airbnb", `${feeds.url}/fixtures/airbnb.ics`);
  await page.waitForURL(new RegExp(`/calendar/${unitId}/sync`));
  await toast(page, "Calendar imported.");
  await expect(importedBar(page, 10, 14)).toBeVisible();
  await expect(importedBar(page, 14, 17)).toHaveCount(0);
  // The sync panel lists the stay's nights (the 14th to the 16th, as "X to Y" names the last night everywhere) and, on the link's line, what it overlaps.
  // The innermost item (the feed's item holds the list of its overlaps).
  const conflict = page.getByRole("listitem").filter({ hasText: "overlaps a block" }).last();
  const days = conflict.getByRole("link", { name: `${day(14).name} to ${day(16).name}`, exact: true });
  await expect(days).toBeVisible();
  await expect(conflict).toContainText(`${day(14).name} to ${day(16).name}: Reserved overlaps a block`);
  // The link and what it overlaps flow as one line of text (wrapping where the sidebar is narrow), not one under the other as the item's columns.
  expect(await days.evaluate((link) => ({ parent: link.parentElement!.tagName, columns: link.closest("li")!.children.length }))).toEqual({ parent: "SPAN", columns: 1 });
  const overlap = page.getByRole("link", { name: `Several events, ${day(14).name} until the morning of ${day(17).name}` }).first();
  await expect(overlap).toBeVisible();

  await overlap.click();
  await page.waitForURL(new RegExp(`/calendar/${unitId}/overlapping/multi_ext_`));
  await settled(page);
  const panel = page.getByRole("region", { name: "Overlapping events" });
  await expect(panel).toBeVisible();
  const children = panel.getByRole("listitem");
  await expect(children).toHaveCount(2);
  await expect(children.nth(0)).toContainText("Imported calendar");
  await expect(children.nth(0)).toContainText(`${day(14).name} until the morning of ${day(17).name}`);
  await expect(children.nth(1)).toContainText("Blocked by you");
  await expect(children.nth(1)).toContainText(`${day(15).name} until the morning of ${day(16).name}`);
});

test("round trip: our calendar's address, imported into another unit, blocks the same nights", async ({ page }) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const source = await createProperty(page.request, token, { title: "Lake house", nightlyPrice: 10_000 });
  const target = await createProperty(page.request, token, { title: "Lake annex", nightlyPrice: 10_000 });
  const headers = { authorization: `Bearer ${token}` };
  for (const [from, to] of [
    [5, 8],
    [12, 15],
  ] as const) {
    const blocked = await page.request.post(`/api/app/properties/${source.unitId}/unavailabilities/block`, { headers, data: { dateFrom: day(from).iso, dateTo: day(to).iso } });
    expect(blocked.status()).toBe(201);
  }

  // The export panel shows the secret address; a new one replaces it.
  await visit(page, `/calendar/${source.unitId}/export`);
  const address = page.getByLabel("Calendar address (iCal)");
  const first = await address.inputValue();
  expect(first).toMatch(/\/api\/public\/ical\/ics_[0-9a-z]{32}\.ics$/);
  await page.getByRole("button", { name: "Make a new address" }).click();
  await toast(page, "New address made. The old one no longer works.");
  const url = await page.getByLabel("Calendar address (iCal)").inputValue();
  expect(url).not.toBe(first);
  expect((await page.request.get(first)).status()).toBe(404);
  const calendar = await page.request.get(url);
  expect(calendar.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await calendar.text()).toContain(`DTSTART;VALUE=DATE:${day(5).iso.replaceAll("-", "")}`);

  await importCalendar(page, target.unitId, "Lake house", url);
  await page.waitForURL(new RegExp(`/calendar/${target.unitId}/sync`));
  await toast(page, "Calendar imported.");
  await expect(page.getByText("Events: 2")).toBeVisible();
  await expect(importedBar(page, 5, 8)).toBeVisible();
  await expect(importedBar(page, 12, 15)).toBeVisible();
  const imported = await page.request.get(`/api/app/properties/${target.unitId}/unavailabilities?dateFrom=${day(0).iso}&dateTo=${day(60).iso}`, { headers });
  const items = ((await imported.json()) as { items: { dateFrom: string; dateTo: string; source: string }[] }).items;
  expect(items.map((e) => `${e.source} ${e.dateFrom}..${e.dateTo}`)).toEqual([`external ${day(5).iso}..${day(8).iso}`, `external ${day(12).iso}..${day(15).iso}`]);
});

test("on a 320 px phone the iCal panels fit the width, long calendar addresses included", async ({ page }) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const { unitId } = await createProperty(page.request, token, { title: "Narrow studio", nightlyPrice: 10_000 });
  const long = `${feeds.url}/fixtures/airbnb.ics?s=${"0123456789abcdef".repeat(6)}`;
  const added = await page.request.post(`/api/app/property-unit/${unitId}/ical-feeds`, { headers: { authorization: `Bearer ${token}` }, data: { name: "Airbnb – the studio by the old harbour", url: long } });
  expect(added.status()).toBe(201);
  await page.setViewportSize({ width: 320, height: 640 });
  for (const panel of ["sync", "import", "export"]) {
    await visit(page, `/calendar/${unitId}/${panel}`);
    const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: innerWidth }));
    expect(widths.document, `${panel} scrolls sideways`).toBeLessThanOrEqual(widths.viewport);
  }
});
