import type { Database } from "@api/db/client";

/**
 * The system messages a database handle's batches are about to write (`systemMessageStatements`),
 * by id, until they are pushed to the open sockets once committed (`pushSystemMessages`,
 * api/live/system-push.ts). A handle is a request's (or a cron run's), so the list is that request's.
 */
const written = new WeakMap<Database, string[]>();

export function noteWrittenSystemMessage(db: Database, publicId: string): void {
  const ids = written.get(db);
  if (ids) ids.push(publicId);
  else written.set(db, [publicId]);
}

/** The ids noted for `db` since the last call, forgotten as they are answered. */
export function takeWrittenSystemMessages(db: Database): string[] {
  const ids = written.get(db) ?? [];
  written.delete(db);
  return ids;
}
