import { eq, inArray } from "drizzle-orm";
import type { Database } from "@api/db/client";
import { conversations, messages } from "@api/db/schema";
import { takeWrittenSystemMessages } from "@api/messaging/written";
import { fanOut } from "./fan-out";

/** D1 binds at most 100 parameters per statement. */
const CHUNK = 90;

/**
 * Passes the system messages written through `db` (a request's, or a cron run's) to the open
 * sockets of their conversations, the way a chat message is passed on (`fanOut`), once the batches
 * that wrote them have committed: each is read back by its id, so a batch that failed (its change
 * refused, the same event written before) pushes nothing. Called after the request's handler or the
 * cron's jobs; a failure here loses nothing (the message is stored, and a socket catches up when it
 * reconnects), so it never fails what wrote it.
 */
export async function pushSystemMessages(env: Env, db: Database): Promise<void> {
  const ids = takeWrittenSystemMessages(db);
  if (!ids.length) return;
  try {
    for (let at = 0; at < ids.length; at += CHUNK) {
      const rows = await db
        .select({ id: messages.publicId, conversationId: conversations.publicId, seq: messages.seq, sender: messages.sender, text: messages.text, clientMessageId: messages.clientMessageId, createdAt: messages.createdAt })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(inArray(messages.publicId, ids.slice(at, at + CHUNK)));
      await Promise.all(rows.map((row) => fanOut(env, row)));
    }
  } catch (error) {
    console.error("system message push failed", error);
  }
}
