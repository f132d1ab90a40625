import { feedAddressProblem } from "@domain/ical-address";

/**
 * Fetching a calendar feed from another platform: a whole-answer timeout, a size cap read while the
 * body arrives (a `Content-Length` above it is refused before reading), and redirects followed by
 * hand, each new address checked like the first one.
 */

export type FetchFailure = "address_refused" | "timeout" | "http_status" | "too_large" | "too_many_redirects" | "network";

export type FetchResult = { ok: true; text: string } | { ok: false; reason: FetchFailure; detail: string };

export interface FetchLimits {
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

/** What the sync allows unless the configuration says otherwise. */
export const DEFAULT_FETCH_LIMITS: Omit<FetchLimits, "allowPrivate"> = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 3 };

/**
 * The limits for this deployment. Private and loopback addresses are refused in production; locally
 * and in tests, `ICAL_ALLOW_PRIVATE_ADDRESSES=true` lets the sync read feeds served on this machine.
 */
export function fetchLimitsOf(env: Pick<Env, "ENVIRONMENT"> & { ICAL_ALLOW_PRIVATE_ADDRESSES?: string; ICAL_FETCH_TIMEOUT_MS?: string }): FetchLimits {
  const timeout = Number(env.ICAL_FETCH_TIMEOUT_MS);
  return {
    ...DEFAULT_FETCH_LIMITS,
    allowPrivate: env.ENVIRONMENT !== "production" && env.ICAL_ALLOW_PRIVATE_ADDRESSES === "true",
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_FETCH_LIMITS.timeoutMs,
  };
}

async function readCapped(response: Response, maxBytes: number): Promise<string | null> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder("utf-8");
  let size = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

export async function fetchFeed(address: string, limits: FetchLimits): Promise<FetchResult> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = address;
  try {
    for (let redirects = 0; ; redirects++) {
      if (feedAddressProblem(url, { allowPrivate: limits.allowPrivate })) return { ok: false, reason: "address_refused", detail: new URL(url).host };
      const response = await fetch(url, {
        redirect: "manual",
        signal,
        headers: { accept: "text/calendar, text/plain;q=0.9, */*;q=0.5", "user-agent": "Stayhost-Calendar-Sync/1.0" },
      });
      if (response.status >= 300 && response.status < 400 && response.headers.has("location")) {
        await response.body?.cancel();
        if (redirects >= limits.maxRedirects) return { ok: false, reason: "too_many_redirects", detail: `More than ${limits.maxRedirects} redirects` };
        url = new URL(response.headers.get("location")!, url).toString();
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        return { ok: false, reason: "http_status", detail: `HTTP ${response.status}` };
      }
      const declared = Number(response.headers.get("content-length"));
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        await response.body?.cancel();
        return { ok: false, reason: "too_large", detail: `${declared} bytes` };
      }
      const text = await readCapped(response, limits.maxBytes);
      if (text === null) return { ok: false, reason: "too_large", detail: `More than ${limits.maxBytes} bytes` };
      return { ok: true, text };
    }
  } catch (error) {
    if (signal.aborted) return { ok: false, reason: "timeout", detail: `No whole answer within ${limits.timeoutMs / 1000} s` };
    return { ok: false, reason: "network", detail: error instanceof Error ? error.message.slice(0, 200) : "Network error" };
  }
}
