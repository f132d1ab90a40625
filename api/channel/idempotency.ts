import { and, eq } from "drizzle-orm";
import type { Database } from "@api/db/client";
import { idempotencyRecords } from "@api/db/schema";
import { ApiError } from "@api/lib/errors";
import { translator } from "@api/lib/translate";

const english = translator("en_US");

/** How long a retry waits for the first call with its key to finish before it is told to retry. */
const WAIT_MS = 10_000;
const POLL_MS = 25;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Runs a channel's write once per `Idempotency-Key` (decision 027): the first call with a key claims
 * it (the primary key (host, key) decides, as for taken nights) and stores its answer; a call with
 * the same key and the same request answers that stored answer (waiting while the first still
 * runs); the same key with another request is refused (422). An unexpected failure frees the key,
 * so that the retry runs again.
 */
export async function once(db: Database, hostUserId: number, key: string, request: string, run: () => Promise<StoredAnswer>): Promise<StoredAnswer> {
  const requestHash = await digest(request);
  const claimed = await db.insert(idempotencyRecords).values({ hostUserId, key, requestHash }).onConflictDoNothing().returning({ key: idempotencyRecords.key });
  const record = and(eq(idempotencyRecords.hostUserId, hostUserId), eq(idempotencyRecords.key, key));
  if (claimed.length) {
    let answer: StoredAnswer;
    try {
      answer = await run();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) {
        await db.delete(idempotencyRecords).where(record);
        throw error;
      }
      answer = { status: error.status, body: error.errors ? { message: error.message, errors: error.errors } : { message: error.message } };
    }
    await db.update(idempotencyRecords).set({ status: answer.status, body: JSON.stringify(answer.body) }).where(record);
    return answer;
  }
  for (let waited = 0; ; waited += POLL_MS) {
    const [stored] = await db.select().from(idempotencyRecords).where(record).limit(1);
    if (stored && stored.requestHash !== requestHash) {
      throw new ApiError(422, "This Idempotency-Key was used for another request", [{ field: "Idempotency-Key", message: english("validation.idempotency_key_reused"), type: "idempotency_key_reused" }]);
    }
    if (stored?.status != null) return { status: stored.status, body: JSON.parse(stored.body ?? "null") };
    // The first call failed unexpectedly and freed the key: this one may run it.
    if (!stored) return once(db, hostUserId, key, request, run);
    if (waited >= WAIT_MS) throw new ApiError(409, "A call with this Idempotency-Key is still running; retry it shortly");
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
}
