import { test as base, expect, type Page, type TestInfo } from "@playwright/test";
import { expectAccessible, expectVisitedPagesAccessible } from "./a11y";

export { expectAccessible };

export const DEMO_PASSWORD = "stayhost-demo-2026";
export const DEMO = {
  individual: "anna@demo.stayhost.example",
  company: "agency@demo.stayhost.example",
  hybrid: "hybrid@demo.stayhost.example",
  onboarding: "newhost@demo.stayhost.example",
  staff: "staff@demo.stayhost.example",
  support: "support@demo.stayhost.example",
} as const;

export function usesJavaScript(testInfo: TestInfo) {
  return testInfo.project.use.javaScriptEnabled !== false;
}

/**
 * A staff member acts for one host at a time; each browser project gets its own staff member, so
 * that the projects running side by side do not end each other's impersonation.
 */
export function staffFor(testInfo: TestInfo) {
  return usesJavaScript(testInfo) ? { email: DEMO.staff, firstName: "Sam" } : { email: DEMO.support, firstName: "Noor" };
}

/** Goes to a URL and, with JavaScript, waits until React has hydrated, so clicks are handled. */
export async function visit(page: Page, url: string) {
  await page.goto(url);
  await settled(page);
}

export async function settled(page: Page) {
  await page.waitForLoadState("load");
  if (await page.evaluate(() => typeof window !== "undefined" && "__reactRouterContext" in window).catch(() => false)) {
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" }).catch(() => undefined);
  }
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await visit(page, "/redirect/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/home$/);
  await settled(page);
}

export interface NewHost {
  email: string;
  password: string;
  firstName: string;
}

/** Registers a fresh host through the real registration page; each test gets its own. */
export async function registerHost(page: Page, type: "individual" | "company" = "individual"): Promise<NewHost> {
  const host = { email: `e2e-${crypto.randomUUID()}@test.example`, password: "a long e2e password", firstName: "Erin" };
  await visit(page, "/redirect/register");
  await expect(page.getByRole("heading", { name: "Create your host account" })).toBeVisible();
  await page.getByLabel(type === "company" ? "Company or agency" : "Private person").check();
  await page.getByLabel("First name").fill(host.firstName);
  await page.getByLabel("Last name").fill("Tester");
  if (type === "company") await page.getByLabel("Company name").fill("Erin Stays Ltd");
  await page.getByLabel("Email").fill(host.email);
  await page.getByLabel("Password").fill(host.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/home$/);
  await settled(page);
  return host;
}

/**
 * Every test fails on a console error. axe checks the page a test ends on as it is, and every other
 * page the test passed through (see expectVisitedPagesAccessible).
 */
export const test = base.extend<{ checks: void }>({
  checks: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      const visited: string[] = [];
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) visited.push(frame.url());
      });
      await use();
      if (!page.isClosed() && page.url().startsWith("http")) await expectAccessible(page);
      if (!page.isClosed()) await expectVisitedPagesAccessible(page, visited);
      // A 4xx answer (a refused form, a missing page) is logged by the browser itself; it is not an app error.
      expect(errors.filter((e) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(e)), "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
