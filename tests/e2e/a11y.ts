import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/**
 * Fails on serious or critical accessibility violations of the page as it is now, unless this
 * run has checked the same screen in the same state already (structureOf, claim). axe runs as a
 * script, which a page without JavaScript cannot run: its exact HTML is then checked in a
 * JavaScript-enabled page at the same address (same styles, same contrast).
 */
export async function expectAccessible(page: Page) {
  const html = await page.content();
  const key = `${pageKey(new URL(page.url()))}#${structureOf(html)}`;
  if (!claim(key)) return;
  claim(pageKey(new URL(page.url())));
  const target = test.info().project.use.javaScriptEnabled === false ? await mirror(page, html) : page;
  try {
    await analyze(target, page.url());
  } finally {
    if (target !== page) await target.context().close();
  }
}

/**
 * What axe's verdict on a page depends on, as a digest: its elements in order, each with the names
 * of its attributes, its classes, role and type, and whether text stands where (not what it says).
 * Two tests ending on the same screen in the same state (another unit's about page, the same error)
 * give the same digest, and axe runs once for them; an error shown, a dialog open, a field or a
 * label missing gives another.
 */
function structureOf(html: string) {
  const tokens = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, "").match(/<[^>]+>|[^<]+/g) ?? [];
  const shape = tokens.map((token) => {
    if (!token.startsWith("<")) return token.trim() ? "T" : "";
    const tag = /^<\/?[\w-]+/.exec(token)?.[0] ?? token;
    const attributes = [...token.matchAll(/\s([\w:-]+)(?:="([^"]*)")?/g)].map(([, name, value]) =>
      name === "class" || name === "role" || name === "type" ? `${name}=${value}` : `${name}${value === "" ? "=" : ""}`,
    );
    return `${tag} ${attributes.sort().join(" ")}`;
  });
  return createHash("sha1").update(shape.join("\n")).digest("base64url");
}

async function analyze(page: Page, label: string) {
  // Only violations are collected: gathering the nodes that pass takes most of axe's time. The
  // pages have no frames, so axe runs in the page itself ("legacy" mode): the default mode injects
  // axe's 550 KB script a second time into a new blank page to merge the frames' results, which
  // doubled the cost of every check.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    `accessibility of ${label}`,
  ).toEqual([]);
}

/** Addresses whose GET has an effect (a sign-in step) or that are not pages of the app. */
const NOT_PAGES = /^\/(redirect|auth|oauth|logout|api|config)(\/|$)/;

/**
 * Claims a check for this run: true the first time any worker asks for `key`, false after. The
 * claims are directories under test-results/, which Playwright empties as a run starts, so both
 * browser projects and all workers share them (a screen the js and no-js projects both reach in
 * the same state, with the same markup, is checked once), and the next run checks everything again.
 */
function claim(key: string) {
  const mark = join(CLAIMS, createHash("sha1").update(key).digest("hex"));
  try {
    mkdirSync(mark, { recursive: false });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}
const CLAIMS = join("test-results", ".a11y-checked");
mkdirSync(CLAIMS, { recursive: true });

/** Segments that are public ids (`unit_4k2…`, see api/lib/ids.ts), UUIDs or numbers. */
const ID_SEGMENT = /^([a-z]+_[0-9a-z]{8,}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+)$/;

/**
 * A page is known by its route, not by the ids in its address: the same section of another unit
 * is the same markup, and checking it again for every unit a test creates only costs time.
 */
function pageKey(url: URL) {
  return `${url.host}${url.pathname.split("/").map((segment) => (ID_SEGMENT.test(segment) ? ":id" : segment)).join("/")}`;
}

/**
 * With JavaScript, checks the page a test has just opened (visit in fixtures.ts) where it stands,
 * the first time this run reaches its route: the check at the test's end
 * (expectVisitedPagesAccessible) would load it once more for the same verdict. The test gets the
 * time axe takes on top of its own, as it does for the checks at its end. Without JavaScript axe
 * cannot run in the page: the page is left to the check at the end.
 */
export async function expectAccessibleOnArrival(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  const url = new URL(page.url());
  if (!url.protocol.startsWith("http") || NOT_PAGES.test(url.pathname) || !claim(pageKey(url))) return;
  const started = Date.now();
  await analyze(page, page.url());
  test.info().setTimeout(test.info().timeout + (Date.now() - started));
}

/**
 * Checks every page a test passed through, once per run and route: each is loaded again, as
 * the same visitor (a copy of the cookies), in a page with JavaScript, and run through axe.
 */
export async function expectVisitedPagesAccessible(page: Page, visited: Iterable<string>) {
  const pending = [...new Set(visited)].filter((address) => {
    const url = new URL(address);
    const key = pageKey(url);
    return url.protocol.startsWith("http") && !NOT_PAGES.test(url.pathname) && claim(key);
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

async function mirror(page: Page, html: string): Promise<Page> {
  const url = page.url();
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, storageState: await page.context().storageState() });
  const copy = await context.newPage();
  await copy.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html", body: html }));
  // The copy shows the markup as served: its own scripts would hydrate and could change it.
  await copy.route(/\.js(\?|$)/, (route) => route.abort());
  await copy.goto(url);
  return copy;
}
