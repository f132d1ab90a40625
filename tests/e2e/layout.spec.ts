import type { Page } from "@playwright/test";
import { apiToken, createProperty, markStepsDone } from "./api-factory";
import { DEMO, DEMO_PASSWORD, expect, newHost, ownSession, signedInAs, test, visit } from "./fixtures";

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
    await visit(page, "/bookings/all");
    // A booking's page has a back button in the header too (§2).
    const booking = (await page.getByRole("table").getByRole("link").first().getAttribute("href"))!;
    for (const locale of ["fr_FR", "pt_PT", "es_ES", "it_IT", "de_DE", "hr_HR"]) {
      for (const path of ["/home", booking]) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await visit(page, `${path}?hl=${locale}`);
        await expect(page.locator("header nav").getByRole("link")).toHaveCount(7);
        // The same page, narrowed as a window is: the header is laid out again by the stylesheet alone.
        for (const width of [1280, 1024]) {
          await page.setViewportSize({ width, height: 800 });
          const layout = await headerLayout(page);
          expect(layout, `${path} in ${locale} at ${width} px`).toEqual({ headerHeight: layout.headerHeight, overflow: 0, wrapped: [], outside: [] });
          expect(layout.headerHeight).toBeLessThanOrEqual(65);
          await expect(page.locator(".sign-out button")).toBeVisible();
        }
      }
      // On a phone the back button, the brand and the menu share one line, the brand whole.
      await page.setViewportSize({ width: 320, height: 640 });
      const phone = await page.evaluate(() => {
        const brand = document.querySelector<HTMLElement>(".header__brand")!;
        return { overflow: document.documentElement.scrollWidth - innerWidth, brandCut: brand.scrollWidth > brand.clientWidth };
      });
      expect(phone, `${booking} in ${locale} at 320 px`).toEqual({ overflow: 0, brandCut: false });
      // The arrow is named by its words.
      await expect(page.locator(".header__back")).toHaveAccessibleName((await page.locator(".header__back").getAttribute("title"))!);
      expect((await page.locator(".header__back").getAttribute("title"))!.length).toBeGreaterThan(3);
    }
  });
});

