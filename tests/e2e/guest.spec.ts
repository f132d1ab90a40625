import type { APIRequestContext, Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { hostWithStay, newGuest, stayAhead, type Guest } from "./bookings-factory";
import { expect, test, usesJavaScript, visit } from "./fixtures";

/**
 * The guest area (§2 Guest, decision 033): a guest signs in with the booking code and email and
 * talks with the host, live with JavaScript and by forms without.
 */

/** A fresh host with a booking whose guest wrote a message with it; the host's cookies are set aside (the page is the guest's). */
async function bookedGuest(page: Page) {
  const stay = await hostWithStay(page, { model: "commission" });
  await page.context().clearCookies();
  const guest = newGuest();
  const answer = await page.request.post(`/api/public/stays/${stay.unitId}/reservations`, { data: { ...stayAhead(3), guests: 2, ...guest, message: "We arrive by train." } });
  expect(answer.status()).toBe(201);
  const { code } = (await answer.json()) as { code: string };
  return { ...stay, guest, code };
}

async function guestSignIn(page: Page, code: string, guest: Guest) {
  await visit(page, "/guest/login");
  await page.getByLabel("Booking code").fill(code);
  await page.getByLabel("Email").fill(guest.email);
  await page.getByRole("button", { name: "Open my booking" }).click();
}

/** The host talks through the live socket, as the host's conversation page does, from this test. */
async function hostSocket(request: APIRequestContext, token: string, conversationId: string) {
  const live = await request.get("/api/app/messaging/token", { headers: { authorization: `Bearer ${token}` } });
  const { token: liveToken } = (await live.json()) as { token: string };
  const socket = new WebSocket(`${baseURL.replace(/^http/, "ws")}/api/live/conversations/${conversationId}/socket?token=${liveToken}&after=0`);
  const frames: { type: string }[] = [];
  socket.addEventListener("message", (event) => frames.push(JSON.parse(String(event.data)) as { type: string }));
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve);
    socket.addEventListener("error", reject);
  });
  return { socket, frames };
}

test("a guest signs in with the booking code and email, sees the stay and talks with the host", async ({ page }, testInfo) => {
  const { guest, code, title, token } = await bookedGuest(page);
  await guestSignIn(page, code.toLowerCase(), guest);
  await expect(page).toHaveURL(/\/guest\/chat/);
  await expect(page.getByRole("heading", { level: 1, name: /^Messages with / })).toBeVisible();
  await expect(page.getByTestId("guest-code")).toHaveText(code);
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByText("Confirmed")).toBeVisible();
  const messages = page.getByTestId("chat-message");
  await expect(messages).toHaveCount(1);
  await expect(messages.first()).toContainText("We arrive by train.");

  await page.getByLabel("Your message").fill("Is there a <b>lift</b>? https://example.com/plan");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(messages).toHaveCount(2);
  // Stored as written, shown as text; the address is a safe link.
  await expect(messages.nth(1)).toContainText("Is there a <b>lift</b>?");
  await expect(messages.nth(1).getByRole("link", { name: "https://example.com/plan" })).toHaveAttribute("rel", "noopener noreferrer nofollow ugc");
  await expect(page.getByLabel("Your message")).toHaveValue("");

  expect(await page.evaluate(() => document.cookie)).not.toContain("guest_token"); // HttpOnly: no script reads the guest's token.
  const cookie = (await page.context().cookies()).find((c) => c.name === "guest_token")!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/guest" });
  expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(86_400 - 120);

  const conversationId = (await page.locator("[data-conversation-id]").getAttribute("data-conversation-id"))!;
  const host = await hostSocket(page.request, token, conversationId);
  if (usesJavaScript(testInfo)) {
    await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
    // The host's answer appears at once, without a reload.
    host.socket.send(JSON.stringify({ type: "send", clientMessageId: "host-answer-1", text: "Yes, a lift to every floor." }));
    await expect(messages).toHaveCount(3);
    await expect(messages.nth(2)).toContainText("Yes, a lift to every floor.");
    await expect(page.getByRole("link", { name: "Load newer messages" })).toHaveCount(0);
  } else {
    host.socket.send(JSON.stringify({ type: "send", clientMessageId: "host-answer-1", text: "Yes, a lift to every floor." }));
    await expect.poll(() => host.frames.some((f) => f.type === "ack")).toBe(true);
    // Without JavaScript the link shows what arrived since, marked new.
    await page.getByRole("link", { name: "Load newer messages" }).click();
    await expect(messages).toHaveCount(3);
    await expect(messages.nth(2)).toContainText("New");
    await expect(messages.nth(2)).toContainText("Yes, a lift to every floor.");
  }
  host.socket.close();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/guest\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your booking" })).toBeVisible();
  await visit(page, "/guest/chat");
  await expect(page).toHaveURL(/\/guest\/login$/);
});

