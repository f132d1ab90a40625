import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { BRAND_CONFIG_MAX_AGE_SECONDS, BRAND_CONFIG_ROUTE, type BrandConfig } from "@contract/brand-config";
import { brandForHost } from "@domain/brands";
import { DEFAULT_LOCALE, LANGUAGE_PARAM, LOCALES, resolveLocale } from "@domain/locales";
import { DEFAULT_CURRENCY, SUPPORTED_CURRENCIES } from "@domain/money";
import { resources } from "@locales/resources";
import type { PublicApiEnv } from "@api/context";
import { propertyUnits, unitPhotos } from "@api/db/schema";
import { notFound } from "@api/lib/errors";
import { translator } from "@api/lib/translate";

function localeOf(hl: string | undefined) {
  return resolveLocale(hl) ?? DEFAULT_LOCALE;
}

const COOKIE_CATEGORIES = [
  { id: "functional", required: true, cookies: ["consent", "guestToken", "language", "bannerCounters"] },
] as const;

export const publicRoutes = new Hono<PublicApiEnv>()
  // The public listing's photos: only those of published units; everything else stays private.
  .get("/api/public/photos/:photoId", async (c) => {
    const [photo] = await c.var.db
      .select({ storageKey: unitPhotos.storageKey, mimeType: unitPhotos.mimeType, bytes: unitPhotos.bytes })
      .from(unitPhotos)
      .innerJoin(propertyUnits, eq(propertyUnits.id, unitPhotos.unitId))
      .where(and(eq(unitPhotos.publicId, c.req.param("photoId")), eq(propertyUnits.state, "PUBLISHED")))
      .limit(1);
    const object = photo ? await c.env.FILES.get(photo.storageKey) : null;
    if (!photo || !object) throw notFound("Photo");
    return new Response(object.body, {
      headers: { "content-type": photo.mimeType, "content-length": String(photo.bytes), "cache-control": "public, max-age=300" },
    });
  })
  .get("/api/public/settings", (c) =>
    c.json({
      defaultLocale: DEFAULT_LOCALE,
      locales: LOCALES,
      languageParam: LANGUAGE_PARAM,
      defaultCurrency: DEFAULT_CURRENCY,
      currencies: SUPPORTED_CURRENCIES,
    }),
  )
  .get("/api/public/app-settings", (c) => {
    const brand = brandForHost(new URL(c.req.url).host);
    return c.json({
      locale: localeOf(c.req.query(LANGUAGE_PARAM)),
      defaultCurrency: DEFAULT_CURRENCY,
      measurementUnits: ["metric", "imperial"],
      helpCenterUrls: { helpCenter: brand.helpCenterUrl },
    });
  })
  .get("/api/public/ui-translations", (c) => {
    const locale = localeOf(c.req.query(LANGUAGE_PARAM));
    c.header("Cache-Control", "public, max-age=300");
    return c.json({ locale, translations: resources[locale] });
  })
  .get("/api/public/cookie-consent-settings", (c) => {
    const locale = localeOf(c.req.query(LANGUAGE_PARAM));
    const t = translator(locale);
    return c.json({
      locale,
      categories: COOKIE_CATEGORIES.map((category) => ({
        id: category.id,
        required: category.required,
        title: t(`cookies.categories.${category.id}.title`),
        description: t(`cookies.categories.${category.id}.description`),
        cookies: category.cookies.map((id) => ({ id, description: t(`cookies.cookies.${id}`) })),
      })),
    });
  })
  .get(BRAND_CONFIG_ROUTE, (c) => {
    const file = c.req.param("file");
    const host = z
      .string()
      .regex(/^[a-z0-9.-]{1,253}(:\d{1,5})?\.json$/i)
      .safeParse(file);
    if (!host.success) throw notFound("Configuration");
    const brand = brandForHost(file.replace(/\.json$/, ""));
    c.header("Cache-Control", `public, max-age=${BRAND_CONFIG_MAX_AGE_SECONDS}`);
    return c.json({ brand: brand.id, name: brand.name, stylesheet: brand.stylesheet, helpCenterUrl: brand.helpCenterUrl } satisfies BrandConfig);
  });
