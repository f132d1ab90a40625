/**
 * Keeps what a key loaded for `ttlMs` in the isolate's memory, shared by the calls that arrive
 * meanwhile (also while it is still loading). A failed load is not kept: the next call tries again.
 * For what is the same for every request and changes only with a deploy (the web app's OAuth
 * client, the translated reference data, a host name's brand). Keys come from a small set; where a
 * request names them (a host name), `maxKeys` bounds them: the key loaded longest ago goes first.
 *
 * A load is shared across requests, so the request that starts it hands it to its `ctx.waitUntil`:
 * it then finishes even if that request is cancelled while others wait on it.
 */
export function isolateCache<T>(ttlMs: number, now: () => number = Date.now, maxKeys = Infinity) {
  const entries = new Map<string, { expires: number; value: Promise<T> }>();
  return (key: string, load: () => Promise<T>, ctx?: { waitUntil(pending: Promise<unknown>): void }): Promise<T> => {
    const hit = entries.get(key);
    if (hit && hit.expires > now()) return hit.value;
    const value = load();
    entries.delete(key);
    if (entries.size >= maxKeys) entries.delete(entries.keys().next().value!);
    entries.set(key, { expires: now() + ttlMs, value });
    const settled = value.then(
      () => undefined,
      () => {
        if (entries.get(key)?.value === value) entries.delete(key);
      },
    );
    ctx?.waitUntil(settled);
    return value;
  };
}