/** The words the page shows broken over two lines inside the word ("Subscrip-tion"), measured in the browser; a soft hyphen the text offers is a place to break, not inside a word. */
async function brokenWords(page: Page) {
  return page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (const word of text.matchAll(/[\p{L}\p{N}]{2,}/gu)) {
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        // A word after a soft hyphen where the line broke ("Registrierungs-|nummer", a break the text
        // offers) gets the hyphen's narrow box at the end of the line above: not a part of the word.
        if (text[word.index - 1] === "\u00AD" && rects.length > 1 && rects[0]!.width < 12 && rects[0]!.top < rects[1]!.top) rects.shift();
        const lines = new Set(rects.map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

/** Elements whose content is cut off or scrolls sideways inside them (a tab bar hiding its last tabs). */
async function clippedSideways(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => {
        const style = getComputedStyle(element);
        if (style.overflowX === "visible" || !element.checkVisibility() || element.clientWidth <= 1 || element.closest(".visually-hidden") || style.textOverflow === "ellipsis") return false;
        return element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  );
}

/**
 * Cards and banners that lost their shape, measured in the browser: a card without its padding (a
 * fieldset's reset winning over the card's), a card of a list indented by the list's default
 * padding, the parts of a banner more than a line apart.
 */
async function looseLayout(page: Page) {
  return page.evaluate(() => {
    // oxlint-disable-next-line unicorn/consistent-function-scoping -- runs in the page: page.evaluate sends only this function
    const visible = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)].filter((element) => element.checkVisibility());
    const unpadded = visible(".card").filter((card) => parseFloat(getComputedStyle(card).paddingLeft) < 12 && parseFloat(getComputedStyle(card).paddingTop) < 12);
    const indented = visible(":is(ul, ol) > li.card").filter((card) => card.getBoundingClientRect().left - card.parentElement!.getBoundingClientRect().left > 1);
    const spread = visible(".banner, .banner__body").filter((banner) => {
      const parts = [...banner.children].filter((child) => !child.classList.contains("icon") && !child.classList.contains("banner__body"));
      return parts.slice(1).some((part, index) => part.getBoundingClientRect().top - parts[index]!.getBoundingClientRect().bottom > 12);
    });
    return [...unpadded.map((card) => `unpadded ${card.tagName.toLowerCase()}.${card.className}`), ...indented.map((card) => `indented ${card.textContent!.slice(0, 30)}`), ...spread.map((banner) => `spread ${banner.textContent!.slice(0, 30)}`)];
  });
}

test.describe("phones", () => {
  test("at 320 px no main page scrolls sideways or cuts anything off, and no word breaks in the middle, in the longest languages", async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 320, height: 640 });
    await signedInAs(page, DEMO.individual, "/properties?hl=de_DE");
    const property = await page.locator("table a[href^='/properties/']").first().getAttribute("href");
    // The page of a registration number to update (its German title is one long word).
    const regional = await page.locator("a[href*='/regional/']").first().getAttribute("href");
    await visit(page, property!);
    const unit = (await page.locator("a[href*='/units/']").first().getAttribute("href"))!.replace(/\/about$/, "");
    const paths = ["/home", "/properties", property!, `${unit}/about`, `${unit}/photos`, `${unit}/amenities`, `${unit}/rooms`, `${unit}/booking-policies`, `${unit}/price-and-availability`, `${unit}/taxes-and-laws`, regional!, "/listing", "/no/such/page"];
    // German has the longest words, French the longest texts; the account card is checked on a desktop too.
    for (const [locale, width] of [["de_DE", 320], ["fr_FR", 320], ["de_DE", 1280]] as const) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of width === 320 ? paths : ["/home"]) {
        await visit(page, `${path}?hl=${locale}`);
        const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: innerWidth }));
        expect(widths.document, `${path} is ${widths.document} px wide in ${locale}`).toBeLessThanOrEqual(widths.viewport);
        expect(await brokenWords(page), `words broken on ${path} in ${locale} at ${width} px`).toEqual([]);
        expect(await clippedSideways(page), `cut off on ${path} in ${locale} at ${width} px`).toEqual([]);
        expect(await looseLayout(page), `cards and banners on ${path} in ${locale} at ${width} px`).toEqual([]);
      }
    }
  });

  test("at 320 px every step of the listing wizard keeps words whole and nothing cut off or out of shape, in German", async ({ page }) => {
    test.setTimeout(300_000);
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    const headers = { authorization: `Bearer ${token}` };
    // Listing verification (its step shows example addresses) is a feature staff switch on.
    const { userId } = (await (await page.request.get("/api/app/user/info", { headers })).json()) as { userId: string };
    const staff = { authorization: `Bearer ${await apiToken(page.request, DEMO.staff, DEMO_PASSWORD)}` };
    expect((await page.request.put(`/api/app/staff/hosts/${userId}/features/listingVerification`, { headers: staff, data: { enabled: true } })).status()).toBe(200);
    const { id, unitId } = await createProperty(page.request, token, { title: "Haus am See", complete: true });
    const visited = new Set<string>();
    await page.setViewportSize({ width: 320, height: 640 });
    // The steps of a host paying by subscription, then those a host on commission gets (promotions, commission, booking preference, payout).
    for (const commercialModel of ["subscription", "commission"]) {
      expect((await page.request.patch("/api/app/user/info", { headers, data: { commercialModel } })).status()).toBe(200);
      const state = (await (await page.request.get(`/api/app/property-unit/${unitId}/listing-state`, { headers })).json()) as { kind: string; steps: { id: string }[] };
      const steps = state.steps.map((step) => step.id).filter((step) => !visited.has(step));
      await markStepsDone(page.request, token, unitId, steps.filter((step) => step !== "publish"));
      expect(steps).toContain(commercialModel === "subscription" ? "listing-verification" : "price-and-availability/promotions");
      for (const step of steps) {
        visited.add(step);
        const path = `/listing/${state.kind}/${id}/${unitId}/${step}`;
        await visit(page, `${path}?hl=de_DE`);
        expect(new URL(page.url()).pathname).toBe(path);
        const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: innerWidth }));
        expect(widths.document, `${step} is ${widths.document} px wide`).toBeLessThanOrEqual(widths.viewport);
        expect(await brokenWords(page), `words broken on ${step}`).toEqual([]);
        expect(await clippedSideways(page), `cut off on ${step}`).toEqual([]);
        expect(await looseLayout(page), `cards and banners on ${step}`).toEqual([]);
      }
    }
  });

  test("at 320 px the staff pages and the open menu keep every word whole and nothing cut off", async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 320, height: 640 });
    // Staff have the longest menu items ("Im Namen eines Gastgebers handeln") and tables of email addresses.
    await ownSession(page, DEMO.staff, "/home?hl=de_DE");
    // The verification queue (the agency demo host is required to verify) and the agency's review page.
    const agency = await agencyReview(page);
    for (const path of ["/home", "/staff/impersonate", "/staff/audit-log", "/staff/verifications?status=REQUIRED", agency]) {
      await visit(page, path);
      if (path === "/home") await page.getByText("Menü", { exact: true }).click();
      const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: innerWidth }));
      expect(widths.document, `${path} is ${widths.document} px wide`).toBeLessThanOrEqual(widths.viewport);
      expect(await brokenWords(page), `words broken on ${path}`).toEqual([]);
      expect(await clippedSideways(page), `cut off on ${path}`).toEqual([]);
    }
  });
});

