import { request as newRequest, type Locator, type Page, type TestInfo } from "@playwright/test";
import { apartApiURL } from "../../playwright.config";
import { apiToken, createProperty } from "./api-factory";
import { addDays, hostWithStay, newGuest, reserve } from "./bookings-factory";
import { DEMO, expect, newHost, ownSession, reloadWithScriptsHeld, settled, signedInAs, staffFor, test, usesJavaScript, visit } from "./fixtures";

/** A tutorial's picture of the real screen: shown, and the browser has it. */
async function expectPicture(picture: Locator) {
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(960);
}

/** Today where the test units are (Hamburg, createProperty's address). */
const todayInHamburg = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());

test.describe("the overview", () => {
  test("shows today's check-in by the unit's date and leads to the booking", async ({ page }) => {
    const { token, unitId, title } = await hostWithStay(page, { model: "commission" });
    const headers = { authorization: `Bearer ${token}` };
    expect((await page.request.patch(`/api/app/property-unit/${unitId}/price-configuration`, { headers, data: { minDaysOfNotice: 0 } })).status()).toBe(200);
    const today = todayInHamburg();
    const guest = newGuest("Ines");
    await reserve(page.request, unitId, { checkIn: today, checkOut: addDays(today, 2) }, guest);

    await visit(page, "/home");
    const checkIns = page.getByRole("group", { name: /Check-ins/ }).first();
    const arrival = checkIns.getByRole("link", { name: new RegExp(`Ines ${guest.lastName}`) });
    await expect(arrival).toBeVisible();
    await expect(arrival).toContainText(title);
    // Tomorrow has no arrival: a real empty state, and the way to the stays after it.
    const tomorrow = page.getByRole("region", { name: "Tomorrow" });
    await expect(tomorrow.getByText("No guests arrive.")).toBeVisible();
    await expect(tomorrow.getByRole("link", { name: "See upcoming stays" })).toHaveAttribute("href", "/bookings/upcoming");
    await expect(page.getByRole("region", { name: /at a glance/ }).getByText("Booked nights")).toBeVisible();
    await arrival.click();
    await expect(page).toHaveURL(/\/booking-details\//);
  });

  test("lists the requests waiting with their expiry, and a task that is hidden stays hidden", async ({ page }) => {
    const { unitId } = await hostWithStay(page, { model: "commission", onRequest: true });
    const stay = { checkIn: addDays(todayInHamburg(), 30), checkOut: addDays(todayInHamburg(), 33) };
    await reserve(page.request, unitId, stay, newGuest("Rosa"));
    await visit(page, "/home");
    const requests = page.getByRole("region", { name: "Requests waiting for you" });
    await expect(requests.getByRole("link", { name: /Rosa/ })).toContainText(/Expires in \d+ hours?/);

    const tasks = page.getByRole("region", { name: "Your tasks" });
    // The ideal guest's match shows on a commission host's booking requests.
    await expect(tasks.getByText("Five quick questions; booking requests then show how well they match.")).toBeVisible();
    await expect(tasks.getByText("Connect your other calendars", { exact: true })).toBeVisible();
    await tasks.getByRole("button", { name: /^Hide\W+Connect your other calendars$/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "The task is hidden." })).toBeVisible();
    await expect(tasks.getByText("Connect your other calendars", { exact: true })).toHaveCount(0);
    await visit(page, "/home");
    await expect(page.getByRole("region", { name: "Your tasks" }).getByText("Connect your other calendars", { exact: true })).toHaveCount(0);
  });

  test("the month's figures stay on one line, in a tile that holds them, at 1280 and 320 px in Swiss German and Italian", async ({ page }) => {
    await signedInAs(page, DEMO.hybrid);
    for (const width of [1280, 320]) {
      await page.setViewportSize({ width, height: 900 });
      for (const locale of ["de_CH", "it_IT"]) {
        await visit(page, `/home?hl=${locale}`);
        const figures = page.locator(".overview-stats dd");
        await expect(figures).toHaveCount(3);
        // The payout is thousands of euros (the demo's stays every few weeks): long enough to have broken.
        await expect(figures.first()).toHaveText(locale === "de_CH" ? /^EUR\s\d['’]\d{3}\.\d{2}$/ : /^\d\.?\d{3},\d{2}\s€$/);
        const measured = await figures.evaluateAll((dds) =>
          dds.map((dd) => {
            const text = document.createRange();
            text.selectNodeContents(dd);
            const tile = dd.closest(".stat")!.getBoundingClientRect();
            return { text: dd.textContent, lines: new Set([...text.getClientRects()].map((r) => Math.round(r.top))).size, fits: text.getBoundingClientRect().right <= tile.right + 0.5 };
          }),
        );
        for (const figure of measured) expect(figure, `${figure.text} at ${width} px in ${locale}`).toEqual({ text: figure.text, lines: 1, fits: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    }
  });

  test("a line of facts never begins with its separator: a request's dates wrapped on a 320 px phone in Italian", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 900 });
    await signedInAs(page, DEMO.company, "/home?hl=it_IT");
    const lines = page.locator(".overview-stays .facts-line");
    await expect(lines.first()).toBeVisible();
    const found = await lines.evaluateAll((rows) => {
      let wrapped = 0;
      const strays: string[] = [];
      for (const row of rows) {
        const box = row.getBoundingClientRect();
        const clipped = ["clip", "hidden"].includes(getComputedStyle(row).overflowX);
        [...row.children].forEach((fact, index) => {
          const left = fact.getBoundingClientRect().left;
          if (Math.abs(left - box.left) > 1) return;
          if (index > 0) wrapped++;
          // Where the fact's separator is drawn: shown unless it lies left of a row that clips it.
          const separator = getComputedStyle(fact, "::before");
          if (separator.content === "none" || separator.content === "normal") return;
          const right = left + parseFloat(separator.marginLeft) + (parseFloat(separator.width) || 1);
          if (!(clipped && right <= box.left + 0.5)) strays.push(row.textContent ?? "");
        });
      }
      return { wrapped, strays };
    });
    expect(found.wrapped, "a request's facts wrap at 320 px").toBeGreaterThan(0);
    expect(found.strays).toEqual([]);
  });

  test("a subscription host without a published listing sees what applies: inquiries to come, no listing issues, no payout, inquiries for the ideal guest", async ({ page }) => {
    await signedInAs(page, DEMO.onboarding, "/home?hl=en_GB");
    const onboarding = page.getByRole("region", { name: "Finish your first listing" });
    await expect(onboarding).toBeVisible();
    // Its guests will send inquiries, not bookings.
    await expect(onboarding.getByText(/^Add your property, prices and availability to start receiving (inquiries|enquiries)\.$/)).toBeVisible();
    await expect(page.getByRole("region", { name: "Listing issues" })).toHaveCount(0);
    await expect(page.getByText("Your listings have no issues.")).toHaveCount(0);
    // No bookings to take yet: no way to upcoming stays.
    await expect(page.getByRole("region", { name: "Tomorrow" }).getByRole("link")).toHaveCount(0);
    const month = page.getByRole("region", { name: /at a glance/ });
    await expect(month.getByText("Booked nights")).toBeVisible();
    await expect(month.getByText("Payout")).toHaveCount(0);
    const tasks = page.getByRole("region", { name: "Your tasks" });
    // A new host's English is British or American as its browser says: "enquiries" or "inquiries".
    await expect(tasks.getByText(/^Five quick questions; (inquiries|enquiries) then show how well they match\.$/)).toBeVisible();
    await expect(tasks.getByText(/requests then show/)).toHaveCount(0);
  });

  test("a hybrid host is told of booking requests and enquiries for the ideal guest, sees its payout and its listings' issues", async ({ page }) => {
    await signedInAs(page, DEMO.hybrid, "/home?hl=en_GB");
    await expect(page.getByRole("region", { name: /at a glance/ }).getByText("Payout")).toBeVisible();
    await expect(page.getByRole("region", { name: "Listing issues" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Your tasks" }).getByText("Five quick questions; booking requests and enquiries then show how well they match.")).toBeVisible();
  });
});

test.describe("notifications", () => {
  test("a notification leads where it is handled and is read; mark all as read empties the count", async ({ page }) => {
    await hostWithStay(page, { model: "commission", onRequest: true });
    await visit(page, "/home");
    const bell = page.locator("summary", { hasText: "Notifications" });
    await expect(bell.getByRole("img", { name: "3 unread notifications" })).toBeAttached();
    await bell.click();
    await page.getByRole("button", { name: /Switch on instant booking/ }).click();
    await expect(page).toHaveURL(/\/booking-policies$/);
    await expect(page.locator("summary", { hasText: "Notifications" }).getByRole("img", { name: "2 unread notifications" })).toBeAttached();

    await page.locator("summary", { hasText: "Notifications" }).click();
    // With JavaScript the count empties at once: the page is left only once the marks are stored.
    const stored = page.waitForResponse((r) => r.url().includes("/resources/notifications") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.locator("summary", { hasText: "Notifications" }).getByRole("img")).toHaveCount(0);
    expect((await stored).status()).toBeLessThan(400);
    await visit(page, "/home");
    await expect(page.locator("summary", { hasText: "Notifications" }).getByRole("img")).toHaveCount(0);
  });

  test("a read that fails says so: with JavaScript it shows at once and is undone, without it the page comes back as it is", async ({ page }, testInfo) => {
    const { token, unitId } = await hostWithStay(page, { model: "commission", onRequest: true });
    await visit(page, "/home");
    const bell = page.locator("summary", { hasText: "Notifications" });
    await bell.click();
    const item = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: /Switch on instant booking/ }) });
    if (usesJavaScript(testInfo)) {
      // The mark is refused on its way: the notification is unread again and the host is told.
      const held = Promise.withResolvers<void>();
      await page.route("**/resources/notifications", async (route) => {
        await held.promise;
        await route.fulfill({ status: 409, json: { failed: true } });
      });
      await item.getByRole("button").click();
      await expect(item).toHaveAttribute("data-read", "true");
      await expect(bell.getByRole("img", { name: "2 unread notifications" })).toBeAttached();
      held.resolve();
      await expect(page.getByRole("alert").filter({ hasText: "This could not be marked as read. Try again." })).toBeVisible();
      await expect(item).toHaveAttribute("data-read", "false");
      await expect(bell.getByRole("img", { name: "3 unread notifications" })).toBeAttached();
    } else {
      // The unit takes instant bookings behind the page's back: the notification is no longer raised,
      // the API refuses to mark it, and the page comes back with the message and the notifications as they are.
      const changed = await page.request.post("/api/app/property-units/change-booking-preference", { headers: { authorization: `Bearer ${token}` }, data: { unitIds: [unitId], bookingType: "onLine" } });
      expect(changed.status()).toBeLessThan(300);
      await item.getByRole("button").click();
      await expect(page.getByRole("alert").filter({ hasText: "This could not be marked as read. Try again." })).toBeVisible();
      await expect(page.locator("summary", { hasText: "Notifications" }).getByRole("img", { name: "2 unread notifications" })).toBeAttached();
    }
    await expect(page).toHaveURL(/\/home$/);
  });

  test("a host on a subscription is told nothing of instant booking, which is not theirs, and of inquiries for the ideal guest", async ({ page }) => {
    // A new host takes bookings (its features) on a subscription; its unit is booked on request, as the API (a channel manager) may set it.
    await hostWithStay(page, { onRequest: true });
    await visit(page, "/home");
    const bell = page.locator("summary", { hasText: "Notifications" });
    await expect(bell.getByRole("img", { name: "1 unread notification" })).toBeAttached();
    await bell.click();
    const dropdown = page.locator(".notifications__panel");
    await expect(dropdown.locator("li.notification")).toHaveCount(1);
    // A new host's English is British or American as its browser says: "enquiry" or "inquiry".
    await expect(dropdown.getByRole("button", { name: /Describe your ideal guest/ })).toContainText(/how well each (inquiry|enquiry) matches\./);
    await expect(dropdown.getByText(/instant booking/i)).toHaveCount(0);
    // Nor a task about promotions, which are a commission host's, nor the help article about instant booking.
    await expect(page.getByRole("region", { name: "Your tasks" }).getByText("Activate a promotion")).toHaveCount(0);
    await visit(page, "/help?section=properties");
    await expect(page.getByText("Edit a property", { exact: true })).toBeVisible();
    await expect(page.getByText(/instant booking/i)).toHaveCount(0);
    // Nor of earnings and occupancy, tabs its statistics do not have: the article names those it has.
    await visit(page, "/help?section=insights");
    await page.getByRole("main").getByText("Read your statistics", { exact: true }).click();
    await expect(page.getByText("Statistics show listing views, performance and reviews per unit.")).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText(/earnings|occupancy/i);
  });

  test("a host with many notifications finds the newest in the header and all of them on their page", async ({ page }) => {
    // One unit from hostWithStay and four more, all published without a promotion: five discountPromotion and describeIdealGuest (the oldest).
    const { token } = await hostWithStay(page, { model: "commission" });
    for (let i = 1; i <= 4; i++) await createProperty(page.request, token, { title: `Dune house ${i} ${crypto.randomUUID().slice(0, 6)}`, complete: true, publish: true, nightlyPrice: 9_000 });
    await visit(page, "/home");
    const bell = page.locator("summary", { hasText: "Notifications" });
    await expect(bell.getByRole("img", { name: "6 unread notifications" })).toBeAttached();
    await bell.click();
    const dropdown = page.locator(".notifications__panel");
    await expect(dropdown.locator("li.notification")).toHaveCount(5);
    await expect(dropdown.getByRole("button", { name: /Describe your ideal guest/ })).toHaveCount(0);
    await dropdown.getByRole("link", { name: "See all notifications (6)" }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    await expect(main.getByRole("listitem")).toHaveCount(6);
    // The one the dropdown does not list is read here and leads where it is handled.
    await main.getByRole("button", { name: /Describe your ideal guest/ }).click();
    await expect(page).toHaveURL(/\/guest-profile\/introduction$/);
    await expect(bell.getByRole("img", { name: "5 unread notifications" })).toBeAttached();
    await visit(page, "/notifications");
    await expect(page.getByRole("main").locator('[data-read="true"]')).toHaveCount(1);
    await page.getByRole("main").getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByRole("main").locator('[data-read="false"]')).toHaveCount(0);
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(bell.getByRole("img")).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("button", { name: "Mark all as read" })).toHaveCount(0);
  });

  test("mark all as read is not lost by a reload while it is under way", async ({ page }, testInfo) => {
    const { token } = await hostWithStay(page, { model: "commission", onRequest: true });
    const unreadOnServer = async () => {
      const answer = await page.request.get("/api/app/user/interactions", { headers: { authorization: `Bearer ${token}` } });
      return ((await answer.json()) as { notifications: { read: boolean }[] }).notifications.filter((n) => !n.read).length;
    };
    await visit(page, "/home");
    const bell = page.locator("summary", { hasText: "Notifications" });
    await expect(bell.getByRole("img", { name: "3 unread notifications" })).toBeAttached();
    // The mark is held on its way while the page is reloaded, and then lost: it never reaches the server.
    const held = Promise.withResolvers<void>();
    const marks: string[] = [];
    await page.route("**/resources/notifications", async (route) => {
      marks.push(route.request().postData() ?? "");
      if (marks.length > 1) return route.continue();
      await held.promise;
      await route.abort().catch(() => undefined);
    });
    await bell.click();
    const markAll = page.getByRole("button", { name: "Mark all as read" });
    if (usesJavaScript(testInfo)) {
      await markAll.click();
      await expect(bell.getByRole("img")).toHaveCount(0);
    } else {
      // The form's page does not come while the mark is held.
      void markAll.click().catch(() => undefined);
    }
    await expect.poll(() => marks.length).toBe(1);
    expect(await unreadOnServer()).toBe(3);
    if (usesJavaScript(testInfo)) {
      // The page reloads itself, as the browser's reload button does (which tells the page first).
      const reloaded = page.waitForEvent("framenavigated", (frame) => frame === page.mainFrame());
      await page.evaluate(() => location.reload()).catch(() => undefined);
      await reloaded;
    } else {
      // The host gives up waiting and opens the overview again.
      await page.goto("/home");
    }
    await settled(page);
    held.resolve();
    if (usesJavaScript(testInfo)) {
      // The tab kept the mark until the server answered it: the next page sends it again, and shows it meanwhile.
      await expect(bell.getByRole("img")).toHaveCount(0);
      await expect.poll(unreadOnServer).toBe(0);
      expect(marks).toHaveLength(2);
      expect(marks[1]).toBe(marks[0]);
      await visit(page, "/home");
      await expect(bell.getByRole("img")).toHaveCount(0);
      expect(marks).toHaveLength(2);
    } else {
      // Without JavaScript the form was given up before the server had it: the page shows the
      // notifications unread, as the server has them, never read.
      await expect(bell.getByRole("img", { name: "3 unread notifications" })).toBeAttached();
      expect(await unreadOnServer()).toBe(3);
    }
  });
});

