import type { Browser, Page, TestInfo } from "@playwright/test";
import { png } from "@api/test/png";
import { baseURL } from "../../playwright.config";
import { apiToken } from "./api-factory";
import { DEMO, DEMO_PASSWORD, expect, newHost, ownSession, settled, staffFor, test, usesJavaScript, visit } from "./fixtures";

const photo = (name: string) => ({ name, mimeType: "image/png", buffer: Buffer.from(png(900, 600)) });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function next(page: Page, to: RegExp) {
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.waitForURL(to);
  await settled(page);
}

async function address(page: Page) {
  await page.getByLabel("Country", { exact: true }).selectOption("DE");
  await page.getByLabel("Street").fill("Seestraße");
  await page.getByLabel("House number or name").fill("8");
  await page.getByLabel("Postal code").fill("18225");
  await page.getByLabel("City").fill("Kühlungsborn");
}

async function upload(page: Page, name: string, type?: string) {
  if (type) await page.getByLabel("Document", { exact: true }).selectOption(type);
  await page.getByLabel("File").setInputFiles(photo(name));
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText(name)).toBeVisible();
}

/** A company on commission whose identity support decided to verify. */
async function companyToVerify(page: Page) {
  const host = await newHost(page, "company");
  const headers = { authorization: `Bearer ${await apiToken(page.request, host.email, host.password)}` };
  expect((await page.request.patch("/api/app/user/info", { headers, data: { commercialModel: "commission" } })).status()).toBe(200);
  const staffHeaders = { authorization: `Bearer ${await apiToken(page.request, DEMO.staff, DEMO_PASSWORD)}` };
  const found = (await (await page.request.get("/api/app/staff/hosts", { headers: staffHeaders, params: { search: host.email } })).json()) as { items: { userId: string }[] };
  const userId = found.items[0]!.userId;
  expect((await page.request.put(`/api/app/staff/hosts/${userId}/identity-verification`, { headers: staffHeaders, data: { applicable: true } })).status()).toBe(200);
  return { ...host, userId };
}

/** A staff member's own browser, with the project's JavaScript setting, on the host's verification. */
async function staffReview(browser: Browser, testInfo: TestInfo, userId: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: usesJavaScript(testInfo), locale: "en-US" });
  const staff = await context.newPage();
  await ownSession(staff, staffFor(testInfo).email, "/staff/verifications");
  // Other tests' companies bear the same name and may wait longer: the link to this host's own review.
  await staff.getByRole("link", { name: "Erin Stays Ltd" }).and(staff.locator(`a[href$="/staff/verifications/${userId}"]`)).click();
  await staff.waitForURL(new RegExp(`/staff/verifications/${userId}$`));
  await settled(staff);
  return { staff, close: () => context.close() };
}