/** The staff page that reviews the agency demo host's verification, its id found through the staff API. */
async function agencyReview(page: Page): Promise<string> {
  const headers = { authorization: `Bearer ${await apiToken(page.request, DEMO.staff, DEMO_PASSWORD)}` };
  const found = (await (await page.request.get("/api/app/staff/hosts", { headers, params: { search: DEMO.company } })).json()) as { items: { userId: string }[] };
  expect(found.items).toHaveLength(1);
  return `/staff/verifications/${found.items[0]!.userId}`;
}

/** Where each value of the tables' cards is and what its drawn label says, measured in the browser. */
async function tableCards(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLTableCellElement>("table.table tbody td")].map((cell) => {
      const label = getComputedStyle(cell, "::before");
      const th = cell.closest("table")!.querySelectorAll("thead th")[cell.cellIndex]!;
      // The computed content is the label with its (empty) alternative text: `"Wann" / ""`, or `none`.
      const drawn = label.display === "none" ? null : /^"((?:[^"\\]|\\.)*)"/.exec(label.content);
      return { header: th.textContent, hidden: Boolean(th.querySelector(".visually-hidden")), label: drawn ? drawn[1]! : "" };
    }),
  );
}

/** The roles and names Chromium gives screen readers for the page's first table (its accessibility tree). */
async function tableAsScreenReadersGetIt(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: { role?: { value: string }; name?: { value: string }; ignored: boolean }[] };
  await cdp.detach();
  const seen = nodes.filter((node) => !node.ignored).map((node) => ({ role: node.role?.value ?? "", name: node.name?.value ?? "" }));
  return { roles: new Set(seen.map((node) => node.role)), cells: seen.filter((node) => node.role === "cell").map((node) => node.name) };
}

test.describe("tables on phones", () => {
  test("at 320 px each value of a card is labelled by its column, and screen readers still get a table with its headers", async ({ page }) => {
    test.setTimeout(120_000);
    await ownSession(page, DEMO.staff, "/home?hl=de_DE");
    for (const path of ["/staff/audit-log", "/staff/impersonate", "/staff/verifications?status=REQUIRED"]) {
      await page.setViewportSize({ width: 320, height: 640 });
      await visit(page, path);
      const cards = await tableCards(page);
      expect(cards.length, path).toBeGreaterThan(0);
      for (const cell of cards) expect(cell.label, `${path}: a value of the column "${cell.header}"`).toBe(cell.hidden ? "" : cell.header);
      const reader = await tableAsScreenReadersGetIt(page);
      for (const role of ["table", "row", "columnheader", "cell"]) expect(reader.roles.has(role), `${path}: role ${role} at 320 px`).toBe(true);
      // The drawn label is not part of a cell's name: the header names the column once.
      expect(reader.cells.filter((name) => cards.some((cell) => cell.label && name.startsWith(cell.label))), path).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 800 });
      expect((await tableCards(page)).every((cell) => cell.label === ""), `${path}: no drawn labels beside the header on a desktop`).toBe(true);
    }
  });

  test("at 320 px a property's card names its units and status columns", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await signedInAs(page, DEMO.individual, "/properties?hl=de_DE");
    const labels = new Set((await tableCards(page)).map((cell) => cell.label));
    expect([...labels].sort()).toEqual(["", "Einheiten", "Status", "Unterkunft"]);
  });
});

