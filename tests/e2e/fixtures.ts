import { readFileSync } from "node:fs";
import { test as base, expect, type BrowserContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { apiToken } from "./api-factory";
import { expectAccessible, expectAccessibleOnArrival, expectVisitedPagesAccessible } from "./a11y";

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

/** The demo hosts whose sessions the setup project keeps (sign-in.setup.ts). */
export type DemoHost = (typeof DEMO)["individual" | "company" | "hybrid" | "onboarding"];

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

/**
 * Goes to a URL and, with JavaScript, waits until React has hydrated, so clicks are handled; axe
 * checks a page of a route this run has not checked yet right there (expectAccessibleOnArrival).
 */
export async function visit(page: Page, url: string) {
  await page.goto(url);
  await settled(page);
  await expectAccessibleOnArrival(page);
}

/**
 * Reloads the page as the browser's reload button does, with the page's scripts (not its styles)
 * held back: what shows is the server's page before React takes it over. Call the answer to let
 * the scripts through.
 */
export async function reloadWithScriptsHeld(page: Page): Promise<() => void> {
  const scripts = Promise.withResolvers<void>();
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scripts.promise;
    await route.continue();
  });
  const reloaded = page.waitForEvent("framenavigated", (frame) => frame === page.mainFrame());
  await page.evaluate(() => location.reload()).catch(() => undefined);
  await reloaded;
  return () => scripts.resolve();
}

/**
 * With the page's scripts held (reloadWithScriptsHeld), types `text` into `field`, lets the scripts
 * run, and checks that what was typed is still there once React has hydrated the page.
 */
export async function typedBeforeHydrationStays(page: Page, field: Locator, text: string, releaseScripts: () => void) {
  await field.fill(text);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  releaseScripts();
  await settled(page);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await expect(field).toHaveValue(text);
}

export async function settled(page: Page) {
  await page.waitForLoadState("load");
  if (await page.evaluate(() => typeof window !== "undefined" && "__reactRouterContext" in window).catch(() => false)) {
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" }).catch(() => undefined);
  }
}

/** Signs in through the real sign-in page, as a visitor does; lands on /home. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await visit(page, "/redirect/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/home$/);
  await settled(page);
}

/**
 * Where the setup project (sign-in.setup.ts) keeps the session of a demo account, one per browser
 * project: it signed in once, over HTTP through the sign-in page's own endpoints.
 */
export function storageStatePath(email: string, javaScriptEnabled: boolean) {
  // Outside test-results/, which every Playwright run empties as it starts (another run in the same
  // checkout would otherwise delete the sessions of one under way); per server, as sessions are.
  return `.playwright/auth/${new URL(baseURL).port}/${javaScriptEnabled ? "js" : "no-js"}/${email}.json`;
}

/**
 * Takes over the session the setup project signed in for this demo account (its cookies, including
 * the account's language), then opens `path`. Tests of a project share this session, side by side:
 * it is for tests that read. A test that changes what a session holds (impersonation, a flash
 * message after a form) takes its own (ownSession) or a fresh host (newHost), and one that signs in,
 * registers or signs out does so in a context that has not taken a shared session over.
 */
export async function signedInAs(page: Page, email: DemoHost, path = "/home") {
  const state = JSON.parse(readFileSync(storageStatePath(email, usesJavaScript(base.info())), "utf8")) as { cookies: Parameters<BrowserContext["addCookies"]>[0] };
  await page.context().addCookies(state.cookies);
  await visit(page, path);
}

export interface NewHost {
  email: string;
  password: string;
  firstName: string;
}

const newHostDetails = () => ({ email: `e2e-${crypto.randomUUID()}@test.example`, password: "a long e2e password", firstName: "Erin" });

/**
 * Registers a fresh host through the registration page, as a visitor does; lands on /home signed in.
 * Only the tests about registration use it; the others call newHost.
 */
export async function registerHost(page: Page, type: "individual" | "company" = "individual"): Promise<NewHost> {
  const host = newHostDetails();
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
  // A new host is welcomed once (§1): with JavaScript a modal over the overview, closed as a host does.
  if (usesJavaScript(base.info())) {
    const welcome = page.getByRole("dialog", { name: "Welcome to your host app" });
    await expect(welcome).toBeVisible();
    const marked = page.waitForResponse((r) => r.url().includes("/resources/interaction") && r.request().method() === "POST");
    await page.keyboard.press("Escape");
    await expect(welcome).toHaveCount(0);
    expect((await marked).status()).toBe(200);
  }
  return host;
}

/**
 * Follows the authorization request of the sign-in or registration page over HTTP and answers it
 * with `body` at `endpoint`: the page's browser context is then signed in through the same callback
 * a visitor's browser takes. No page is rendered on the way: the authorization request is the
 * address the start page redirects to (the sign-in page would only copy it into its form), and the
 * callback's redirect to /home is not followed (the test opens its own page next). The page itself
 * stays where it is.
 */
async function authorizeOverHttp(page: Page, start: "/redirect/login" | "/redirect/register", endpoint: "/oauth/login" | "/oauth/sign-up", body: object) {
  const form = await page.request.get(start, { maxRedirects: 0 });
  expect(form.status()).toBe(302);
  const authorizeQuery = new URL(form.headers()["location"]!, baseURL).search.slice(1);
  const answer = await page.request.post(endpoint, { data: { authorizeQuery, ...body } });
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  const callback = await page.request.get(((await answer.json()) as { redirectTo: string }).redirectTo, { maxRedirects: 0 });
  expect(callback.status(), await callback.text()).toBe(302);
  expect(new URL(callback.headers()["location"]!, baseURL).pathname).toBe("/home");
}

/**
 * A fresh host, each test its own, registered over HTTP (see authorizeOverHttp); the page's browser
 * context is signed in as this host. It has seen the welcome tour (marked through the host API), as
 * the overview would otherwise open with the welcome over it; `welcomed: false` keeps it unseen for
 * the tests of the welcome. Open the page the test is about next.
 */
export async function newHost(page: Page, type: "individual" | "company" = "individual", { welcomed = true }: { welcomed?: boolean } = {}): Promise<NewHost> {
  const host = newHostDetails();
  const company = type === "company" ? { companyName: "Erin Stays Ltd" } : {};
  await authorizeOverHttp(page, "/redirect/register", "/oauth/sign-up", { type, firstName: host.firstName, lastName: "Tester", ...company, email: host.email, password: host.password, locale: "en_US" });
  if (welcomed) {
    const token = await apiToken(page.request, host.email, host.password);
    const seen = await page.request.put("/api/app/user/interaction", { headers: { authorization: `Bearer ${token}` }, data: { interactions: [{ interactionType: "welcomeTour", interacted: true }] } });
    expect(seen.status(), await seen.text()).toBeLessThan(300);
  }
  return host;
}

/**
 * A session of its own for a test that changes what a session holds (a staff member's
 * impersonation, a flash message after a form), signed in over HTTP (see authorizeOverHttp); then
 * opens `path`.
 */
export async function ownSession(page: Page, email: string, path = "/home") {
  await authorizeOverHttp(page, "/redirect/login", "/oauth/login", { email, password: DEMO_PASSWORD });
  await visit(page, path);
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
      // axe's checks get time of their own: the test's timeout is for what the test does.
      base.info().setTimeout(base.info().timeout + 30_000);
      if (!page.isClosed() && page.url().startsWith("http")) await expectAccessible(page);
      if (!page.isClosed()) await expectVisitedPagesAccessible(page, visited);
      // A 4xx answer (a refused form, a missing page) is logged by the browser itself; it is not an app error.
      expect(errors.filter((e) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(e)), "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
