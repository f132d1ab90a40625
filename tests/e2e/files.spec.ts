import { png } from "@api/test/png";
import { baseURL } from "../../playwright.config";
import { apiToken } from "./api-factory";
import { hostWithStay } from "./bookings-factory";
import { DEMO, DEMO_PASSWORD, expect, newHost, ownSession, signedInAs, staffFor, test, usesJavaScript } from "./fixtures";

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

test("a host's verification document opens for staff only: the host itself and another host find nothing", async ({ page, browser }, testInfo) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const uploaded = await page.request.post("/api/app/user/onboarding/documentUpload", {
    headers: { authorization: `Bearer ${token}` },
    multipart: { documentType: "passport", side: "front", file: { name: "passport-front.png", mimeType: "image/png", buffer: Buffer.from(png(40, 30)) } },
  });
  expect(uploaded.status()).toBe(201);
  const { id: documentId } = (await uploaded.json()) as { id: string };
  const staffHeaders = { authorization: `Bearer ${await apiToken(page.request, DEMO.staff, DEMO_PASSWORD)}` };
  const found = (await (await page.request.get("/api/app/staff/hosts", { headers: staffHeaders, params: { search: host.email } })).json()) as { items: { userId: string }[] };
  const address = `/staff/verifications/${found.items[0]!.userId}/documents/${documentId}`;

  // A staff member's own browser gets the file, shown in the browser, never kept, never sniffed.
  const staffContext = await browser.newContext({ baseURL, javaScriptEnabled: usesJavaScript(testInfo) });
  const staff = await staffContext.newPage();
  await ownSession(staff, staffFor(testInfo).email, "/staff/verifications");
  const file = await staff.request.get(address);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/png");
  expect(file.headers()["content-disposition"]).toBe('inline; filename="passport-front.png"');
  expect(file.headers()["cache-control"]).toBe("private, no-store");
  expect(file.headers()["x-content-type-options"]).toBe("nosniff");
  expect(Buffer.from(await file.body()).equals(Buffer.from(png(40, 30)))).toBe(true);
  await staffContext.close();

  // The host whose document it is: not found, and opened in the browser, the not-found page in the shell.
  expect((await page.request.get(address)).status()).toBe(404);
  expect((await page.goto(address))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
  // Another host: not found either.
  const otherContext = await browser.newContext({ baseURL, javaScriptEnabled: usesJavaScript(testInfo) });
  const other = await otherContext.newPage();
  await signedInAs(other, DEMO.individual);
  expect((await other.request.get(address)).status()).toBe(404);
  await otherContext.close();
});

test("a published unit's photo reaches the guest; one that is not there is an image's bare 404 and, opened as a page, the visitors' not-found page", async ({ page }) => {
  const { unitId } = await hostWithStay(page);
  await page.context().clearCookies();
  await page.goto(`/stays/${unitId}`);
  const src = await page.getByRole("list", { name: "Photos" }).getByRole("img").first().getAttribute("src");
  const photo = await page.request.get(src!, { headers: { accept: "image/avif,image/webp,*/*", "sec-fetch-dest": "image" } });
  expect(photo.status()).toBe(200);
  expect(photo.headers()["content-type"]).toMatch(/^image\//);
  expect(photo.headers()["cache-control"]).toBe("public, max-age=300");
  const missing = "/stays/unt_not_there/photos/pho_not_there";
  const image = await page.request.get(missing, { headers: { accept: "image/avif,image/webp,*/*", "sec-fetch-dest": "image" } });
  expect(image.status()).toBe(404);
  expect(await image.text()).toBe("");
  expect((await page.goto(missing))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the start page" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);
});
