/**
 * Makes the pictures of the welcome tour's tutorials (public/tour/{tutorial}.jpg, 960 × 600): the
 * real screens each tutorial is about, as Anna (demo) sees them. Run against a server with the demo
 * data (`./start`, or the e2e server): `TOUR_PICTURES_URL=http://localhost:5173 node scripts/tour-pictures.ts`.
 */
import { chromium } from "@playwright/test";

const baseURL = process.env.TOUR_PICTURES_URL ?? "http://localhost:5173";
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell", args: ["--no-sandbox", "--disable-gpu"] });
// A desktop window (the navigation on one line), drawn at 960 × 600.
const page = await browser.newPage({ baseURL, viewport: { width: 1280, height: 800 }, deviceScaleFactor: 0.75, locale: "en-US" });

await page.goto("/redirect/login");
await page.getByLabel("Email").fill("anna@demo.stayhost.example");
await page.getByLabel("Password").fill("stayhost-demo-2026");
await page.getByRole("button", { name: "Sign in" }).click();
await page.waitForURL(/\/home$/);
// The first-visit note about the Help Center stands over every page until it is dismissed.
const note = page.getByRole("button", { name: "Okay" });
if (await note.isVisible()) await note.click();

// Anna's Berlin loft: its property, and its unit's pages.
await page.goto("/properties");
const property = (await page.getByRole("link", { name: "Loft by the Spree" }).first().getAttribute("href"))!;
await page.goto(property);
const unitPath = (await page.locator('a[href*="/units/"]').first().getAttribute("href"))!;
const [, propertyId, unitId] = /\/properties\/([^/]+)\/units\/([^/?#]+)/.exec(unitPath)!;
const unit = `/properties/${propertyId}/units/${unitId}`;

const screens: Record<string, string> = {
  welcome: "/home",
  modifyPrices: `${unit}/price-and-availability`,
  modifyAvailabilities: `/calendar/${unitId}`,
  editProperty: property,
  manageSubscriptions: `${unit}/subscription-and-boosters`,
  accessProfile: "/account/profile",
};
for (const [tutorial, path] of Object.entries(screens)) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `public/tour/${tutorial}.jpg`, type: "jpeg", quality: 70 });
  console.log(`public/tour/${tutorial}.jpg  ${path}`);
}
await browser.close();
