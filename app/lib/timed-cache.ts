/**
 * Keeps what a key loaded for `ttlMs`, shared by the calls that arrive meanwhile (also while it is
 * still loading). A failed load is not kept: the next call tries again. For data that is the same
 * for every host and changes only with a deploy, such as the translated reference data; the keys
 * must be few (one per language, say), as entries are never evicted.
 *
 * A load is shared across requests, so the request that starts it hands it to `keepAlive` (the
 * Worker's `ctx.waitUntil`): it then finishes even if that request is cancelled.
 */
export function timedCache<T>(ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { expires: number; value: Promise<T> }>();
  return (key: string, load: () => Promise<T>, keepAlive?: (pending: Promise<unknown>) => void): Promise<T> => {
    const hit = entries.get(key);
    if (hit && hit.expires > now()) return hit.value;
    const value = load();
    entries.set(key, { expires: now() + ttlMs, value });
    const settled = value.then(
      () => undefined,
      () => {
        if (entries.get(key)?.value === value) entries.delete(key);
      },
    );
    keepAlive?.(settled);
    return value;
  };
}
