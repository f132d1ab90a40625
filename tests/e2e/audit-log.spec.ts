import { apiToken } from "./api-factory";
import { DEMO, DEMO_PASSWORD, expect, newHost, settled, signedInAs, signIn, staffFor, test, visit } from "./fixtures";

test.describe("staff audit log", () => {
  test("staff read what was done to a host's account, filtered, in their language", async ({ browser, page }, testInfo) => {
    // A staff sign-in and five pages.
    test.slow();
    // A fresh host, and a feature switched for it through the API by this project's staff member.
    const hostContext = await browser.newContext();
    const host = await newHost(await hostContext.newPage());
    const hostToken = await apiToken(hostContext.request, host.email, host.password);
    const { userId } = (await (await hostContext.request.get("/api/app/user/info", { headers: { authorization: `Bearer ${hostToken}` } })).json()) as { userId: string };
    const staff = staffFor(testInfo);
    const staffToken = await apiToken(page.request, staff.email, DEMO_PASSWORD);
    const switched = await page.request.put(`/api/app/staff/hosts/${userId}/features/b2b`, { headers: { authorization: `Bearer ${staffToken}` }, data: { enabled: true } });
    expect(switched.status()).toBe(200);
    await hostContext.close();

    // The first staff account prefers British English; this test reads the American texts.
    await visit(page, "/?hl=en_US");
    await signIn(page, staff.email);
    await page.getByRole("link", { name: "Audit log" }).click();
    await page.waitForURL(/\/staff\/audit-log$/);
    await settled(page);
    await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();

    await page.getByLabel("Host (name or email)").fill(host.email);
    await page.getByLabel("Action").selectOption({ label: "Switched a feature" });
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/host=/);
    await settled(page);
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`${host.firstName} Tester`);
    await expect(rows.first()).toContainText(host.email);
    await expect(rows.first()).toContainText(staff.email);
    await expect(rows.first()).toContainText("Turned on Business to business");
    // When, in the viewer's locale: "Nov 23, 2026, 2:05 PM UTC".
    await expect(rows.first().locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M UTC$/);
    await expect(page.getByLabel("Host (name or email)")).toHaveValue(host.email);

    // A range that ends before it starts is refused in words, and what was typed stays.
    await page.getByLabel("From").fill("2026-03-10");
    await page.getByLabel("To").fill("2026-03-01");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/to=2026-03-01/);
    await settled(page);
    await expect(page.getByRole("alert").filter({ hasText: "The end date must not be before the start date." })).toBeVisible();
    await expect(page.getByLabel("From")).toHaveValue("2026-03-10");
    await expect(page.getByLabel("To")).toHaveValue("2026-03-01");
    await expect(page.getByLabel("Host (name or email)")).toHaveValue(host.email);

    // A search that matches nothing says so.
    await page.getByLabel("From").fill("2020-01-01");
    await page.getByLabel("To").fill("2020-01-31");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/to=2020-01-31/);
    await settled(page);
    await expect(page.getByText("No entries match these filters.")).toBeVisible();
    await expect(page.locator("tbody tr")).toHaveCount(0);

    // In German, the same entry in German words and the German date order.
    await visit(page, `/staff/audit-log?hl=de_DE&host=${encodeURIComponent(host.email)}`);
    await expect(page.getByRole("heading", { name: "Protokoll" })).toBeVisible();
    await expect(page.locator("tbody tr").first()).toContainText("Business-to-Business (B2B) eingeschaltet");
    await expect(page.locator("tbody tr time").first()).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} UTC$/);
    await page.getByRole("link", { name: "Filter zurücksetzen" }).click();
    await page.waitForURL(/\/staff\/audit-log$/);
    await settled(page);
    await expect(page.getByLabel("Gastgeber (Name oder E-Mail)")).toHaveValue("");
  });

  test("hosts have no audit log", async ({ page }) => {
    await signedInAs(page, DEMO.individual);
    await expect(page.getByRole("link", { name: "Audit log" })).toHaveCount(0);
    expect((await page.goto("/staff/audit-log"))?.status()).toBe(404);
  });
});