test("guest sign-in refuses a wrong email or code, keeps what was typed, and locks a code out after five failures", async ({ page }) => {
  const { guest, code } = await bookedGuest(page);
  await guestSignIn(page, code, { ...guest, email: "someone@else.example" });
  await expect(page.getByRole("alert")).toContainText("No booking has this code and email.");
  await expect(page.getByLabel("Booking code")).toHaveValue(code);
  await expect(page.getByLabel("Email")).toHaveValue("someone@else.example");

  await page.getByLabel("Email").fill("not an email");
  await page.getByRole("button", { name: "Open my booking" }).click();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();

  for (let i = 0; i < 4; i++) {
    await page.getByLabel("Email").fill(`guess-${i}@else.example`);
    await page.getByRole("button", { name: "Open my booking" }).click();
    await expect(page.getByRole("alert")).toContainText("No booking has this code and email.");
  }
  // Now even the right email is refused for a while.
  await page.getByLabel("Email").fill(guest.email);
  await page.getByRole("button", { name: "Open my booking" }).click();
  await expect(page.getByRole("alert")).toContainText("Too many failed attempts. Try again in 15 minutes.");
  await expect(page).toHaveURL(/\/guest\/login$/);
});

test("the booking's confirmation tells the guest how to reach the guest area, whose sign-in has the code filled in", async ({ page }) => {
  const { unitId } = await hostWithStay(page, { model: "commission" });
  await page.context().clearCookies();
  const guest = newGuest();
  const stay = stayAhead(2);
  await visit(page, `/stays/${unitId}?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=2`);
  await page.getByLabel("First name").fill(guest.firstName);
  await page.getByLabel("Last name").fill(guest.lastName);
  await page.getByLabel("Email").fill(guest.email);
  await page.getByRole("button", { name: "Book now" }).click();
  const code = (await page.getByTestId("booking-code").textContent())!.trim();
  await expect(page.getByRole("heading", { name: "Talk with your host" })).toBeVisible();
  await page.getByRole("link", { name: "Open my booking" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your booking" })).toBeVisible();
  await expect(page.getByLabel("Booking code")).toHaveValue(code);
  await page.getByLabel("Email").fill(guest.email);
  await page.getByRole("button", { name: "Open my booking" }).click();
  await expect(page.getByTestId("guest-code")).toHaveText(code);
  await expect(page.getByText("No messages yet. Write the first one.")).toBeVisible();
  // In German, on a phone's width, nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 700 });
  await visit(page, "/guest/chat?hl=de_DE");
  await expect(page.getByRole("heading", { level: 1, name: /^Nachrichten mit / })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await visit(page, `/guest/login?code=${code}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await visit(page, "/guest/chat?hl=en_US");
});

test("the host and the guest talk in two browsers: live with JavaScript, by forms without", async ({ page, browser }, testInfo) => {
  const js = usesJavaScript(testInfo);
  const { guest, code } = await bookedGuestKeepingHost(page);
  const guestContext = await browser.newContext({ javaScriptEnabled: js, baseURL, locale: "en-US" });
  const guestPage = await guestContext.newPage();
  const errors: string[] = [];
  guestPage.on("pageerror", (error) => errors.push(error.message));
  await guestSignIn(guestPage, code, guest);
  await expect(guestPage.getByTestId("guest-code")).toHaveText(code);
  const conversationId = (await guestPage.locator("[data-conversation-id]").getAttribute("data-conversation-id"))!;

  // The host has the conversation open.
  await visit(page, `/messages/all/${conversationId}`);
  const thread = page.locator(".message-thread");
  await expect(thread).toContainText("We arrive by train.");

  await guestPage.getByLabel("Your message").fill("Can we leave our bags before check-in?");
  await guestPage.getByRole("button", { name: "Send" }).click();
  await expect(guestPage.getByTestId("chat-message").filter({ hasText: "Can we leave our bags" })).toHaveCount(1);
  if (js) {
    // It appears in the host's open conversation without a reload.
    await expect(thread).toContainText("Can we leave our bags before check-in?");
  } else {
    await expect(thread).not.toContainText("Can we leave our bags");
    await page.getByRole("link", { name: "Load newer messages" }).click();
    await expect(page.locator(".message-thread")).toContainText("Can we leave our bags before check-in?");
  }

  await page.locator("#composer-text").fill("Of course, from 10 in the morning.");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.locator(".message-thread")).toContainText("Of course, from 10 in the morning.");
  const answer = guestPage.getByTestId("chat-message").filter({ hasText: "Of course, from 10 in the morning." });
  if (js) {
    await expect(answer).toHaveCount(1);
  } else {
    await expect(answer).toHaveCount(0);
    await guestPage.getByRole("link", { name: "Load newer messages" }).click();
    await expect(answer).toHaveCount(1);
    await expect(answer).toContainText("New");
  }
  // Each message once on both sides.
  await expect(guestPage.getByTestId("chat-message")).toHaveCount(3);
  await expect(page.locator(".message-thread li[data-seq]")).toHaveCount(3);
  expect(errors).toEqual([]);
  await guestContext.close();
});

/** As bookedGuest, with the host still signed in on `page`: the guest gets a browser of its own. */
async function bookedGuestKeepingHost(page: Page) {
  const stay = await hostWithStay(page, { model: "commission" });
  const guest = newGuest();
  const answer = await page.request.post(`/api/public/stays/${stay.unitId}/reservations`, { data: { ...stayAhead(3), guests: 2, ...guest, message: "We arrive by train." } });
  expect(answer.status()).toBe(201);
  const { code } = (await answer.json()) as { code: string };
  return { ...stay, guest, code };
}

test("a guest whose token no longer holds is signed out: the cookie is cleared, the sign-in says why and the browser forgets the unsent messages (§4)", async ({ page }, testInfo) => {
  const { guest, code } = await bookedGuest(page);
  await guestSignIn(page, code, guest);
  await expect(page.getByTestId("guest-code")).toHaveText(code);
  const conversationId = (await page.locator("[data-conversation-id]").getAttribute("data-conversation-id"))!;
  const outbox = `stayhost.chat.guest.${conversationId}.outbox`;
  if (usesJavaScript(testInfo)) {
    await page.evaluate((key) => localStorage.setItem(key, JSON.stringify([{ clientMessageId: "cleft", text: "Left behind", refused: ["invalid"], failed: false }])), outbox);
  }
  // The token in the cookie, with its signature changed (the cookie holds it as JSON in base64).
  const cookie = (await page.context().cookies()).find((c) => c.name === "guest_token")!;
  const token = JSON.parse(Buffer.from(decodeURIComponent(cookie.value), "base64").toString("utf8")) as string;
  const forged = `${token.slice(0, -4)}${token.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
  await page.context().addCookies([{ ...cookie, value: encodeURIComponent(Buffer.from(JSON.stringify(forged)).toString("base64")) }]);

  // The live token's page answers 401 and clears the cookie (the chat's client then leads to the sign-in).
  const live = await page.request.get("/guest/live-token");
  expect(live.status()).toBe(401);
  expect(live.headers()["set-cookie"]).toMatch(/guest_token=;.*Max-Age=0/i);
  await page.context().addCookies([{ ...cookie, value: encodeURIComponent(Buffer.from(JSON.stringify(forged)).toString("base64")) }]);

  if (usesJavaScript(testInfo)) {
    // The open chat finds out when its socket reconnects (its live token is refused) and leads to the sign-in.
    await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
    await page.context().setOffline(true);
    await page.context().setOffline(false);
  } else {
    await visit(page, "/guest/chat");
  }
  await expect(page).toHaveURL(/\/guest\/login\?expired=1$/);
  await expect(page.getByText("You were signed out. Sign in again to continue.")).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === "guest_token")).toBeUndefined();
  if (usesJavaScript(testInfo)) await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), outbox)).toBeNull();
  // Signed in again, the guest is back in the conversation.
  await page.getByLabel("Booking code").fill(code);
  await page.getByLabel("Email").fill(guest.email);
  await page.getByRole("button", { name: "Open my booking" }).click();
  await expect(page.getByTestId("guest-code")).toHaveText(code);
});

