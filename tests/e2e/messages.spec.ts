import type { APIRequestContext } from "@playwright/test";
import { apiToken } from "./api-factory";
import { hostWithStay, newGuest, stayAhead, type Guest } from "./bookings-factory";
import { expect, newHost, test, usesJavaScript, visit } from "./fixtures";

/** A guest books through the public API with a message for the host; answers the booking's code. */
async function bookWithMessage(request: APIRequestContext, unitId: string, guest: Guest, message: string, stay = stayAhead(3)) {
  const answer = await request.post(`/api/public/stays/${unitId}/reservations`, { data: { ...stay, guests: 2, ...guest, message } });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { code: string }).code;
}

test("the host's inbox: filters and search find a guest, a saved reply is inserted and the answer sent (over the live socket with JavaScript, by form without); archive and back", async ({ page }, testInfo) => {
  // A host's whole walk through the inbox: some twenty pages and forms.
  test.slow();
  const { unitId, title } = await hostWithStay(page, { model: "commission" });
  const ada = newGuest("Ada");
  const bea = newGuest("Bea");
  const carl = newGuest("Carl");
  // Three stays on one unit: nights apart, so that no two take the same night (409).
  await bookWithMessage(page.request, unitId, ada, "Is there parking nearby?", stayAhead(3, 40));
  const beaCode = await bookWithMessage(page.request, unitId, bea, "We arrive around 22:00.", stayAhead(3, 50));
  const reserved = await page.request.post(`/api/public/stays/${unitId}/reservations`, { data: { ...stayAhead(3, 60), guests: 2, ...carl } });
  expect(reserved.status()).toBe(201);

  // A saved reply with placeholders, written on its own page.
  await visit(page, "/messages/saved-replies");
  await expect(page.getByText("No saved replies yet.")).toBeVisible();
  await page.getByLabel("Title").fill("Welcome");
  await page.getByLabel("Text").fill("Hi {guestFirstName}, {unitName} is ready for you on {checkIn}.");
  await page.getByRole("button", { name: "Save reply" }).click();
  await expect(page.getByText("Saved reply added.")).toBeVisible();
  await expect(page.getByRole("form", { name: "Saved reply “Welcome”" })).toBeVisible();

  // The inbox: newest first; the navigation's Inbox item counts the conversations with unread messages.
  await visit(page, "/messages");
  await expect(page).toHaveURL(/\/messages\/all$/);
  await expect(page.locator('[data-nav="inbox"] .badge')).toHaveText("2");
  await expect(page.getByText("2 conversations with unread messages")).toBeVisible();
  const list = page.getByRole("list", { name: "Conversations" });
  await expect(list.getByRole("link")).toHaveCount(3);
  await expect(list.getByRole("link").first()).toContainText(carl.firstName);

  await page.getByLabel("Unread only").check();
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/unread=1/);
  await expect(list.getByRole("link")).toHaveCount(2);
  await expect(list).not.toContainText(carl.firstName);

  await page.getByRole("link", { name: "Clear filters" }).first().click();
  await page.getByLabel("Search").fill(beaCode.toLowerCase().slice(0, 6));
  await page.getByRole("button", { name: "Show" }).click();
  await expect(list.getByRole("link")).toHaveCount(1);
  await expect(list).toContainText(`${bea.firstName} ${bea.lastName}`);
  await page.getByLabel("Search").fill("nobody-like-this");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText("No conversations match these filters.")).toBeVisible();

  // Ada's conversation: her message, the stay it is about, and the reply form.
  await page.getByLabel("Search").fill(ada.lastName);
  await page.getByRole("button", { name: "Show" }).click();
  await list.getByRole("link", { name: new RegExp(ada.firstName) }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${ada.firstName} ${ada.lastName}` })).toBeVisible();
  await expect(page.locator(".message-list").getByText("Is there parking nearby?")).toBeVisible();
  await expect(page.getByRole("link", { name: "Open the booking" })).toBeVisible();

  const text = page.getByLabel(`Message to ${ada.firstName}`);
  await text.fill("Yes, there is a garage.");
  await page.getByLabel("Saved reply").selectOption({ label: "Welcome" });
  await page.getByRole("button", { name: "Insert" }).click();
  await expect(text).toHaveValue(new RegExp(`^Yes, there is a garage\\.\\n\\nHi ${ada.firstName}, ${title} is ready for you on [A-Z][a-z]+ \\d{1,2}, \\d{4}\\.$`));
  // With JavaScript the reply went into the box in place; without, the page was asked for it and kept the search.
  if (!usesJavaScript(testInfo)) await expect(page).toHaveURL(/reply=rpl_/);
  await page.getByRole("button", { name: "Send" }).click();
  const thread = page.locator(".message-list");
  await expect(thread.locator(".message--host")).toContainText(`Hi ${ada.firstName}, ${title} is ready for you on`);
  await expect(page).toHaveURL(/\/messages\/all\/cnv_[^?#]+\?search=/);
  await expect(text).toHaveValue("");
  // A blank message is refused with the reason, nothing sent.
  await text.fill("   ");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("This field is required.")).toBeVisible();
  await expect(thread.locator(".message")).toHaveCount(2);

  // "Load newer messages" reloads the conversation (what the live chat does without a reload).
  await page.getByRole("link", { name: "Load newer messages" }).click();
  await expect(page.getByText("No newer messages yet.")).toBeVisible();
  // Opening the conversation read Ada's message: one conversation is left with unread messages.
  await expect(page.locator('[data-nav="inbox"] .badge')).toHaveText("1");

  // Archived, it leaves the inbox for the archive; favourite and back again.
  await page.getByRole("button", { name: "Favorite" }).click();
  await expect(page.getByText("Added to favorites.")).toBeVisible();
  await page.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByText("Conversation archived.")).toBeVisible();
  await expect(page).toHaveURL(/\/messages\/archived\/cnv_/);
  await visit(page, "/messages/all");
  await expect(page.getByRole("list", { name: "Conversations" }).getByRole("link")).toHaveCount(2);
  await visit(page, "/messages/archived?favourite=1");
  await expect(page.getByRole("list", { name: "Conversations" }).getByRole("link")).toHaveCount(1);
  await page.getByRole("list", { name: "Conversations" }).getByRole("link").click();
  await page.getByRole("button", { name: "Move to inbox" }).click();
  await expect(page.getByText("Conversation moved to the inbox.")).toBeVisible();
  await expect(page).toHaveURL(/\/messages\/all\/cnv_/);
});

test("deleting a saved reply asks first, by the reply, and the keyboard answers: Cancel keeps it, Yes, delete deletes it", async ({ page }, testInfo) => {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  for (const reply of [
    { title: "Welcome", body: "Hi {guestFirstName}, welcome!" },
    { title: "Late arrival", body: "The key box code is on its way." },
  ]) {
    const saved = await page.request.post("/api/app/messaging/saved-replies", { headers: { authorization: `Bearer ${token}` }, data: reply });
    expect(saved.status(), await saved.text()).toBe(201);
  }
  await page.setViewportSize({ width: 320, height: 568 });
  await visit(page, "/messages/saved-replies");
  const welcome = page.getByRole("form", { name: "Saved reply “Welcome”", exact: true });
  const deleteWelcome = page.getByRole("button", { name: "Delete the saved reply “Welcome”" });
  const question = page.getByRole("form", { name: "Delete the saved reply “Welcome”? This cannot be undone." });

  // Delete asks, in place of the button, and deletes nothing yet; the question has the focus, in view on a phone.
  await deleteWelcome.click();
  await expect(question).toBeVisible();
  await expect(question.getByText("Delete the saved reply “Welcome”? This cannot be undone.")).toBeFocused();
  await expect(question).toBeInViewport();
  await expect(welcome).toBeVisible();
  await expect(deleteWelcome).toHaveCount(0);

  // Tab leads to Yes, delete, then Cancel; Cancel keeps the reply and comes back to its Delete button.
  await page.keyboard.press("Tab");
  await expect(question.getByRole("button", { name: "Yes, delete" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(question.getByRole("link", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(question).toHaveCount(0);
  await expect(welcome).toBeVisible();
  // With JavaScript the page stays where it is and the focus is back on the button; without it the page loads again.
  if (usesJavaScript(testInfo)) {
    await expect(deleteWelcome).toBeFocused();
    await expect(deleteWelcome).toBeInViewport();
  }

  // Asked again from the keyboard and confirmed: only that reply is gone.
  await deleteWelcome.focus();
  await page.keyboard.press("Enter");
  await expect(question.getByText("Delete the saved reply “Welcome”? This cannot be undone.")).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Saved reply deleted.")).toBeVisible();
  await expect(welcome).toHaveCount(0);
  await expect(question).toHaveCount(0);
  await expect(page.getByRole("form", { name: "Saved reply “Late arrival”", exact: true })).toBeVisible();
  const left = (await (await page.request.get("/api/app/messaging/saved-replies", { headers: { authorization: `Bearer ${token}` } })).json()) as { items: { title: string }[] };
  expect(left.items.map((reply) => reply.title)).toEqual(["Late arrival"]);
});

test("a request is confirmed from its conversation, and a booking's page leads to its conversation; the stay card says until when a request waits and who cancelled its booking when, as their pages do", async ({ page }) => {
  const { unitId } = await hostWithStay(page, { model: "commission", onRequest: true });
  const guest = newGuest("Rosa");
  await bookWithMessage(page.request, unitId, guest, "Could we check in at noon?");
  // The request's page says until when it waits for an answer (a moment in the viewer's zone, named).
  await visit(page, "/bookings/requests");
  await page.getByRole("link", { name: `${guest.firstName} ${guest.lastName}` }).click();
  const expiresAt = page.locator(".countdown p").first();
  await expect(expiresAt).toHaveText(/^The request expires on \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M \S+\.$/);
  const expiry = await expiresAt.textContent();
  await visit(page, "/messages");
  await page.getByRole("list", { name: "Conversations" }).getByRole("link", { name: new RegExp(guest.firstName) }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Booking request" })).toBeVisible();
  const card = page.locator(".stay-card");
  await expect(card.locator(".pill")).toHaveText("Waiting for you");
  await expect(card.getByText(/^The request expires on /)).toHaveText(expiry!);
  await page.getByRole("button", { name: "Confirm the request" }).click();
  await expect(page.getByText("Request confirmed. The stay is booked.")).toBeVisible();
  // The confirmation wrote its system message into the conversation, set apart from the guest's and the host's, and the list shows it last.
  await expect(page.locator(".message-list .message--system")).toContainText("The request was confirmed: the stay is booked.");
  await expect(page.getByRole("list", { name: "Conversations" }).getByRole("link", { name: new RegExp(guest.firstName) })).toContainText("The request was confirmed: the stay is booked.");
  await expect(card.locator(".pill")).toHaveText("Confirmed");
  await expect(card.getByText(/^The request expires on /)).toHaveCount(0);
  await page.getByRole("link", { name: "Open the booking" }).click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(guest.firstName) })).toBeVisible();

  // Cancelled on its page, the booking shows so in the conversation: by whom and when, in the same words.
  await page.getByLabel("The place is not available").check();
  await page.getByRole("button", { name: "Cancel the booking" }).click();
  await page.getByRole("button", { name: "Yes, cancel the booking" }).click();
  await expect(page.locator(".page-heading .pill")).toHaveText("Cancelled by you");
  const cancelledOn = (await page.getByText(/^Cancelled on /).textContent())!.split(" · ")[0]!;
  expect(cancelledOn).toMatch(/^Cancelled on \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M \S+$/);
  await page.locator(".page-heading").getByRole("button", { name: "Message" }).click();
  await expect(card.locator(".pill")).toHaveText("Cancelled by you");
  await expect(card.getByText(/^Cancelled on /)).toHaveText(cancelledOn);
  await expect(page.getByRole("button", { name: "Confirm the request" })).toHaveCount(0);
});

test("a request is rejected from its conversation with one of a request's reasons, which the page asks for when none is chosen", async ({ page }) => {
  const { unitId } = await hostWithStay(page, { model: "commission", onRequest: true });
  const guest = newGuest("Ines");
  await bookWithMessage(page.request, unitId, guest, "Is there a cot for the baby?");
  await visit(page, "/messages");
  await page.getByRole("list", { name: "Conversations" }).getByRole("link", { name: new RegExp(guest.firstName) }).click();
  const card = page.locator(".stay-card");
  await expect(card.locator(".pill")).toHaveText("Waiting for you");
  await card.locator("summary", { hasText: "Reject the request" }).click();
  const reasons = card.getByRole("radio");
  await expect(reasons).toHaveCount(5);
  await card.getByRole("button", { name: "Reject", exact: true }).click();
  await expect(card.getByText("Required", { exact: false }).first()).toBeVisible();
  await card.getByLabel("The price is not right").check();
  await card.getByRole("button", { name: "Reject", exact: true }).click();
  await expect(page.getByText("Request rejected.")).toBeVisible();
  await expect(card.locator(".pill")).toHaveText("Rejected");
  await expect(page.getByRole("button", { name: "Confirm the request" })).toHaveCount(0);
});

test("a host without conversations sees what starts one", async ({ page }) => {
  await hostWithStay(page, { model: "commission" });
  await visit(page, "/messages/all");
  await expect(page.getByText("No conversations yet.")).toBeVisible();
  await visit(page, "/messages/archived");
  await expect(page.getByText("No archived conversations.")).toBeVisible();
  await page.setViewportSize({ width: 320, height: 700 });
  await visit(page, "/messages/all");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test("a guest's message appears in the host's open conversation without a reload (with JavaScript), or after Load newer messages (without)", async ({ page }, testInfo) => {
  const { unitId } = await hostWithStay(page, { model: "commission" });
  const guest = newGuest("Lina");
  const answer = await page.request.post(`/api/public/stays/${unitId}/reservations`, { data: { ...stayAhead(3), guests: 2, ...guest, message: "Hello from the train." } });
  const { code } = (await answer.json()) as { code: string };
  await visit(page, "/messages");
  await page.getByRole("list", { name: "Conversations" }).getByRole("link", { name: new RegExp(guest.firstName) }).click();
  const thread = page.locator(".message-list");
  await expect(thread.locator(".message")).toHaveCount(1);
  if (usesJavaScript(testInfo)) await expect(page.locator(".message-thread")).toHaveAttribute("data-last-seq", "1");

  // The guest writes through the guest API (as the guest's chat page does), the same message twice.
  const session = await page.request.post("/api/guest/session", { data: { code, email: guest.email } });
  expect(session.status()).toBe(201);
  const { token } = (await session.json()) as { token: string };
  for (let i = 0; i < 2; i++) {
    const sent = await page.request.post("/api/guest/conversation/messages", { headers: { authorization: `Bearer ${token}` }, data: { text: "We will be there at 18:00.", clientMessageId: "guest-1" } });
    expect(sent.status()).toBeLessThan(300);
  }
  if (usesJavaScript(testInfo)) {
    await expect(thread.locator(".message--guest")).toHaveCount(2);
    await expect(thread.locator(".message--guest").nth(1)).toContainText("We will be there at 18:00.");
  } else {
    await expect(thread.locator(".message")).toHaveCount(1);
    await page.getByRole("link", { name: "Load newer messages" }).click();
    await expect(page.locator("#new-messages")).toContainText("New messages");
    await expect(page.locator("#new-messages")).toContainText("We will be there at 18:00.");
  }
  await expect(thread.locator(".message")).toHaveCount(2);
});

test("the navigation's Inbox count follows a guest's new message live with JavaScript, and on the next page without", async ({ page }, testInfo) => {
  const { unitId } = await hostWithStay(page, { model: "commission" });
  const guest = newGuest("Noa");
  const answer = await page.request.post(`/api/public/stays/${unitId}/reservations`, { data: { ...stayAhead(3), guests: 2, ...guest } });
  const { code } = (await answer.json()) as { code: string };
  await visit(page, "/home");
  const badge = page.locator('[data-nav="inbox"] .badge');
  await expect(page.locator('[data-nav="inbox"]')).toBeVisible();
  await expect(badge).toHaveCount(0);

  const session = await page.request.post("/api/guest/session", { data: { code, email: guest.email } });
  const { token } = (await session.json()) as { token: string };
  const sent = await page.request.post("/api/guest/conversation/messages", { headers: { authorization: `Bearer ${token}` }, data: { text: "Is the balcony sunny?", clientMessageId: "noa-1" } });
  expect(sent.status()).toBe(201);
  if (usesJavaScript(testInfo)) {
    // No reload: the host's inbox socket brought the new count.
    await expect(badge).toHaveText("1");
  } else {
    await expect(badge).toHaveCount(0);
    await visit(page, "/home");
    await expect(badge).toHaveText("1");
  }
});