/** The wizard's Back, Continue and "Save and exit" boxes, measured in the browser. */
async function wizardButtons(page: Page) {
  return page.evaluate(() => {
    const nav = document.querySelector(".wizard__nav")!;
    const [next, back, exit] = [".wizard__next", ".wizard__back", ".wizard__exit"].map((selector) => {
      const rect = nav.querySelector(selector)!.getBoundingClientRect();
      return { left: Math.round(rect.left), top: Math.round(rect.top), width: Math.round(rect.width), height: Math.round(rect.height) };
    });
    const style = getComputedStyle(nav);
    const inner = nav.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { nav: Math.round(inner), next: next!, back: back!, exit: exit! };
  });
}

test.describe("listing wizard", () => {
  test("at 320 px Continue, Save and exit and Back stand one under the other across the width, each on one line, in every language; on a desktop they share a row", async ({ page }) => {
    test.setTimeout(120_000);
    await signedInAs(page, DEMO.onboarding, "/listing");
    await expect(page.locator(".wizard__back")).toBeVisible();
    const step = new URL(page.url()).pathname;
    await page.setViewportSize({ width: 320, height: 640 });
    for (const locale of ["de_DE", "de_CH", "en_GB", "en_US", "es_ES", "fr_FR", "hr_HR", "it_IT", "nl_NL", "pt_PT"]) {
      await visit(page, `${step}?hl=${locale}`);
      const { nav, next, back, exit } = await wizardButtons(page);
      expect([next.width, exit.width, back.width], `across the width in ${locale}`).toEqual([nav, nav, nav]);
      expect(next.top < exit.top && exit.top < back.top, `Continue, Save and exit, Back in ${locale}`).toBe(true);
      expect([next.height, exit.height, back.height], `one line each in ${locale}`).toEqual([44, 44, 44]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await visit(page, `${step}?hl=de_DE`);
    const { back, next, exit } = await wizardButtons(page);
    expect([next.top, exit.top]).toEqual([back.top, back.top]);
    expect(back.left < next.left && next.left < exit.left).toBe(true);
  });
});

test.describe("sign-in pages", () => {
  test("the sign-in and registration cards leave room under their button before the way to the other page", async ({ page }) => {
    for (const [start, button] of [["/redirect/login", "Sign in"], ["/redirect/register", "Create account"]] as const) {
      await page.setViewportSize({ width: 320, height: 800 });
      await visit(page, start);
      // The same page on a phone, then widened as a window is.
      for (const width of [320, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        const submit = (await page.getByRole("button", { name: button, exact: true }).boundingBox())!;
        const footer = (await page.locator(".auth-card__footer").boundingBox())!;
        expect(footer.y - (submit.y + submit.height), `${start} at ${width} px`).toBeGreaterThanOrEqual(32);
      }
    }
  });
});

/** Buttons whose label comes closer than 4 px to their top or bottom edge (a label wrapped onto two lines in a fixed height). */
async function crampedButtons(page: Page) {
  return page.evaluate(() => {
    const range = document.createRange();
    return [...document.querySelectorAll<HTMLElement>(".button")]
      .filter((button) => button.checkVisibility() && button.textContent!.trim())
      .filter((button) => {
        range.selectNodeContents(button);
        const text = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
        const box = button.getBoundingClientRect();
        return Math.min(...text.map((rect) => rect.top)) - box.top < 4 || box.bottom - Math.max(...text.map((rect) => rect.bottom)) < 4;
      })
      .map((button) => button.textContent!.trim());
  });
}

test.describe("pages of a property", () => {
  test("name countries instead of showing their codes, keep each unit fact on one line and the unit cards in line with the page", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await signedInAs(page, DEMO.individual, "/properties?hl=de_DE");
    await expect(page.getByText("Berlin, Deutschland", { exact: true })).toBeVisible();
    await expect(page.getByText("Lisboa, Portugal", { exact: true })).toBeVisible();
    await visit(page, (await page.getByRole("link", { name: "Loft by the Spree" }).getAttribute("href"))!);
    await expect(page.getByText(/10997 Berlin, Deutschland$/)).toBeVisible();
    const facts = await page.locator(".card .facts-line > *").evaluateAll((items) =>
      items.map((item) => {
        const range = document.createRange();
        range.selectNodeContents(item);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }),
    );
    expect(facts).toEqual([1, 1, 1]);
    const [heading, card] = await Promise.all([page.getByRole("heading", { level: 1 }).boundingBox(), page.locator(".cards > .card").first().boundingBox()]);
    expect(card!.x).toBe(heading!.x);
  });

  test("on a phone buttons side by side fill their rows, whatever the length of their labels", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await signedInAs(page, DEMO.individual, "/properties");
    // The registration number to update: Save and Cancel; the property list: the bulk actions.
    const regional = (await page.locator("a[href*='/regional/']").first().getAttribute("href"))!.split("?")[0]!;
    for (const locale of ["en_US", "de_DE", "fr_FR"]) {
      for (const path of ["/properties", regional]) {
        await visit(page, `${path}?hl=${locale}`);
        const rows = await page.locator(".bulk-actions, .button-row:has(> .button)").evaluateAll((groups) =>
          groups.flatMap((group) => {
            const right = Math.round(group.getBoundingClientRect().right);
            const ends = new Map<number, number>();
            for (const button of group.querySelectorAll(":scope > .button")) {
              const box = button.getBoundingClientRect();
              ends.set(Math.round(box.top), Math.max(ends.get(Math.round(box.top)) ?? 0, Math.round(box.right)));
            }
            return [...ends.values()].map((end) => right - end);
          }),
        );
        expect(rows.length, path).toBeGreaterThan(0);
        expect(rows, `rows of buttons end at the edge on ${path} in ${locale}`).toEqual(rows.map(() => 0));
      }
    }
  });

  test("buttons keep room around a label that wraps on a phone, and a form's Save takes its own width on a desktop", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    // The hybrid host's unit page has the longest button ("Auf Buchung mit Bestätigung umstellen").
    await signedInAs(page, DEMO.hybrid, "/properties?hl=de_DE");
    await visit(page, (await page.locator("table a[href^='/properties/']").first().getAttribute("href"))!);
    await visit(page, (await page.locator("a[href*='/units/']").first().getAttribute("href"))!);
    await expect(page.getByRole("button", { name: "Auf Buchung mit Bestätigung umstellen" })).toBeVisible();
    expect(await crampedButtons(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    const [save, form] = await Promise.all([page.getByRole("button", { name: "Speichern" }).boundingBox(), page.locator("form.card").first().boundingBox()]);
    expect(save!.width).toBeLessThan(form!.width / 3);
  });
});

/**
 * The controls of the page's main part that something else stands over, measured in the browser:
 * each is scrolled into view (in whatever scrolls it) and what lies at the middle of its first
 * line's box must be the control itself (or its label), not a neighbour drawn over it or the
 * scroller that hides it (a tab bar squeezed to no height).
 */
async function coveredControls(page: Page) {
  return page.evaluate(() => {
    const covered: string[] = [];
    const controls = [...document.querySelectorAll<HTMLElement>("main :is(a[href], button, input:not([type=hidden]), select, textarea, summary)")].filter((control) => control.checkVisibility() && !control.closest(".visually-hidden"));
    for (const control of controls) {
      control.scrollIntoView({ block: "center", inline: "center" });
      const box = [...control.getClientRects()].find((rect) => rect.width > 0 && rect.height > 0);
      const top = box ? document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) : null;
      if (top && (control.contains(top) || (control as HTMLInputElement).labels?.[0]?.contains(top))) continue;
      covered.push(`${control.textContent!.trim().slice(0, 30) || control.getAttribute("name")} under ${top ? `${top.tagName.toLowerCase()}.${top.className}` : "nothing"}`);
    }
    scrollTo(0, 0);
    return covered;
  });
}

/** Cards whose heading does not begin at their content's edge (laid out in a row, or centred), measured in the browser. */
async function cardsOutOfLine(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("main .card")]
      .filter((card) => card.checkVisibility())
      .flatMap((card) => {
        const heading = card.querySelector<HTMLElement>(":scope > :is(h2, h3), :scope > :not(ul, ol, dl) > :is(h2, h3)");
        if (!heading) return [];
        const style = getComputedStyle(card);
        const edge = card.getBoundingClientRect().left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
        const range = document.createRange();
        range.selectNodeContents(heading);
        const left = range.getClientRects()[0]!.left;
        return Math.abs(left - edge) > 1 ? [`${heading.textContent} begins ${Math.round(left - edge)} px in`] : [];
      }),
  );
}

