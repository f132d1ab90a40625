import { apiToken } from "./api-factory";
import { DEMO, DEMO_PASSWORD, expect, expectAccessible, newHost, ownSession, settled, signedInAs, test, usesJavaScript, visit } from "./fixtures";

// Located by structure, not by its label: some demo hosts see the app in their own language.
const nav = (page: import("@playwright/test").Page) => page.locator("header nav");

test.describe("navigation per role", () => {
  test("an individual subscription host sees bookings with a count, inquiries, no inbox", async ({ page }) => {
    await signedInAs(page, DEMO.individual);
    const items = nav(page).getByRole("link");
    await expect(items).toHaveText(["Overview", "Calendar", "Bookings3", "Inquiries", "Properties", "Statistics"]);
    await expect(nav(page).getByRole("link", { name: /Bookings/ })).toHaveAttribute("href", "/bookings/upcoming");
    await expect(nav(page).getByLabel("3 pending booking requests")).toBeVisible();
    await expect(nav(page).getByRole("link", { name: "Statistics" })).toHaveAttribute("href", "/insights/performance");
    await expect(nav(page).getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  });

  test("a company commission host sees the inbox, a dot for many requests, earnings and the verification banner", async ({ page }) => {
    await signedInAs(page, DEMO.company);
    // The account's language applies after sign-in when the browser has not picked one.
    await expect(page.locator("html")).toHaveAttribute("lang", "it-IT");
    const items = nav(page).getByRole("link");
    await expect(items).toHaveCount(6);
    await expect(nav(page).locator('[data-nav="inbox"]')).toBeVisible();
    await expect(nav(page).locator('[data-nav="inquiries"]')).toHaveCount(0);
    await expect(nav(page).locator('[data-nav="bookings"] .badge--dot')).toBeVisible();
    await expect(nav(page).locator('[data-nav="statistics"]')).toHaveAttribute("href", "/insights/earnings");
    await expect(page.locator(".banner")).toBeVisible();
  });

  test("a hybrid host sees both the inbox and inquiries", async ({ page }) => {
    await signedInAs(page, DEMO.hybrid);
    await expect(nav(page).locator('[data-nav="inbox"]')).toBeVisible();
    await expect(nav(page).locator('[data-nav="inquiries"]')).toBeVisible();
  });

  test("a host in onboarding has no bookings yet and is led to the listing", async ({ page }) => {
    await signedInAs(page, DEMO.onboarding);
    await expect(nav(page).locator('[data-nav="bookings"]')).toHaveCount(0);
    await expect(page.locator('a[href="/listing"]')).toBeVisible();
  });
});

test.describe("language, brand, layout", () => {
  test("?hl= and the language picker switch the language, and a cookie keeps it", async ({ page }, testInfo) => {
    await visit(page, "/?hl=fr_FR");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-FR");
    const french = await page.getByRole("heading", { level: 1 }).textContent();
    expect(french).not.toBe("Welcome, host");
    await visit(page, "/legal");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-FR");
    await page.locator("#language-select").selectOption("de_DE");
    if (!usesJavaScript(testInfo)) await page.locator(".language-switcher button").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de-DE");
    await settled(page);
    await expect(page).toHaveURL(/\/legal\?hl=de_DE$/);
    await expectAccessible(page);
  });

  test("an unknown language falls back to English", async ({ page }) => {
    await visit(page, "/?hl=xx_XX");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await expect(page.getByRole("heading", { name: "Welcome, host" })).toBeVisible();
  });

  test("a brand's host name loads its own stylesheet", async ({ page, baseURL }) => {
    const branded = baseURL!.replace("localhost", "alpina.localhost");
    await visit(page, `${branded}/`);
    await expect(page.locator("html")).toHaveAttribute("data-brand", "alpina");
    await expect(page.locator('link[href="/themes/alpina.css"]')).toHaveCount(1);
    await expect(page.locator(".header__brand")).toHaveText("Alpina Stays");
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-accent").trim());
    await visit(page, "/");
    await expect(page.locator('link[href^="/themes/"]')).toHaveCount(0);
    const defaultPrimary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-accent").trim());
    expect(primary).not.toBe(defaultPrimary);
  });

  test("on a phone the navigation folds into a menu that opens without JavaScript", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInAs(page, DEMO.individual);
    const calendar = nav(page).getByRole("link", { name: "Calendar" });
    await expect(calendar).toBeHidden();
    await page.getByText("Menu", { exact: true }).click();
    await expect(calendar).toBeVisible();
    await expectAccessible(page);
  });

  test("on a phone the closed menu shows one dot when an item inside it has a badge, and says so to screen readers", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    // Anna has pending booking requests: the Bookings item's badge is inside the folded menu.
    await signedInAs(page, DEMO.individual, "/home?hl=en_GB");
    const toggle = page.locator("summary.header__menu-toggle");
    await expect(nav(page).getByRole("link", { name: "Calendar" })).toBeHidden();
    await expect(toggle.getByRole("img", { name: "Something new in the menu" })).toBeVisible();
    await expect(toggle).toHaveAccessibleName("Menu Something new in the menu");
    // A host with nothing waiting sees no dot.
    await signedInAs(page, DEMO.onboarding, "/home?hl=en_GB");
    await expect(toggle).toBeVisible();
    await expect(toggle.getByRole("img")).toHaveCount(0);
  });
});

