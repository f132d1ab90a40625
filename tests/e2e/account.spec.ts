import { png } from "@api/test/png";
import { apiToken } from "./api-factory";
import { hostWithStay } from "./bookings-factory";
import { DEMO, expect, newHost, reloadWithScriptsHeld, settled, signedInAs, test, usesJavaScript, typedBeforeHydrationStays, visit } from "./fixtures";

/** The account pages (§2 Account): tabs per host type, the profile and its picture, billing tax data, payout accounts. */

const picture = { name: "me.png", mimeType: "image/png", buffer: Buffer.from(png(240, 240)) };
/** The account's tabs, in whatever language the host reads (the agency reads Italian). */
const tabs = (page: import("@playwright/test").Page) => page.locator("nav.tabs").getByRole("link");

test.describe("account", () => {
  test("shows each host the tabs of their settings, and leads a hidden tab to the profile", async ({ page }) => {
    await signedInAs(page, DEMO.individual, "/account");
    await expect(page).toHaveURL(/\/account\/profile$/);
    // Anna pays by subscription, with checkout: no payout or pricing model, payment details.
    await expect(tabs(page)).toHaveText(["Profile", "Billing", "Payment details", "Language and currency"]);
    await visit(page, "/account/payout");
    await expect(page).toHaveURL(/\/account\/profile$/);
    await tabs(page).getByText("Payment details").click();
    await expect(page.getByRole("heading", { name: "Your subscription" })).toBeVisible();
    await expect(page.getByText("Runs until")).toBeVisible();

    await signedInAs(page, DEMO.company, "/account/pricing");
    await expect(tabs(page).filter({ hasText: "Pagamenti a te" })).toHaveCount(1);
    await expect(tabs(page).filter({ hasText: "Modello di prezzo" })).toHaveCount(1);
    await expect(page.locator(".facts")).toContainText("Commissione per prenotazione");

    await signedInAs(page, DEMO.hybrid, "/account/pricing");
    await expect(page).toHaveURL(/\/account\/profile$/);
  });

  test("a host edits the profile: a refused phone number keeps what was typed, then everything is saved; the picture is uploaded and removed", async ({ page }, testInfo) => {
    await newHost(page);
    await visit(page, "/account/profile");
    await expect(page.getByText("No picture yet. Guests trust a friendly face.")).toBeVisible();
    await page.getByLabel("About you").fill("We love the sea and good coffee.");
    await page.getByLabel("Name shown to guests").fill("Erin from the coast");
    await page.getByLabel("German").check();
    await page.getByLabel("Number for guests", { exact: true }).fill("12");
    await page.getByLabel("Show the number for guests on my offers").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Enter a phone number in international format, e.g. +49 30 1234567.")).toBeVisible();
    await expect(page.getByLabel("About you")).toHaveValue("We love the sea and good coffee.");
    await expect(page.getByLabel("German")).toBeChecked();
    await page.getByLabel("Number for guests", { exact: true }).fill("+49 151 2345678");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").getByText("Saved.")).toBeVisible();
    await page.reload();
    await settled(page);
    await expect(page.getByLabel("Name shown to guests")).toHaveValue("Erin from the coast");
    await expect(page.getByLabel("Number for guests", { exact: true })).toHaveValue("+491512345678");
    await expect(page.getByLabel("Show the number for guests on my offers")).toBeChecked();
    await expect(page.getByLabel("German")).toBeChecked();
    // What the host changes while the page's scripts still load stays once they run (React alone put the saved text back).
    if (usesJavaScript(testInfo)) {
      const releaseScripts = await reloadWithScriptsHeld(page);
      const about = page.getByLabel("About you");
      await expect(about).toHaveValue("We love the sea and good coffee.");
      await typedBeforeHydrationStays(page, about, "We love the sea, the hills and good coffee.", releaseScripts);
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("status").getByText("Saved.")).toBeVisible();
      await page.reload();
      await settled(page);
      await expect(about).toHaveValue("We love the sea, the hills and good coffee.");
    }

    await page.getByLabel("Picture", { exact: true }).setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from("<svg/>") });
    await page.getByRole("button", { name: "Upload picture" }).click();
    await expect(page.getByText("Choose a JPEG, PNG or WebP image.")).toBeVisible();
    await page.getByLabel("Picture", { exact: true }).setInputFiles(picture);
    await page.getByRole("button", { name: "Upload picture" }).click();
    const image = page.getByRole("img", { name: "Your profile picture" });
    await expect(image).toBeVisible();
    // Served through the web's own address, from R2.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
    await page.getByRole("button", { name: "Remove picture" }).click();
    await expect(page.getByText("No picture yet. Guests trust a friendly face.")).toBeVisible();
  });

  test("an individual adds tax ids per country and a VAT number in billing; a wrong VAT shape is refused with what was typed kept", async ({ page }) => {
    await newHost(page);
    await visit(page, "/account/billing");
    await page.getByLabel("Date of birth").fill("1988-04-02");
    await page.getByLabel("Phone number").fill("+49 30 1234567");
    await page.getByLabel("Nationality").selectOption("DE");
    await page.getByLabel("Country", { exact: true }).selectOption("DE");
    await page.getByLabel("Street").fill("Unter den Linden");
    await page.getByLabel("House number or name").fill("1");
    await page.getByLabel("Postal code").fill("10117");
    await page.getByLabel("City").fill("Berlin");
    await page.getByLabel("Tax identification number (optional)").fill("12345678901");
    await page.getByLabel("Country that issued the tax number").selectOption("DE");
    await page.getByLabel("Number 1", { exact: true }).fill("AB123456C");
    await page.getByLabel("Issuing country 1").selectOption("GB");
    await page.getByLabel("Number 2", { exact: true }).fill("1234567890");
    await page.getByLabel("Issuing country 2").selectOption("FR");
    await page.getByLabel("VAT number (optional)").fill("DE12345");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("This VAT number does not have the shape its country uses.")).toBeVisible();
    await expect(page.getByLabel("Number 2", { exact: true })).toHaveValue("1234567890");
    await expect(page.getByLabel("VAT number (optional)")).toHaveValue("DE12345");
    await page.getByLabel("VAT number (optional)").fill("DE 123 456 789");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").getByText("Saved.")).toBeVisible();
    await page.reload();
    await settled(page);
    await expect(page.getByLabel("VAT number (optional)")).toHaveValue("DE123456789");
    await expect(page.getByLabel("Number 1", { exact: true })).toHaveValue("AB123456C");
    await expect(page.getByLabel("Issuing country 2")).toHaveValue("FR");
    // Two blank rows stay below the saved ones, to add more without JavaScript.
    await expect(page.getByLabel("Number 4", { exact: true })).toHaveValue("");
  });

  test("a commission host changes the payout account: the IBAN is checked, the old account stays in the history", async ({ page }) => {
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    const made = await page.request.patch("/api/app/user/info", { headers: { authorization: `Bearer ${token}` }, data: { commercialModel: "commission" } });
    expect(made.status()).toBe(200);
    await visit(page, "/account/payout");
    await expect(page.getByText("No earlier accounts: nothing has changed since you added your accounts.")).toBeVisible();
    await page.getByLabel("Account holder").fill("Erin Tester");
    await page.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 01");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("This IBAN is not valid. Check the country code, the length and the digits.")).toBeVisible();
    await expect(page.getByLabel("IBAN")).toHaveValue("DE89 3704 0044 0532 0130 01");
    await page.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 00");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").getByText("Your payout accounts are saved.")).toBeVisible();
    const first = page.getByRole("group", { name: "Account 1" });
    await expect(first.getByText("Saved: ******************3000")).toBeVisible();

    await first.getByLabel("IBAN").fill("GB82 WEST 1234 5698 7654 32");
    await first.getByLabel("Currency").selectOption("GBP");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").getByText("Your payout accounts are saved.")).toBeVisible();
    await expect(page.getByRole("group", { name: "Account 1" }).getByText("Saved: ******************5432")).toBeVisible();
    const history = page.getByRole("table", { name: "Earlier accounts" });
    await expect(history.getByRole("row")).toHaveCount(2);
    await expect(history.getByRole("cell", { name: "******************3000" })).toBeVisible();
  });

  test("deleting a bank document asks first, by the document, and the keyboard answers: Cancel keeps it, Yes, delete deletes it", async ({ page }, testInfo) => {
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    const made = await page.request.patch("/api/app/user/info", { headers: { authorization: `Bearer ${token}` }, data: { commercialModel: "commission" } });
    expect(made.status()).toBe(200);
    await page.setViewportSize({ width: 320, height: 568 });
    await visit(page, "/account/payout");
    const documents = page.getByRole("region", { name: "Bank documents" });
    await documents.getByLabel("File").setInputFiles({ name: "statement.png", mimeType: "image/png", buffer: Buffer.from(png(900, 600)) });
    await documents.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("status").getByText("The document is uploaded.")).toBeVisible();
    const deleteDocument = documents.getByRole("button", { name: /^Delete / });
    const question = documents.getByRole("form", { name: /^Delete the document “.+ · statement\.png”\? This cannot be undone\.$/ });
    const questionText = question.getByText(/^Delete the document “.+ · statement\.png”\? This cannot be undone\.$/);

    // Delete asks, in place of the button, and deletes nothing yet; the question has the focus, in view on a phone.
    await deleteDocument.click();
    await expect(question).toBeVisible();
    await expect(questionText).toBeFocused();
    await expect(question).toBeInViewport();
    await expect(deleteDocument).toHaveCount(0);
    await expect(documents.getByText("No documents uploaded yet.")).toHaveCount(0);

    // Tab leads to Yes, delete, then Cancel; Cancel keeps the document and comes back to its Delete button.
    await page.keyboard.press("Tab");
    await expect(question.getByRole("button", { name: "Yes, delete" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(question.getByRole("link", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(question).toHaveCount(0);
    await expect(deleteDocument).toHaveCount(1);
    // With JavaScript the page stays where it is and the focus is back on the button; without it the page loads again.
    if (usesJavaScript(testInfo)) {
      await expect(deleteDocument).toBeFocused();
      await expect(deleteDocument).toBeInViewport();
    }

    // Asked again from the keyboard and confirmed: the document is gone.
    await deleteDocument.focus();
    await page.keyboard.press("Enter");
    await expect(questionText).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").getByText("The document is removed.")).toBeVisible();
    await expect(documents.getByText("No documents uploaded yet.")).toBeVisible();
    await expect(question).toHaveCount(0);
  });

  test("a commission host chooses a hybrid commission on the pricing tab, and as a hybrid host no longer sees that tab (§2)", async ({ page }) => {
    // A commission host whose onboarding is finished (a published unit) may choose (§2).
    const { token } = await hostWithStay(page, { model: "commission" });
    await visit(page, "/account/pricing");
    await expect(page.locator(".facts")).toContainText("Commission per booking");
    const choice = page.getByRole("group", { name: "Commission per booking" });
    await expect(choice.getByLabel(/^Standard commission/)).toBeChecked();
    await choice.getByLabel("Hybrid: 7% with a subscription").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").getByText("Saved.")).toBeVisible();
    // A hybrid host's account has no pricing-model tab, and its address leads to the profile.
    await expect(tabs(page).filter({ hasText: "Pricing model" })).toHaveCount(0);
    await visit(page, "/account/pricing");
    await expect(page).toHaveURL(/\/account\/profile$/);
    const me = await page.request.get("/api/app/user/info", { headers: { authorization: `Bearer ${token}` } });
    expect(await me.json()).toMatchObject({ commercialModel: "hybrid", biddingTag: "hybrid_7" });
  });

  test("the preferred language changes the app's language at once and stays, and shows the account's language while the page is read in another", async ({ page }) => {
    await newHost(page);
    // The page read in French (the footer's picker, ?hl=): the account keeps English, which its emails are written in.
    await visit(page, "/account/localization?hl=fr_FR");
    await expect(page.getByRole("heading", { name: "Compte", level: 1 })).toBeVisible();
    await expect(page.getByRole("main").getByLabel("Langue", { exact: true })).toHaveValue("en_US");
    await visit(page, "/account/localization?hl=en_US");
    await visit(page, "/account/localization");
    await expect(page.getByText("EUR", { exact: true })).toBeVisible();
    await page.getByRole("main").getByLabel("Language", { exact: true }).selectOption("de_DE");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("heading", { name: "Konto", level: 1 })).toBeVisible();
    await expect(page.getByRole("status").getByText("Ihre Sprache ist gespeichert.")).toBeVisible();
    await visit(page, "/account/profile");
    await expect(page.getByRole("heading", { name: "Ihr Gastgeberprofil" })).toBeVisible();
    await visit(page, "/account/localization?hl=it_IT");
    await expect(page.getByRole("main").getByLabel("Lingua", { exact: true })).toHaveValue("de_DE");
  });

  test("at 320 px a company's billing fits the screen, and the account ends with the help center and sign-out", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await signedInAs(page, DEMO.company, "/account/billing");
    await expect(page.getByRole("heading", { name: "I dati fiscali della tua società" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Socio 1" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const phoneLinks = page.locator(".account__phone-links");
    await expect(phoneLinks).toBeVisible();
    await expect(phoneLinks.getByRole("link")).toHaveAttribute("target", "_blank");
    await expect(phoneLinks.getByRole("button")).toBeVisible();
  });
});
