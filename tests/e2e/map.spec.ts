import type { Page } from "@playwright/test";
import { pointAt, tileFor, TILE_SIZE } from "~/lib/map-tiles";
import { apiToken, createProperty, saveLocation } from "./api-factory";
import { expect, newHost, settled, test, usesJavaScript, visit } from "./fixtures";

/** Berlin, where the pin of a German address starts until the host places it. */
const CAPITAL = { latitude: 52.52, longitude: 13.405 };
const START = tileFor(CAPITAL.latitude, CAPITAL.longitude);

/** A fresh host's property in Hamburg, its wizard at the map step; the API token to read what was saved. */
async function atMapStep(page: Page) {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const property = await createProperty(page.request, token, { title: "Elbe flat", stepsDone: ["property", "location", "location/address"] });
  await saveLocation(page.request, token, property.id);
  await visit(page, `/listing/single-unit/${property.id}/${property.unitId}/location/map`);
  return { token, propertyId: property.id };
}

async function savedPoint(page: Page, token: string, propertyId: string) {
  const answer = await page.request.get(`/api/app/properties/${propertyId}`, { headers: { authorization: `Bearer ${token}` } });
  const { location } = (await answer.json()) as { location: { latitude: number | null; longitude: number | null } };
  return { latitude: location.latitude!, longitude: location.longitude! };
}

async function confirm(page: Page) {
  await page.getByRole("button", { name: "Confirm the location" }).click();
  await page.waitForURL(/\/guests-and-rooms\/info$/);
  await settled(page);
}

test.describe("map step with map tiles (MAP_TILE_URL)", () => {
  test("the pin, dragged on the map, is where the property is saved; without JavaScript the coordinates are typed", async ({ page }, testInfo) => {
    const { token, propertyId } = await atMapStep(page);
    const map = page.getByRole("img", { name: "Map around the pin" });
    // The tile came from the tile server (a real image), not the internet.
    await expect(map).toHaveJSProperty("complete", true);
    expect(await map.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(TILE_SIZE);
    await expect(page.getByLabel("Latitude")).toHaveValue(String(CAPITAL.latitude));
    await expect(page.getByLabel("Longitude")).toHaveValue(String(CAPITAL.longitude));
    if (!usesJavaScript(testInfo)) {
      // Nothing to drag without JavaScript, and the page does not ask for it.
      await expect(page.getByRole("button", { name: /^Pin/ })).toHaveCount(0);
      await expect(page.getByText("These coordinates are the capital of the country, only a starting point")).toBeVisible();
      await expect(page.getByText(/drag/i)).toHaveCount(0);
      await page.getByLabel("Latitude").fill("53.5503");
      await page.getByLabel("Longitude").fill("9.9305");
      await confirm(page);
      expect(await savedPoint(page, token, propertyId)).toEqual({ latitude: 53.5503, longitude: 9.9305 });
      return;
    }
    await expect(page.getByText("The pin starts at the capital of the country: drag it to the entrance")).toBeVisible();
    const pin = page.getByRole("button", { name: "Pin: drag it, or use the arrow keys, to move it to the entrance" });
    const from = (await pin.boundingBox())!;
    const box = (await map.boundingBox())!;
    // Dropped 60 pixels right of and 40 below where the pin stands.
    const to = { x: box.x + (START.offsetX / TILE_SIZE) * box.width + 60, y: box.y + (START.offsetY / TILE_SIZE) * box.height + 40 };
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x - 30, to.y - 20, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    const expected = pointAt(START, ((to.x - box.x) / box.width) * TILE_SIZE, ((to.y - box.y) / box.height) * TILE_SIZE);
    const shown = { latitude: Number(await page.getByLabel("Latitude").inputValue()), longitude: Number(await page.getByLabel("Longitude").inputValue()) };
    // East and south of the capital, where the pin was dropped (within a pixel, about 5 m).
    expect(shown.longitude).toBeGreaterThan(CAPITAL.longitude);
    expect(shown.latitude).toBeLessThan(CAPITAL.latitude);
    expect(Math.abs(shown.latitude - expected.latitude)).toBeLessThan(5e-5);
    expect(Math.abs(shown.longitude - expected.longitude)).toBeLessThan(5e-5);

    await confirm(page);
    expect(await savedPoint(page, token, propertyId)).toEqual(shown);
  });

  test("the pin moves with the arrow keys; coordinates out of range are refused and stay as typed", async ({ page }, testInfo) => {
    const { token, propertyId } = await atMapStep(page);
    await page.getByLabel("Latitude").fill("91");
    await page.getByRole("button", { name: "Confirm the location" }).click();
    // The action answers the refusal (with JavaScript too, the server validates): the field is marked, then its message read.
    await expect(page.getByLabel("Latitude")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#" + (await page.getByLabel("Latitude").getAttribute("aria-describedby"))!.split(" ").at(-1))).not.toBeEmpty();
    await expect(page).toHaveURL(/\/location\/map$/);
    await expect(page.getByLabel("Latitude")).toHaveValue("91");
    if (usesJavaScript(testInfo)) {
      const pin = page.getByRole("button", { name: "Pin: drag it, or use the arrow keys, to move it to the entrance" });
      await pin.focus();
      // Each key moves the pin 4 pixels: 5 right and 2 up.
      for (const key of ["ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight", "ArrowUp", "ArrowUp"]) await page.keyboard.press(key);
      const expected = pointAt(START, START.offsetX + 20, START.offsetY - 8);
      await expect(page.getByLabel("Latitude")).toHaveValue(String(expected.latitude));
      await expect(page.getByLabel("Longitude")).toHaveValue(String(expected.longitude));
      await confirm(page);
      expect(await savedPoint(page, token, propertyId)).toEqual(expected);
    } else {
      await page.getByLabel("Latitude").fill("53.5503");
      await confirm(page);
      expect(await savedPoint(page, token, propertyId)).toEqual({ latitude: 53.5503, longitude: CAPITAL.longitude });
    }
  });
});
