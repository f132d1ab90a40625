import { z } from "zod";

/**
 * The brand a host name serves (name, stylesheet, help centre), read by the web for every page. A
 * public, cacheable file outside /api/app (decision 019); both sides take its path and shape from here.
 */
export const brandConfigSchema = z.object({
  brand: z.string(),
  name: z.string(),
  stylesheet: z.string().nullable(),
  helpCenterUrl: z.string(),
});
export type BrandConfig = z.infer<typeof brandConfigSchema>;

/** How long the answer may be kept (its Cache-Control), by browsers and by the web's isolates alike. */
export const BRAND_CONFIG_MAX_AGE_SECONDS = 300;

/** The route the API serves it on; `file` is `<host>.json`. */
export const BRAND_CONFIG_ROUTE = "/config/:file";

/** The configuration's address for a host name (with its port, if any). */
export function brandConfigPath(host: string): string {
  return `/config/${encodeURIComponent(host)}.json`;
}
