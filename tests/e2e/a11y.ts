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
    await analyze(target, page.url());
  } finally {
    if (target !== page) await target.context().close();
  }
}

async function analyze(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    `accessibility of ${label}`,
  ).toEqual([]);
}

/** Addresses whose GET has an effect (a sign-in step) or that are not pages of the app. */
const NOT_PAGES = /^\/(redirect|auth|oauth|logout|api|config)(\/|$)/;
const checked = new Set<string>();

/**
 * Checks every page a test passed through, once per worker and address: each is loaded again, as
 * the same visitor (a copy of the cookies), in a page with JavaScript, and run through axe.
 */
export async function expectVisitedPagesAccessible(page: Page, visited: Iterable<string>) {
  const pending = [...new Set(visited)].filter((address) => {
    const url = new URL(address);
    const key = `${url.host}${url.pathname}`;
    if (!url.protocol.startsWith("http") || NOT_PAGES.test(url.pathname) || checked.has(key)) return false;
    checked.add(key);
    return true;
  });
  if (!pending.length) return;
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, storageState: await page.context().storageState() });
  try {
    const copy = await context.newPage();
    for (const address of pending) {
      await copy.goto(address);
      await analyze(copy, address);
    }
  } finally {
    await context.close();
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
