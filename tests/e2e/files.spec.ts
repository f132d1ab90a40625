import { DEMO, expect, signedInAs, test, usesJavaScript } from "./fixtures";

/** A download's or a photo's address opened in the browser, where the file is not there (decision 035, passOnFile). */
test.describe("a file route's address without its file", () => {
  test("a DAC7 year without a report, or no year at all, shows the not-found page in the shell with a way back", async ({ page }, testInfo) => {
    await signedInAs(page, DEMO.individual, "/insights/tax-report");
    const thisYear = new Date().getUTCFullYear();
    for (const address of [`/insights/tax-report/${thisYear - 3}`, "/insights/tax-report/1999", "/insights/tax-report/next"]) {
      const response = await page.goto(address);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Go to the start page" })).toHaveAttribute("href", "/home");
    }
    if (usesJavaScript(testInfo)) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("link", { name: "Go to the start page" }).click();
    await expect(page).toHaveURL(/\/home$/);
    // A year with a report still streams as a file, to the browser as to a script.
    const file = await page.request.get(`/insights/tax-report/${thisYear - 1}`, { headers: { accept: "text/html", "sec-fetch-dest": "document" } });
    expect(file.status()).toBe(200);
    expect(file.headers()["content-disposition"]).toBe(`attachment; filename="report-${thisYear - 1}.csv"`);
    expect((await file.text()).replace(/^\uFEFF/, "").startsWith(`DAC7 seller's copy ${thisYear - 1}\r\n`)).toBe(true);
  });

  test("a photo that is not there is an image's bare 404 and, opened as a page, the not-found page", async ({ page }) => {
    await signedInAs(page, DEMO.individual, "/properties");
    const src = await page.locator("tbody img").first().getAttribute("src");
    expect((await page.request.get(src!)).status()).toBe(200);
    const missing = "/media/photos/pho_not_there";
    const image = await page.request.get(missing, { headers: { accept: "image/avif,image/webp,*/*", "sec-fetch-dest": "image" } });
    expect(image.status()).toBe(404);
    expect(await image.text()).toBe("");
    const opened = await page.goto(missing);
    expect(opened?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
  });
});
