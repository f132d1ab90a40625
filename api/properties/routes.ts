import { and, count, desc, eq, ne, or, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import {
  ACCOMMODATION_TYPES,
  EXPECTED_UNIT_COUNTS,
  countryByCode,
  isValidPostalCode,
  propertiesConfiguration,
  stateCode,
} from "../../domain/property-configuration";
import { resolveLocale, DEFAULT_LOCALE, LANGUAGE_PARAM } from "../../domain/locales";
import type { ApiEnv } from "../context";
import { properties, propertyUnits } from "../db/schema";
import { validationFailed } from "../lib/errors";
import { newPublicId } from "../lib/ids";
import { translator } from "../lib/translate";
import { readJson, readQuery } from "../lib/validation";
import { presentLocation, presentProperty, presentPropertyListItem } from "./present";
import { findProperty, photoSummaries, unitsOf } from "./queries";

export const PROPERTY_PAGE_SIZE = 20;

const listQuery = z.object({
  "criteria[search]": z.string().trim().max(100).optional().default(""),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});

const text = (max: number) => z.string().trim().max(max, "too_long");

const createProperty = z
  .object({
    propertyType: z.enum(["single", "multi"]),
    accommodationType: z.enum(ACCOMMODATION_TYPES).optional(),
    expectedUnitCount: z.enum(EXPECTED_UNIT_COUNTS).optional(),
    title: text(120).optional(),
  })
  .strict();

const patchProperty = z
  .object({
    title: text(120),
    description: text(5000),
    restaurantDescription: text(2000),
    specialOfferDescription: text(2000),
    accommodationType: z.enum(ACCOMMODATION_TYPES),
    expectedUnitCount: z.enum(EXPECTED_UNIT_COUNTS),
    // Where the property is, before its address (the wizard's location step); the address form
    // follows the country, so changing it starts the address afresh.
    countryCode: z.string().trim().toUpperCase().refine((code) => countryByCode(code) !== undefined, "country_invalid"),
    stateOrProvince: z.string().trim().max(80).nullable(),
  })
  .partial()
  .strict()
  .superRefine((patch, ctx) => {
    const regions = patch.countryCode ? countryByCode(patch.countryCode)?.addressForm.regions : undefined;
    if (regions && patch.stateOrProvince && !regions.some((r) => r.code === stateCode(patch.stateOrProvince!))) {
      ctx.addIssue({ code: "custom", path: ["stateOrProvince"], message: "region_invalid" });
    }
    if (regions && patch.stateOrProvince === undefined) ctx.addIssue({ code: "custom", path: ["stateOrProvince"], message: "required" });
  });

export const locationSchema = z
  .object({
    countryCode: z.string().trim().toUpperCase().length(2, "country_invalid"),
    stateOrProvince: z.string().trim().max(80).nullish(),
    city: z.string().trim().min(1, "required").max(120, "too_long"),
    street: z.string().trim().min(1, "required").max(200, "too_long"),
    houseNumberOrName: z.string().trim().min(1, "required").max(80, "too_long"),
    postalCode: z.string().trim().max(20, "too_long").nullish(),
    formattedAddress: z.string().trim().max(400).nullish(),
    googlePlaceId: z.string().trim().max(300).nullish(),
    latitude: z.number().min(-90).max(90).nullish(),
    longitude: z.number().min(-180).max(180).nullish(),
  })
  .strict()
  .superRefine((location, ctx) => {
    const country = countryByCode(location.countryCode);
    if (!country) {
      ctx.addIssue({ code: "custom", path: ["countryCode"], message: "country_invalid" });
      return;
    }
    const required = country.addressForm.required as readonly string[];
    if (required.includes("postalCode") && !location.postalCode) ctx.addIssue({ code: "custom", path: ["postalCode"], message: "required" });
    if (location.postalCode && !isValidPostalCode(location.countryCode, location.postalCode)) {
      ctx.addIssue({ code: "custom", path: ["postalCode"], message: "postal_code_invalid" });
    }
    if (required.includes("stateOrProvince") && !location.stateOrProvince) {
      ctx.addIssue({ code: "custom", path: ["stateOrProvince"], message: "required" });
    }
  });

async function listPage(c: import("hono").Context<ApiEnv>) {
  const { "criteria[search]": search, page } = readQuery(c, listQuery);
  const db = c.var.db;
  const hostUserId = c.var.principal.user.id;
  const matches = search
    ? or(
        sql`instr(lower(${properties.title}), lower(${search})) > 0`,
        sql`instr(lower(coalesce(${properties.city}, '')), lower(${search})) > 0`,
        eq(properties.publicId, search),
        sql`exists (select 1 from ${propertyUnits} where ${propertyUnits.propertyId} = ${properties.id} and ${propertyUnits.state} != 'DELETED' and instr(lower(${propertyUnits.title}), lower(${search})) > 0)`,
      )
    : undefined;
  const where = and(eq(properties.hostUserId, hostUserId), ne(properties.state, "DELETED"), matches);
  const [rows, [total]] = await Promise.all([
    db.select().from(properties).where(where).orderBy(desc(properties.updatedAt), desc(properties.id)).limit(PROPERTY_PAGE_SIZE).offset((page - 1) * PROPERTY_PAGE_SIZE),
    db.select({ n: count() }).from(properties).where(where),
  ]);
  const units = await unitsOf(db, rows.map((r) => r.id));
  const photos = await photoSummaries(db, [...units.values()].flat().map((u) => u.id));
  const totalCount = total?.n ?? 0;
  return {
    rows,
    units,
    photos,
    pagination: { current: page, next: page * PROPERTY_PAGE_SIZE < totalCount ? page + 1 : page, total: totalCount, pageSize: PROPERTY_PAGE_SIZE },
  };
}

export const propertyRoutes = new Hono<ApiEnv>()
  .get("/properties-configuration", (c) => {
    const locale = resolveLocale(c.req.query(LANGUAGE_PARAM)) ?? DEFAULT_LOCALE;
    c.header("Cache-Control", "private, max-age=300");
    return c.json(propertiesConfiguration(translator(locale), locale));
  })
  .get("/properties", async (c) => {
    const { rows, units, photos, pagination } = await listPage(c);
    return c.json({ items: rows.map((p) => presentProperty(p, units.get(p.id) ?? [], photos)), pagination });
  })
  .get("/property-list", async (c) => {
    const { rows, units, photos, pagination } = await listPage(c);
    return c.json({ items: rows.map((p) => presentPropertyListItem(p, units.get(p.id) ?? [], photos)), pagination });
  })
  .post("/properties", async (c) => {
    const body = await readJson(c, createProperty);
    const db = c.var.db;
    const hostUserId = c.var.principal.user.id;
    const propertyPublicId = newPublicId("prp");
    const unitPublicId = newPublicId("unt");
    const [created] = await db.batch([
      db
        .insert(properties)
        .values({ publicId: propertyPublicId, hostUserId, propertyType: body.propertyType, accommodationType: body.accommodationType, expectedUnitCount: body.expectedUnitCount, title: body.title ?? "" })
        .returning(),
      db.insert(propertyUnits).values({
        publicId: unitPublicId,
        propertyId: sql`(select id from ${properties} where ${properties.publicId} = ${propertyPublicId})`,
        hostUserId,
        title: body.propertyType === "single" ? (body.title ?? "") : "",
      }),
    ]);
    const property = created[0]!;
    const units = await unitsOf(db, [property.id]);
    return c.json(presentProperty(property, units.get(property.id) ?? [], new Map()), 201);
  })
  .get("/properties/:id", async (c) => {
    const db = c.var.db;
    const property = await findProperty(db, c.var.principal.user.id, c.req.param("id"));
    const units = (await unitsOf(db, [property.id])).get(property.id) ?? [];
    return c.json(presentProperty(property, units, await photoSummaries(db, units.map((u) => u.id))));
  })
  .patch("/properties/:id", async (c) => {
    const patch = await readJson(c, patchProperty);
    const db = c.var.db;
    const property = await findProperty(db, c.var.principal.user.id, c.req.param("id"));
    const { countryCode, stateOrProvince, ...texts } = patch;
    const movedCountry = countryCode !== undefined && countryCode !== property.countryCode;
    const place = countryCode === undefined ? {} : {
      countryCode,
      stateOrProvince: stateOrProvince ? stateCode(stateOrProvince) : null,
      ...(movedCountry ? { city: null, street: null, houseNumberOrName: null, postalCode: null, formattedAddress: null, googlePlaceId: null, latitude: null, longitude: null } : {}),
    };
    const [updated] = await db.update(properties).set({ ...texts, ...place, updatedAt: new Date() }).where(eq(properties.id, property.id)).returning();
    const units = (await unitsOf(db, [property.id])).get(property.id) ?? [];
    return c.json({
      unitIds: units.map((u) => u.publicId),
      title: updated!.title,
      description: updated!.description,
      restaurantDescription: updated!.restaurantDescription,
      specialOfferDescription: updated!.specialOfferDescription,
      accommodationType: updated!.accommodationType,
      location: presentLocation(updated!),
    });
  })
  .put("/properties/:id/location/:action?", async (c) => {
    const action = c.req.param("action") ?? "save";
    if (action !== "save" && action !== "validate") throw validationFailed([{ field: null, message: "Unknown action; use save or validate", type: "action_invalid" }]);
    const db = c.var.db;
    const property = await findProperty(db, c.var.principal.user.id, c.req.param("id"));
    const { location } = await readJson(c, z.object({ location: locationSchema }).strict());
    const normalised = { ...location, stateOrProvince: location.stateOrProvince ? stateCode(location.stateOrProvince) : null };
    if (action === "validate") return c.json({ location: normalised, valid: true });
    const [updated] = await db.update(properties).set({ ...normalised, updatedAt: new Date() }).where(eq(properties.id, property.id)).returning();
    return c.json({ location: presentLocation(updated!) });
  })
  .delete("/properties/:id", async (c) => {
    const db = c.var.db;
    const property = await findProperty(db, c.var.principal.user.id, c.req.param("id"));
    const now = new Date();
    // One batch: the property and all its units go together, or nothing changes.
    await db.batch([
      db.update(propertyUnits).set({ state: "DELETED", updatedAt: now }).where(eq(propertyUnits.propertyId, property.id)),
      db.update(properties).set({ state: "DELETED", deletedAt: now, updatedAt: now }).where(eq(properties.id, property.id)),
    ]);
    return c.body(null, 204);
  });
