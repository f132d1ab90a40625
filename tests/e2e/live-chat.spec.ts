import type { APIRequestContext, Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { hostWithStay, newGuest, stayAhead } from "./bookings-factory";
import { expect, test, usesJavaScript, visit } from "./fixtures";

/**
 * The host's composer over the live socket (issue 15, decision 034): with JavaScript a message is
 * shown at once as pending and sent over the conversation's socket with a client message id, queued
 * while the browser is offline and sent once when it is back, marked failed with a retry when the
 * server could not store it; without JavaScript the form posts, and the same form sent twice stores
 * one message.
 */

interface Stored {
  seq: number;
  sender: string;
  text: string;
  clientMessageId: string;
}

/** A host with a booking whose guest wrote first; the host's conversation is open on `page`. */
async function openConversation(page: Page) {
  const { token, unitId, host } = await hostWithStay(page, { model: "commission" });
  const guest = newGuest("Noor");
  const answer = await page.request.post(`/api/public/stays/${unitId}/reservations`, { data: { ...stayAhead(3), guests: 2, ...guest, message: "Is the flat quiet at night?" } });
  expect(answer.status()).toBe(201);
  const { code } = (await answer.json()) as { code: string };
  await visit(page, "/messages/all");
  await page.getByRole("list", { name: "Conversations" }).getByRole("link", { name: new RegExp(guest.firstName) }).click();
  await expect(page.locator(".message-list")).toContainText("Is the flat quiet at night?");
  const conversationId = (await page.locator(".message-thread").getAttribute("data-conversation-id"))!;
  return { token, conversationId, guest, code, host };
}

/**
 * Cuts the host's browser off once the router has asked for the route of the conversation's booking
 * link: just after a page shows a link, the router fetches its route (lazy route discovery), and
 * that fetch, cut off meanwhile, is logged as an error (which fails any test).
 */
async function goOffline(page: Page) {
  const booking = (await page.locator("a[href^='/booking-details/']").first().getAttribute("href"))!;
  await page.waitForFunction(
    (path) => performance.getEntriesByType("resource").some((entry) => entry.name.includes("/__manifest?") && decodeURIComponent(entry.name).includes(path)),
    booking,
  );
  await page.context().setOffline(true);
}

/** What the conversation has stored, read through the host API (not the page). */
async function stored(request: APIRequestContext, token: string, conversationId: string): Promise<Stored[]> {
  const answer = await request.get(`/api/app/messaging/conversations/${conversationId}/messages?limit=100`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { items: Stored[] }).items;
}

const textsOf = (messages: Stored[], text: string) => messages.filter((m) => m.text === text);

test("a message written offline is shown at once, queued, sent once the connection is back and stored exactly once, also when its acknowledgement is lost; without JavaScript the same form sent twice stores one message", async ({ page, browser }, testInfo) => {
  const { token, conversationId, guest, code } = await openConversation(page);
  const thread = page.locator(".message-list");
  const text = page.getByLabel(`Message to ${guest.firstName}`);

  if (!usesJavaScript(testInfo)) {
    // The form carries the page's client message id: posted twice (a double click, a reload of the POST), it is stored once.
    const clientMessageId = (await page.locator('input[name="clientMessageId"]').inputValue())!;
    const action = new URL(page.url());
    await text.fill("We have double glazing.");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(thread.locator(".message--host")).toHaveText(/We have double glazing\./);
    const again = await page.request.post(action.pathname + action.search, { form: { intent: "send", clientMessageId, text: "We have double glazing." }, headers: { origin: baseURL }, maxRedirects: 0 });
    expect(again.status()).toBe(302);
    expect(textsOf(await stored(page.request, token, conversationId), "We have double glazing.")).toHaveLength(1);
    await visit(page, `/messages/all/${conversationId}`);
    await expect(thread.locator(".message--host")).toHaveCount(1);
    return;
  }

  // The guest has the conversation open in a browser of its own.
  const guestContext = await browser.newContext({ baseURL, locale: "en-US" });
  const guestPage = await guestContext.newPage();
  await visit(guestPage, `/guest/login?code=${code}`);
  await guestPage.getByLabel("Email").fill(guest.email);
  await guestPage.getByRole("button", { name: "Open my booking" }).click();
  await expect(guestPage.getByRole("status").filter({ hasText: "Live" })).toBeVisible();

  const composer = page.locator("form.composer");
  await expect(composer).toHaveAttribute("data-live", "open");
  // Sent over the socket: no form post, the page stays where it is.
  let posted = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/messages/")) posted++;
  });
  await text.fill("Very quiet, the bedroom faces the courtyard.");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(text).toHaveValue("");
  await expect(thread.locator(".message--host")).toHaveText(/Very quiet, the bedroom faces the courtyard\./);
  await expect(guestPage.getByTestId("chat-message").filter({ hasText: "Very quiet" })).toHaveCount(1);

  // Offline: what the host writes shows at once, waiting; nothing is stored.
  await goOffline(page);
  await expect(composer.getByRole("status")).toHaveText("Offline: reconnecting. What you send now goes out once you are back.");
  await text.fill("Earplugs are in the drawer.");
  await page.getByRole("button", { name: "Send" }).click();
  await text.fill("And the windows close tight.");
  await page.getByRole("button", { name: "Send" }).click();
  const pending = page.getByTestId("pending-message");
  await expect(pending).toHaveCount(2);
  await expect(pending.first()).toHaveAttribute("data-state", "queued");
  await expect(pending.first()).toContainText("Earplugs are in the drawer.");
  await expect(pending.first()).toContainText("Waiting for the connection, sent as soon as it is back");
  // The outbox survives in the browser.
  expect(await page.evaluate((id) => JSON.parse(localStorage.getItem(`stayhost.chat.host.${id}.outbox`) ?? "[]").length, conversationId)).toBe(2);
  expect(textsOf(await stored(page.request, token, conversationId), "Earplugs are in the drawer.")).toHaveLength(0);

  // Back online: both go out once, in order, and reach the guest once.
  await page.context().setOffline(false);
  await expect(pending).toHaveCount(0);
  await expect(composer).toHaveAttribute("data-live", "open");
  await expect(thread.locator(".message--host")).toHaveCount(3);
  await expect(thread.locator(".message--host").nth(1)).toContainText("Earplugs are in the drawer.");
  await expect(thread.locator(".message--host").nth(2)).toContainText("And the windows close tight.");
  await expect(guestPage.getByTestId("chat-message").filter({ hasText: "Earplugs" })).toHaveCount(1);
  await expect(guestPage.getByTestId("chat-message").filter({ hasText: "windows close tight" })).toHaveCount(1);
  const afterOffline = await stored(page.request, token, conversationId);
  expect(textsOf(afterOffline, "Earplugs are in the drawer.")).toHaveLength(1);
  expect(textsOf(afterOffline, "And the windows close tight.")).toHaveLength(1);
  expect(afterOffline.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
  expect(await page.evaluate((id) => localStorage.getItem(`stayhost.chat.host.${id}.outbox`), conversationId)).toBeNull();

  // The acknowledgement of the next message is lost with its socket: the client sends it again on the
  // next socket with the same id, and it is stored once.
  let dropped = 0;
  await page.routeWebSocket(/\/api\/live\/conversations\/.+\/socket/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((frame) => server.send(frame));
    server.onMessage((frame) => {
      if (typeof frame === "string" && frame.includes('"type":"ack"') && dropped === 0) {
        dropped++;
        socket.close();
        return;
      }
      socket.send(frame);
    });
  });
  await visit(page, `/messages/all/${conversationId}`);
  await expect(composer).toHaveAttribute("data-live", "open");
  await text.fill("See you on Friday.");
  await page.getByRole("button", { name: "Send" }).click();
  await expect.poll(() => dropped).toBe(1);
  await expect(thread.locator(".message--host").filter({ hasText: "See you on Friday." })).toHaveCount(1);
  await expect(pending).toHaveCount(0);
  const all = await stored(page.request, token, conversationId);
  expect(textsOf(all, "See you on Friday.")).toHaveLength(1);
  expect(new Set(all.map((m) => m.clientMessageId)).size).toBe(all.length);
  expect(posted).toBe(0);

  // After a reload each message is there once.
  await visit(page, `/messages/all/${conversationId}`);
  await expect(thread.locator(".message")).toHaveCount(5);
  await expect(guestPage.getByTestId("chat-message")).toHaveCount(5);
  await guestContext.close();
});

