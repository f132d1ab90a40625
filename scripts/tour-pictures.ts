/**
 * Makes the pictures of the welcome tour's tutorials, one set per locale
 * (public/tour/{locale}/{tutorial}.webp, 960 × 600): the real screens each tutorial is about, as
 * Anna (demo) sees them in that language. Writes app/components/tour/tour-pictures.json, the locales
 * that have their set (a tutorial shows the host's locale's picture, the English one otherwise).
 * They are screenshots: they show the words of the build they are taken from, and nothing checks them
 * against the translations afterwards. Rerun this when the words or the look of those screens change,
 * against a build over fresh demo data (the e2e server, about two minutes to start):
 * `PORT=4300 APP_URL=http://localhost:4300 node scripts/e2e-server.ts`, then
 * `TOUR_PICTURES_URL=http://localhost:4300 node scripts/tour-pictures.ts` (TOUR_PICTURES_LOCALES=de_DE,fr_FR
 * for some locales only; the others keep theirs).
 *
 * WebP (quality 75) made by the browser itself: a third of the size of the JPEG it replaces, no
 * image tool to install. Decision 040's tour addendum has the sizes.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { chromium, type Page } from "@playwright/test";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "../domain/locales.ts";
import { TUTORIALS, type Tutorial } from "../domain/tour.ts";

const baseURL = process.env.TOUR_PICTURES_URL ?? "http://localhost:5173";
const only = process.env.TOUR_PICTURES_LOCALES?.split(",").map((l) => l.trim());
const locales: readonly Locale[] = only ? only.filter(isLocale) : LOCALES;
const QUALITY = 0.75;
const MANIFEST = "app/components/tour/tour-pictures.json";

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell", args: ["--no-sandbox", "--disable-gpu"] });
// A desktop window (the navigation on one line), drawn at 960 × 600.
const page = await browser.newPage({ baseURL, viewport: { width: 1280, height: 800 }, deviceScaleFactor: 0.75, locale: "en-US" });
// Encodes the screenshots (PNG) to WebP with the browser's own encoder.
const encoder = await browser.newPage();

/** The screenshot of `page` as WebP. */
async function webp(shot: Page): Promise<Buffer> {
  const png = await shot.screenshot({ type: "png" });
  const encoded = await encoder.evaluate(
    async ({ data, quality }) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], { type: "image/png" }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      canvas.getContext("2d")!.drawImage(bitmap, 0, 0);
      const blob = await canvas.convertToBlob({ type: "image/webp", quality });
      let binary = "";
      for (const byte of new Uint8Array(await blob.arrayBuffer())) binary += String.fromCharCode(byte);
      return { type: blob.type, data: btoa(binary) };
    },
    { data: png.toString("base64"), quality: QUALITY },
  );
  if (encoded.type !== "image/webp") throw new Error(`The browser made ${encoded.type}, not WebP`);
  return Buffer.from(encoded.data, "base64");
}

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

const screens: Record<Tutorial, string> = {
  welcome: "/home",
  modifyPrices: `${unit}/price-and-availability`,
  modifyAvailabilities: `/calendar/${unitId}`,
  editProperty: property,
  manageSubscriptions: `${unit}/subscription-and-boosters`,
  accessProfile: "/account/profile",
};

let total = 0;
for (const locale of locales) {
  // The language is remembered (the `lang` cookie) for the pages after.
  await page.goto(`/home?hl=${locale}`);
  mkdirSync(`public/tour/${locale}`, { recursive: true });
  for (const tutorial of TUTORIALS) {
    await page.goto(screens[tutorial]);
    await page.waitForLoadState("networkidle");
    // The headless browser words its own controls in English only (a file field's "Choose File", "No file
    // chosen"): in another language's picture they are left blank rather than shown in English.
    if (!locale.startsWith("en_")) await page.addStyleTag({ content: "input[type=file] { visibility: hidden; }" });
    const picture = await webp(page);
    writeFileSync(`public/tour/${locale}/${tutorial}.webp`, picture);
    total += picture.length;
    console.log(`public/tour/${locale}/${tutorial}.webp  ${(picture.length / 1024).toFixed(1)} KB  ${screens[tutorial]}`);
  }
}
await browser.close();

// The locales with a whole set, English first (the fallback).
const made = LOCALES.filter((locale) => TUTORIALS.every((tutorial) => existsSync(`public/tour/${locale}/${tutorial}.webp`)));
if (!made.includes(DEFAULT_LOCALE)) throw new Error(`No English set in public/tour/${DEFAULT_LOCALE}: the fallback is missing`);
const before = existsSync(MANIFEST) ? readFileSync(MANIFEST, "utf8") : "";
const manifest = `${JSON.stringify({ locales: made }, null, 2)}\n`;
if (manifest !== before) writeFileSync(MANIFEST, manifest);
console.log(`${(total / 1024).toFixed(0)} KB written; locales with pictures: ${made.join(", ")}`);
