import { messaging as contract } from "@contract/messaging";
import type { ApiEnv } from "@api/context";
import { contractRouter } from "@api/lib/openapi";
import { fanOut } from "@api/live/fan-out";
import { notifyInbox } from "./inbox-room";
import { ownConversation, owned, ownSavedReply } from "@api/lib/ownership";
import { presentConversation, presentInbox, presentMessage, presentOpenedConversation, presentSavedReply, withRow } from "./present";
import { findConversation, inboxReads, savedRepliesQuery, unreadConversationsQuery } from "./queries";
import { conversationForStay, createSavedReply, deleteSavedReply, listMessages, markRead, sendMessage, updateConversation, updateSavedReply } from "./services";

/** §7 Messaging for the host: the inbox, a conversation and its messages, saved replies (decision 032). */
export const messagingRoutes = contractRouter<ApiEnv>()
  .openapi(contract.conversation, async (c) => {
    const { type, id } = c.req.valid("json");
    const hostUserId = c.var.principal.user.id;
    const now = new Date();
    const { conversation, created } = await conversationForStay(c.var.db, hostUserId, type, id, now);
    const loaded = await findConversation(c.var.db, hostUserId, conversation.publicId);
    return created ? c.json(presentConversation(loaded, now), 201) : c.json(presentConversation(loaded, now), 200);
  })
  .openapi(contract.conversations, async (c) => {
    const query = c.req.valid("query");
    return c.json(presentInbox(query, await c.var.db.batch(inboxReads(c.var.db, c.var.principal.user.id, query))), 200);
  })
  .openapi(contract.unreadCount, async (c) => {
    const [counted] = await unreadConversationsQuery(c.var.db, c.var.principal.user.id);
    return c.json({ count: counted?.total ?? 0 }, 200);
  })
  .openapi(owned(contract.get, ownConversation()), async (c) => c.json(presentOpenedConversation(c.var.conversation), 200))
  .openapi(owned(contract.update, ownConversation()), async (c) => {
    const loaded = c.var.conversation;
    const row = await updateConversation(c.var.db, loaded.conversation, c.req.valid("json"));
    c.executionCtx.waitUntil(notifyInbox(c.env, row.publicId));
    return c.json(presentConversation(withRow(loaded, row)), 200);
  })
  .openapi(owned(contract.messages, ownConversation()), async (c) => {
    const { after, before, limit } = c.req.valid("query");
    const { items, hasMore } = await listMessages(c.var.db, c.var.conversation.conversation.publicId, { after, before, limit });
    return c.json({ items: items.map(presentMessage), hasMore }, 200);
  })
  .openapi(owned(contract.send, ownConversation()), async (c) => {
    const { text, clientMessageId } = c.req.valid("json");
    const { message, created } = await sendMessage(c.var.db, { conversationId: c.var.conversation.conversation.publicId, sender: "host", text, clientMessageId });
    // Stored: now to the conversation's open sockets, the guest's too (decision 034).
    if (created) await fanOut(c.env, message);
    return created ? c.json(presentMessage(message), 201) : c.json(presentMessage(message), 200);
  })
  .openapi(owned(contract.read, ownConversation()), async (c) => {
    await markRead(c.var.db, c.var.conversation.conversation.publicId, "host");
    // The host's other open pages count it read (the navigation's Inbox count).
    c.executionCtx.waitUntil(notifyInbox(c.env, c.var.conversation.conversation.publicId));
    return c.body(null, 204);
  })
  .openapi(contract.savedReplies, async (c) => {
    const rows = await savedRepliesQuery(c.var.db, c.var.principal.user.id);
    return c.json({ items: rows.map(presentSavedReply) }, 200);
  })
  .openapi(contract.createSavedReply, async (c) => c.json(presentSavedReply(await createSavedReply(c.var.db, c.var.principal.user.id, c.req.valid("json"))), 201))
  .openapi(owned(contract.updateSavedReply, ownSavedReply()), async (c) => c.json(presentSavedReply(await updateSavedReply(c.var.db, c.var.savedReply, c.req.valid("json"))), 200))
  .openapi(owned(contract.deleteSavedReply, ownSavedReply()), async (c) => {
    await deleteSavedReply(c.var.db, c.var.savedReply);
    return c.body(null, 204);
  });
