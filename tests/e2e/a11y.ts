import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/**
 * Fails on serious or critical accessibility violations of the page as it is now. axe runs as a
 * script, which a page without JavaScript cannot run: its exact HTML is then checked in a
 * JavaScript-enabled page at the same address (same styles, same contrast).
 */
export async function expectAccessible(page: Page) {
  const target = test.info().project.use.javaScriptEnabled === false ? await mirror(page) : page;
  try {
    const results = await new AxeBuilder({ page: target }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
      `accessibility of ${page.url()}`,
    ).toEqual([]);
  } finally {
    if (target !== page) await target.context().close();
  }
}

async function mirror(page: Page): Promise<Page> {
  const url = page.url();
  const html = await page.content();
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, storageState: await page.context().storageState() });
  const copy = await context.newPage();
  await copy.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html", body: html }));
  // The copy shows the markup as served: its own scripts would hydrate and could change it.
  await copy.route(/\.js(\?|$)/, (route) => route.abort());
  await copy.goto(url);
  return copy;
}
