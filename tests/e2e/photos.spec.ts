import type { Page } from "@playwright/test";
import { png } from "@api/test/png";
import { addPhotos, apiToken, createProperty, saveLocation } from "./api-factory";
import { expect, newHost, settled, test, usesJavaScript, visit } from "./fixtures";

/** The two screens with the photo editor: the unit's photos section and the listing wizard's photos step. */
const EDITORS = [
  { name: "the unit's photos section", path: (propertyId: string, unitId: string) => `/properties/${propertyId}/units/${unitId}/photos` },
  { name: "the wizard's photos step", path: (propertyId: string, unitId: string) => `/listing/single-unit/${propertyId}/${unitId}/photos` },
] as const;

/** A fresh host's single-unit property, its wizard standing at the photos step, with `photos` photos. */
async function unitWithPhotos(page: Page, photos: number) {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const property = await createProperty(page.request, token, { title: "Dune house", stepsDone: ["property", "location", "location/address", "location/map", "guests-and-rooms/info", "guests-and-rooms/beds"] });
  await saveLocation(page.request, token, property.id);
  const ids = photos ? await addPhotos(page.request, token, property.unitId, photos) : [];
  return { ...property, ids };
}

/** The photo ids in the order the page shows them (each thumbnail's address ends with its id). */
async function shownOrder(page: Page) {
  const sources = await page.getByRole("list").locator(".photo-grid__item img").evaluateAll((images) => images.map((image) => image.getAttribute("src") ?? ""));
  return sources.map((src) => src.slice(src.lastIndexOf("/") + 1));
}

const photo = (name: string) => ({ name, mimeType: "image/png", buffer: Buffer.from(png(1400, 900)) });

test.describe("photos", () => {
  for (const editor of EDITORS) {
    test(`on ${editor.name}, photos are put in order: dragged with JavaScript, moved with the buttons, and the order is kept`, async ({ page }, testInfo) => {
      const { id, unitId, ids } = await unitWithPhotos(page, 3);
      const [first, second, third] = ids as [string, string, string];
      await visit(page, editor.path(id, unitId));
      expect(await shownOrder(page)).toEqual([first, second, third]);
      const item = (position: number) => page.locator(".photo-grid__item").filter({ has: page.getByRole("img", { name: `Photo ${position}`, exact: true }) });

      if (usesJavaScript(testInfo)) {
        await expect(page.getByText("Drag a photo to change the order")).toBeVisible();
        // The third photo, dragged onto the first, takes its place at once; the reload waits for the save.
        const saved = page.waitForResponse((response) => response.request().method() === "POST");
        await item(3).dragTo(item(1));
        await expect.poll(() => shownOrder(page)).toEqual([third, first, second]);
        expect((await saved).status()).toBeLessThan(400);
        await page.reload();
        await settled(page);
        expect(await shownOrder(page)).toEqual([third, first, second]);
        // The buttons stay, for the keyboard.
        await item(3).getByRole("button", { name: "Move up Photo 3" }).focus();
        const moved = page.waitForResponse((response) => response.request().method() === "POST");
        await page.keyboard.press("Enter");
        await expect.poll(() => shownOrder(page)).toEqual([third, second, first]);
        expect((await moved).status()).toBeLessThan(400);
      } else {
        // Without JavaScript nothing pretends to be draggable: the buttons move the photos.
        await expect(page.getByText("Drag a photo to change the order")).toHaveCount(0);
        await expect(item(1)).not.toHaveAttribute("draggable", "true");
        await item(3).getByRole("button", { name: "Move up Photo 3" }).click();
        await expect.poll(() => shownOrder(page)).toEqual([first, third, second]);
        await item(2).getByRole("button", { name: "Move up Photo 2" }).click();
        await expect.poll(() => shownOrder(page)).toEqual([third, first, second]);
        await item(2).getByRole("button", { name: "Move down Photo 2" }).click();
        await expect.poll(() => shownOrder(page)).toEqual([third, second, first]);
      }
      await page.reload();
      await settled(page);
      expect(await shownOrder(page)).toEqual([third, second, first]);
      await expect(item(1).getByText("Cover photo")).toBeVisible();
    });

    test(`on ${editor.name}, several files upload in one form; with JavaScript each shows its progress until done`, async ({ page }, testInfo) => {
      const { id, unitId } = await unitWithPhotos(page, 0);
      await visit(page, editor.path(id, unitId));
      await page.getByLabel("Choose photos").setInputFiles([photo("north.png"), photo("south.png")]);
      if (usesJavaScript(testInfo)) {
        // Each file is its own multipart post; each is held until the test has seen its progress.
        const held: (() => void)[] = [];
        await page.route("**/photos/upload", async (route) => {
          expect(route.request().headers()["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
          await new Promise<void>((release) => held.push(release));
          await route.continue();
        });
        await page.getByRole("button", { name: "Upload" }).click();
        const uploads = page.getByRole("list", { name: "Uploads" });
        const file = (name: string) => uploads.getByRole("listitem").filter({ hasText: name });
        const bar = (name: string) => file(name).getByRole("progressbar", { name });
        await expect(bar("north.png")).toBeVisible();
        await expect(bar("south.png")).toBeVisible();
        await expect(file("north.png")).toContainText(/\d+%/);
        for (const name of ["north.png", "south.png"]) {
          await expect.poll(() => held.length).toBe(1);
          await expect(bar(name)).toBeVisible();
          held.shift()!();
          await expect(file(name)).toContainText("Uploaded");
          await expect(bar(name)).toHaveCount(0);
        }
        await expect(page.getByRole("button", { name: "Upload" })).toBeEnabled();
      } else {
        await page.getByRole("button", { name: "Upload" }).click();
        await settled(page);
        await expect(page.getByRole("list", { name: "Uploads" })).toHaveCount(0);
      }
      await expect(page.getByRole("img", { name: /^Photo \d$/ })).toHaveCount(2);
      await page.reload();
      await settled(page);
      await expect(page.getByRole("img", { name: /^Photo \d$/ })).toHaveCount(2);
    });
  }
});
