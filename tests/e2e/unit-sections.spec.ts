import { png } from "@api/test/png";
import { apiToken, createProperty } from "./api-factory";
import { DEMO, DEMO_PASSWORD, expect, newHost, ownSession, settled, signedInAs, test, usesJavaScript, visit } from "./fixtures";

async function hostWithUnit(page: import("@playwright/test").Page) {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const property = await createProperty(page.request, token, { title: "Lakeside cabin" });
  return { base: `/properties/${property.id}/units/${property.unitId}`, propertyId: property.id };
}

test.describe("unit sections", () => {
  test("a photo is uploaded and shown; a too small one is refused with a clear message", async ({ page }) => {
    const { base, propertyId } = await hostWithUnit(page);
    await visit(page, `${base}/photos`);
    await expect(page.getByText("No photos yet.")).toBeVisible();
    await page.getByLabel("Choose photos").setInputFiles({ name: "lake.png", mimeType: "image/png", buffer: Buffer.from(png(1400, 900)) });
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("img", { name: "Photo 1" })).toBeVisible();
    await expect(page.getByText("Cover photo")).toBeVisible();
    const src = await page.getByRole("img", { name: "Photo 1" }).getAttribute("src");
    expect((await page.request.get(src!)).headers()["content-type"]).toBe("image/png");

    await page.getByLabel("Choose photos").setInputFiles({ name: "thumb.png", mimeType: "image/png", buffer: Buffer.from(png(640, 480)) });
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("alert")).toContainText("thumb.png: The photo is too small: it needs at least 1024 × 683 pixels.");
    await expect(page.getByRole("img", { name: /Photo \d/ })).toHaveCount(1);

    await visit(page, `/properties/${propertyId}`);
    await expect(page.getByRole("link", { name: "Lakeside cabin" })).toBeVisible();
  });

  test("deleting a photo asks first, by the photo, and the keyboard answers: Cancel keeps it, Yes, delete deletes it", async ({ page }, testInfo) => {
    const { base } = await hostWithUnit(page);
    await page.setViewportSize({ width: 320, height: 568 });
    await visit(page, `${base}/photos`);
    await page.getByLabel("Choose photos").setInputFiles([
      { name: "lake.png", mimeType: "image/png", buffer: Buffer.from(png(1400, 900)) },
      { name: "dock.png", mimeType: "image/png", buffer: Buffer.from(png(1200, 800)) },
    ]);
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("img", { name: /Photo \d/ })).toHaveCount(2);
    const deleteSecond = page.getByRole("button", { name: "Delete Photo 2" });
    const question = page.getByRole("form", { name: "Delete photo 2? This cannot be undone." });

    // Delete asks, in place of the button, and deletes nothing yet; the question has the focus, in view on a phone.
    await deleteSecond.click();
    await expect(question).toBeVisible();
    await expect(question.getByText("Delete photo 2? This cannot be undone.")).toBeFocused();
    await expect(question).toBeInViewport();
    await expect(page.getByRole("img", { name: /Photo \d/ })).toHaveCount(2);
    await expect(deleteSecond).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Delete Photo 1" })).toBeVisible();

    // Tab leads to Yes, delete, then Cancel; Cancel keeps the photo and comes back to its Delete button.
    await page.keyboard.press("Tab");
    await expect(question.getByRole("button", { name: "Yes, delete" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(question.getByRole("link", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(question).toHaveCount(0);
    await expect(page.getByRole("img", { name: /Photo \d/ })).toHaveCount(2);
    // With JavaScript the page stays where it is and the focus is back on the button; without it the page loads again.
    if (usesJavaScript(testInfo)) {
      await expect(deleteSecond).toBeFocused();
      await expect(deleteSecond).toBeInViewport();
    }

    // Asked again from the keyboard and confirmed: only that photo is gone, the cover stays.
    await deleteSecond.focus();
    await page.keyboard.press("Enter");
    await expect(question.getByText("Delete photo 2? This cannot be undone.")).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(question).toHaveCount(0);
    await expect(page.getByRole("img", { name: /Photo \d/ })).toHaveCount(1);
    await expect(page.getByText("Cover photo")).toBeVisible();
    await expect(deleteSecond).toHaveCount(0);
  });

  test("a saved section says so once, in a toast carried through the redirect", async ({ page }) => {
    const { base } = await hostWithUnit(page);
    await visit(page, `${base}/amenities`);
    await page.getByRole("button", { name: "Save" }).click();
    const toast = page.locator(".toast").filter({ hasText: "Saved." });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveRole("status");
    // The message is in the session, not in the address: a reload or the next page does not repeat it.
    await expect(page).toHaveURL(new RegExp(`${base}/amenities$`));
    await page.reload();
    await settled(page);
    await expect(page.getByRole("heading", { name: "Amenities", level: 2 })).toBeVisible();
    await expect(page.locator(".toast")).toHaveCount(0);
    await visit(page, `${base}/rooms`);
    await expect(page.locator(".toast")).toHaveCount(0);
  });

  test("rooms and beds are edited, and the change is there after reload", async ({ page }) => {
    const { base } = await hostWithUnit(page);
    await visit(page, `${base}/rooms`);
    await page.getByRole("button", { name: "Add a room" }).click();
    await expect(page.getByRole("group", { name: "Room 1" })).toBeVisible();
    await page.getByRole("button", { name: "Add a room" }).click();
    await page.locator("#room-1-type").selectOption("living_room");
    // A changed room type shows its bed fields once the draft is sent; fill the bedroom's beds now.
    await page.locator("#room-0-bed-double").fill("1");
    await page.locator("#room-0-bed-single").fill("2");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await page.reload();
    await settled(page);
    await expect(page.locator("#room-0-type")).toHaveValue("bedroom");
    await expect(page.locator("#room-0-bed-double")).toHaveValue("1");
    await expect(page.locator("#room-0-bed-single")).toHaveValue("2");
    await expect(page.locator("#room-1-type")).toHaveValue("living_room");
    await page.getByRole("button", { name: "Remove room 2" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await expect(page.getByRole("group", { name: /Room \d/ })).toHaveCount(1);
  });

  test("a bed count out of range is refused in words and kept as typed; with JavaScript the message goes once the count is edited", async ({ page }, testInfo) => {
    const { base } = await hostWithUnit(page);
    await visit(page, `${base}/rooms`);
    await page.getByRole("button", { name: "Add a room" }).click();
    await expect(page.getByRole("group", { name: "Room 1" })).toBeVisible();
    await page.locator("#room-0-bed-double").fill("11");
    await page.getByRole("button", { name: "Save" }).click();
    const refusal = page.getByRole("alert").filter({ hasText: "Bed numbers must be whole numbers from 0 to 10." });
    await expect(refusal).toBeVisible();
    await expect(page.locator("#room-0-bed-double")).toHaveValue("11");
    await expect(page.locator("form#rooms")).toHaveAttribute("aria-describedby", "rooms-errors");
    if (testInfo.project.name === "js") {
      await page.locator("#room-0-bed-double").fill("2");
      await expect(refusal).toHaveCount(0);
    }
  });

  test("booking policies are edited and kept; a wrong check-in window keeps what was chosen", async ({ page }) => {
    const { base } = await hostWithUnit(page);
    await visit(page, `${base}/booking-policies`);
    await expect(page.getByLabel("Check-in from")).toHaveValue("15:00");
    await expect(page.getByLabel("Check-in until")).toHaveValue("21:00");
    await expect(page.getByLabel("Check-out by")).toHaveValue("11:00");
    await expect(page.getByLabel("Minimum notice before arrival")).toHaveValue("2");

    await page.getByLabel("Check-in from").selectOption("22:00");
    await page.getByLabel("Minimum notice before arrival").selectOption("7");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Check-in must end after it starts.")).toBeVisible();
    await expect(page.getByLabel("Check-in from")).toHaveValue("22:00");
    await expect(page.getByLabel("Minimum notice before arrival")).toHaveValue("7");

    await page.getByLabel("Check-in from").selectOption("16:00");
    await page.getByLabel("Strict").check();
    await page.getByLabel("Pets allowed").check();
    await page.getByLabel("Preparation time between stays").selectOption("1");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await page.reload();
    await settled(page);
    await expect(page.getByLabel("Check-in from")).toHaveValue("16:00");
    await expect(page.getByLabel("Minimum notice before arrival")).toHaveValue("7");
    await expect(page.getByLabel("Preparation time between stays")).toHaveValue("1");
    await expect(page.getByLabel("Strict")).toBeChecked();
    await expect(page.getByLabel("Pets allowed")).toBeChecked();
  });

  test("another host's unit is not found", async ({ page }) => {
    const { base } = await hostWithUnit(page);
    await newHost(page);
    const response = await page.goto(`${base}/booking-policies`);
    expect(response?.status()).toBe(404);
  });

  test("a form sent for another host's unit answers 404; a unit added to a one-place property says why it is refused", async ({ page, baseURL }) => {
    const { base, propertyId } = await hostWithUnit(page);
    const intruder = await newHost(page);
    // Forms post with the page's origin, as a browser does.
    const headers = { origin: new URL(baseURL!).origin };
    const about = await page.request.post(`${base}/about`, { headers, form: { title: "Intruder", maxGuests: "2", propertySizeMeasurementUnit: "metric" } });
    expect(about.status()).toBe(404);
    expect(await about.text()).toContain("Page not found");
    expect((await page.request.post(`/listing/property/${propertyId}/units`, { headers, form: {} })).status()).toBe(404);

    const own = await createProperty(page.request, await apiToken(page.request, intruder.email, intruder.password), { title: "One flat" });
    const refused = await page.request.post(`/listing/property/${own.id}/units`, { headers, form: {} });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain("A property with one place has exactly one unit.");
  });
});

test.describe("unit about, amenities and booking type", () => {
  test("about: title, guests and size in square feet are saved; bad input keeps what was typed", async ({ page }) => {
    const { base, propertyId } = await hostWithUnit(page);
    await visit(page, `${base}/about`);
    await page.getByLabel("Maximum number of guests").fill("120");
    await page.getByLabel("Title", { exact: true }).fill("Lakeside cabin with sauna");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Guests must be between 1 and 99.")).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Lakeside cabin with sauna");
    await page.getByLabel("Maximum number of guests").fill("6");
    await page.getByLabel("Size").fill("538");
    await page.getByLabel("Square feet (ft²)").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await page.reload();
    await settled(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lakeside cabin with sauna");
    await expect(page.getByLabel("Size")).toHaveValue("538");
    await expect(page.getByLabel("Square feet (ft²)")).toBeChecked();
    await visit(page, `/properties/${propertyId}`);
    // The unit's facts, each whole (the separators between them are drawn by CSS).
    await expect(page.locator(".facts-line").filter({ hasText: "538 ft²" }).locator("span")).toHaveText(["6 guests", "0 bedrooms", "538 ft²"]);
  });

  test("about: a title with a hidden text-direction character is refused in words and kept as typed", async ({ page }) => {
    const { base } = await hostWithUnit(page);
    await visit(page, `${base}/about`);
    const title = "Lakeside \u202Enibac";
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("This contains invisible control or text-direction characters. Remove them and try again.")).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(page.getByLabel("Title", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await visit(page, `${base}/about`);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Lakeside cabin");
  });

  test("amenities are chosen by group and kept", async ({ page }) => {
    const { base } = await hostWithUnit(page);
    await visit(page, `${base}/amenities`);
    await expect(page.locator("main fieldset legend").first()).toHaveText("General");
    await page.getByLabel("Wi-Fi").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await page.reload();
    await settled(page);
    await expect(page.getByLabel("Wi-Fi")).toBeChecked();
  });

  test("switching to booking on request confirms in a snackbar; a failed switch says to try again", async ({ page }) => {
    // Instant booking is a choice of hosts who take bookings: the agency works on commission. The
    // switch carries its outcome in the session (a flash message): this test takes its own. The
    // agency prefers Italian; this test reads the American texts.
    await ownSession(page, DEMO.company, "/home?hl=en_US");
    const token = await apiToken(page.request, DEMO.company, DEMO_PASSWORD);
    const property = await createProperty(page.request, token, { title: `Fjord house ${crypto.randomUUID().slice(0, 8)}` });
    const base = `/properties/${property.id}/units/${property.unitId}`;
    await visit(page, `${base}/rooms`);
    await expect(page.locator(".booking-type")).toContainText("Booking: instant booking");
    await page.getByRole("button", { name: "Switch to booking on request" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Booking on request is on" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${base}/rooms$`));
    await expect(page.locator(".booking-type")).toContainText("Booking: on request");

    // The unit disappears behind the page's back: the switch fails and says so.
    const headers = { authorization: `Bearer ${token}` };
    expect((await page.request.delete(`/api/app/property-unit/${property.unitId}`, { headers })).status()).toBe(204);
    await page.getByRole("button", { name: "Switch to instant booking" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "An error occurred. Please try again." })).toBeVisible();
    await expect(page).toHaveURL(/\/properties$/);
    // A single-unit property goes with its only unit: nothing of the test stays in the agency's list.
    expect((await page.request.get(`/api/app/properties/${property.id}`, { headers })).status()).toBe(404);
  });

  test("sections follow the host and the region: no instant booking on subscription, taxes and laws where required", async ({ page, baseURL }) => {
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    const german = await createProperty(page.request, token, { title: "Harbour loft", complete: true });
    const portuguese = await createProperty(page.request, token, { title: "Casa azul", complete: true, countryCode: "PT", postalCode: "1100-053" });
    const germanBase = `/properties/${german.id}/units/${german.unitId}`;

    await visit(page, `${germanBase}/rooms`);
    const tabs = page.getByRole("navigation", { name: "Unit sections" });
    await expect(tabs.getByRole("link", { name: "Rooms and beds" })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Taxes and laws" })).toHaveCount(0);
    await expect(page.locator(".booking-type")).toHaveCount(0);
    // Nor can a subscription host switch it by posting the form (from this origin, as the browser does): the commission guard sends them to /.
    const refused = await page.request.post(`${germanBase}/booking-type`, { form: { bookingType: "onRequest" }, headers: { origin: new URL(baseURL!).origin }, maxRedirects: 0 });
    expect(refused.status()).toBe(302);
    expect(refused.headers()["location"]).toBe("/");
    await visit(page, `${germanBase}/taxes-and-laws`);
    await expect(page).toHaveURL(new RegExp(`${germanBase}/about$`));

    await visit(page, `/properties/${portuguese.id}/units/${portuguese.unitId}/about`);
    await tabs.getByRole("link", { name: "Taxes and laws" }).click();
    await page.waitForURL(/\/taxes-and-laws$/);
    await expect(page.getByText("Required where this property is.")).toBeVisible();
  });
});

test.describe("property pages", () => {
  test("the property's own texts are edited; /units/{unitId} paths lead to the same sections", async ({ page }) => {
    const { base, propertyId } = await hostWithUnit(page);
    await visit(page, `/properties/${propertyId}`);
    await page.getByRole("link", { name: "Edit the property's texts" }).click();
    await page.waitForURL(/\/about$/);
    await settled(page);
    await page.getByLabel("Special offer").fill("Third night free in November");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Special offer")).toHaveValue("Third night free in November");

    const unitId = base.split("/").at(-1)!;
    await visit(page, `/units/${unitId}/rooms`);
    await expect(page).toHaveURL(new RegExp(`${base}/rooms$`));
    await visit(page, `/properties/${propertyId}/units`);
    await expect(page).toHaveURL(new RegExp(`/properties/${propertyId}$`));
    const response = await page.goto(`/units/${unitId}/teleport`);
    expect(response?.status()).toBe(404);
  });
});

test.describe("unit selector", () => {
  test("finds another unit, grouped by property kind, keeping the section; says so when nothing matches", async ({ page }, testInfo) => {
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    const first = await createProperty(page.request, token, { title: "Birch cottage" });
    const second = await createProperty(page.request, token, { title: "Pine cottage" });
    await visit(page, `/properties/${first.id}/units/${first.unitId}/rooms`);
    const search = page.getByLabel("Find another unit");
    await search.fill("pine");
    if (testInfo.project.use.javaScriptEnabled === false) {
      await search.press("Enter");
      await page.waitForURL(/\/units-search\?/);
      await settled(page);
      await expect(page.getByRole("heading", { name: "Choose a unit" })).toBeVisible();
    }
    await expect(page.getByText("Single-unit properties")).toBeVisible();
    await page.getByRole("link", { name: "Pine cottage" }).click();
    await page.waitForURL(new RegExp(`/properties/${second.id}/units/${second.unitId}/rooms$`));

    if (testInfo.project.use.javaScriptEnabled !== false) {
      await settled(page);
      await page.getByLabel("Find another unit").fill("no such cottage");
      await expect(page.getByText("No unit matches this search.")).toBeVisible();
      await page.getByRole("button", { name: "Clear search" }).click();
      await expect(page.getByLabel("Find another unit")).toHaveValue("");
      await expect(page.getByRole("link", { name: "Birch cottage" })).toBeVisible();
    }
  });

  test("narrows a multi-unit property to the units that match", async ({ page }, testInfo) => {
    await signedInAs(page, DEMO.company, "/properties?hl=en_US");
    await page.locator("tbody tr").filter({ hasText: "Residence Costa Azzurra" }).getByRole("link", { name: "Residence Costa Azzurra" }).click();
    await page.getByRole("link", { name: "Bilocale Mare" }).click();
    await page.waitForURL(/\/units\/unt_\w+\/about$/);
    await settled(page);
    const search = page.getByLabel("Find another unit");
    await search.fill("Trilocale");
    if (testInfo.project.use.javaScriptEnabled === false) {
      await search.press("Enter");
      await page.waitForURL(/\/units-search\?/);
      await settled(page);
    }
    await expect(page.getByRole("link", { name: /Trilocale Giardino/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /Bilocale Mare/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Monolocale Sole/ })).toHaveCount(0);
  });

  test("the dropdown closes with Escape, a click outside and Tab; without JavaScript there is none to close", async ({ page }, testInfo) => {
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    const first = await createProperty(page.request, token, { title: "Birch cottage" });
    await createProperty(page.request, token, { title: "Pine cottage" });
    await visit(page, `/properties/${first.id}/units/${first.unitId}/rooms`);
    const search = page.getByLabel("Find another unit");
    const result = page.getByRole("link", { name: "Pine cottage" });

    await search.fill("pine");
    if (testInfo.project.use.javaScriptEnabled === false) {
      // A plain search form: nothing opens while typing; the search page shows the results.
      await expect(result).toHaveCount(0);
      await page.getByRole("search").getByRole("button", { name: "Search" }).click();
      await page.waitForURL(/\/units-search\?/);
      await expect(result).toBeVisible();
      return;
    }
    await expect(result).toBeVisible();
    await search.press("Escape");
    await expect(result).toHaveCount(0);
    await expect(search).toBeFocused();
    await expect(search).toHaveValue("pine");

    await search.fill("pin");
    await expect(result).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(result).toHaveCount(0);

    await search.fill("pine");
    await expect(result).toBeVisible();
    await search.press("Shift+Tab");
    await expect(result).toHaveCount(0);
    await expect(search).not.toBeFocused();
  });
});
