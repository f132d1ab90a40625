import { BRAND_CONFIG_MAX_AGE_SECONDS, brandConfigPath, brandConfigSchema, type BrandConfig } from "@contract/brand-config";
import { isolateCache } from "@shared/isolate-cache";
import { callHostApi, type HostApiTransport } from "./host-api.server";

// Host names come from requests: a bound keeps a stream of made-up ones from filling the isolate.
const brands = isolateCache<BrandConfig>(BRAND_CONFIG_MAX_AGE_SECONDS * 1000, Date.now, 100);

/**
 * The brand a host name serves (GET /config/{host}.json), which every page shows. The API answers it
 * as a public file to keep for a while, so an isolate asks once per host name and keeps the answer
 * as long as the API lets browsers keep it, instead of asking on every page (decision 009).
 */
export function brandOf(transport: HostApiTransport, host: string, ctx?: { waitUntil(pending: Promise<unknown>): void }): Promise<BrandConfig> {
  return brands(host, async () => (await callHostApi(transport, "GET", brandConfigPath(host), { schema: brandConfigSchema })).data, ctx);
}