test.describe("flash messages", () => {
  test("on a phone a flash message covers nothing for good: without JavaScript it stands above the page, with JavaScript it floats over it until closed", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 320, height: 568 });
    await newHost(page);
    await visit(page, "/account/profile");
    await page.getByLabel("Name shown to guests").fill("Erin by the sea");
    await page.getByRole("button", { name: "Save" }).click();
    const message = page.getByRole("status").filter({ hasText: "Saved." });
    await expect(message).toBeVisible();
    // The language switcher at the very end of the page, where a message over the page's bottom edge lies.
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    const switcher = page.locator(".language-switcher");
    const switcherCovered = () =>
      switcher.evaluate((form) =>
        [...form.querySelectorAll<HTMLElement>("select, button")].some((control) => {
          const box = control.getBoundingClientRect();
          return !control.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
        }),
      );
    if (usesJavaScript(testInfo)) {
      // A toast over the page's bottom edge, which the host closes (or which leaves by itself).
      expect(await message.evaluate((toast) => getComputedStyle(toast).position)).toBe("fixed");
      await message.getByRole("button", { name: "Close" }).click();
      await expect(message).toHaveCount(0);
    } else {
      // Nothing could close it: it is part of the page, above the page's content, and nothing lies under it.
      const [toast, main] = [(await message.boundingBox())!, (await page.locator("main").boundingBox())!];
      expect(toast.y + toast.height).toBeLessThanOrEqual(main.y);
      await page.evaluate(() => scrollTo(0, 0));
      await expect(message).toBeInViewport();
    }
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    expect(await switcherCovered()).toBe(false);
  });
});