test("the host's answer to a request reaches the guest's open conversation: live with JavaScript, after Load newer messages without", async ({ page, browser }, testInfo) => {
  const js = usesJavaScript(testInfo);
  const { unitId } = await hostWithStay(page, { model: "commission", onRequest: true });
  const guest = newGuest("Rosa");
  const answer = await page.request.post(`/api/public/stays/${unitId}/reservations`, { data: { ...stayAhead(3), guests: 2, ...guest, message: "Is a cot available?" } });
  expect(answer.status()).toBe(201);
  const { code } = (await answer.json()) as { code: string };

  // The guest has the conversation open in a browser of its own.
  const guestContext = await browser.newContext({ javaScriptEnabled: js, baseURL, locale: "en-US" });
  const guestPage = await guestContext.newPage();
  await guestSignIn(guestPage, code, guest);
  await expect(guestPage.getByTestId("guest-code")).toHaveText(code);
  const messages = guestPage.getByTestId("chat-message");
  await expect(messages).toHaveCount(1);
  if (js) await expect(guestPage.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
  const conversationId = (await guestPage.locator("[data-conversation-id]").getAttribute("data-conversation-id"))!;
  // A mark on this document: gone if the page were loaded again.
  if (js) await guestPage.evaluate(() => (document.body.dataset.sameDocument = "yes"));

  // The host confirms the request from the conversation.
  await visit(page, `/messages/all/${conversationId}`);
  await page.getByRole("button", { name: "Confirm the request" }).click();
  await expect(page.getByText("Request confirmed. The stay is booked.")).toBeVisible();

  const confirmed = messages.filter({ hasText: "The request was confirmed: the stay is booked." });
  if (js) {
    // Without a reload: the system message came over the guest's socket.
    await expect(confirmed).toHaveCount(1);
    expect(await guestPage.evaluate(() => document.body.dataset.sameDocument)).toBe("yes");
  } else {
    await expect(confirmed).toHaveCount(0);
    await guestPage.getByRole("link", { name: "Load newer messages" }).click();
    await expect(confirmed).toHaveCount(1);
  }
  await expect(messages).toHaveCount(2);
  await guestContext.close();
});
