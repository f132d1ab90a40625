import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
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
      extraGuestsCount: number | null;
      extraGuestPrice: number | null;
      checkInFrom: string;
      checkInTo: string;
      checkInDays: number[];
      seasonsPricing: { nightlyPrice: number; checkInDays?: number[] }[];
      discounts: { lengthType: string; minNights: number; percent: number }[];
      extraCharges: { type: string; pricingKind: string; amount: number }[];
      taxes: { feeType: string; amount: number; maxNights?: number }[];
    };
  };
  return { base: `/properties/${property.id}/units/${property.unitId}`, unitId: property.unitId, token, prices };
}

/**
 * Writes the discounts of a unit's prices straight into the server's database, past the API's rules,
 * as a migration writes: for discounts saved before a rule the API now holds them to. The database is
 * the local D1 of scripts/e2e-server.ts's state, one SQLite file in WAL mode that workerd locks as
 * SQLite does, so another process's write is safe while it serves (`wrangler d1 execute` does the same,
 * some seconds slower). The tests running beside this one write too: the write waits for their locks
 * (`busy_timeout`) as workerd's own writes do, instead of failing with "database is locked".
 */
function storeDiscountsPastTheApi(unitId: string, discounts: { lengthType: string; minNights: number; percent: number }[]) {
  const dir = join(process.env.LOCAL_STATE_DIR ?? ".wrangler/e2e", "v3/d1/miniflare-D1DatabaseObject");
  const files = readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`Expected the one local D1 database in ${dir}, found ${files.join(", ") || "none"}`);
  const db = new DatabaseSync(join(dir, files[0]!));
  try {
    db.exec("PRAGMA busy_timeout = 20000");
    const { changes } = db
      .prepare("UPDATE unit_price_configurations SET discounts = ? WHERE unit_id = (SELECT id FROM property_units WHERE public_id = ?)")
      .run(JSON.stringify(discounts), unitId);
    expect(changes).toBe(1);
  } finally {
    db.close();
  }
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

  test("a maximum stay below the minimum is refused on the first submit with every other error, each under its field, and nothing is saved", async ({ page }) => {
    const { base, prices } = await hostWithPricedUnit(page);
    await visit(page, `${base}/price-and-availability`);
    const rates = page.getByRole("form", { name: "Nightly price and stays" });
    const price = rates.getByLabel("Nightly price (EUR)");
    const minStay = rates.getByLabel("Minimum stay (nights)");
    const maxStay = rates.getByLabel("Maximum stay (nights)");
    const included = rates.getByLabel("Guests included in the price");
    await price.fill("5");
    await minStay.fill("10");
    await maxStay.fill("5");
    await rates.getByLabel("Price per extra guest and night (EUR)").fill("15");
    await rates.getByRole("button", { name: "Save" }).click();
    // Said at once: the pair under the maximum stay, the price under the price, the guests the extra price is for under theirs.
    await expect(maxStay).toHaveAccessibleDescription("The maximum stay must not be shorter than the minimum stay.");
    await expect(maxStay).toHaveAttribute("aria-invalid", "true");
    await expect(price).toHaveAccessibleDescription(/Enter a nightly price from 10 to 10,000\.$/);
    await expect(included).toHaveAccessibleDescription("This field is required.");
    await expect(minStay).not.toHaveAttribute("aria-invalid");
    await expect(price).toHaveValue("5");
    await expect(minStay).toHaveValue("10");
    await expect(maxStay).toHaveValue("5");
    expect(await prices()).toMatchObject({ nightlyPrice: 10_000, minStay: 1, maxStay: 365, extraGuestsCount: null, extraGuestPrice: null });

    // The limits (at least 1 night, at most 365) are said under each field, and not compared as well.
    await price.fill("100");
    await minStay.fill("0");
    await maxStay.fill("366");
    await included.fill("2");
    await rates.getByRole("button", { name: "Save" }).click();
    await expect(minStay).toHaveAccessibleDescription("Enter a number of nights from 1 to 365.");
    await expect(maxStay).toHaveAccessibleDescription("Enter a number of nights from 1 to 365.");
    await expect(rates.getByText("The maximum stay must not be shorter than the minimum stay.")).toHaveCount(0);
    await expect(included).not.toHaveAttribute("aria-invalid");
    expect(await prices()).toMatchObject({ nightlyPrice: 10_000, minStay: 1, maxStay: 365 });

    await minStay.fill("7");
    await maxStay.fill("7");
    await rates.getByRole("button", { name: "Save" }).click();
    await saved(page);
    expect(await prices()).toMatchObject({ nightlyPrice: 10_000, minStay: 7, maxStay: 7, extraGuestsCount: 2, extraGuestPrice: 1_500 });
  });

  test("the wizard's price step refuses a maximum stay below the minimum on the first submit, with the price's error", async ({ page }) => {
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    const stepsDone = ["property", "location", "location/address", "location/map", "guests-and-rooms/info", "guests-and-rooms/beds", "photos", "amenities", "title"];
    const property = await createProperty(page.request, token, { title: "Dune house", complete: true, stepsDone });
    await visit(page, `/listing/property/${property.id}/unit/${property.unitId}`);
    await expect(page).toHaveURL(/\/price-and-availability$/);
    await page.getByLabel("Nightly price (EUR)").fill("ninety");
    await page.getByLabel("Minimum stay (nights)").fill("10");
    await page.getByLabel("Maximum stay (nights)").fill("5");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByLabel("Maximum stay (nights)")).toHaveAccessibleDescription("The maximum stay must not be shorter than the minimum stay.");
    await expect(page.getByLabel("Nightly price (EUR)")).toHaveAccessibleDescription(/Enter an amount such as 120 or 120\.50\.$/);
    await expect(page).toHaveURL(/\/price-and-availability$/);
    await expect(page.getByLabel("Nightly price (EUR)")).toHaveValue("ninety");
    await expect(page.getByLabel("Minimum stay (nights)")).toHaveValue("10");
    await expect(page.getByLabel("Maximum stay (nights)")).toHaveValue("5");
    const headers = { authorization: `Bearer ${token}` };
    expect(await (await page.request.get(`/api/app/property-unit/${property.unitId}/price-configuration`, { headers })).json()).toMatchObject({ nightlyPrice: null, minStay: 1, maxStay: 365 });

    await page.getByLabel("Nightly price (EUR)").fill("90");
    await page.getByLabel("Maximum stay (nights)").fill("28");
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/\/price-and-availability\/seasons$/);
    expect(await (await page.request.get(`/api/app/property-unit/${property.unitId}/price-configuration`, { headers })).json()).toMatchObject({ nightlyPrice: 9_000, minStay: 10, maxStay: 28 });
  });

  test("a check-in window that ends before it starts is refused on the first submit with the arrival days' error", async ({ page }) => {
    const { base, prices } = await hostWithPricedUnit(page);
    await visit(page, `${base}/price-and-availability`);
    const arrival = page.getByRole("form", { name: "Arrival and departure" });
    await arrival.getByLabel("Check-in from").selectOption("18:00");
    await arrival.getByLabel("Check-in until").selectOption("16:00");
    const arrive = arrival.getByRole("group", { name: "Guests may arrive on" });
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) await arrive.getByLabel(day).uncheck();
    await arrival.getByRole("button", { name: "Save" }).click();
    await expect(arrival.getByLabel("Check-in until")).toHaveAccessibleDescription("Check-in must end after it starts.");
    await expect(arrive).toHaveAccessibleDescription("Choose at least one day of the week.");
    await expect(arrival.getByLabel("Check-in from")).toHaveValue("18:00");
    await expect(arrival.getByLabel("Check-in until")).toHaveValue("16:00");
    await expect(arrive.getByLabel("Saturday")).not.toBeChecked();
    expect(await prices()).toMatchObject({ checkInFrom: "15:00", checkInTo: "21:00", checkInDays: [0, 1, 2, 3, 4, 5, 6] });
  });

  test("discounts that contradict each other are refused on the first submit, each naming the other discount, and kept as typed", async ({ page }) => {
    const { base, prices } = await hostWithPricedUnit(page);
    await visit(page, `${base}/price-and-availability`);
    const discounts = page.getByRole("form", { name: "Length-of-stay discounts" });
    const weekly = discounts.getByLabel("Weekly discount from 7 nights (%)");
    const monthly = discounts.getByLabel("Monthly discount from 28 nights (%)");
    const added = discounts.getByRole("group", { name: "Add a discount" });
    // A 28-night stay would get 10 % off and a 7-night one 15 %; and a second discount from 7 nights.
    await weekly.fill("15");
    await monthly.fill("10");
    await added.getByLabel("From how many nights").fill("7");
    await added.getByLabel("Discount (%)").fill("5");
    await discounts.getByRole("button", { name: "Save" }).click();
    await expect(monthly).toHaveAccessibleDescription("Less than the weekly discount of 15%: a longer stay must not get a smaller discount.");
    await expect(added.getByLabel("From how many nights")).toHaveAccessibleDescription("The weekly discount (15%) already starts at 7 nights, and two discounts cannot start at the same number of nights.");
    await expect(weekly).not.toHaveAttribute("aria-invalid");
    await expect(weekly).toHaveValue("15");
    await expect(monthly).toHaveValue("10");
    await expect(added.getByLabel("Discount (%)")).toHaveValue("5");
    expect((await prices()).discounts).toEqual([]);

    // From 3 nights 20 % off: the weekly 15 % is now the smaller one, named by its nights; the same 20 % for a month is fine.
    await monthly.fill("20");
    await added.getByLabel("From how many nights").fill("3");
    await added.getByLabel("Discount (%)").fill("20");
    await discounts.getByRole("button", { name: "Save" }).click();
    await expect(weekly).toHaveAccessibleDescription("Less than the discount of 20% from 3 nights: a longer stay must not get a smaller discount.");
    await expect(monthly).not.toHaveAttribute("aria-invalid");
    expect((await prices()).discounts).toEqual([]);

    await weekly.fill("20");
    await discounts.getByRole("button", { name: "Save" }).click();
    await saved(page);
    await expect.poll(async () => (await prices()).discounts).toEqual([
      { lengthType: "custom", minNights: 3, percent: 20 },
      { lengthType: "weekly", minNights: 7, percent: 20 },
      { lengthType: "monthly", minNights: 28, percent: 20 },
    ]);
  });

  test("discounts saved before they had to agree are shown contradicting on their card, and the page's other prices still save", async ({ page }) => {
    const { base, unitId, prices } = await hostWithPricedUnit(page);
    // A 28-night stay gets 10 % off and a 7-night one 15 %: the API refuses this now, a configuration saved before the rule holds it.
    const contradicting = [
      { lengthType: "weekly", minNights: 7, percent: 15 },
      { lengthType: "monthly", minNights: 28, percent: 10 },
    ];
    storeDiscountsPastTheApi(unitId, contradicting);
    expect((await prices()).discounts).toEqual(contradicting);
    await visit(page, `${base}/price-and-availability`);
    const warning = "Your saved discounts contradict each other: a longer stay gets less off than a shorter one. Correct what is marked below and save the discounts; your other prices save as usual.";
    const discounts = page.getByRole("form", { name: "Length-of-stay discounts" });
    const monthly = discounts.getByLabel("Monthly discount from 28 nights (%)");
    const below = "Less than the weekly discount of 15%: a longer stay must not get a smaller discount.";
    await expect(discounts.getByText(warning)).toBeVisible();
    await expect(monthly).toHaveAccessibleDescription(below);
    await expect(monthly).toHaveAttribute("aria-invalid", "true");
    await expect(monthly).toHaveValue("10");
    await expect(discounts.getByLabel("Weekly discount from 7 nights (%)")).not.toHaveAttribute("aria-invalid");

    // The nightly price saves; the discounts stay as they were, and still say so.
    const rates = page.getByRole("form", { name: "Nightly price and stays" });
    await rates.getByLabel("Nightly price (EUR)").fill("120");
    await rates.getByRole("button", { name: "Save" }).click();
    await saved(page);
    expect(await prices()).toMatchObject({ nightlyPrice: 12_000, discounts: contradicting });
    await expect(page.getByRole("form", { name: "Nightly price and stays" }).getByLabel("Nightly price (EUR)")).toHaveValue("120");
    await expect(discounts.getByText(warning)).toBeVisible();
    await expect(monthly).toHaveAccessibleDescription(below);

    // Saved as they are, the discounts are refused with the same words; corrected, they save and the warning goes.
    const refused = page.waitForResponse((response) => response.request().method() === "POST" && response.status() === 400);
    await discounts.getByRole("button", { name: "Save" }).click();
    await refused;
    await expect(monthly).toHaveAccessibleDescription(below);
    expect((await prices()).discounts).toEqual(contradicting);
    await monthly.fill("20");
    await discounts.getByRole("button", { name: "Save" }).click();
    await saved(page);
    await expect.poll(async () => (await prices()).discounts).toEqual([contradicting[0], { ...contradicting[1], percent: 20 }]);
    await expect(discounts.getByText(warning)).toHaveCount(0);
    await expect(monthly).toHaveValue("20");
    await expect(monthly).not.toHaveAttribute("aria-invalid");
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

  test("a season that ends before it starts, or overlaps another, is refused with its other errors on the first submit and keeps what was typed", async ({ page }) => {
    const { base, unitId, token, prices } = await hostWithPricedUnit(page);
    const year = new Date().getUTCFullYear() + 1;
    await visit(page, `${base}/price-and-availability`);
    const add = page.getByRole("form", { name: "Add a season" });
    await add.getByLabel("From", { exact: true }).fill(`${year}-08-31`);
    await add.getByLabel("To", { exact: true }).fill(`${year}-07-01`);
    await add.getByLabel("Nightly price (EUR)").fill("5");
    await add.getByRole("button", { name: "Add season" }).click();
    await expect(add.getByLabel("To", { exact: true })).toHaveAccessibleDescription("The season must end after it starts, and a recurring season must last less than a year.");
    await expect(add.getByLabel("Nightly price (EUR)")).toHaveAccessibleDescription("Enter a nightly price from 10 to 10,000.");
    await expect(add.getByLabel("From", { exact: true })).toHaveValue(`${year}-08-31`);
    await expect(add.getByLabel("Nightly price (EUR)")).toHaveValue("5");
    expect((await prices()).seasonsPricing).toEqual([]);

    // Among the unit's seasons and under its maximum stay (14 nights), saved meanwhile: an overlap and a longer minimum stay.
    const summer = { dateFrom: `${year}-07-01`, dateTo: `${year}-08-31`, recurrence: "one-time", nightlyPrice: 18_000 };
    expect((await page.request.patch(`/api/app/property-unit/${unitId}/price-configuration`, { headers: { authorization: `Bearer ${token}` }, data: { maxStay: 14, seasonsPricing: [summer] } })).status()).toBe(200);
    await visit(page, `${base}/price-and-availability`);
    const again = page.getByRole("form", { name: "Add a season" });
    await again.getByLabel("From", { exact: true }).fill(`${year}-08-15`);
    await again.getByLabel("To", { exact: true }).fill(`${year}-09-15`);
    await again.getByLabel("Nightly price (EUR)").fill("ninety");
    await again.getByLabel("Minimum stay in the season (nights, optional)").fill("21");
    await again.getByRole("button", { name: "Add season" }).click();
    await expect(again.getByLabel("From", { exact: true })).toHaveAccessibleDescription("This season overlaps another season.");
    await expect(again.getByLabel("Minimum stay in the season (nights, optional)")).toHaveAccessibleDescription("The maximum stay must not be shorter than the minimum stay.");
    await expect(again.getByLabel("Nightly price (EUR)")).toHaveAccessibleDescription("Enter an amount such as 120 or 120.50.");
    await expect(again.getByLabel("To", { exact: true })).toHaveValue(`${year}-09-15`);
    expect((await prices()).seasonsPricing).toHaveLength(1);
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
