import type { Page } from "@playwright/test";
import { apiToken, createProperty } from "./api-factory";
import { expect, newHost, settled, test, usesJavaScript, visit } from "./fixtures";

/** A fresh host's published-to-be unit with a nightly price of 100, and an API token to check what was saved. */
async function hostWithPricedUnit(page: Page) {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  const property = await createProperty(page.request, token, { title: "Harbour flat", nightlyPrice: 10_000 });
  const prices = async () => {
    const response = await page.request.get(`/api/app/property-unit/${property.unitId}/price-configuration`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status()).toBe(200);
    return (await response.json()) as {
      nightlyPrice: number;
      minStay: number;
      maxStay: number;
      seasonsPricing: { nightlyPrice: number; checkInDays?: number[] }[];
      discounts: { lengthType: string; minNights: number; percent: number }[];
      extraCharges: { type: string; pricingKind: string; amount: number }[];
      taxes: { feeType: string; amount: number; maxNights?: number }[];
    };
  };
  return { base: `/properties/${property.id}/units/${property.unitId}`, unitId: property.unitId, token, prices };
}

/** The toast after a save; with JavaScript it stays a few seconds, so it is closed: the next save's toast is then its own. */
async function saved(page: Page, text = "Saved.") {
  const toast = page.getByRole("status").filter({ hasText: text });
  await expect(toast).toBeVisible();
  const close = toast.getByRole("button");
  if (await close.isVisible()) {
    await close.click();
    await expect(toast).toHaveCount(0);
  }
}

