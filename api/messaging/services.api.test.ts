import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "@api/db/client";
import { createUser } from "@api/test/helpers";
import { inDays, publishedUnit, reserve, subscribe } from "@api/test/stays";
import { conversationForStay, listMessages, markRead, sendMessage } from "./services";

const db = () => database(env.DB);

interface ConversationRecord {
  public_id: string;
  type: string;
  stay_public_id: string;
  stay_code: string;
  message_count: number;
  host_unread: number;
  guest_unread: number;
  archived_at: number | null;
  last_message_preview: string | null;
}

async function conversationsOf(hostId: number) {
  return (await env.DB.prepare("SELECT * FROM conversations WHERE host_user_id = ? ORDER BY id").bind(hostId).all<ConversationRecord>()).results;
}

async function oneConversation(message: string | undefined = "We arrive late.") {
  const host = await createUser({ commercialModel: "commission" });
  const { unitId } = await publishedUnit(host);
  expect((await reserve(unitId, { checkIn: inDays(20), checkOut: inDays(23) }, "book", { message })).status).toBe(201);
  const [conversation] = await conversationsOf(host.id);
  return { host, unitId, conversation: conversation! };
}

describe("messaging services", () => {
  it("opens a conversation with each booking, request and inquiry as it arrives, the guest's message first and unread by the host", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const instant = await publishedUnit(host);
    const onRequest = await publishedUnit(host, { bookingType: "onRequest" });
    expect((await reserve(instant.unitId, { checkIn: inDays(20), checkOut: inDays(23) })).status).toBe(201);
    expect((await reserve(onRequest.unitId, { checkIn: inDays(20), checkOut: inDays(23) }, "book", { message: "  " })).status).toBe(201);
    const subscriber = await createUser({ commercialModel: "subscription" });
    await subscribe(subscriber);
    const asked = await publishedUnit(subscriber);
    expect((await reserve(asked.unitId, { checkIn: inDays(20), checkOut: inDays(23) }, "ask")).status).toBe(201);

    const [booking, request] = await conversationsOf(host.id);
    expect(booking).toMatchObject({ type: "booking", message_count: 1, host_unread: 1, guest_unread: 0, last_message_preview: "We arrive late." });
    expect(booking!.stay_public_id).toMatch(/^bkg_/);
    expect(request).toMatchObject({ type: "bookingRequest", message_count: 0, host_unread: 0, last_message_preview: null });
    const [inquiry] = await conversationsOf(subscriber.id);
    expect(inquiry).toMatchObject({ type: "bookingInquiry", message_count: 1 });
    const { items } = await listMessages(db(), booking!.public_id);
    expect(items).toMatchObject([{ seq: 1, sender: "guest", text: "We arrive late." }]);
  });

  it("stores a message once however often it is sent with the same client id, also at once", async () => {
    const { conversation } = await oneConversation();
    const send = () => sendMessage(db(), { conversationId: conversation.public_id, sender: "host", text: "  See you <b>soon</b>!\n", clientMessageId: "c-1" });
    const answers = await Promise.all([send(), send(), send(), send(), send()]);
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.message.id)).size).toBe(1);
    expect(answers[0]!.message).toMatchObject({ seq: 2, sender: "host", text: "  See you <b>soon</b>!\n", clientMessageId: "c-1" });
    const [after] = await conversationsOf((await env.DB.prepare("SELECT host_user_id FROM conversations WHERE public_id = ?").bind(conversation.public_id).first<{ host_user_id: number }>())!.host_user_id);
    // The host's reply reads the guest's message; the guest has one to read.
    expect(after).toMatchObject({ message_count: 2, host_unread: 0, guest_unread: 1, last_message_preview: "See you <b>soon</b>!" });
  });

  it("numbers messages in order, answers windows after and before a number, and brings an archived conversation back with a guest's message", async () => {
    const { host, conversation } = await oneConversation("");
    const id = conversation.public_id;
    for (let i = 1; i <= 5; i++) await sendMessage(db(), { conversationId: id, sender: i % 2 ? "guest" : "host", text: `m${i}`, clientMessageId: `m${i}` });
    expect((await listMessages(db(), id, { after: 2, limit: 2 })).items.map((m) => m.text)).toEqual(["m3", "m4"]);
    expect(await listMessages(db(), id, { after: 2, limit: 2 })).toMatchObject({ hasMore: true });
    expect(await listMessages(db(), id, { after: 3, limit: 2 })).toMatchObject({ hasMore: false });
    const last = await listMessages(db(), id, { limit: 3 });
    expect(last.items.map((m) => m.seq)).toEqual([3, 4, 5]);
    expect(last.hasMore).toBe(true);
    expect((await listMessages(db(), id, { before: 3 })).items.map((m) => m.text)).toEqual(["m1", "m2"]);
    expect((await conversationsOf(host.id))[0]).toMatchObject({ host_unread: 1, guest_unread: 0 });

    await env.DB.prepare("UPDATE conversations SET archived_at = 1 WHERE public_id = ?").bind(id).run();
    await sendMessage(db(), { conversationId: id, sender: "host", text: "archived still", clientMessageId: "h" });
    expect((await conversationsOf(host.id))[0]!.archived_at).toBe(1);
    await sendMessage(db(), { conversationId: id, sender: "guest", text: "back", clientMessageId: "g" });
    expect((await conversationsOf(host.id))[0]).toMatchObject({ archived_at: null, host_unread: 1, guest_unread: 0 });

    await markRead(db(), id, "host");
    expect((await conversationsOf(host.id))[0]).toMatchObject({ host_unread: 0 });
  });

  it("refuses an empty or too long text, a bad client id, and an unknown conversation", async () => {
    const { conversation } = await oneConversation();
    await expect(sendMessage(db(), { conversationId: conversation.public_id, sender: "host", text: " \n ", clientMessageId: "x" })).rejects.toMatchObject({ status: 400 });
    await expect(sendMessage(db(), { conversationId: conversation.public_id, sender: "host", text: "a".repeat(2001), clientMessageId: "x" })).rejects.toMatchObject({ status: 400 });
    await expect(sendMessage(db(), { conversationId: conversation.public_id, sender: "host", text: "hi", clientMessageId: "no spaces" })).rejects.toMatchObject({ status: 400 });
    await expect(sendMessage(db(), { conversationId: "cnv_missing", sender: "host", text: "hi", clientMessageId: "x" })).rejects.toMatchObject({ status: 404 });
    expect((await listMessages(db(), conversation.public_id)).items).toHaveLength(1);
  });

  it("answers a stay's conversation, opening one only where none exists, and a confirmed request's booking talks in the request's", async () => {
    const { host, conversation } = await oneConversation();
    const found = await conversationForStay(db(), host.id, "booking", conversation.stay_public_id, new Date());
    expect(found).toMatchObject({ created: false, conversation: { publicId: conversation.public_id } });
    // A stay from before messaging has none: it is opened with the guest's message.
    await env.DB.prepare("DELETE FROM conversations WHERE public_id = ?").bind(conversation.public_id).run();
    const opened = await conversationForStay(db(), host.id, "booking", conversation.stay_public_id, new Date());
    expect(opened).toMatchObject({ created: true, conversation: { stayPublicId: conversation.stay_public_id, messageCount: 1, hostUnread: 1 } });
    const other = await createUser();
    await expect(conversationForStay(db(), other.id, "booking", conversation.stay_public_id, new Date())).rejects.toMatchObject({ status: 404 });
    await expect(conversationForStay(db(), host.id, "bookingRequest", conversation.stay_public_id, new Date())).rejects.toMatchObject({ status: 404 });
  });
});
