import { and, count, desc, eq, isNull } from "drizzle-orm";
import { channelKeys as contract } from "@contract/channel";
import type { ApiEnv } from "@api/context";
import { channelApiKeys } from "@api/db/schema";
import { ApiError } from "@api/lib/errors";
import { newPublicId } from "@api/lib/ids";
import { contractRouter } from "@api/lib/openapi";
import { ownApiKey, owned } from "@api/lib/ownership";

/** A host keeps at most this many keys that are not revoked. */
export const MAX_API_KEYS = 20;

/** The stored form of a key: its SHA-256, hex. The key itself is never stored. */
export async function keyHash(secret: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret)));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const present = (key: typeof channelApiKeys.$inferSelect) => ({ id: key.publicId, name: key.name, prefix: key.prefix, createdAt: key.createdAt.toISOString(), lastUsedAt: key.lastUsedAt?.toISOString() ?? null });

/** The host's channel API keys: listed, created (the secret answered once), revoked. */
export const channelKeyRoutes = contractRouter<ApiEnv>()
  .openapi(contract.list, async (c) => {
    const rows = await c.var.db
      .select()
      .from(channelApiKeys)
      .where(and(eq(channelApiKeys.hostUserId, c.var.principal.user.id), isNull(channelApiKeys.revokedAt)))
      .orderBy(desc(channelApiKeys.id))
      .limit(MAX_API_KEYS);
    return c.json({ items: rows.map(present) }, 200);
  })
  .openapi(contract.create, async (c) => {
    const { db } = c.var;
    const hostUserId = c.var.principal.user.id;
    const [held] = await db.select({ n: count() }).from(channelApiKeys).where(and(eq(channelApiKeys.hostUserId, hostUserId), isNull(channelApiKeys.revokedAt)));
    if ((held?.n ?? 0) >= MAX_API_KEYS) throw new ApiError(409, `A host keeps at most ${MAX_API_KEYS} API keys; revoke one first`);
    const secret = newPublicId("shk", 40);
    const [row] = await db
      .insert(channelApiKeys)
      .values({ publicId: newPublicId("key"), hostUserId, name: c.req.valid("json").name, keyHash: await keyHash(secret), prefix: secret.slice(0, 10) })
      .returning();
    return c.json({ ...present(row!), secret }, 201);
  })
  .openapi(owned(contract.revoke, ownApiKey()), async (c) => {
    await c.var.db
      .update(channelApiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(channelApiKeys.id, c.var.apiKey.id), eq(channelApiKeys.hostUserId, c.var.principal.user.id)));
    return c.body(null, 204);
  });
