import type { Page } from "@playwright/test";
import { DEMO, expect, signedInAs, test, visit } from "./fixtures";

/** Each item of the header and whether its label sits on one line, measured in the browser. */
async function headerLayout(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector<HTMLElement>("header.header")!;
    const items = [...header.querySelectorAll<HTMLElement>(".header__brand, .nav__link, .sign-out button")];
    return {
      headerHeight: header.getBoundingClientRect().height,
      overflow: header.scrollWidth - header.clientWidth,
      wrapped: [...header.querySelectorAll<HTMLElement>(".header__brand, .nav__label")]
        .filter((label) => label.getBoundingClientRect().width > 1 && label.getBoundingClientRect().height > parseFloat(getComputedStyle(label).lineHeight) * 1.5)
        .map((label) => label.textContent),
      outside: items.filter((item) => item.getBoundingClientRect().right > innerWidth || item.getBoundingClientRect().bottom > header.getBoundingClientRect().bottom + 1).map((item) => item.textContent),
    };
  });
}

test.describe("header on a desktop", () => {
  test("stays on one line from 1024 px in every long locale", async ({ page }) => {
    test.setTimeout(120_000);
    // The hybrid host has the most navigation items (inbox and inquiries); French, Portuguese and Spanish have the longest labels.
    await signedInAs(page, DEMO.hybrid);
    for (const locale of ["fr_FR", "pt_PT", "es_ES", "it_IT", "de_DE", "hr_HR"]) {
      for (const width of [1280, 1024]) {
        await page.setViewportSize({ width, height: 800 });
        await visit(page, `/home?hl=${locale}`);
        await expect(page.locator("header nav").getByRole("link")).toHaveCount(7);
        const layout = await headerLayout(page);
        expect(layout, `${locale} at ${width} px`).toEqual({ headerHeight: layout.headerHeight, overflow: 0, wrapped: [], outside: [] });
        expect(layout.headerHeight).toBeLessThanOrEqual(65);
        await expect(page.locator(".sign-out button")).toBeVisible();
      }
    }
  });
});

test.describe("phones", () => {
  test("at 320 px no main page scrolls sideways", async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 320, height: 640 });
    await signedInAs(page, DEMO.individual, "/properties?hl=de_DE");
    const property = await page.locator("table a[href^='/properties/']").first().getAttribute("href");
    await visit(page, property!);
    const unit = await page.locator("a[href*='/units/']").first().getAttribute("href");
    for (const path of ["/home", "/properties", property!, unit!, `${unit}/photos`, "/listing"]) {
      await visit(page, path);
      const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: innerWidth }));
      expect(widths.document, `${path} is ${widths.document} px wide`).toBeLessThanOrEqual(widths.viewport);
    }
  });
});