test.describe("identity verification", () => {
  test("a company walks the verification; staff fail it with a reason the host reads, then complete it", async ({ page, browser }, testInfo) => {
    test.slow();
    const host = await companyToVerify(page);

    // The banner leads into the company's flow.
    await visit(page, "/verification");
    await expect(page).toHaveURL(/\/verification\/company\/identity\/info$/);
    await expect(page.getByRole("heading", { name: "Verify your identity" })).toBeVisible();
    await expect(page.getByText("Step 1 of 6")).toBeVisible();
    await page.getByLabel("Legal name of the company").fill("Erin Stays GmbH");
    await page.getByLabel("Company registration number").fill("HRB 123456");
    await page.getByLabel("Company email").fill("office@erin-stays.example");
    await page.getByLabel("Phone number").fill("+49 381 123456");
    await address(page);
    const representative = page.getByRole("group", { name: "Legal representative" });
    await representative.getByLabel("First name").fill("Erin");
    await representative.getByLabel("Last name").fill("Tester");
    await representative.getByLabel("Role").fill("Managing director");
    // A representative without a date of birth is refused; what was typed stays.
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(representative.getByLabel("First name")).toHaveValue("Erin");
    await expect(page).toHaveURL(/\/verification\/company\/identity\/info$/);
    await representative.getByLabel("Date of birth").fill("1980-06-30");
    await next(page, /\/verification\/company\/document-upload$/);

    // Next needs the company's own document.
    await expect(page.getByRole("heading", { name: "The company's document" })).toBeVisible();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByText("Upload the company's document to go on.")).toBeVisible();
    await expect(page.getByLabel("Document", { exact: true }).locator("option")).toHaveText(["Extract from the commercial register", "Articles of association"]);
    await upload(page, "register.png", "commercial_register_extract");
    await next(page, /\/verification\/company\/owner\/info$/);
    await page.getByLabel("First name").first().fill("Erin");
    await page.getByLabel("Last name").first().fill("Tester");
    await page.getByLabel("Date of birth").first().fill("1985-04-12");
    await page.getByLabel("Phone number").fill("+49 30 1234567");
    await page.getByLabel("Nationality").selectOption("DE");
    await address(page);
    await next(page, /\/verification\/company\/owner-upload\/id$/);
    // The owner's identity document is a document of its own: the company's is not shown here, and does not count.
    await expect(page.getByText("register.png")).toHaveCount(0);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByText("Upload the owner's identity document (both sides where it has two) to go on.")).toBeVisible();
    await upload(page, "passport-blurred.png", "passport");
    await next(page, /\/verification\/company\/payout-info$/);
    await page.getByLabel("Account holder").fill("Erin Stays GmbH");
    await page.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 00");
    await next(page, /\/verification\/company\/payout-upload$/);
    await upload(page, "statement.png");
    await next(page, /\/verification\/success$/);
    await expect(page.getByText("Thank you. We are checking your details and documents")).toBeVisible();

    // Staff fail it, naming what to correct.
    const review = await staffReview(browser, testInfo, host.userId);
    const { staff } = review;
    await expect(staff.getByRole("heading", { name: "Verification of Erin Stays Ltd" })).toBeVisible();
    // Each document beside the check it is decided with.
    const card = (name: string) => staff.locator("section.card").filter({ has: staff.getByRole("heading", { name, level: 2, exact: true }) });
    await expect(card("Company").getByRole("link", { name: /register\.png/ })).toBeVisible();
    await expect(card("Company").getByRole("link", { name: /passport/ })).toHaveCount(0);
    await expect(card("Identity").getByRole("link", { name: /passport-blurred\.png/ })).toBeVisible();
    await expect(card("Identity").getByRole("link", { name: /register/ })).toHaveCount(0);
    await expect(card("Bank document").getByRole("link", { name: /statement\.png/ })).toBeVisible();
    await staff.getByRole("group", { name: "Company" }).getByLabel("Passed").check();
    await staff.getByRole("group", { name: "Identity" }).getByLabel("Failed").check();
    await staff.getByRole("group", { name: "Payout account" }).getByLabel("Passed").check();
    await staff.getByRole("group", { name: "Bank document" }).getByLabel("Passed").check();
    await staff.getByRole("button", { name: "Save the decision" }).click();
    await expect(staff.getByText("Say why, so that the host knows what to correct.")).toBeVisible();
    await staff.getByLabel("Reason for the host").fill("The passport photo is blurred; upload a sharp photo.");
    await staff.getByRole("button", { name: "Save the decision" }).click();
    // Decided: the form gives way to the outcome ("Failed" is also the radio buttons' label, there before).
    await expect(staff.getByRole("button", { name: "Save the decision" })).toHaveCount(0);
    await expect(staff.getByText("Failed", { exact: true }).first()).toBeVisible();

    // The host reads the reason and sends a sharp photo.
    await visit(page, "/verification/success");
    await expect(page.getByText("The passport photo is blurred; upload a sharp photo.")).toBeVisible();
    await visit(page, "/verification/company/owner-upload/id");
    await expect(page.getByRole("heading", { name: "Verification failed" })).toBeVisible();
    await upload(page, "passport-sharp.png", "passport");
    // The sharp photo replaced the owner's blurred one; the company's document is where it was.
    await expect(page.getByText("passport-blurred.png")).toHaveCount(0);
    await visit(page, "/verification/company/document-upload");
    await expect(page.getByText("register.png")).toBeVisible();
    await expect(page.getByText("passport-sharp.png")).toHaveCount(0);

    // Staff complete it; it is valid until the passport expires.
    await visit(staff, `/staff/verifications/${host.userId}`);
    for (const check of ["Company", "Identity", "Payout account", "Bank document"]) await staff.getByRole("group", { name: check }).getByLabel("Passed").check();
    await staff.getByLabel("Identity document valid until").fill(inDays(400));
    await staff.getByRole("button", { name: "Save the decision" }).click();
    await expect(staff.getByText("Completed", { exact: true })).toBeVisible();
    await review.close();

    await visit(page, "/verification/success");
    await expect(page.getByText("Your identity is verified.")).toBeVisible();
    await visit(page, "/verification/company/identity/info");
    await expect(page.getByRole("heading", { name: /Verif/, level: 2 })).toHaveCount(0);
  });

  test("the confirmation of a verification sent leads a host who has sent nothing to the verification's start", async ({ page }) => {
    await newHost(page);
    await visit(page, "/verification/success");
    await expect(page).toHaveURL(/\/verification\/individual\/identity$/);
    await expect(page.getByRole("heading", { name: "Verification sent" })).toHaveCount(0);
    await expect(page.getByText("You have not started your verification yet.")).toHaveCount(0);
  });

  test("an individual without identity verification walks its own four steps and never sees the company's", async ({ page }) => {
    await newHost(page);
    await visit(page, "/verification/company/identity/info");
    await expect(page).toHaveURL(/\/verification\/individual\/identity$/);
    await expect(page.getByText("Step 1 of 4")).toBeVisible();
    // Never started: no banner on the verification pages themselves.
    await expect(page.getByRole("heading", { name: "Verify your identity" })).toHaveCount(0);
  });

  test("a company without identity verification has no owner steps", async ({ page }) => {
    await newHost(page, "company");
    await visit(page, "/verification/company/identity/info");
    await expect(page.getByText("Step 1 of 4")).toBeVisible();
    const response = await page.goto("/verification/company/owner/info");
    expect(response?.status()).toBe(404);
  });
});
