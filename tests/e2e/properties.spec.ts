import { apiToken, createProperty } from "./api-factory";
import { DEMO, expect, newHost, settled, signedInAs, test, visit } from "./fixtures";

test.describe("property list", () => {
  test("a host searches the list and sees statuses, including an invalid registration number", async ({ page }) => {
    await signedInAs(page, DEMO.individual, "/properties");
    await expect(page.getByRole("heading", { name: "Properties", level: 1 })).toBeVisible();
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(3);
    const lisbon = rows.filter({ hasText: "Alfama terrace flat" });
    await expect(lisbon.getByText("Action needed")).toBeVisible();
    await expect(lisbon.getByText("The registration number is missing or was not accepted.")).toBeVisible();
    await expect(rows.filter({ hasText: "Loft by the Spree" }).getByText("Published", { exact: true })).toBeVisible();
    await expect(rows.filter({ hasText: "Loft by the Spree" }).locator("img")).toHaveAttribute("src", /^\/media\/photos\//);

    await page.getByLabel("Search properties by name or city").fill("berlin");
    await page.getByLabel("Search properties by name or city").press("Enter");
    await expect(page).toHaveURL(/search=berlin/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Loft by the Spree");
    // By keyboard: the first-visit Help Center tooltip may sit over the link.
    await page.getByRole("link", { name: "Clear search" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/properties$/);
    await expect(rows).toHaveCount(3);
    // The Lisbon flat's city is stored as "Lisboa": its English name finds it too.
    await page.getByLabel("Search properties by name or city").fill("Lisbon");
    await page.getByLabel("Search properties by name or city").press("Enter");
    await expect(page).toHaveURL(/search=Lisbon/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Alfama terrace flat");
  });

  test("a unit rejected by staff shows first, in the error colour and with the reason, on the list and on its property", async ({ page }) => {
    await signedInAs(page, DEMO.company, "/properties?hl=en_US");
    const residence = page.locator("tbody tr").filter({ hasText: "Residence Costa Azzurra" });
    await expect(residence.getByText("Rejected by our team")).toHaveClass(/pill--error/);
    await expect(residence.getByText("Monolocale Sole: The photos show a different building. Upload photos of this studio.")).toBeVisible();
    await expect(residence.getByText("Published", { exact: true })).toHaveCount(0);

    await residence.getByRole("link", { name: "Residence Costa Azzurra" }).click();
    await page.waitForURL(/\/properties\/prp_\w+$/);
    await settled(page);
    const studio = page.getByRole("listitem").filter({ hasText: "Monolocale Sole" });
    await expect(studio.getByText("Rejected", { exact: true })).toHaveClass(/pill--error/);
    await expect(studio.getByText("The photos show a different building. Upload photos of this studio.")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Bilocale Mare" }).getByText("Published", { exact: true })).toHaveClass(/pill--primary/);
  });

  test("a photo thumbnail is served to its owner only", async ({ page, browser }, testInfo) => {
    await signedInAs(page, DEMO.individual, "/properties");
    const src = await page.locator("tbody img").first().getAttribute("src");
    const own = await page.request.get(src!);
    expect(own.status()).toBe(200);
    expect(own.headers()["content-type"]).toBe("image/png");
    const other = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
    const otherPage = await other.newPage();
    await signedInAs(otherPage, DEMO.hybrid);
    expect((await otherPage.request.get(src!)).status()).toBe(404);
    await other.close();
  });

  test("bulk actions: unpublish two, a refused publish names why, deleting asks first", async ({ page }) => {
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    await createProperty(page.request, token, { title: "Harbour flat", complete: true, publish: true });
    await createProperty(page.request, token, { title: "Garden house", complete: true, publish: true });
    await createProperty(page.request, token, { title: "Old mill" });

    await visit(page, "/properties");
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(3);
    await page.getByLabel("Select Harbour flat").check();
    await page.getByLabel("Select Garden house").check();
    await page.getByRole("button", { name: "Unpublish", exact: true }).click();
    const summary = page.getByRole("status").filter({ hasText: "Unpublishing results" });
    await expect(summary).toContainText("Harbour flat: done");
    await expect(summary).toContainText("Garden house: done");
    await expect(rows.filter({ hasText: "Harbour flat" }).getByText("Unpublished", { exact: true })).toBeVisible();
    await expect(rows.filter({ hasText: "Garden house" }).getByText("Unpublished", { exact: true })).toBeVisible();

    await page.getByLabel("Select Old mill").check();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Publishing results" })).toContainText(
      "Old mill: not possible (a description is missing, the address is incomplete, a photo is missing, a nightly price is missing)",
    );

    await page.getByLabel("Select Old mill").check();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Delete 1 property with all its units?");
    await expect(page.getByRole("alert").getByRole("listitem")).toHaveText(["Old mill"]);
    await expect(page.getByRole("alert")).not.toContainText("Live now");
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Deletion results" })).toContainText("Old mill: done");
    await expect(rows).toHaveCount(2);
  });

  test("a host on the subscription model without a running subscription is told that publishing needs one", async ({ page }) => {
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    await createProperty(page.request, token, { title: "Dune cabin", complete: true, nightlyPrice: 9_000 });

    await visit(page, "/properties");
    await page.getByLabel("Select Dune cabin").check();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Publishing results" })).toContainText("Dune cabin: not possible (you have no running subscription: choose a plan first)");
    await expect(page.locator("tbody tr").filter({ hasText: "Dune cabin" }).getByText("Published", { exact: true })).toHaveCount(0);
  });

  test("deleting names the selected properties and warns that a live one goes offline", async ({ page }) => {
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    await createProperty(page.request, token, { title: "Harbour flat", complete: true, publish: true });
    await createProperty(page.request, token, { title: "Old mill" });
    await createProperty(page.request, token, { title: "Garden house" });

    await visit(page, "/properties");
    await page.getByLabel("Select Harbour flat").check();
    await page.getByLabel("Select Old mill").check();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const confirmation = page.getByRole("alert");
    await expect(confirmation).toContainText("Delete 2 properties with all their units?");
    await expect(confirmation.getByRole("listitem")).toHaveCount(2);
    await expect(confirmation.getByRole("listitem").filter({ hasText: "Harbour flat" })).toBeVisible();
    await expect(confirmation.getByRole("listitem").filter({ hasText: "Old mill" })).toBeVisible();
    await expect(confirmation).toContainText("Live now – deleting takes them off the marketplace at once: Harbour flat");
    await page.getByRole("button", { name: "Yes, delete" }).click();
    const summary = page.getByRole("status").filter({ hasText: "Deletion results" });
    await expect(summary).toContainText("Harbour flat: done");
    await expect(summary).toContainText("Old mill: done");
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody tr")).toContainText("Garden house");
  });

  test("the rejected registration number of the Lisbon flat cannot be saved unchanged", async ({ page }, testInfo) => {
    await signedInAs(page, DEMO.individual, "/properties");
    const row = page.locator("tbody tr").filter({ hasText: "Alfama terrace flat" });
    // By keyboard: with JavaScript the dialog takes the focus, and gives it back when it closes.
    const update = row.getByRole("link", { name: "Update now" });
    await update.focus();
    await page.keyboard.press("Enter");
    const withJs = testInfo.project.use.javaScriptEnabled !== false;
    // The dialog is named by the page it stands for.
    const form = withJs ? page.getByRole("dialog", { name: "Registration number" }) : page.locator("main");
    if (!withJs) await page.waitForURL(/\/regional\/registrationNumber\?returnTo=/);
    const input = form.getByRole("textbox", { name: "Registration number" });
    const save = form.getByRole("button", { name: "Save" });
    const rejected = await input.inputValue();
    expect(rejected).not.toBe("");
    if (withJs) {
      // Disabled until the value changes, and again once it is changed back.
      await expect(save).toBeDisabled();
      await input.fill(`${rejected}-1`);
      await expect(save).toBeEnabled();
      await input.fill(rejected);
      await expect(save).toBeDisabled();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(update).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(form.getByRole("button", { name: "Close" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(update).toBeFocused();
    } else {
      await save.click();
      await expect(form.getByText("This is the value that was not accepted. Enter a corrected one to save.")).toBeVisible();
      await expect(page.getByText("Registration number saved.")).toHaveCount(0);
      await expect(input).toHaveValue(rejected);
    }
  });

  test("an empty selection is refused with a clear message", async ({ page }) => {
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    await createProperty(page.request, token, { title: "Lone cabin" });
    await visit(page, "/properties");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Select at least one property first.");
  });

  test("a missing registration number is fixed from the list, and the property can then be published", async ({ page }, testInfo) => {
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    // Published in Germany, then moved to Portugal, where a registration number is required.
    const casa = await createProperty(page.request, token, { title: "Casa do Rio", complete: true, publish: true });
    const moved = await page.request.put(`/api/app/properties/${casa.id}/location`, {
      headers: { authorization: `Bearer ${token}` },
      data: { location: { countryCode: "PT", city: "Lisboa", street: "Rua Augusta", houseNumberOrName: "10", postalCode: "1100-053" } },
    });
    expect(moved.status()).toBe(200);

    await visit(page, "/properties");
    const row = page.locator("tbody tr").filter({ hasText: "Casa do Rio" });
    await expect(row.getByText("Action needed")).toBeVisible();
    await row.getByRole("link", { name: "Update now" }).click();
    // With JavaScript the form opens in a dialog over the list; without, it is a page of its own.
    const withJs = testInfo.project.use.javaScriptEnabled !== false;
    const form = withJs ? page.getByRole("dialog") : page.locator("main");
    if (withJs) await expect(form.getByRole("heading", { name: "Registration number" })).toBeVisible();
    else {
      await page.waitForURL(/\/regional\/registrationNumber\?returnTo=/);
      await settled(page);
    }
    await expect(form.getByText("The registration number is missing or was not accepted.")).toBeVisible();
    await form.getByRole("textbox", { name: "Registration number" }).fill("   ");
    // §5: with JavaScript the form can be sent only with a valid change; without, the server says why not.
    if (withJs) await expect(form.getByRole("button", { name: "Save" })).toBeDisabled();
    else {
      await form.getByRole("button", { name: "Save" }).click();
      await expect(form.getByText("This field is required.")).toBeVisible();
    }
    await form.getByRole("textbox", { name: "Registration number" }).fill("AL-12345/2026");
    await form.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/properties$/);
    await expect(page.getByRole("status").filter({ hasText: "Registration number saved." })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await settled(page);
    await expect(row.getByText("Action needed")).toHaveCount(0);
    await expect(row.getByText("Published", { exact: true })).toBeVisible();
    await page.getByLabel("Select Casa do Rio").check();
    await page.getByRole("button", { name: "Unpublish", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Unpublishing results" })).toContainText("Casa do Rio: done");
    await page.getByLabel("Select Casa do Rio").check();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Publishing results" })).toContainText("Casa do Rio: done");
    await expect(row.getByText("Published", { exact: true })).toBeVisible();
  });
});