test("a message the server could not store is marked failed with a retry, and the retry stores it once; without JavaScript a refused message keeps what was typed", async ({ page }, testInfo) => {
  const { token, conversationId, guest } = await openConversation(page);
  const thread = page.locator(".message-list");
  const text = page.getByLabel(`Message to ${guest.firstName}`);

  if (!usesJavaScript(testInfo)) {
    // The server refuses it (a control character) with the reason, and the text box keeps what was typed.
    await text.fill("Ring the bell \u0007 twice");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.locator("#composer-text-errors")).toBeVisible();
    await expect(text).toHaveValue("Ring the bell \u0007 twice");
    expect(await stored(page.request, token, conversationId)).toHaveLength(1);
    return;
  }

  // The first try of a message meets a server that cannot store it (answered as the conversation's object does then).
  let refusedOnce = false;
  await page.routeWebSocket(/\/api\/live\/conversations\/.+\/socket/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((frame) => {
      const sent = typeof frame === "string" && frame.startsWith("{") ? (JSON.parse(frame) as { type: string; clientMessageId?: string }) : null;
      if (sent?.type === "send" && !refusedOnce) {
        refusedOnce = true;
        socket.send(JSON.stringify({ type: "error", error: "not_stored", clientMessageId: sent.clientMessageId }));
        return;
      }
      server.send(frame);
    });
    server.onMessage((frame) => socket.send(frame));
  });
  await visit(page, `/messages/all/${conversationId}`);
  await expect(page.locator("form.composer")).toHaveAttribute("data-live", "open");
  await text.fill("The keys are in the lockbox.");
  await page.getByRole("button", { name: "Send" }).click();
  const pending = page.getByTestId("pending-message");
  await expect(pending).toHaveAttribute("data-state", "failed");
  await expect(pending).toContainText("Not sent: the connection failed.");
  expect(textsOf(await stored(page.request, token, conversationId), "The keys are in the lockbox.")).toHaveLength(0);

  await pending.getByRole("button", { name: "Retry" }).click();
  await expect(pending).toHaveCount(0);
  await expect(thread.locator(".message--host")).toHaveText(/The keys are in the lockbox\./);
  expect(textsOf(await stored(page.request, token, conversationId), "The keys are in the lockbox.")).toHaveLength(1);

  // A blank message is refused on the spot, nothing sent.
  await text.fill("   ");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("This field is required.")).toBeVisible();
  await expect(pending).toHaveCount(0);
  expect(await stored(page.request, token, conversationId)).toHaveLength(2);
});

