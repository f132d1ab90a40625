import { apiToken, createProperty } from "./api-factory";
import { DEMO, expect, newHost, ownSession, settled, signedInAs, staffFor, test, visit } from "./fixtures";

test.describe("staff impersonation", () => {
  // A staff member acts for one host at a time: this project's tests take turns.
  test.describe.configure({ mode: "default" });

  test("staff act for a host under a red banner, switch a feature, and stop", async ({ browser, page }, testInfo) => {
    // A fresh host in its own browser context, so that switching its features touches no one else.
    const hostContext = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
    const host = await newHost(await hostContext.newPage());
    const hostHeaders = { authorization: `Bearer ${await apiToken(hostContext.request, host.email, host.password)}` };

    // Impersonation lives in the session: this test takes its own. The first staff account prefers
    // British English; this test reads the American texts.
    await ownSession(page, staffFor(testInfo).email, "/home?hl=en_US");
    await expect(page.getByText("STAFF IMPERSONATION")).toHaveCount(0);
    await page.getByRole("link", { name: "Act for a host" }).click();
    await page.waitForURL(/\/staff\/impersonate/);
    await settled(page);
    await page.getByLabel("Search hosts by name or email").fill(host.email);
    await page.getByLabel("Search hosts by name or email").press("Enter");
    await expect(page.getByRole("cell", { name: host.email, exact: true })).toBeVisible();
    await page.getByRole("button", { name: `Act as host ${host.email}` }).click();
    await page.waitForURL(/\/home$/);
    await settled(page);

    const banner = page.getByRole("alert").filter({ hasText: "STAFF IMPERSONATION" });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(`${host.firstName} Tester`);
    await expect(page.getByRole("heading", { name: `Hello, ${host.firstName}` })).toBeVisible();
    // The banner stays on error pages: staff always see whom they act for.
    expect((await page.goto("/no/such/page"))?.status()).toBe(404);
    await expect(banner).toBeVisible();
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();

    await visit(page, "/feature-toggle/overview");
    await expect(page.getByText("On for this host")).toBeVisible();
    await expect(page.locator('header nav [data-nav="overview"]')).toBeVisible();
    await page.getByRole("button", { name: "Turn off" }).click();
    await expect(page.getByText("Off for this host")).toBeVisible();
    await expect(page.locator('header nav [data-nav="overview"]')).toHaveCount(0);

    // Identity verification is for hosts on commission: refused for this subscriber until they are one.
    await visit(page, "/feature-toggle/identityVerification");
    await expect(page.getByText("Off for this host")).toBeVisible();
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Identity verification applies only to hosts on commission." })).toBeVisible();
    await expect(page.getByText("Off for this host")).toBeVisible();
    expect((await hostContext.request.patch("/api/app/user/info", { headers: hostHeaders, data: { commercialModel: "commission" } })).status()).toBe(200);
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByText("On for this host")).toBeVisible();
    await hostContext.close();

    await page.getByRole("button", { name: "Stop impersonation" }).click();
    await page.waitForURL(/\/staff\/impersonate/);
    await settled(page);
    await expect(page.getByText("STAFF IMPERSONATION")).toHaveCount(0);
    await visit(page, "/home");
    await expect(page.getByRole("heading", { name: `Hello, ${staffFor(testInfo).firstName}` })).toBeVisible();
  });

  test("a host cannot open the staff pages, nor switch features", async ({ page }) => {
    await signedInAs(page, DEMO.individual);
    const response = await page.goto("/staff/impersonate");
    expect(response?.status()).toBe(404);
    await visit(page, "/feature-toggle/bookings");
    await expect(page.getByText("Only staff can change features")).toBeVisible();
    await expect(page.getByRole("button", { name: /Turn/ })).toHaveCount(0);
  });

  test("signing out ends the impersonation", async ({ page }, testInfo) => {
    // The first staff account prefers British English; this test reads the American texts.
    await visit(page, "/?hl=en_US");
    // Signing in is not what this test is about (auth.spec.ts walks the sign-in page): over HTTP.
    await ownSession(page, staffFor(testInfo).email, "/staff/impersonate?search=hybrid%40demo");
    await page.getByRole("button", { name: `Act as host ${DEMO.hybrid}` }).click();
    await page.waitForURL(/\/home$/);
    await settled(page);
    await expect(page.getByText("STAFF IMPERSONATION")).toBeVisible();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    // Signed in again, the staff member acts for no one.
    await ownSession(page, staffFor(testInfo).email, "/home?hl=en_US");
    await expect(page.getByText("STAFF IMPERSONATION")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: `Hello, ${staffFor(testInfo).firstName}` })).toBeVisible();
  });

  test("an impersonation started in another browser ends this one's: the staff member's own view, saying so", async ({ browser, page }, testInfo) => {
    const staff = staffFor(testInfo);
    const actAs = async (on: typeof page, host: string) => {
      await ownSession(on, staff.email, `/staff/impersonate?hl=en_US&search=${encodeURIComponent(host)}`);
      await on.getByRole("button", { name: `Act as host ${host}` }).click();
      await on.waitForURL(/\/home$/);
      await settled(on);
      await expect(on.getByText("STAFF IMPERSONATION")).toBeVisible();
    };
    await actAs(page, DEMO.hybrid);

    // The same staff member, in another browser, acts for another host: the first impersonation ends.
    const elsewhere = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
    await actAs(await elsewhere.newPage(), DEMO.individual);
    await elsewhere.close();

    await visit(page, "/properties");
    await expect(page).toHaveURL(/\/staff\/impersonate$/);
    await expect(page.getByText("You no longer act for this host: that was ended elsewhere.")).toBeVisible();
    await expect(page.getByText("STAFF IMPERSONATION")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Act for a host" })).toBeVisible();
  });

  test("staff reject a unit with a reason, and the host sees it", async ({ browser, page }, testInfo) => {
    const hostContext = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
    const hostPage = await hostContext.newPage();
    const host = await newHost(hostPage);
    const token = await apiToken(hostPage.request, host.email, host.password);
    const property = await createProperty(hostPage.request, token, { title: "Dune cabin", complete: true, publish: true });
    const unitBase = `/properties/${property.id}/units/${property.unitId}`;

    // The host has no staff review.
    await visit(hostPage, `${unitBase}/about`);
    await expect(hostPage.getByRole("link", { name: "Staff review" })).toHaveCount(0);
    expect((await hostPage.goto(`${unitBase}/staff-review`))?.status()).toBe(404);

    await ownSession(page, staffFor(testInfo).email, `/staff/impersonate?search=${encodeURIComponent(host.email)}&hl=en_US`);
    await page.getByRole("button", { name: `Act as host ${host.email}` }).click();
    await page.waitForURL(/\/home$/);
    await visit(page, `${unitBase}/about`);
    await page.getByRole("link", { name: "Staff review" }).click();
    await page.waitForURL(/\/staff-review$/);
    await settled(page);
    await page.getByRole("button", { name: "Reject unit" }).click();
    await expect(page.getByText("This field is required.")).toBeVisible();
    await page.getByLabel("Reason shown to the host").fill("The photos show a different house.");
    await page.getByRole("button", { name: "Reject unit" }).click();
    await page.waitForURL(/\/about$/);
    await expect(page.getByRole("status").filter({ hasText: "The unit was rejected." })).toBeVisible();
    await page.getByRole("button", { name: "Stop impersonation" }).click();
    await page.waitForURL(/\/staff\/impersonate/);

    await visit(hostPage, "/properties");
    const row = hostPage.locator("tbody tr").filter({ hasText: "Dune cabin" });
    await expect(row.getByText("Rejected by our team")).toBeVisible();
    await expect(row.getByText("The photos show a different house.")).toBeVisible();
    await visit(hostPage, `${unitBase}/about`);
    await expect(hostPage.getByText("The photos show a different house.")).toBeVisible();
    await hostContext.close();
  });
});