/** Buttons wider than half the page's content on a desktop (a button alone on its line stretched across a card or a banner). */
async function stretchedButtons(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector("main")!;
    const style = getComputedStyle(main);
    const content = main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return [...main.querySelectorAll<HTMLElement>(".button")].filter((button) => button.checkVisibility() && button.getBoundingClientRect().width > content / 2).map((button) => button.textContent!.trim());
  });
}

/** How far a page's status stands from its title when both share a line (null when the status wrapped under it). */
async function statusBesideTitle(page: Page) {
  return page.locator(".page-heading").evaluate((heading) => {
    const title = heading.querySelector("h1")!.getBoundingClientRect();
    const status = heading.querySelector(":scope > .pill")!.getBoundingClientRect();
    return status.top < title.bottom && status.bottom > title.top ? Math.round(status.left - title.right) : null;
  });
}

test.describe("a host's everyday pages", () => {
  test("at 320 and 1280 px nothing stands over a control, cards keep their content in line, buttons take their own width on a desktop and a request's status stays by its title, in French and German", async ({ page }) => {
    test.setTimeout(240_000);
    await signedInAs(page, DEMO.individual, "/bookings/requests");
    const request = (await page.locator("table a[href*='/booking-request-details/']").first().getAttribute("href"))!;
    await visit(page, "/inquiries");
    const inquiry = (await page.locator("table a[href*='/inquiries/']").first().getAttribute("href"))!;
    await visit(page, "/bookings/upcoming");
    const booking = (await page.locator("table a[href*='/booking-details/']").first().getAttribute("href"))!;
    const annas = ["/home", "/bookings/requests", "/bookings/upcoming", request, inquiry, booking, "/account/profile"];
    // The agency's inbox, beside a conversation on a desktop; its overview with the banner that asks it to verify its identity.
    await signedInAs(page, DEMO.company, "/messages/all");
    const conversation = (await page.locator("main a[href^='/messages/all/']").first().getAttribute("href"))!;
    const agencys = ["/home", "/messages/all", conversation, "/messages/saved-replies"];
    for (const [host, paths] of [[DEMO.individual, annas], [DEMO.company, agencys]] as const) {
      await signedInAs(page, host, "/home");
      for (const locale of ["fr_FR", "de_DE"]) {
        for (const width of [320, 1280]) {
          await page.setViewportSize({ width, height: width === 320 ? 568 : 800 });
          for (const path of paths) {
            await visit(page, `${path}?hl=${locale}`);
            const where = `${path} in ${locale} at ${width} px`;
            expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth), where).toBeLessThanOrEqual(0);
            expect(await coveredControls(page), `covered on ${where}`).toEqual([]);
            expect(await cardsOutOfLine(page), `cards on ${where}`).toEqual([]);
            if (width === 1280) expect(await stretchedButtons(page), `buttons on ${where}`).toEqual([]);
            if (path === request || path === booking) {
              const gap = await statusBesideTitle(page);
              if (gap !== null) expect(gap, `the status beside the title on ${where}`).toBeLessThanOrEqual(24);
            }
          }
        }
      }
    }
  });
});