test("a guest's message written offline is queued and reaches the host's open conversation once the guest is back online", async ({ page, browser }, testInfo) => {
  const js = usesJavaScript(testInfo);
  const { token, conversationId, guest, code } = await openConversation(page);
  const guestContext = await browser.newContext({ baseURL, locale: "en-US", javaScriptEnabled: js });
  const guestPage = await guestContext.newPage();
  await visit(guestPage, `/guest/login?code=${code}`);
  await guestPage.getByLabel("Email").fill(guest.email);
  await guestPage.getByRole("button", { name: "Open my booking" }).click();
  await expect(guestPage.getByTestId("guest-code")).toHaveText(code);
  const hostThread = page.locator(".message-list");

  if (!js) {
    // Without JavaScript the guest's form posts; the host follows "Load newer messages".
    await guestPage.getByLabel("Your message").fill("Thank you, see you soon.");
    await guestPage.getByRole("button", { name: "Send" }).click();
    await expect(guestPage.getByTestId("chat-message").filter({ hasText: "see you soon" })).toHaveCount(1);
    await page.getByRole("link", { name: "Load newer messages" }).click();
    await expect(page.locator(".message-list .message--guest").filter({ hasText: "see you soon" })).toHaveCount(1);
    expect(textsOf(await stored(page.request, token, conversationId), "Thank you, see you soon.")).toHaveLength(1);
    await guestContext.close();
    return;
  }

  await expect(guestPage.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
  await guestContext.setOffline(true);
  await expect(guestPage.getByRole("status").filter({ hasText: "Offline" })).toBeVisible();
  await guestPage.getByLabel("Your message").fill("Our train is late, we arrive at 21:00.");
  await guestPage.getByRole("button", { name: "Send" }).click();
  await expect(guestPage.getByTestId("chat-pending")).toHaveAttribute("data-state", "queued");
  expect(textsOf(await stored(page.request, token, conversationId), "Our train is late, we arrive at 21:00.")).toHaveLength(0);
  await guestContext.setOffline(false);
  await expect(guestPage.getByTestId("chat-pending")).toHaveCount(0);
  await expect(guestPage.getByTestId("chat-message").filter({ hasText: "Our train is late" })).toHaveCount(1);
  await expect(hostThread.locator(".message--guest").filter({ hasText: "Our train is late" })).toHaveCount(1);
  expect(textsOf(await stored(page.request, token, conversationId), "Our train is late, we arrive at 21:00.")).toHaveLength(1);
  await guestContext.close();
});

test("a host whose session ends is led to sign in; a message that waited offline meanwhile goes out once after signing in again", async ({ page }, testInfo) => {
  const { token, conversationId, guest, host } = await openConversation(page);
  const thread = page.locator(".message-list");
  const signInAgain = async () => {
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await page.getByLabel("Email").fill(host.email);
    await page.getByLabel("Password").fill(host.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Sign in" })).toHaveCount(0);
    await visit(page, `/messages/all/${conversationId}`);
  };

  if (!usesJavaScript(testInfo)) {
    await page.context().clearCookies();
    await page.getByRole("link", { name: "Load newer messages" }).click();
    await signInAgain();
    await expect(thread).toContainText("Is the flat quiet at night?");
    return;
  }

  const composer = page.locator("form.composer");
  await expect(composer).toHaveAttribute("data-live", "open");
  await goOffline(page);
  await expect(composer).toHaveAttribute("data-live", "offline");
  await page.getByLabel(`Message to ${guest.firstName}`).fill("The cleaner comes at 11.");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("pending-message")).toHaveAttribute("data-state", "queued");
  // The session ends meanwhile; back online, the socket's token page leads to the sign-in.
  await page.context().clearCookies();
  await page.context().setOffline(false);
  await expect(page).not.toHaveURL(/\/messages\//);
  expect(textsOf(await stored(page.request, token, conversationId), "The cleaner comes at 11.")).toHaveLength(0);
  await signInAgain();
  await expect(thread.locator(".message--host").filter({ hasText: "The cleaner comes at 11." })).toHaveCount(1);
  await expect(page.getByTestId("pending-message")).toHaveCount(0);
  expect(textsOf(await stored(page.request, token, conversationId), "The cleaner comes at 11.")).toHaveLength(1);
});

/** The keys the live chat keeps for hosts in this browser (their unsent messages and whose they are). */
const hostChatKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("stayhost.chat.host.")));

