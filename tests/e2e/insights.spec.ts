import { readFile } from "node:fs/promises";
import { DEMO, expect, newHost, signedInAs, test, visit } from "./fixtures";

test("the host downloads a year's DAC7 report from the tax report page: a CSV with the seller, the stays and the listings", async ({ page }) => {
  await signedInAs(page, DEMO.individual, "/insights/tax-report");
  await expect(page.getByRole("heading", { level: 1, name: "Tax report (DAC7)" })).toBeVisible();
  // The demo host's channel history reaches back 18 months: last year and this year.
  const thisYear = new Date().getUTCFullYear();
  const link = page.getByRole("link", { name: `Download ${thisYear - 1} (CSV)` });
  await expect(link).toBeVisible();
  await expect(page.getByRole("link", { name: `Download ${thisYear} (CSV)` })).toBeVisible();
  // A plain link: the browser downloads the file with or without JavaScript.
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`report-${thisYear - 1}.csv`);
  const csv = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
  expect(csv.startsWith(`DAC7 seller's copy ${thisYear - 1}\r\n`)).toBe(true);
  expect(csv).toContain("Seller type,Individual\r\n");
  expect(csv).toMatch(/\r\nL1,[^\r\n]*,\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2},[^\r\n]*,Q[1-4],\d+\.\d{2},/);
  expect(csv).toMatch(/\r\nListing,Address,Land registration number,Property type,Days rented,Q1 consideration,/);
});

test("a host without stays sees that no report exists yet, and which seller details the report will need", async ({ page }) => {
  await newHost(page);
  await visit(page, "/insights/tax-report");
  await expect(page.getByText("No report yet: a year is listed here once a guest's payment has been credited to you.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "The report is missing some of your details" })).toBeVisible();
  await expect(page.getByText("Tax identification number (TIN) and the country that issued it")).toBeVisible();
});
