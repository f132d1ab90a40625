import { guest as contract, GUEST_TOKEN_TTL_SECONDS } from "@contract/guest";
import { LIVE_TOKEN_TTL_SECONDS } from "@contract/live";
import { ApiError } from "@api/lib/errors";
import { contractRouter } from "@api/lib/openapi";
import { liveMessageOf } from "@api/live/conversation-room";
import { fanOut } from "@api/live/fan-out";
import { guestLiveToken } from "@api/live/tokens";
import { listMessages, markRead, sendMessage } from "@api/messaging/services";
import type { Context } from "hono";
import { guestConversation } from "./conversation";
import { guestAuth, guestToken, type GuestApiEnv } from "./auth";
import { clearGuestCodeFailures, guestLockedOutSeconds, recordGuestFailure } from "./rate-limit";
import { guestStay, stayByCodeAndEmail } from "./stays";

function clientAddress(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? "local";
}

/**
 * The guest API (`/api/guest/*`, §6 guest role): sign-in with a booking code and email, then the
 * guest's own stay (and, with messaging, its conversation) under a bearer token that names it.
 */
export const guestRoutes = contractRouter<GuestApiEnv>();

guestRoutes.openapi(contract.signIn, async (c) => {
    const { code, email } = c.req.valid("json");
    const { db } = c.var;
    const address = clientAddress(c.req.raw);
    const lockedFor = await guestLockedOutSeconds(db, code, address);
    if (lockedFor > 0) {
      const message = "Too many failed attempts. Try again later.";
      return c.json({ message, errors: [{ field: null, message, type: "guest_locked_out" }] }, 429, { "Retry-After": String(lockedFor) });
    }
    const stay = await stayByCodeAndEmail(db, code, email);
    if (!stay) {
      await recordGuestFailure(db, code, address);
      const message = "No booking has this code and email.";
      return c.json({ message, errors: [{ field: null, message, type: "guest_credentials_invalid" }] }, 401);
    }
    await clearGuestCodeFailures(db, code);
    return c.json({ token: await guestToken(c.env, stay), expiresIn: GUEST_TOKEN_TTL_SECONDS }, 201);
});

// Every other guest endpoint needs the guest's token (registered after the sign-in, which runs without).
guestRoutes.use("/api/guest/*", async (c, next) => (c.req.path === contract.signIn.path ? next() : guestAuth(c, next)));

guestRoutes
  .openapi(contract.stay, async (c) => {
    const stay = await guestStay(c.var.db, c.var.guest);
    if (!stay) throw new ApiError(401, "This booking no longer exists");
    const { hostUserId: _host, rowId: _row, ...visible } = stay;
    return c.json(visible, 200);
  })
  .openapi(contract.conversation, async (c) => {
    const conversation = await ownConversation(c);
    const { after, before, limit } = c.req.valid("query");
    const { items, hasMore } = await listMessages(c.var.db, conversation.publicId, { after, before, limit });
    return c.json({ id: conversation.publicId, messages: items.map(liveMessageOf), hasMore }, 200);
  })
  .openapi(contract.send, async (c) => {
    const conversation = await ownConversation(c);
    const { text, clientMessageId } = c.req.valid("json");
    const { message, created } = await sendMessage(c.var.db, { conversationId: conversation.publicId, sender: "guest", text, clientMessageId });
    // Stored: now to the host's open conversation (and the guest's other tabs).
    if (created) await fanOut(c.env, message);
    return c.json(liveMessageOf(message), created ? 201 : 200);
  })
  .openapi(contract.read, async (c) => {
    const conversation = await ownConversation(c);
    await markRead(c.var.db, conversation.publicId, "guest");
    return c.body(null, 204);
  })
  .openapi(contract.liveToken, async (c) => {
    const conversation = await ownConversation(c);
    return c.json({ token: await guestLiveToken(c.env, conversation.publicId), expiresIn: LIVE_TOKEN_TTL_SECONDS, conversationId: conversation.publicId }, 200);
  });

/** The signed-in guest's conversation; a stay that is gone signs the guest out (401). */
async function ownConversation(c: Context<GuestApiEnv>) {
  const conversation = await guestConversation(c.var.db, c.var.guest);
  if (!conversation) throw new ApiError(401, "This booking no longer exists");
  return conversation;
}