test.describe("time zone", () => {
  test.use({ timezoneId: "Pacific/Honolulu" });
  test("moments are shown in the browser's time zone, named; without JavaScript in UTC, named so", async ({ page }, testInfo) => {
    // The agency's requests each have a deadline to answer by.
    await signedInAs(page, DEMO.company, "/bookings/requests");
    // The browser names its zone once its first page has loaded; the pages after it are written in it.
    await visit(page, "/bookings/requests?hl=en_US");
    const deadline = page.getByRole("table").getByText(/^Answer by /).first();
    if (usesJavaScript(testInfo)) await expect(deadline).toHaveText(/^Answer by [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M HST$/);
    else await expect(deadline).toHaveText(/^Answer by [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M UTC$/);
  });
});

test.describe("help center tooltip", () => {
  test("shows once and is gone after Okay", async ({ page }) => {
    await newHost(page);
    await visit(page, "/home");
    await expect(page.getByRole("note", { name: "Help is always here" })).toBeVisible();
    await page.getByRole("button", { name: "Okay" }).click();
    await expect(page.getByRole("note", { name: "Help is always here" })).toHaveCount(0);
    await visit(page, "/home");
    await expect(page.getByRole("note", { name: "Help is always here" })).toHaveCount(0);
    // The Help Center is the help dropdown (its articles, the contact form and the Help Center's site).
    await expect(page.locator("#help-center-link")).toBeVisible();
  });
});

test.describe("error pages and redirects", () => {
  test("an unknown address shows a translated 404 with a way back", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the start page" })).toHaveAttribute("href", "/");
    // A visitor who is not signed in gets the visitors' frame (the brand, the language, the legal links), without the shell.
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: "Stayhost" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Legal notice" })).toBeVisible();
    await expect(page.getByRole("main")).toHaveCount(1);
    await visit(page, "/404?hl=it_IT");
    await expect(page.locator("html")).toHaveAttribute("lang", "it-IT");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Page not found");
  });

  test("signed in, the 404 button leads home and unknown features are not found", async ({ page }, testInfo) => {
    await signedInAs(page, DEMO.individual);
    const response = await page.goto("/feature-toggle/teleport");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the start page" })).toHaveAttribute("href", "/home");
    // A signed-in host keeps the shell on every error page: one the page's own loader answers, and an unknown address.
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
    const unknown = await page.goto("/no/such/page");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    // The shell's code loads for a signed-in host only (a visitor's 404 does without it), and the page hydrates with it.
    if (usesJavaScript(testInfo)) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  });

  test("a form sent to a page that takes none answers 405 with Allow; to an unknown address, 404; a write whose body is no form, 415", async ({ page, baseURL }) => {
    const headers = { origin: new URL(baseURL!).origin };
    const legal = await page.request.post("/legal", { headers, form: { any: "thing" } });
    expect(legal.status()).toBe(405);
    expect(legal.headers()["allow"]).toBe("GET, HEAD");
    expect((await page.request.post("/no/such/page", { headers, form: { any: "thing" } })).status()).toBe(404);
    // A write without a body is an empty form (refused field by field); one with a body of another
    // type is refused as such: neither fails as a 500.
    expect((await page.request.post("/login", { headers, maxRedirects: 0 })).status()).toBeLessThan(500);
    const json = await page.request.post("/register", { headers, data: { email: "a@b.example" } });
    expect(json.status()).toBe(415);
    await signedInAs(page, DEMO.individual);
    const home = await page.request.post("/home", { headers, form: { any: "thing" } });
    expect(home.status()).toBe(405);
    expect(home.headers()["allow"]).toBe("GET, HEAD");
    expect((await page.request.post("/no/such/page", { headers, form: { any: "thing" } })).status()).toBe(404);
  });

  test("the redirect pages send visitors and hosts to the right place", async ({ page }) => {
    await visit(page, "/redirect/landing");
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await visit(page, "/redirect/platform/login");
    await expect(page).toHaveURL(/\/login\?/);
    await signedInAs(page, DEMO.individual);
    await visit(page, "/redirect/landing");
    await expect(page).toHaveURL(/\/home$/);
    await visit(page, "/");
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe("security", () => {
  test("pages carry an enforced CSP with a per-request nonce, and foreign-origin posts are refused", async ({ page, request }) => {
    const first = await page.goto("/legal");
    const csp = first!.headers()["content-security-policy"]!;
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(first!.headers()["x-content-type-options"]).toBe("nosniff");
    expect(first!.headers()["referrer-policy"]).toBeTruthy();
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    const second = await page.goto("/legal");
    expect(second!.headers()["content-security-policy"]).not.toContain(nonce);
    const refused = await request.post("/logout", { headers: { Origin: "https://evil.example" } });
    expect(refused.status()).toBe(403);
  });

  test("signed-in pages and API answers are kept out of caches, static assets stay cacheable", async ({ page }) => {
    await signedInAs(page, DEMO.individual);
    const home = await page.goto("/home");
    expect(home!.headers()["cache-control"]).toBe("private, no-store");
    const token = await apiToken(page.request, DEMO.individual, DEMO_PASSWORD);
    const info = await page.request.get("/api/app/user/info", { headers: { authorization: `Bearer ${token}` } });
    expect(info.headers()["cache-control"]).toBe("private, no-store");
    const script = await page.locator("script[src], link[rel=modulepreload]").first().evaluate((el) => (el as HTMLScriptElement).src || (el as HTMLLinkElement).href);
    expect((await page.request.get(script)).headers()["cache-control"] ?? "").not.toContain("no-store");
  });

  test("a signed-in host's cookie does not make a post without Origin count, a same-origin one does", async ({ page }) => {
    // Its own session: the same-origin post at the end signs it out.
    await ownSession(page, DEMO.individual);
    // The browser's cookies without Origin or Sec-Fetch-Site: what a forged request from another
    // site could look like where a browser leaves Origin out.
    const forged = await page.request.post("/logout", { maxRedirects: 0 });
    expect(forged.status()).toBe(403);
    await visit(page, "/home");
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    const crossSite = await page.request.post("/logout", { maxRedirects: 0, headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(crossSite.status()).toBe(403);
    const sameOrigin = await page.request.post("/logout", { maxRedirects: 0, headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(sameOrigin.status()).toBe(302);
    await visit(page, "/home");
    await expect(page).toHaveURL(/\/login\?/);
  });
});