test.describe("a unit's prices and promotions", () => {
  test("the nightly price and stay limits are set; a refused value keeps what was typed, with the translated error", async ({ page }) => {
    const { base, prices } = await hostWithPricedUnit(page);
    await visit(page, `${base}/about`);
    await page.getByRole("navigation", { name: "Unit sections" }).getByRole("link", { name: "Price and availability" }).click();
    await settled(page);
    await expect(page.getByRole("heading", { name: "Price and availability", level: 2 })).toBeVisible();
    const rates = page.getByRole("form", { name: "Nightly price and stays" });
    await expect(rates.getByLabel("Nightly price (EUR)")).toHaveValue("100");
    await expect(rates.getByLabel("Minimum stay (nights)")).toHaveValue("1");
    await expect(rates.getByLabel("Maximum stay (nights)")).toHaveValue("365");

    await rates.getByLabel("Nightly price (EUR)").fill("5");
    await rates.getByLabel("Minimum stay (nights)").fill("3");
    await rates.getByRole("button", { name: "Save" }).click();
    await expect(rates.getByText("Enter a nightly price from 10 to 10,000.")).toBeVisible();
    await expect(rates.getByLabel("Nightly price (EUR)")).toHaveValue("5");
    await expect(rates.getByLabel("Nightly price (EUR)")).toHaveAttribute("aria-invalid", "true");
    await expect(rates.getByLabel("Minimum stay (nights)")).toHaveValue("3");
    expect((await prices()).nightlyPrice).toBe(10_000);

    await rates.getByLabel("Nightly price (EUR)").fill("135.50");
    // With JavaScript, a field the host corrects stops saying it is wrong before the next save.
    if (usesJavaScript(test.info())) await expect(rates.getByText("Enter a nightly price from 10 to 10,000.")).toHaveCount(0);
    await rates.getByLabel("Maximum stay (nights)").fill("28");
    await rates.getByRole("button", { name: "Save" }).click();
    await saved(page);
    await expect(page.getByRole("form", { name: "Nightly price and stays" }).getByLabel("Nightly price (EUR)")).toHaveValue("135.50");
    expect(await prices()).toMatchObject({ nightlyPrice: 13_550, minStay: 3, maxStay: 28 });
    await page.reload();
    await settled(page);
    await expect(page.getByRole("form", { name: "Nightly price and stays" }).getByLabel("Minimum stay (nights)")).toHaveValue("3");
    await expect(page.getByRole("form", { name: "Nightly price and stays" }).getByLabel("Maximum stay (nights)")).toHaveValue("28");
  });

  test("a season is added, edited and removed", async ({ page }) => {
    const { base, prices } = await hostWithPricedUnit(page);
    const year = new Date().getUTCFullYear() + 1;
    await visit(page, `${base}/price-and-availability`);
    await expect(page.getByText("No seasons yet: the nightly price applies all year.")).toBeVisible();
    const add = page.getByRole("form", { name: "Add a season" });
    await add.getByLabel("From", { exact: true }).fill(`${year}-07-01`);
    await add.getByLabel("To", { exact: true }).fill(`${year}-08-31`);
    await add.getByLabel("Nightly price (EUR)").fill("180");
    await add.getByLabel("Every year").check();
    await add.getByRole("button", { name: "Add season" }).click();
    await saved(page, "The season is added.");
    const season = page.getByRole("form", { name: /^Season Jul 1, \d{4} – Aug 31, \d{4} · €180\.00$/ });
    await expect(season).toBeVisible();
    await expect(season.getByLabel("Every year")).toBeChecked();
    expect((await prices()).seasonsPricing.map((s) => s.nightlyPrice)).toEqual([18_000]);

    // The season's own rules: its price, and arrivals on Saturdays only.
    await season.getByLabel("Nightly price (EUR)").fill("190");
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Sunday"]) await season.getByLabel(day).uncheck();
    await season.getByRole("button", { name: "Save season" }).click();
    await saved(page);
    const edited = page.getByRole("form", { name: /^Season Jul 1, \d{4} – Aug 31, \d{4} · €190\.00$/ });
    await expect(edited).toBeVisible();
    await expect(edited.getByLabel("Saturday")).toBeChecked();
    await expect(edited.getByLabel("Monday")).not.toBeChecked();
    expect((await prices()).seasonsPricing).toMatchObject([{ nightlyPrice: 19_000, checkInDays: [6] }]);

    await edited.getByRole("button", { name: /^Remove season/ }).click();
    await saved(page, "The season is removed.");
    await expect(page.getByText("No seasons yet: the nightly price applies all year.")).toBeVisible();
    expect((await prices()).seasonsPricing).toEqual([]);
  });

  test("discounts, extra charges and taxes are saved, and a discount and a tax removed again", async ({ page }) => {
    const { base, prices } = await hostWithPricedUnit(page);
    await visit(page, `${base}/price-and-availability`);
    const discounts = page.getByRole("form", { name: "Length-of-stay discounts" });
    await discounts.getByLabel("Weekly discount from 7 nights (%)").fill("10");
    await discounts.getByLabel("From how many nights").fill("14");
    await discounts.getByLabel("Discount (%)").fill("12");
    await discounts.getByRole("button", { name: "Save" }).click();
    await saved(page);
    await expect.poll(async () => (await prices()).discounts).toEqual([
      { lengthType: "weekly", minNights: 7, percent: 10 },
      { lengthType: "custom", minNights: 14, percent: 12 },
    ]);

    const charges = page.getByRole("form", { name: "Extra charges" });
    await charges.getByRole("group", { name: "Final cleaning" }).getByLabel("Price (EUR)").fill("45");
    await charges.getByRole("group", { name: "Towels" }).getByLabel("Price (EUR)").fill("5");
    await charges.getByRole("group", { name: "Towels" }).getByLabel("Charged").selectOption("one_time");
    await charges.getByRole("button", { name: "Save" }).click();
    await saved(page);
    await expect.poll(async () => (await prices()).extraCharges).toEqual([
      { type: "cleaning", pricingKind: "one_time", amount: 4_500 },
      { type: "towels", pricingKind: "one_time", amount: 500 },
    ]);

    const taxes = page.getByRole("form", { name: "Taxes" });
    await taxes.getByLabel("Amount (EUR)").fill("2.50");
    await taxes.getByLabel("Charged for at most (nights, optional)").fill("7");
    await taxes.getByRole("button", { name: "Save" }).click();
    await saved(page);
    await expect.poll(async () => (await prices()).taxes).toEqual([{ category: "local_tax", feeType: "per_person_per_day", amount: 250, maxNights: 7 }]);
    await expect(page.getByRole("form", { name: "Taxes" }).getByRole("group", { name: "Tax 1" }).getByLabel("Amount (EUR)")).toHaveValue("2.50");

    // The same toast follows every save here: the saved values are what tells one save from the next.
    await page.getByRole("form", { name: "Taxes" }).getByLabel("Remove tax 1").check();
    await page.getByRole("form", { name: "Taxes" }).getByRole("button", { name: "Save" }).click();
    await saved(page);
    await expect.poll(async () => (await prices()).taxes).toEqual([]);
    await page.getByRole("form", { name: "Length-of-stay discounts" }).getByLabel("Remove discount 1").check();
    await page.getByRole("form", { name: "Length-of-stay discounts" }).getByRole("button", { name: "Save" }).click();
    await saved(page);
    await expect.poll(async () => (await prices()).discounts).toEqual([{ lengthType: "weekly", minNights: 7, percent: 10 }]);
  });

  test("a season that ends before it starts is refused and keeps what was typed", async ({ page }) => {
    const { base, prices } = await hostWithPricedUnit(page);
    const year = new Date().getUTCFullYear() + 1;
    await visit(page, `${base}/price-and-availability`);
    const add = page.getByRole("form", { name: "Add a season" });
    await add.getByLabel("From", { exact: true }).fill(`${year}-08-31`);
    await add.getByLabel("To", { exact: true }).fill(`${year}-07-01`);
    await add.getByLabel("Nightly price (EUR)").fill("180");
    await add.getByRole("button", { name: "Add season" }).click();
    await expect(add.getByText("The season must end after it starts, and a recurring season must last less than a year.")).toBeVisible();
    await expect(add.getByLabel("From", { exact: true })).toHaveValue(`${year}-08-31`);
    await expect(add.getByLabel("Nightly price (EUR)")).toHaveValue("180");
    expect((await prices()).seasonsPricing).toEqual([]);
  });

  test("a save over a change made elsewhere meanwhile says so and shows the current values", async ({ page }) => {
    const { base, unitId, token, prices } = await hostWithPricedUnit(page);
    await visit(page, `${base}/price-and-availability`);
    const changed = await page.request.patch(`/api/app/property-unit/${unitId}/price-configuration`, { headers: { authorization: `Bearer ${token}` }, data: { nightlyPrice: 20_000 } });
    expect(changed.status()).toBe(200);
    const rates = page.getByRole("form", { name: "Nightly price and stays" });
    await rates.getByLabel("Nightly price (EUR)").fill("150");
    await rates.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("form", { name: "Nightly price and stays" }).getByRole("alert")).toContainText("This was changed in the meantime.");
    await expect(page.getByRole("form", { name: "Nightly price and stays" }).getByLabel("Nightly price (EUR)")).toHaveValue("200");
    expect((await prices()).nightlyPrice).toBe(20_000);
  });

  test("a host who takes bookings switches a promotion on and off", async ({ page }) => {
    const { base, token } = await hostWithPricedUnit(page);
    await visit(page, `${base}/price-and-availability`);
    // Promotions are discounts on bookings: a host on the subscription model has none.
    await expect(page.getByRole("navigation", { name: "Unit sections" }).getByRole("link", { name: "Promotions" })).toHaveCount(0);
    expect((await page.request.patch("/api/app/user/info", { headers: { authorization: `Bearer ${token}` }, data: { commercialModel: "commission" } })).status()).toBe(200);
    await visit(page, `${base}/price-and-availability`);
    await page.getByRole("navigation", { name: "Unit sections" }).getByRole("link", { name: "Promotions" }).click();
    await settled(page);
    const lastMinute = page.getByRole("article", { name: "Last-minute discount" });
    await expect(lastMinute.getByText("15% off for stays that start within 7 days.")).toBeVisible();
    await expect(lastMinute.getByText("Off", { exact: true })).toBeVisible();
    await lastMinute.getByRole("button", { name: "Switch on: Offer a last-minute discount" }).click();
    await saved(page, "The promotion is on.");
    await expect(page.getByRole("article", { name: "Last-minute discount" }).getByText("On", { exact: true })).toBeVisible();
    await expect(page.getByRole("article", { name: "Early-booker discount" }).getByText("Off", { exact: true })).toBeVisible();
    await page.getByRole("article", { name: "Last-minute discount" }).getByRole("button", { name: /^Switch off/ }).click();
    await saved(page, "The promotion is off.");
    await expect(page.getByRole("article", { name: "Last-minute discount" }).getByText("Off", { exact: true })).toBeVisible();
  });
});