/** The host's socket cannot connect (its token page refuses), so what the host sends waits in the browser. */
const TOKEN_PAGE = "**/resources/live-token";
const refuseTokens = (page: Page) => page.route(TOKEN_PAGE, (route) => route.fulfill({ status: 429, body: "" }));

/** Sends `message` while the socket cannot connect: it waits, queued, in the browser's outbox. */
async function queueWhileCut(page: Page, guestFirstName: string, conversationId: string, message: string) {
  const composer = page.locator("form.composer");
  await expect(composer).toHaveAttribute("data-live", "open");
  await refuseTokens(page);
  await goOffline(page);
  await expect(composer).toHaveAttribute("data-live", "offline");
  await page.getByLabel(`Message to ${guestFirstName}`).fill(message);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("pending-message")).toHaveAttribute("data-state", "queued");
  await page.context().setOffline(false);
  await expect(page.getByTestId("pending-message")).toHaveAttribute("data-state", "queued");
  expect(await hostChatKeys(page)).toContain(`stayhost.chat.host.${conversationId}.outbox`);
}

test("a host's unsent messages leave the browser with the host: signing out forgets them, and another host signing in on the same browser never sees or sends them", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const first = await openConversation(page);

  if (!usesJavaScript(testInfo)) {
    // Without JavaScript nothing is kept in the browser: what was typed and not sent goes with the page.
    await page.getByLabel(`Message to ${first.guest.firstName}`).fill("The key box code is 4711.");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    const second = await openConversation(page);
    await expect(page.getByLabel(`Message to ${second.guest.firstName}`)).toHaveValue("");
    expect(textsOf(await stored(page.request, first.token, first.conversationId), "The key box code is 4711.")).toHaveLength(0);
    return;
  }

  await queueWhileCut(page, first.guest.firstName, first.conversationId, "The key box code is 4711.");
  // Signing out forgets it.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  expect(await hostChatKeys(page)).toEqual([]);
  await page.unroute(TOKEN_PAGE);

  // Another host signs in on this browser: nothing of the first host's is there, and nothing of it was sent.
  const second = await openConversation(page);
  await expect(page.locator("form.composer")).toHaveAttribute("data-live", "open");
  await expect(page.getByTestId("pending-message")).toHaveCount(0);
  expect((await hostChatKeys(page)).filter((key) => key.endsWith(".outbox"))).toEqual([]);
  expect(textsOf(await stored(page.request, first.token, first.conversationId), "The key box code is 4711.")).toHaveLength(0);

  // The second host's session ends without signing out, with a message waiting; the first host signs in on
  // this browser again: the second host's message is forgotten before anything of it is shown or sent.
  await queueWhileCut(page, second.guest.firstName, second.conversationId, "Breakfast is at eight.");
  await page.context().clearCookies();
  await page.unroute(TOKEN_PAGE);
  // The open page finds the session gone (its token page leads to the sign-in) and goes there: at its next
  // try, which the browser's online event hastens. That try may already be under way, and the page leaving.
  await page.evaluate(() => window.dispatchEvent(new Event("online"))).catch((error: Error) => {
    if (!/context was destroyed|navigat/i.test(error.message)) throw error;
  });
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("Email").fill(first.host.email);
  await page.getByLabel("Password").fill(first.host.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toHaveCount(0);
  await visit(page, `/messages/all/${first.conversationId}`);
  await expect(page.locator("form.composer")).toHaveAttribute("data-live", "open");
  await expect(page.getByTestId("pending-message")).toHaveCount(0);
  expect(await hostChatKeys(page)).not.toContain(`stayhost.chat.host.${second.conversationId}.outbox`);
  expect(textsOf(await stored(page.request, second.token, second.conversationId), "Breakfast is at eight.")).toHaveLength(0);
  expect(textsOf(await stored(page.request, first.token, first.conversationId), "Breakfast is at eight.")).toHaveLength(0);
});