test.describe("the welcome tour", () => {
  test("shows once: the welcome, the tutorials and their steps, and closing marks it seen", async ({ page }, testInfo) => {
    await newHost(page, "individual", { welcomed: false });
    // The server renders the welcome as the open dialog it is: nothing moves when the script makes it modal.
    const html = await (await page.request.get("/home")).text();
    expect(html).toMatch(/<dialog[^>]*\bopen=""[^>]*aria-label="Welcome to your host app"/);
    await visit(page, "/home");
    const welcome = page.getByRole("dialog", { name: "Welcome to your host app" });
    await expect(welcome).toBeVisible();
    // Where the modal stands: in the middle of the window, with JavaScript and without.
    const box = (await welcome.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
    expect(Math.abs(box.y + box.height / 2 - viewport.height / 2)).toBeLessThan(2);
    if (usesJavaScript(testInfo)) {
      // A modal, the keyboard inside it.
      await expect(welcome.getByRole("button", { name: "Close" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(welcome.getByRole("link", { name: "See the tutorials" })).toBeFocused();
      await welcome.getByRole("link", { name: "See the tutorials" }).click();
      const tutorials = page.getByRole("dialog", { name: "Tutorials" });
      await expect(tutorials.getByRole("heading", { name: "Tutorials" })).toBeFocused();
      await expect(tutorials.getByRole("listitem")).toHaveCount(6);
      // A tutorial opens in the same modal, over the overview.
      await tutorials.getByRole("link", { name: /Modify prices/ }).click();
      const tutorial = page.getByRole("dialog", { name: "Modify prices" });
      await expect(tutorial.getByRole("heading", { name: "Modify prices", level: 2 })).toBeFocused();
      await expect(tutorial.getByText("Open Properties, choose a unit and go to Price and availability.")).toBeVisible();
      await expect(page).toHaveURL(/\/home$/);
      const marked = page.waitForResponse((r) => r.url().includes("/resources/interaction") && r.request().method() === "POST");
      await tutorial.getByRole("button", { name: "Close" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      expect((await marked).status()).toBeLessThan(400);
    } else {
      await welcome.getByRole("link", { name: "See the tutorials" }).click();
      await expect(page.getByRole("heading", { name: "Tutorials", level: 1 })).toBeVisible();
      await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(6);
      await page.getByRole("main").getByRole("link", { name: /Modify prices/ }).click();
      await expect(page.getByRole("heading", { name: "Modify prices", level: 1 })).toBeVisible();
      await expect(page.getByText("Open Properties, choose a unit and go to Price and availability.")).toBeVisible();
      await page.getByRole("button", { name: "Close the tour" }).click();
    }
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText("Welcome to your host app")).toHaveCount(0);
    await visit(page, "/home");
    await expect(page.getByText("Welcome to your host app")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Your tasks" }).getByText("Take the welcome tour", { exact: true })).toHaveCount(0);
  });

  test("the tutorials open as a modal over their list with JavaScript, as pages without; closing one marks the tour seen", async ({ page }, testInfo) => {
    await newHost(page, "individual", { welcomed: false });
    await visit(page, "/tour/tutorials");
    const opener = page.getByRole("main").getByRole("link", { name: /Edit my property/ });
    if (usesJavaScript(testInfo)) {
      await opener.click();
      const tutorial = page.getByRole("dialog", { name: "Edit my property" });
      await expect(tutorial.getByRole("button", { name: "Close" })).toBeFocused();
      await expect(tutorial.getByText("Each unit has sections: about, photos, amenities, rooms and booking policies.")).toBeVisible();
      await expectPicture(tutorial.getByRole("img", { name: "A property's page with its units and their sections." }));
      await expect(page).toHaveURL(/\/tour\/tutorials$/);
      // The keyboard stays inside: Tab goes round the dialog's controls (and the browser's own), never to the page behind.
      const focusedIn = () => page.evaluate(() => (document.activeElement?.closest("dialog") ? "dialog" : document.activeElement === document.body ? "browser" : "page"));
      const seen = new Set<string>();
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press("Tab");
        seen.add(await focusedIn());
      }
      expect(seen.has("dialog")).toBe(true);
      expect(seen.has("page")).toBe(false);
      await tutorial.getByRole("link", { name: "Next: Manage subscriptions" }).click();
      const next = page.getByRole("dialog", { name: "Manage subscriptions" });
      await expect(next.getByRole("heading", { name: "Manage subscriptions", level: 2 })).toBeFocused();
      const marked = page.waitForResponse((r) => r.url().includes("/resources/interaction") && r.request().method() === "POST");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      expect((await marked).status()).toBeLessThan(400);
      // The keyboard is back on the link that opened it.
      await expect(opener).toBeFocused();
    } else {
      await opener.click();
      await expect(page).toHaveURL(/\/tour\/tutorials\/editProperty$/);
      await expect(page.getByRole("heading", { name: "Edit my property", level: 1 })).toBeVisible();
      await expectPicture(page.getByRole("img", { name: "A property's page with its units and their sections." }));
      await page.getByRole("link", { name: "Next: Manage subscriptions" }).click();
      await expect(page.getByRole("heading", { name: "Manage subscriptions", level: 1 })).toBeVisible();
      await page.getByRole("button", { name: "Close the tour" }).click();
      await expect(page).toHaveURL(/\/home$/);
    }
    await visit(page, "/home");
    await expect(page.getByText("Welcome to your host app")).toHaveCount(0);
  });

  test("a host on commission only is shown the tutorials of what it has: none about subscriptions, which it has none of", async ({ page }) => {
    await hostWithStay(page, { model: "commission" });
    await visit(page, "/tour/tutorials");
    const list = page.getByRole("main").getByRole("list");
    await expect(list.getByRole("listitem")).toHaveCount(5);
    await expect(list.getByRole("link", { name: /Edit my property/ })).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText(/subscription/i);
    // Edit my property leads on to the profile, and the subscriptions' tutorial is not there for this host.
    await visit(page, "/tour/tutorials/editProperty");
    await expect(page.getByRole("link", { name: "Next: Access my profile" })).toBeVisible();
    expect((await page.request.get("/tour/tutorials/manageSubscriptions")).status()).toBe(404);
  });

  test("a host who has seen the welcome is not shown it again", async ({ page }) => {
    // The same host as under the forcing setting (below), on the main server with the default setting.
    await newHost(page);
    await visit(page, "/home");
    await expect(page.getByRole("heading", { name: /^Hello, Erin/ })).toBeVisible();
    await expect(page.getByText("Welcome to your host app")).toHaveCount(0);
  });

  test("closing the welcome on the overview marks it seen too: Escape with JavaScript, its Close button without", async ({ page }, testInfo) => {
    await newHost(page, "individual", { welcomed: false });
    // On a phone of 320 px the welcome fits the window, and nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 640 });
    await visit(page, "/home");
    const welcome = page.getByRole("dialog", { name: "Welcome to your host app" });
    await expect(welcome).toBeVisible();
    const box = (await welcome.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // Its Close is a form without JavaScript: it marks the tour seen and comes back to the overview.
    await closeWelcome(page, welcome, testInfo);
    await expect(welcome).toHaveCount(0);
    // The overview is usable again.
    await expect(page.getByRole("heading", { name: /^Hello, Erin/ })).toBeVisible();
    await visit(page, "/home");
    await expect(page.getByText("Welcome to your host app")).toHaveCount(0);
  });

  test("closing the welcome is not lost by a reload while it is under way", async ({ page }, testInfo) => {
    const host = await newHost(page, "individual", { welcomed: false });
    const token = await apiToken(page.request, host.email, host.password);
    const seenOnServer = async () => {
      const answer = await page.request.get("/api/app/user/interactions", { headers: { authorization: `Bearer ${token}` } });
      return ((await answer.json()) as { interactions: { interactionType: string; interacted: boolean }[] }).interactions.some((i) => i.interactionType === "welcomeTour" && i.interacted);
    };
    await visit(page, "/home");
    const welcome = page.getByRole("dialog", { name: "Welcome to your host app" });
    await expect(welcome).toBeVisible();
    // The close is held on its way while the page is reloaded, and then lost: it never reaches the server.
    const held = Promise.withResolvers<void>();
    const marks: string[] = [];
    await page.route("**/resources/interaction", async (route) => {
      marks.push(route.request().postData() ?? "");
      if (marks.length > 1) return route.continue();
      await held.promise;
      await route.abort().catch(() => undefined);
    });
    if (usesJavaScript(testInfo)) {
      await page.keyboard.press("Escape");
      await expect(welcome).toHaveCount(0);
    } else {
      // The form's page does not come while the close is held.
      void welcome.getByRole("button", { name: "Close" }).click().catch(() => undefined);
    }
    await expect.poll(() => marks.length).toBe(1);
    expect(await seenOnServer()).toBe(false);
    const welcomeElement = page.locator('dialog[aria-label="Welcome to your host app"]');
    if (usesJavaScript(testInfo)) {
      // The reloaded page's own scripts are held as well: what shows is the server's page as it is.
      const releaseScripts = await reloadWithScriptsHeld(page);
      await expect(page.getByRole("heading", { name: /^Hello, Erin/ })).toBeVisible();
      // The server does not have the close yet and renders the welcome, which the tab keeps closed from the first paint.
      await expect(welcomeElement).toBeAttached();
      await expect(welcomeElement).toBeHidden();
      held.resolve();
      releaseScripts();
      await settled(page);
      // The tab kept the close until the server answered it: the page sends it again, the welcome stays closed.
      await expect(welcomeElement).toHaveCount(0);
      await expect.poll(seenOnServer).toBe(true);
      expect(marks).toHaveLength(2);
      expect(marks[1]).toBe(marks[0]);
      await expect(page.getByRole("region", { name: "Your tasks" }).getByText("Take the welcome tour", { exact: true })).toHaveCount(0);
      await visit(page, "/home");
      await expect(page.getByText("Welcome to your host app")).toHaveCount(0);
      expect(marks).toHaveLength(2);
    } else {
      // The host gives up waiting and opens the overview again: without JavaScript the form was given
      // up before the server had it, and the welcome shows again, as the server has it (never lost
      // silently: closing it again marks it seen, see above).
      await page.goto("/home");
      await settled(page);
      held.resolve();
      await expect(welcome).toBeVisible();
      expect(await seenOnServer()).toBe(false);
    }
  });
});

/**
 * Closes the welcome as a host does, which marks the tour seen: with JavaScript by Escape (the dialog
 * goes and the mark is sent), without by its Close form, which comes back to the overview.
 */
async function closeWelcome(page: Page, welcome: Locator, testInfo: TestInfo) {
  if (usesJavaScript(testInfo)) {
    const marked = page.waitForResponse((r) => r.url().includes("/resources/interaction") && r.request().method() === "POST");
    await page.keyboard.press("Escape");
    await expect(welcome).toHaveCount(0);
    expect((await marked).status()).toBeLessThan(400);
  } else {
    await welcome.getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/home$/);
  }
}

test.describe("the welcome tour forced by its setting", () => {
  // The API's Worker of the apart pair (scripts/e2e-server.ts) is a whole app with WELCOME_TOUR_ALWAYS=true;
  // the main server has the default, under which a host who has seen the tour is not shown it again.
  test.use({ baseURL: apartApiURL });

  test.beforeAll(async () => {
    // That Worker starts after the main server's build.
    test.setTimeout(120_000);
    const api = await newRequest.newContext({ baseURL: apartApiURL });
    await expect.poll(async () => (await api.get("/api/public/settings").catch(() => null))?.status(), { timeout: 90_000, intervals: [500] }).toBe(200);
    await api.dispose();
  });

  test("shows the welcome every time, also to a host who has seen it", async ({ page }, testInfo) => {
    // A host who has seen the tour (marked through the API, as newHost does).
    await newHost(page);
    for (const time of ["again", "once more after closing it"]) {
      await visit(page, "/home");
      const welcome = page.getByRole("dialog", { name: "Welcome to your host app" });
      await expect(welcome, time).toBeVisible();
      await closeWelcome(page, welcome, testInfo);
      // Without JavaScript closing comes back to the overview, where the setting shows it at once.
      if (!usesJavaScript(testInfo)) await expect(welcome).toBeVisible();
    }
    // Seen all the same: its task is done.
    await expect(page.getByRole("region", { name: "Your tasks" }).getByText("Take the welcome tour", { exact: true })).toHaveCount(0);
  });
});

test.describe("help and support", () => {
  test("the help dropdown explains the section, and the contact form reaches staff with its page", async ({ page, browser }, testInfo) => {
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    await createProperty(page.request, token, { title: "Help test flat" });
    await visit(page, "/properties");
    await page.locator("summary", { hasText: "Help" }).click();
    if (usesJavaScript(testInfo)) {
      // A new host is on a subscription: the properties' articles without the one on instant booking, which is not theirs.
      await expect(page.getByText("Edit a property", { exact: true })).toBeVisible();
      await page.getByText("Edit a property", { exact: true }).click();
      await expect(page.getByText("Each section saves on its own.")).toBeVisible();
    } else {
      await page.getByRole("link", { name: "Help articles for this page" }).click();
      await expect(page.getByRole("heading", { name: "Help: Properties" })).toBeVisible();
      await visit(page, "/properties");
      await page.locator("summary", { hasText: "Help" }).click();
    }
    await page.getByRole("link", { name: "Contact support" }).click();
    await expect(page.getByRole("heading", { name: "Contact support" })).toBeVisible();
    const send = page.getByRole("button", { name: "Send message" });
    if (usesJavaScript(testInfo)) {
      // §2/§5: the details appear once a topic is picked; Send waits for both.
      await expect(page.getByLabel("Details")).toHaveCount(0);
      await expect(send).toBeDisabled();
      await page.getByLabel("Topic").selectOption({ label: "A listing" });
      await expect(send).toBeDisabled();
    } else {
      // Without JavaScript the server says what is missing, and keeps what was typed.
      await page.getByLabel("Details").fill("Too short");
      await send.click();
      await expect(page.getByText("This field is required.")).toBeVisible();
      await expect(page.getByLabel("Details")).toHaveValue("Too short");
      await page.getByLabel("Topic").selectOption({ label: "A listing" });
    }
    const message = `My listing does not show its photos (${crypto.randomUUID().slice(0, 8)}).`;
    await page.getByLabel("Details").fill(message);
    await send.click();
    await expect(page).toHaveURL(/\/properties$/);
    await expect(page.getByRole("status").filter({ hasText: "Your message was sent." })).toBeVisible();

    const staff = await browser.newPage({ javaScriptEnabled: usesJavaScript(testInfo) });
    await ownSession(staff, staffFor(testInfo).email, "/staff/contact-messages");
    const sent = staff.getByRole("listitem").filter({ hasText: message });
    await expect(sent).toContainText("A listing");
    await expect(sent).toContainText("Page: /properties");
    await expect(sent).toContainText(host.email);
    await staff.close();
  });

  test("the help dropdown leads to the tutorials, in the host's language", async ({ page }, testInfo) => {
    await newHost(page);
    await visit(page, "/properties");
    await page.locator("summary", { hasText: "Help" }).click();
    await page.getByRole("link", { name: "Tutorials", exact: true }).click();
    await expect(page).toHaveURL(/\/tour\/tutorials$/);
    await expect(page.getByRole("heading", { name: "Tutorials", level: 1 })).toBeVisible();
    const opener = page.getByRole("main").getByRole("link", { name: /Modify prices/ });
    await opener.click();
    if (usesJavaScript(testInfo)) {
      // Each tutorial opens in the tour's dialog over the list, as from the welcome.
      const tutorial = page.getByRole("dialog", { name: "Modify prices" });
      await expect(tutorial.getByRole("button", { name: "Close" })).toBeFocused();
      await expect(tutorial.getByRole("heading", { name: "Modify prices", level: 2 })).toBeVisible();
      await expect(page).toHaveURL(/\/tour\/tutorials$/);
    } else {
      await expect(page).toHaveURL(/\/tour\/tutorials\/modifyPrices$/);
      await expect(page.getByRole("heading", { name: "Modify prices", level: 1 })).toBeVisible();
    }
    await expectPicture(page.getByRole("img", { name: "A unit's Price and availability page with its nightly price and stay limits." }));
    await expect(page.getByRole("img", { name: "A unit's Price and availability page with its nightly price and stay limits." })).toHaveAttribute("src", "/tour/en_US/modifyPrices.webp");
    // In German the link, the page it leads to and the tutorial's picture of the screen are German.
    await visit(page, "/properties?hl=de_DE");
    await page.locator("#help-center-link").click();
    await page.getByRole("link", { name: "Anleitungen", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Anleitungen", level: 1 })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: /Preise ändern/ }).click();
    const picture = page.locator("img.tour__picture");
    await expectPicture(picture);
    await expect(picture).toHaveAttribute("src", "/tour/de_DE/modifyPrices.webp");
  });

  test("hosts do not see the staff's support messages", async ({ page }) => {
    await newHost(page);
    const response = await page.goto("/staff/contact-messages");
    expect(response?.status()).toBe(404);
  });
});

test.describe("the demo hosts' overview", () => {
  test("Anna sees her requests and her Lisbon flat needing action", async ({ page }) => {
    await ownSession(page, DEMO.individual, "/home");
    await expect(page.getByRole("region", { name: "Listing issues" }).getByText("Action needed").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Your subscription" })).toBeVisible();
  });
});
