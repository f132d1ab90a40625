import type { z } from "@hono/zod-openapi";
import { and, asc, count, desc, eq, inArray, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import { addressSchema, properties as contract, PROPERTY_PAGE_SIZE } from "@contract/properties";
import { propertiesConfiguration, stateCode } from "@domain/property-configuration";
import { cityNamesMatching } from "@domain/city-names";
import { listingRefusal } from "@domain/eligibility";
import { resolveLocale, DEFAULT_LOCALE } from "@domain/locales";
import type { ApiEnv } from "@api/context";
import { owned, ownProperty, type PropertyEnv } from "@api/lib/ownership";
import { cachedStatement } from "@api/db/cached-statement";
import type { Database } from "@api/db/client";
import { properties, propertyUnits } from "@api/db/schema";
import { notFound } from "@api/lib/errors";
import { ApiError } from "@api/lib/errors";
import { newPublicId } from "@api/lib/ids";
import { contractRouter } from "@api/lib/openapi";
import { translator } from "@api/lib/translate";
import { presentLocation, presentProperty, presentPropertyListItem } from "./present";
import { photoSummaries, photoSummariesOf, photoSummaryQuery, unitsByProperty, unitsOf, unitsQuery, type PropertyRow, type UnitRow } from "./queries";

/** A page of the host's properties, its count, its units and their photos: one D1 round trip, units and photos selected by the page's subquery. */
function listQueries(db: Database, where: SQL | undefined, limit: number | Placeholder, offset: number | Placeholder) {
  const pageIds = db.select({ id: properties.id }).from(properties).where(where).orderBy(desc(properties.updatedAt), desc(properties.id)).limit(limit).offset(offset);
  const pageUnitIds = db.select({ id: propertyUnits.id }).from(propertyUnits).where(and(inArray(propertyUnits.propertyId, pageIds), ne(propertyUnits.state, "DELETED")));
  return [
    db.select().from(properties).where(where).orderBy(desc(properties.updatedAt), desc(properties.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(properties).where(where),
    unitsQuery(db, pageIds),
    photoSummaryQuery(db, pageUnitIds),
  ] as const;
}

type ListValue = "hostUserId" | "limit" | "offset";
const unsearched = (db: Database, $: (name: ListValue) => Placeholder) => listQueries(db, and(eq(properties.hostUserId, $("hostUserId")), ne(properties.state, "DELETED")), $("limit"), $("offset"));
const listRows = cachedStatement((db, $: (name: ListValue) => Placeholder) => unsearched(db, $)[0]);
const listCount = cachedStatement((db, $: (name: ListValue) => Placeholder) => unsearched(db, $)[1]);
const listUnits = cachedStatement((db, $: (name: ListValue) => Placeholder) => unsearched(db, $)[2]);
const listPhotos = cachedStatement((db, $: (name: ListValue) => Placeholder) => unsearched(db, $)[3]);

/** The statements of a page of the host's properties without a search (how the list opens), their SQL built once per isolate (decision 024). */
export function unsearchedListReads(db: Database, hostUserId: number, page: number) {
  const values = { hostUserId, limit: PROPERTY_PAGE_SIZE, offset: (page - 1) * PROPERTY_PAGE_SIZE };
  return [listRows(db, values), listCount(db, values), listUnits(db, values), listPhotos(db, values)] as const;
}

type ListReads = readonly [PropertyRow[], { n: number }[], UnitRow[], { unitId: number; count: number; coverPublicId: string | null }[]];

/** A page of properties from what its statements read: the rows, their units and photos, the pagination. */
function pageOf(page: number, [rows, [total], unitRows, photoRows]: ListReads) {
  const units = unitsByProperty(rows.map((r) => r.id), unitRows);
  const photos = photoSummariesOf([...units.values()].flat().map((u) => u.id), photoRows);
  const totalCount = total?.n ?? 0;
  return { rows, units, photos, pagination: { current: page, next: page * PROPERTY_PAGE_SIZE < totalCount ? page + 1 : page, total: totalCount, pageSize: PROPERTY_PAGE_SIZE } };
}

/** A page of list items as GET /property-list answers it, from what its statements read. */
export function presentListItems(page: number, reads: ListReads) {
  const { rows, units, photos, pagination } = pageOf(page, reads);
  return { items: rows.map((p) => presentPropertyListItem(p, units.get(p.id) ?? [], photos)), pagination };
}

async function listPage(c: Context<ApiEnv>, { "criteria[search]": search, page }: z.output<typeof contract.list.request.query>) {
  const db = c.var.db;
  const hostUserId = c.var.principal.user.id;
  if (!search) return pageOf(page, await db.batch(unsearchedListReads(db, hostUserId, page)));
  const matches = or(
    sql`instr(lower(${properties.title}), lower(${search})) > 0`,
    sql`instr(lower(coalesce(${properties.city}, '')), lower(${search})) > 0`,
    // The city under any of its names: "Lisbon" finds a property in "Lisboa".
    ...cityNamesMatching(search).map((name) => sql`instr(lower(coalesce(${properties.city}, '')), lower(${name})) > 0`),
    eq(properties.publicId, search),
    sql`exists (select 1 from ${propertyUnits} where ${propertyUnits.propertyId} = ${properties.id} and ${propertyUnits.state} != 'DELETED' and instr(lower(${propertyUnits.title}), lower(${search})) > 0)`,
  );
  const where = and(eq(properties.hostUserId, hostUserId), ne(properties.state, "DELETED"), matches);
  return pageOf(page, await db.batch(listQueries(db, where, PROPERTY_PAGE_SIZE, (page - 1) * PROPERTY_PAGE_SIZE)));
}

/** An address as stored: the region as its code. */
function normaliseAddress(location: z.output<typeof addressSchema>) {
  return { ...location, stateOrProvince: location.stateOrProvince ? stateCode(location.stateOrProvince) : null };
}

async function saveLocation(c: Context<PropertyEnv>, location: z.output<typeof addressSchema>) {
  const property = c.var.property;
  const [updated] = await c.var.db.update(properties).set({ ...normaliseAddress(location), updatedAt: new Date() }).where(eq(properties.id, property.id)).returning();
  return { location: presentLocation(updated!) };
}

export const propertyRoutes = contractRouter<ApiEnv>()
  .openapi(contract.configuration, (c) => {
    const locale = resolveLocale(c.req.valid("query").hl) ?? DEFAULT_LOCALE;
    c.header("Cache-Control", "private, max-age=300");
    return c.json(propertiesConfiguration(translator(locale), locale), 200);
  })
  .openapi(contract.list, async (c) => {
    const { rows, units, photos, pagination } = await listPage(c, c.req.valid("query"));
    return c.json({ items: rows.map((p) => presentProperty(p, units.get(p.id) ?? [], photos)), pagination }, 200);
  })
  .openapi(contract.listItems, async (c) => {
    const { rows, units, photos, pagination } = await listPage(c, c.req.valid("query"));
    return c.json({ items: rows.map((p) => presentPropertyListItem(p, units.get(p.id) ?? [], photos)), pagination }, 200);
  })
  .openapi(contract.create, async (c) => {
    const body = c.req.valid("json");
    const db = c.var.db;
    const hostUserId = c.var.principal.user.id;
    const refusal = listingRefusal(c.var.principal.user);
    if (refusal) throw new ApiError(403, "The host may not list", [{ field: null, message: "The host was told they may not list", type: `not_eligible_${refusal}` }]);
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
  .openapi(owned(contract.get, ownProperty()), async (c) => {
    const db = c.var.db;
    const property = c.var.property;
    const units = (await unitsOf(db, [property.id])).get(property.id) ?? [];
    return c.json(presentProperty(property, units, await photoSummaries(db, units.map((u) => u.id))), 200);
  })
  .openapi(owned(contract.update, ownProperty()), async (c) => {
    const patch = c.req.valid("json");
    const db = c.var.db;
    const property = c.var.property;
    const { countryCode, stateOrProvince, ...texts } = patch;
    const movedCountry = countryCode !== undefined && countryCode !== property.countryCode;
    const place = countryCode === undefined ? {} : {
      countryCode,
      stateOrProvince: stateOrProvince ? stateCode(stateOrProvince) : null,
      ...(movedCountry ? { city: null, street: null, houseNumberOrName: null, postalCode: null, formattedAddress: null, googlePlaceId: null, latitude: null, longitude: null } : {}),
    };
    const [updated] = await db.update(properties).set({ ...texts, ...place, updatedAt: new Date() }).where(eq(properties.id, property.id)).returning();
    const units = (await unitsOf(db, [property.id])).get(property.id) ?? [];
    return c.json(
      {
        unitIds: units.map((u) => u.publicId),
        title: updated!.title,
        description: updated!.description,
        restaurantDescription: updated!.restaurantDescription,
        specialOfferDescription: updated!.specialOfferDescription,
        accommodationType: updated!.accommodationType,
        location: presentLocation(updated!),
      },
      200,
    );
  })
  .openapi(owned(contract.saveLocation, ownProperty()), async (c) => c.json(await saveLocation(c, c.req.valid("json").location), 200))
  .openapi(owned(contract.location, ownProperty()), async (c) => {
    const { location } = c.req.valid("json");
    if (c.req.valid("param").action === "save") return c.json(await saveLocation(c, location), 200);
    return c.json({ location: normaliseAddress(location), valid: true as const }, 200);
  })
  // Bulk delete (the property list's action): all or nothing; a result per property, by title.
  .openapi(contract.bulkRemove, async (c) => {
    const propertyIds = [...new Set(c.req.valid("json").propertyIds)];
    const db = c.var.db;
    const rows = await db
      .select({ id: properties.id, publicId: properties.publicId, title: properties.title })
      .from(properties)
      .where(and(eq(properties.hostUserId, c.var.principal.user.id), ne(properties.state, "DELETED"), inArray(properties.publicId, propertyIds)))
      .orderBy(asc(properties.id));
    if (rows.length !== propertyIds.length) throw notFound("Property");
    await deleteProperties(db, rows.map((r) => r.id));
    return c.json({ results: rows.map((r) => ({ propertyId: r.publicId, propertyTitle: r.title, outcome: "done" as const })) }, 200);
  })
  .openapi(owned(contract.remove, ownProperty()), async (c) => {
    await deleteProperties(c.var.db, [c.var.property.id]);
    return c.body(null, 204);
  });

/** One batch: the properties and all their units go together, or nothing changes. */
async function deleteProperties(db: Database, ids: number[]) {
  const now = new Date();
  await db.batch([
    db.update(propertyUnits).set({ state: "DELETED", updatedAt: now }).where(inArray(propertyUnits.propertyId, ids)),
    db.update(properties).set({ state: "DELETED", deletedAt: now, updatedAt: now }).where(inArray(properties.id, ids)),
  ]);
}
