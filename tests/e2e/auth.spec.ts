import { DEMO, DEMO_PASSWORD, expect, expectAccessible, registerHost, settled, signIn, test, usesJavaScript, visit } from "./fixtures";

test.describe("sign-in, sign-out, registration", () => {
  test("a visitor signs in from the front door and signs out again", async ({ page }) => {
    await visit(page, "/");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/login\?/);
    await settled(page);
    await expectAccessible(page);
    await page.getByLabel("Email").fill(DEMO.individual);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/home$/);
    await settled(page);
    await expect(page.getByRole("heading", { name: "Hello, Anna" })).toBeVisible();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await settled(page);
    await visit(page, "/home");
    await expect(page).toHaveURL(/\/login\?/);
  });

  test("a page that needs sign-in sends the visitor to sign in and back afterwards", async ({ page }) => {
    await visit(page, "/feature-toggle/bookings");
    await expect(page).toHaveURL(/\/login\?/);
    await settled(page);
    await page.getByLabel("Email").fill(DEMO.individual);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/feature-toggle\/bookings$/);
    await expect(page.getByRole("heading", { name: "Feature: Bookings" })).toBeVisible();
  });

  for (const [returnTo, lands] of [
    ["%2F%09%2Fevil.example%2Flogin", "/home"],
    ["%2Fproperties%0A", "/properties"],
    ["%2F%5C%0D%0A%2Fevil.example", "/home"],
  ] as const) {
    test(`a sign-in link with the return address ${returnTo} ends signed in on ${lands} of this app`, async ({ page, baseURL }) => {
      await visit(page, `/redirect/login?returnTo=${returnTo}`);
      await page.getByLabel("Email").fill(DEMO.individual);
      await page.getByLabel("Password").fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((url) => url.pathname === lands);
      expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
      await settled(page);
      await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    });
  }

  test("a wrong password shows a clear error and keeps the email", async ({ page }, testInfo) => {
    await visit(page, "/redirect/login");
    await page.getByLabel("Email").fill(DEMO.hybrid);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("The email or password is not correct.");
    await expect(page.getByLabel("Email")).toHaveValue(DEMO.hybrid);
    // The server never writes a password back into the page.
    if (!usesJavaScript(testInfo)) await expect(page.getByLabel("Password")).toHaveValue("");
  });

  test("empty fields are refused with a message per field", async ({ page }, testInfo) => {
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text());
    });
    await visit(page, "/redirect/login");
    // The form's rules stay on the server: no page's JavaScript carries zod (decision 023).
    for (const script of await Promise.all(scripts)) expect(script).not.toMatch(/ZodObject|ZodError/);
    expect(scripts.length > 0).toBe(usesJavaScript(testInfo));
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Enter a valid email address.")).toBeVisible();
    await expect(page.getByText("This field is required.")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
    await page.getByLabel("Email").fill(DEMO.hybrid);
    if (usesJavaScript(testInfo)) {
      // The server validates; the browser only takes back the error of the field being corrected.
      await expect(page.getByText("Enter a valid email address.")).toBeHidden();
      await expect(page.getByText("This field is required.")).toBeVisible();
    }
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("This field is required.")).toBeVisible();
    await expect(page.getByText("Enter a valid email address.")).toBeHidden();
  });

  test("after five wrong passwords the account is locked with a clear message", async ({ page }) => {
    const host = await registerHost(page);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    for (let attempt = 0; attempt < 5; attempt++) {
      await visit(page, "/redirect/login");
      await page.getByLabel("Email").fill(host.email);
      await page.getByLabel("Password").fill(`wrong-${attempt}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toContainText("not correct");
    }
    await visit(page, "/redirect/login");
    await page.getByLabel("Email").fill(host.email);
    await page.getByLabel("Password").fill(host.password);
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("Too many failed sign-in attempts");
    expect(Number((await answer).headers()["retry-after"])).toBeGreaterThan(14 * 60);
  });

  test("a new host registers as a company and lands signed in", async ({ page }) => {
    const host = await registerHost(page, "company");
    await expect(page.getByRole("heading", { name: `Hello, ${host.firstName}` })).toBeVisible();
    await expect(page.getByText("Finish your first listing")).toBeVisible();
    await expect(page.getByText("Company or agency")).toBeVisible();
  });

  test("registration keeps what was typed when it fails", async ({ page }) => {
    await visit(page, "/redirect/register");
    await page.getByLabel("Company or agency").check();
    await page.getByLabel("First name").fill("Kim");
    await page.getByLabel("Last name").fill("Lee");
    await page.getByLabel("Email").fill(DEMO.individual);
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("The password is too short.")).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("Kim");
    await expect(page.getByLabel("Email")).toHaveValue(DEMO.individual);
    await page.getByLabel("Company name").fill("Kim Lee Homes");
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("An account with this email exists already.")).toBeVisible();
    await expect(page.getByLabel("Company name")).toHaveValue("Kim Lee Homes");
  });

  test("signing in again replaces the session cookie", async ({ page, context }) => {
    await signIn(page, DEMO.individual);
    const first = (await context.cookies()).find((c) => c.name === "host_session")?.value;
    await visit(page, "/redirect/login");
    await page.getByLabel("Email").fill(DEMO.individual);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/home$/);
    const second = (await context.cookies()).find((c) => c.name === "host_session");
    expect(second?.value).toBeTruthy();
    expect(second?.value).not.toBe(first);
    expect(second?.httpOnly).toBe(true);
    expect(second?.sameSite).toBe("Lax");
  });
});
